/*===- flyc/runtime.h - Kernel launch API ---------------------------------===*
 *
 * The launch API shared by tests and flyc-run: create a device, allocate
 * and copy buffers, load a code object, launch a kernel with a packed
 * argument list checked against the kernel's metadata, read results back.
 * Errors and GPU faults come back as data (FlyLaunchResult / one error line
 * in a FlyStrBuf); nothing prints. Two backends, chosen when the device is
 * opened: flyc's emulator (flyc/emu.h), and AMD's HIP runtime, loaded with
 * dlopen at run time so that flyc never needs ROCm to build
 * (docs/runtime.md).
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_RUNTIME_H
#define FLYC_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flyc/codeobj.h"
#include "flyc/emu.h"
#include "flyc/support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The process-level runtime: knows the backends.
typedef struct FlyRuntime FlyRuntime;
/// One device of a backend.
typedef struct FlyDevice FlyDevice;
/// A code object loaded on a device.
typedef struct FlyModule FlyModule;

/// A device allocation (a value; `addr` is what kernels see).
typedef struct FlyBuffer {
  uint64_t addr;
  uint64_t size;
} FlyBuffer;

/// Creates the runtime (release with flyRuntimeDestroy); NULL when out of memory.
FlyRuntime *flyRuntimeCreate(void);
/// Destroys the runtime and every device it created, with their modules
/// and the buffers not yet freed (NULL is a no-op).
void flyRuntimeDestroy(FlyRuntime *rt);

/// Creates a device for `chip` ("gfx950" or "gfx942"), backed by the
/// emulator with `numThreads` worker threads (0 = one per CPU). Owned by the
/// runtime. Returns NULL after appending one error line to `err`.
FlyDevice *flyRuntimeCreateDevice(FlyRuntime *rt, const char *chip, unsigned numThreads,
                                  FlyStrBuf *err);
/// The backends a device can run on.
typedef enum FlyBackend {
  FLY_BACKEND_EMU = 0,  /* flyc's gfx950/gfx942 emulator */
  FLY_BACKEND_HIP = 1,  /* a GPU through libamdhip64 (ROCm 5 to 7) */
} FlyBackend;

/// Returns "emu" or "hip".
const char *flyBackendGetName(FlyBackend backend);

/// What flyRuntimeOpenDevice opens.
typedef struct FlyDeviceDesc {
  FlyBackend backend;
  /* emu: the chip emulated ("gfx950"/"gfx942", required); hip: the chip the
   * device must be (its gcnArchName without the ":feature" suffixes), or
   * NULL for any. */
  const char *chip;
  unsigned numThreads;     /* emu: worker threads (0 = one per CPU) */
  const char *hipLibrary;  /* hip: the runtime to dlopen; NULL tries libamdhip64.so,
                              then .so.7, .so.6 and .so.5 */
  int hipDevice;           /* hip: the device ordinal */
} FlyDeviceDesc;

/// Opens a device of either backend (owned by the runtime). Returns NULL
/// after appending one line to `err`; on HIP the line says which of these
/// it is: the library is missing (or lacks a function flyc uses), the
/// runtime has no device, or the device is another chip than desc->chip.
FlyDevice *flyRuntimeOpenDevice(FlyRuntime *rt, const FlyDeviceDesc *desc, FlyStrBuf *err);
/// Returns the device's backend.
FlyBackend flyDeviceGetBackend(const FlyDevice *dev);
/// Returns the device's chip name ("gfx950"; on HIP without feature suffixes).
const char *flyDeviceGetChipName(const FlyDevice *dev);
/// Returns a description for messages: the HIP device's full gcnArchName
/// ("gfx950:sramecc+:xnack-"), or "flyc emulator" (non-owning).
const char *flyDeviceGetDescription(const FlyDevice *dev);

/// Allocates `size` bytes (contents poisoned on the emulator, undefined on
/// HIP). Returns false with `err`.
bool flyDeviceAlloc(FlyDevice *dev, uint64_t size, FlyBuffer *out, FlyStrBuf *err);
/// Frees a buffer (a zero buffer is a no-op).
void flyDeviceFree(FlyDevice *dev, FlyBuffer buf);
/// Copies `n` host bytes to `buf` at `offset`; false with `err` when out of range.
bool flyDeviceCopyIn(FlyDevice *dev, FlyBuffer buf, uint64_t offset, const void *src,
                     size_t n, FlyStrBuf *err);
/// Copies `n` bytes from `buf` at `offset` to the host; false with `err`.
bool flyDeviceCopyOut(FlyDevice *dev, FlyBuffer buf, uint64_t offset, void *dst, size_t n,
                      FlyStrBuf *err);

/// Loads a code object from memory (copied). Owned by the device. NULL
/// after appending one error line to `err`. On HIP a code object for
/// another chip than the device's is refused before the runtime sees it.
FlyModule *flyModuleLoad(FlyDevice *dev, const void *bytes, size_t n, FlyStrBuf *err);
/// Loads a code object from a file; errors name the file.
FlyModule *flyModuleLoadFile(FlyDevice *dev, const char *path, FlyStrBuf *err);
/// Unloads a module (NULL is a no-op).
void flyModuleUnload(FlyModule *mod);
/// Returns the module's code object (non-owning).
const FlyCodeObject *flyModuleGetCodeObject(const FlyModule *mod);
/// Looks a kernel up by name; NULL when absent.
const FlyKernelInfo *flyModuleGetKernel(const FlyModule *mod, const char *name);

/// A packed argument list: explicit kernel arguments in order, each with the
/// size the caller believes it has and whether it is a buffer (both checked
/// against the metadata at launch).
typedef struct FlyArgs FlyArgs;

/// Creates an empty argument list (NULL when out of memory).
FlyArgs *flyArgsCreate(void);
/// Destroys an argument list (NULL is a no-op).
void flyArgsDestroy(FlyArgs *args);
/// Appends `size` (1..64) raw bytes of a `by_value` argument; false when out
/// of memory or too big.
bool flyArgsAddBytes(FlyArgs *args, const void *bytes, uint32_t size);
/// Appends a buffer's device address (8 bytes), for a `global_buffer` argument.
bool flyArgsAddBuffer(FlyArgs *args, FlyBuffer buf);
/// Appends a 32-bit signed scalar.
bool flyArgsAddI32(FlyArgs *args, int32_t v);
/// Appends a 32-bit unsigned scalar.
bool flyArgsAddU32(FlyArgs *args, uint32_t v);
/// Appends a 64-bit signed scalar.
bool flyArgsAddI64(FlyArgs *args, int64_t v);
/// Appends a 32-bit float scalar.
bool flyArgsAddF32(FlyArgs *args, float v);
/// Returns the number of arguments.
size_t flyArgsGetCount(const FlyArgs *args);

/// Grid in workgroups (HIP style) times workgroup size in work-items.
typedef struct FlyLaunchConfig {
  uint32_t grid[3];
  uint32_t block[3];
  uint32_t dynamicLds;      /* extra LDS bytes per workgroup */
  bool checkHazards;        /* FlyEmuLaunchDesc.checkHazards: stop at the first
                               missing wait, barrier or wait states */
  uint64_t maxWaveInstructions; /* emulator: FlyEmuLaunchDesc's limit per wave
                                   (a fault past it); 0: no limit */
} FlyLaunchConfig;

/// The outcome of a launch, as data.
typedef struct FlyLaunchResult {
  bool ok;
  FlyEmuFault fault;        /* kind NONE when ok; INVALID for bad launches */
  bool runtimeError;        /* a HIP call failed (its line in fault.message) */
  FlyEmuStats stats;        /* emulator only */
} FlyLaunchResult;

/// Launches `kernel` and waits for it. The argument count, each size and
/// each kind (buffer for `global_buffer`, bytes for `by_value`) must match
/// the metadata's explicit arguments, and the grid, workgroup and LDS must
/// fit the kernel and the device. Returns result->ok.
bool flyLaunch(FlyDevice *dev, FlyModule *mod, const char *kernel,
               const FlyLaunchConfig *cfg, const FlyArgs *args, FlyLaunchResult *result);

/// Launches like flyLaunch and predicts the kernel's time with the
/// emulator's CU timing model (flyEmuLaunchTimed; docs/timing.md): `report`
/// is filled on success and owned by the caller (flyEmuTimingReportDestroy).
/// With options->estimate only the prediction is made (outputs are not
/// computed). Emulator devices only (on HIP the result says so). Returns
/// result->ok.
bool flyLaunchTimed(FlyDevice *dev, FlyModule *mod, const char *kernel,
                    const FlyLaunchConfig *cfg, const FlyArgs *args,
                    const FlyEmuTimingOptions *options, FlyEmuTimingReport *report,
                    FlyLaunchResult *result);

/// Makes every check flyLaunch makes before the kernel starts, without
/// allocating device memory or running anything. Argument values are not
/// read, so a list built before the buffers exist (zero FlyBuffers in
/// their places) checks exactly as the real one will: callers validate a
/// launch before allocating for it. Returns result->ok; on failure
/// result->fault (kind INVALID) says why.
bool flyLaunchCheck(FlyDevice *dev, FlyModule *mod, const char *kernel,
                    const FlyLaunchConfig *cfg, const FlyArgs *args, FlyLaunchResult *result);

/// A benchmark run: `warmup` launches, then `iterations` timed ones.
/// Before every launch a non-zero `flush` buffer is overwritten (on HIP,
/// outside the timed interval) so that the kernel's inputs are not found in
/// L2 or the Infinity Cache; the caller sizes it.
typedef struct FlyBenchConfig {
  unsigned warmup, iterations;
  FlyBuffer flush;
} FlyBenchConfig;

/// Checks the launch as flyLaunch does, then runs the benchmark, writing
/// each timed launch's duration in microseconds to timesUs[0..iterations):
/// on HIP the elapsed time of HIP events recorded around the kernel, on
/// the emulator the wall time of the emulation (no GPU time). Returns
/// result->ok; stops at the first failure.
bool flyLaunchBench(FlyDevice *dev, FlyModule *mod, const char *kernel,
                    const FlyLaunchConfig *cfg, const FlyArgs *args, const FlyBenchConfig *bench,
                    double *timesUs, FlyLaunchResult *result);

/// Appends the one-line report of a failed launch (see flyEmuFaultFormat;
/// a HIP error reads "HIP error: kernel K: <call> failed: <hipError...>").
void flyLaunchResultFormat(const FlyLaunchResult *result, FlyStrBuf *out);

/// Checks that B (n x k elements of `elemBytes` bytes) can be preshuffled
/// and fills exactly `size` bytes: elemBytes divides 16, n % 16 == 0,
/// k % kblock == 0 (kblock = 64 / elemBytes) and n * k * elemBytes == size
/// without overflow. False with one line in `err`.
bool flyPreshuffleBCheck(size_t size, size_t n, size_t k, size_t elemBytes, FlyStrBuf *err);

/// Rearranges B (n x k, row-major, `elemBytes`-byte elements) from `src`
/// into the GEMM kernels' preshuffled order (gemm-optimization §12) in
/// `dst` (not overlapping), each `size` bytes: [n/16][k/kblock][4][16][16
/// bytes] with kblock = 64 / elemBytes. False with `err` (nothing written)
/// unless flyPreshuffleBCheck accepts the sizes.
bool flyPreshuffleB(const void *src, void *dst, size_t size, size_t n, size_t k,
                    size_t elemBytes, FlyStrBuf *err);

/// Checks that an MX scale array of `rows` x `kblocks` E8M0 bytes (one per
/// 32 K elements of a row) can be put in the MX scale order and fills
/// exactly `size` bytes: rows % 32 == 0, kblocks % 8 == 0 and rows *
/// kblocks == size without overflow. False with one line in `err`.
bool flyPreshuffleMxScaleCheck(size_t size, size_t rows, size_t kblocks, FlyStrBuf *err);

/// Rearranges MX scales (`rows` x `kblocks` bytes, row-major: S[row][kb]
/// scales K elements 32kb..32kb+31 of row `row`) from `in` into the order
/// the MXFP4 GEMM kernels load them in, in `out` (not overlapping), each
/// `size` bytes. With R = rows:
///
///   I = row / 16, r = row % 16, ip = I % 2, Ip = row / 32
///   s = kb / 4,   g = kb % 4,   sp = s % 2, Sp = kb / 8
///   lane = r + 16 * g
///   out[((Ip * (KB / 8) + Sp) * 64 + lane) * 4 + 2 * ip + sp] = S[row][kb]
///
/// i.e. the fly layout ((16,2,R/32),(4,2,KB/8)):((4,2,32*KB),(64,1,256)) over
/// (row, kb): groups of 32 rows outermost, so the scales of the first R'
/// rows (R' a multiple of 32) are a prefix of the array. Each 256-byte group covers 32 rows x 8 blocks; its dword
/// `lane` is what lane r + 16g of a 16x16x128 scaled MFMA takes for two
/// 16-row groups and two 128-wide K steps: byte 0 S[r][g], 1 S[r][g+4], 2
/// S[r+16][g], 3 S[r+16][g+4] (rows and blocks within the group).
/// Example, R = 32, KB = 8: bytes 0..3 are S[0][0], S[0][4], S[16][0],
/// S[16][4]; S[17][5] (lane 17, ip 1, sp 1) is byte 71. With KB = 16,
/// blocks 8..15 of rows 0..31 are bytes 256..511 and rows 32..63 start at
/// byte 512. False with `err` (nothing written) unless
/// flyPreshuffleMxScaleCheck accepts the sizes.
bool flyPreshuffleMxScale(const void *in, void *out, size_t size, size_t rows, size_t kblocks,
                          FlyStrBuf *err);

/// The 8-bit element types of the GEMMs' per-token quantization.
typedef enum FlyQuantType {
  FLY_QUANT_FP8_E4M3FN,   /* OCP fp8 (gfx950): largest value 448 */
  FLY_QUANT_FP8_E4M3FNUZ, /* FNUZ fp8 (gfx942): largest value 240 */
  FLY_QUANT_INT8,         /* signed, symmetric: largest value 127 */
} FlyQuantType;

/// The largest magnitude of `type` (448, 240 or 127).
float flyQuantMax(FlyQuantType type);

/// Quantizes each row of `src` (rows x cols f32, row-major) with its own
/// scale, as the 8-bit GEMMs' per-token scales expect (gemm-optimization
/// §7.1: scale_a per row of A, scale_b per row n of B[N,K]):
/// scales[r] = amax(row r) / flyQuantMax(type) (1 for an all-zero row) and
/// dst[r][c] = src[r][c] / scales[r] rounded to nearest even in `type`, so
/// src[r][c] ~ value(dst[r][c]) * scales[r] and each row's largest element
/// maps to ±max. `dst` holds rows x cols bytes, `scales` rows floats.
/// False with `err` (and nothing promised in dst) if a value is not finite
/// or rows x cols overflows.
bool flyQuantizePerToken(const float *src, size_t rows, size_t cols, FlyQuantType type,
                         uint8_t *dst, float *scales, FlyStrBuf *err);

/// The fp8 block-scale GEMM's scale block: 1 x 128 of A, 128 x 128 of B.
enum { FLY_BLOCK_SCALE_K = 128 };

/// Quantizes `src` (rows x cols f32, row-major) in blocks of blockRows x
/// FLY_BLOCK_SCALE_K, each with its own f32 scale (the block-scale GEMM's
/// a8w8 scheme: blockRows 1 for A's 1x128 blocks, 128 for B's 128x128):
/// scales[(r / blockRows) * (cols / 128) + c / 128] = amax(block) /
/// flyQuantMax(type) (1 for an all-zero block) and dst[r][c] = src[r][c] /
/// that scale, rounded to nearest even in `type`. cols must be a multiple
/// of 128 and rows of blockRows. False with `err` if a value is not finite
/// or the sizes are not whole blocks.
bool flyQuantizeBlockScale(const float *src, size_t rows, size_t cols, size_t blockRows,
                           FlyQuantType type, uint8_t *dst, float *scales, FlyStrBuf *err);

/// Rearranges A's block scales from their logical [m][kBlocks] (row-major)
/// into the layout the block-scale GEMM takes: kBlocks columns of maxM
/// floats, dst[kb * maxM + r] = src[r * kBlocks + kb]; rows m..maxM-1 are 0.
/// False with `err` (nothing written) unless 1 <= m <= maxM and the sizes
/// do not overflow.
bool flyBlockScaleLayoutA(const float *src, size_t m, size_t kBlocks, size_t maxM, float *dst,
                          FlyStrBuf *err);

/// MXFP4 (OCP Microscaling Formats v1.0): elements per block sharing one
/// E8M0 scale, and the largest e2m1 magnitude.
enum { FLY_MX_BLOCK = 32 };
#define FLY_MXFP4_MAX 6.0f

/// The value of e2m1 code `code` (its low 4 bits): sign, 2 exponent bits
/// (bias 1), 1 mantissa bit; 0, 0.5, 1, 1.5, 2, 3, 4, 6 and their negatives.
float flyMxfp4Value(uint8_t code);
/// The value of E8M0 scale code `code`: 2^(code - 127); NAN for 0xFF.
double flyE8m0Value(uint8_t code);

/// Quantizes each row of `src` (rows x cols f32, row-major, cols a multiple
/// of FLY_MX_BLOCK) to MXFP4 as OCP MX v1.0 §6.3 does: each block of 32
/// consecutive values of a row gets the shared exponent
/// e = floor(log2(amax)) - 2 (2: e2m1's largest exponent), clamped to
/// E8M0's -127..127 (e = 0 for an all-zero block), stored as the E8M0 code
/// e + 127 in scales[r][c / 32]; each value becomes the e2m1 code nearest
/// to x / 2^e, ties to the even code, magnitudes above 6 saturating to 6.
/// Codes are packed two per byte, the even column in the low nibble:
/// `dst` holds rows x cols / 2 bytes, `scales` rows x cols / 32. False with
/// `err` (nothing promised in the outputs) if cols is not a multiple of 32,
/// a value is not finite or the size overflows.
bool flyQuantizeMxfp4(const float *src, size_t rows, size_t cols, uint8_t *dst,
                      uint8_t *scales, FlyStrBuf *err);

#ifdef __cplusplus
}
#endif

#endif /* FLYC_RUNTIME_H */
