/*===- run.h - flyc-run's pieces: argument specs, buffers, checks ---------===*/
#ifndef FLYC_RUN_H
#define FLYC_RUN_H

#include "run_dtype.h"

#include "flyc/runtime.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum RunInit { RUN_INIT_ZEROS, RUN_INIT_CONST, RUN_INIT_RAND, RUN_INIT_FILE } RunInit;

/// One positional kernel argument from the command line.
typedef struct RunArg {
  bool isBuffer;
  const char *text;        /* as given, for messages */
  char name[64];           /* buffer name ("" for scalars) */
  RunDtype dtype;
  uint64_t count;          /* elements (buffers) */
  RunInit init;
  double value;            /* const value / scalar value */
  uint64_t bits;           /* scalar integer value, exact */
  uint64_t seed;
  double lo, hi;           /* rand range */
  const char *path;        /* file init */
  FlyBuffer buf;
} RunArg;

/// An output request: --out NAME=PATH or --check NAME=PATH[,atol=E][,rtol=E][,exact].
typedef struct RunOutput {
  bool check;
  const char *text;
  char name[64];
  char path[1024];
  double atol, rtol;
  bool tolerance;          /* atol/rtol given: compare values, else bits */
} RunOutput;

/// Parses one argument spec; false with a message in `err`.
bool runArgParse(const char *text, RunArg *out, FlyStrBuf *err);
/// Parses --out/--check text; false with a message in `err`.
bool runOutputParse(const char *text, bool check, RunOutput *out, FlyStrBuf *err);
/// Allocates and fills a buffer argument; false with `err` (e.g. missing file).
bool runArgMaterialize(FlyDevice *dev, RunArg *arg, FlyStrBuf *err);
/// Appends the argument to a launch list.
bool runArgAppend(const RunArg *arg, FlyArgs *args);
/// Writes or checks one output. Returns 0 ok, 1 error (with `err`), or 3
/// mismatch (a report is appended to `report`).
int runOutputHandle(FlyDevice *dev, const RunArg *args, size_t numArgs,
                    const RunOutput *out, FlyStrBuf *report, FlyStrBuf *err);

/// run_abi.c: true when explicit argument i of `k` is a rank-1 dynamic
/// memref's size (`P.size0` right after the pointer P) that flyc-run fills
/// in from P's buffer.
bool runAbiIsFilledSize(const FlyKernelInfo *k, size_t i);
/// Appends the user's arguments in the kernel's ABI, filling in the sizes
/// runAbiIsFilledSize names; false with `err` when the count or a kind
/// does not fit the kernel.
bool runAbiAppend(const FlyKernelInfo *k, const RunArg *args, size_t numArgs, FlyArgs *out,
                  FlyStrBuf *err);

#endif /* FLYC_RUN_H */
