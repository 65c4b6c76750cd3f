/*===- model.h - flyc --stats: the timing model's main-loop figures --------===*
 *
 * A kernel may carry a representative launch as `fly.model_launch`, a
 * string attribute on its gpu.func in flyc-run's syntax without the code
 * object and --kernel:
 *
 *   fly.model_launch = "--grid 256,2 --block 256 a:fp8:16777216 ... i32=16384"
 *
 * (options --grid, --block, --gpu and --lds, then the kernel's arguments;
 * buffers are zeros, const= or rand= filled: nothing is read from files).
 * gemm-gen writes one for each GEMM it generates. The launch is checked
 * when the input is read, so a bad one is an error at the attribute's
 * location whether or not --stats is given; with --stats, flyc runs it
 * through the emulator's timing model (docs/timing.md) as
 * `flyc-run --timing --estimate` does (a few CUs simulated in detail, MFMA
 * arithmetic skipped) and prints the main loop's cycles per iteration and
 * MFMA-busy share at the kernel's occupancy next to the mix counts.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_TOOL_MODEL_H
#define FLYC_TOOL_MODEL_H

#include "flyc/support.h"
#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct FlycModel FlycModel;

/// Collects and checks every fly.model_launch of `module`, emitting an
/// error at the attribute's operation for each bad one. Returns NULL after
/// such an error or when out of memory (with `*failed` set); an empty list
/// (not NULL) when no kernel carries one.
FlycModel *flycModelCollect(MlirModule module, bool *failed);
void flycModelDestroy(FlycModel *models);

/// Runs each collected launch on the code object `bytes` and appends one
/// "model" line per kernel to `report`. False with one line in `err`.
bool flycModelReport(const FlycModel *models, const uint8_t *bytes, size_t n,
                     FlyStrBuf *report, FlyStrBuf *err);

#endif /* FLYC_TOOL_MODEL_H */
