/*===- run_dtype.h - Element types of flyc-run buffers --------------------===*
 *
 * Conversions between host values and the element encodings kernels use.
 * The 8-bit float formats follow the OCP 8-bit floating point specification
 * (E4M3FN: bias 7, no infinities, S.1111.111 is NaN, max 448; E5M2: bias 15,
 * IEEE-like with infinities) and AMD's FNUZ variants used by gfx942 (bias 8
 * resp. 16, no infinities, only 0x80 is NaN, no negative zero) — see
 * gfx950-isa-facts §2.1. Floats are encoded with round to nearest, ties to
 * even, from the double they were written as (no detour through f32).
 *
 * Only values the element type can hold are encoded: runDtypeFloatFits and
 * runDtypeIntRange say which, and flyc-run rejects the rest on its command
 * line (a float that would round past the largest finite value, an
 * infinity in a format without one, an integer out of range).
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_RUN_DTYPE_H
#define FLYC_RUN_DTYPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// An integer wide enough for every element type's range and one past it.
__extension__ typedef __int128 RunInt;

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
/// True for the signed integer types.
bool runDtypeIsSigned(RunDtype t);

/// The smallest and largest value of an integer type.
void runDtypeIntRange(RunDtype t, RunInt *min, RunInt *max);
/// True when the float type `t` holds `v` after rounding: a NaN, an
/// infinity if `t` has infinities, or a finite value that rounds to a
/// finite one (|v| below the largest finite value plus half its last step).
bool runDtypeFloatFits(RunDtype t, double v);
/// The largest finite value of the float type `t`.
double runDtypeFloatMax(RunDtype t);

/// Encodes `v` into `out` (runDtypeSize bytes, little-endian) for a float
/// type, rounding to nearest even. Requires runDtypeFloatFits(t, v).
void runDtypeEncodeFloat(RunDtype t, double v, uint8_t *out);
/// Encodes `v` for an integer type. Requires v within runDtypeIntRange.
void runDtypeEncodeInt(RunDtype t, RunInt v, uint8_t *out);
/// Decodes one element. Integers are exact up to 2^53.
double runDtypeDecode(RunDtype t, const uint8_t *in);

/// Parses an integer literal (optional sign, then decimal digits or 0x and
/// hex digits) filling the whole of `s`; false when it is none or its
/// magnitude exceeds 2^80.
bool runIntParse(const char *s, RunInt *out);
/// Formats `v` in decimal into `buf` (at least 48 bytes); returns `buf`.
const char *runIntFormat(RunInt v, char *buf);

#endif /* FLYC_RUN_DTYPE_H */
