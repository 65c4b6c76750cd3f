/*===- run_dtype.h - Element types of flyc-run buffers --------------------===*
 *
 * Conversions between host doubles and the element encodings kernels use.
 * The 8-bit float formats follow the OCP 8-bit floating point specification
 * (E4M3FN: bias 7, no infinities, S.1111.111 is NaN, max 448; E5M2: bias 15,
 * IEEE-like with infinities) and AMD's FNUZ variants used by gfx942 (bias 8
 * resp. 16, no infinities, only 0x80 is NaN, no negative zero) — see
 * gfx950-isa-facts §2.1. Encoding rounds to nearest, ties to even; formats
 * without infinities saturate, f16 and bf8 overflow to infinity (IEEE RNE).
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_RUN_DTYPE_H
#define FLYC_RUN_DTYPE_H

#include <stdbool.h>
#include <stdint.h>

typedef enum RunDtype {
  RUN_F32, RUN_F64, RUN_F16, RUN_BF16, RUN_FP8, RUN_BF8, RUN_FP8_FNUZ, RUN_BF8_FNUZ,
  RUN_I8, RUN_U8, RUN_I16, RUN_U16, RUN_I32, RUN_U32, RUN_I64, RUN_U64,
  RUN_NUM_DTYPES
} RunDtype;

/// Parses a dtype name (f32, f16, bf16, fp8, bf8, fp8_fnuz, bf8_fnuz, i8,
/// u8, i16, u16, i32, u32, i64, u64, f64); false when unknown.
bool runDtypeParse(const char *name, RunDtype *out);
/// Returns the dtype's name.
const char *runDtypeName(RunDtype t);
/// Returns the element size in bytes.
unsigned runDtypeSize(RunDtype t);
/// True for the floating-point types.
bool runDtypeIsFloat(RunDtype t);
/// Encodes `v` (rounded/saturated; integers truncated toward zero and
/// clamped) into `out` (runDtypeSize bytes, little-endian).
void runDtypeEncode(RunDtype t, double v, uint8_t *out);
/// Decodes one element. Integers are exact up to 2^53.
double runDtypeDecode(RunDtype t, const uint8_t *in);

#endif /* FLYC_RUN_DTYPE_H */
