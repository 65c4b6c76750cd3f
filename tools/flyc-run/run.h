/*===- run.h - flyc-run's pieces: argument specs, buffers, checks ---------===*
 *
 * A run has two halves. Everything the command line says is parsed and
 * checked first, with no allocation beyond the parsed specs (run_args.c);
 * then buffers are filled on the device, the kernel runs, and outputs are
 * compared or written (run_buffers.c). Buffers move between host and
 * device through one fixed-size staging block, so a run's host memory is
 * its buffers on the device plus that block (and twice each preshuffled
 * buffer).
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_RUN_H
#define FLYC_RUN_H

#include "run_dtype.h"

#include "flyc/runtime.h"

#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum RunInit { RUN_INIT_ZEROS, RUN_INIT_CONST, RUN_INIT_RAND, RUN_INIT_FILE } RunInit;

/// Bytes staged between host and device at a time (a multiple of every
/// element size).
enum { RUN_STAGE_BYTES = 1 << 20 };

/// The most elements one buffer may have.
#define RUN_MAX_COUNT (UINT64_C(1) << 32)

/// One positional kernel argument from the command line.
typedef struct RunArg {
  bool isBuffer;
  const char *text;        /* as given, for messages */
  char name[64];           /* buffer name ("" for scalars) */
  RunDtype dtype;
  uint64_t count;          /* elements (buffers) */
  RunInit init;
  double value;            /* const value or f32 scalar (float types) */
  RunInt ivalue;           /* const value or scalar (integer types), exact */
  uint64_t seed;
  double lo, hi;           /* rand range [lo, hi) (float types) */
  RunInt ilo, ihi;         /* rand range [ilo, ihi) (integer types) */
  const char *path;        /* file init */
  FlyBuffer buf;
} RunArg;

/// An output request: --out NAME=PATH or --check NAME=PATH[,atol=E][,rtol=E].
typedef struct RunOutput {
  bool check;
  const char *text;
  char name[64];
  char path[PATH_MAX];
  double atol, rtol;
  bool tolerance;          /* atol/rtol given: compare values, else bits */
  /* --out: the temporary file the output is written to before it is renamed
   * to `path`; a signal handler unlinks it while `tempLive` is set. */
  char temp[PATH_MAX + 16];
  volatile sig_atomic_t tempLive;
} RunOutput;

/// A --preshuffle NAME=NxK request (B of the GEMMs), or with `scales` a
/// --preshuffle-scales NAME=RxKB one (n = R rows, k = KB blocks of E8M0
/// bytes, into the MX scale order).
typedef struct RunPreshuffle {
  const char *text;
  bool scales;
  char name[64];
  uint64_t n, k;
} RunPreshuffle;

/// Parses one argument spec; false with a message in `err`.
bool runArgParse(const char *text, RunArg *out, FlyStrBuf *err);
/// Parses --out/--check text; false with a message in `err`.
bool runOutputParse(const char *text, bool check, RunOutput *out, FlyStrBuf *err);
/// Parses --preshuffle text (--preshuffle-scales with `scales`); false
/// with a message in `err`.
bool runPreshuffleParse(const char *text, bool scales, RunPreshuffle *out, FlyStrBuf *err);
/// The option a preshuffle request came from, for messages.
const char *runPreshuffleOption(const RunPreshuffle *p);
/// Checks a preshuffle request's shape against its buffer's bytes (the
/// library's check: flyPreshuffleBCheck or flyPreshuffleMxScaleCheck).
bool runPreshuffleCheck(const RunPreshuffle *p, const RunArg *arg, FlyStrBuf *err);

/// The buffer argument named `name`, or NULL.
RunArg *runFindBuffer(RunArg *args, size_t n, const char *name);
/// The buffer's size in bytes.
uint64_t runArgBytes(const RunArg *arg);

/// Checks a file= input or a --check reference without reading it: it must
/// exist and, when it is a regular file, hold exactly the buffer's bytes.
bool runArgCheckFile(const RunArg *arg, const char *path, FlyStrBuf *err);
/// Checks that an --out target can be written (its directory exists and is
/// writable, the path is not a directory); nothing is created.
bool runOutputCheckTarget(const RunOutput *out, FlyStrBuf *err);

/// Allocates a buffer argument on the device and fills it through `stage`
/// (RUN_STAGE_BYTES bytes); false with `err` (e.g. a file that changed).
bool runArgMaterialize(FlyDevice *dev, RunArg *arg, uint8_t *stage, FlyStrBuf *err);
/// Rearranges an already filled buffer into the GEMMs' preshuffled B order
/// or, for --preshuffle-scales, the MX scale order.
bool runArgPreshuffle(FlyDevice *dev, const RunArg *arg, const RunPreshuffle *p,
                      FlyStrBuf *err);
/// Appends the argument to a launch list (a buffer with its current
/// FlyBuffer, zero before materialization).
bool runArgAppend(const RunArg *arg, FlyArgs *args);

/// Compares a buffer with its --check reference. Returns 0 when it
/// matches (a line for stdout in `report`), 1 on an error (with `err`), 3
/// on a mismatch (one line in `report`).
int runOutputCheck(FlyDevice *dev, const RunArg *arg, const RunOutput *out, uint8_t *stage,
                   FlyStrBuf *report, FlyStrBuf *err);
/// Writes a buffer to a fresh temporary file next to --out's path; the
/// file stays until runOutputCommit or runOutputDiscard.
bool runOutputWriteTemp(FlyDevice *dev, const RunArg *arg, RunOutput *out, uint8_t *stage,
                        FlyStrBuf *err);
/// Writes `n` bytes of text (a timing report) to a fresh temporary file next
/// to the output's path, like runOutputWriteTemp.
bool runOutputWriteTextTemp(RunOutput *out, const char *data, size_t n, FlyStrBuf *err);
/// Renames the temporary file to the output's path (atomic).
bool runOutputCommit(RunOutput *out, FlyStrBuf *err);
/// Removes the temporary file, if any.
void runOutputDiscard(RunOutput *out);

/// run_abi.c: true when explicit argument i of `k` is a rank-1 dynamic
/// memref's size (`P.size0` right after the pointer P) that flyc-run fills
/// in from P's buffer.
bool runAbiIsFilledSize(const FlyKernelInfo *k, size_t i);
/// Appends the user's arguments in the kernel's ABI, filling in the sizes
/// runAbiIsFilledSize names; false with `err` when the count or a kind
/// does not fit the kernel.
bool runAbiAppend(const FlyKernelInfo *k, const RunArg *args, size_t numArgs, FlyArgs *out,
                  FlyStrBuf *err);

/// --timing and its companions (run_cli.c parses, flyc-run.c reports); --gpu
/// and the work (--gemm, --flops, --bytes) serve --bench too.
typedef struct RunTiming {
  bool on, estimate;
  const char *gpu;         /* --gpu, checked against the product table */
  const char *json, *svg;  /* --timing-json / --timing-svg paths */
  double flops, bytes;     /* --flops / --bytes, or from --gemm (0: unknown) */
  bool gemm;               /* --gemm given */
} RunTiming;

/// The work of --gemm MxNxK[,dtype] (gemm-optimization §8.1-8.2): flops
/// 2·M·N·K; bytes of A, B, a 16-bit C and the scales for the dtype (fp8,
/// int8, int4, fp4, bf16, fp16). False with a message in `err`.
bool runGemmWork(const char *text, double *flops, double *bytes, FlyStrBuf *err);

/// flyc-run's command line (run_cli.c).
typedef struct RunOptions {
  const char *code, *kernel, *chip;
  FlyBackend device;       /* --device emu|hip (default emu) */
  const char *hipLib;      /* --hip-lib PATH (NULL: FLYC_HIP_LIBRARY, then the default names) */
  unsigned bench;          /* --bench N: timed launches (0: no benchmark) */
  bool haveFlush;
  uint64_t flush;          /* --flush BYTES (hip): written before each timed launch */
  uint32_t grid[3], block[3];
  bool haveGrid, haveBlock, stats, list;
  bool checkHazards;       /* --check-hazards or FLYC_RUN_CHECK_HAZARDS=1 */
  RunTiming timing;
  unsigned timingWorkOptions; /* --gemm, --flops and --bytes given */
  RunOutput reports[2];       /* --timing-json, --timing-svg (name is the option) */
  size_t numReports;
  unsigned threads, timeout;
  uint32_t lds;
  uint64_t maxMemory;      /* 0: the machine's physical memory */
  RunArg *args;
  size_t numArgs;
  RunOutput *outputs;
  size_t numOutputs;
  RunPreshuffle *preshuffles;
  size_t numPreshuffles;
} RunOptions;

/// Allocates room for the specs of a command line of `argc` words; false
/// when out of memory. runOptionsDestroy releases it (also after a failure).
bool runOptionsInit(RunOptions *o, int argc);
void runOptionsDestroy(RunOptions *o);
/// Parses argv[1..argc-1] (`--help` is the caller's) and cross-checks the
/// specs. Returns 0, or 2 for misuse with the one-line reason in `err`;
/// prints nothing and opens no file.
int runCommandLineParse(RunOptions *o, int argc, char **argv, FlyStrBuf *err);

/// run_bench.c: --bench on the filled buffers with the launch's `args`;
/// prints the times (and rates): measured on hip, the timing model's
/// prediction on emu (`known`: the report of --timing's launch, else NULL).
/// 0, or 1 with one line in `err`.
int runBench(const RunOptions *o, FlyDevice *dev, FlyModule *mod, const FlyArgs *args,
             const FlyEmuTimingReport *known, FlyStrBuf *err);

#endif /* FLYC_RUN_H */
