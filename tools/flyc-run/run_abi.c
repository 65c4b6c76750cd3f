/*===- run_abi.c - flyc-run: the kernel ABI of dynamic memref arguments -----===*
 *
 * flyc passes a dynamic memref kernel argument as its pointer followed by
 * index scalars named after it (docs/pipeline.md, "Kernel ABI"):
 * `arg0`, `arg0.size0`, ... in the code object's metadata. A rank-1 memref
 * with an identity layout has exactly one, `P.size0`, and flyc-run fills it
 * in from the buffer given for P: its COUNT, in the buffer's elements. Any
 * other ABI scalar (more sizes, strides, an offset) is written by the user
 * as a scalar argument in its place, like every other kernel argument.
 *===----------------------------------------------------------------------===*/
#include "run.h"

#include <string.h>

/* True when `name` is "<base>.<something>". */
static bool belongsTo(const char *name, const char *base) {
  size_t n = strlen(base);
  return n > 0 && strncmp(name, base, n) == 0 && name[n] == '.';
}

bool runAbiIsFilledSize(const FlyKernelInfo *k, size_t i) {
  if (i == 0 || i >= k->numExplicitArgs)
    return false;
  const char *base = k->args[i - 1].name, *name = k->args[i].name;
  size_t n = strlen(base);
  bool isSize0 = belongsTo(name, base) && strcmp(name + n, ".size0") == 0 && k->args[i].size == 8;
  bool more = i + 1 < k->numExplicitArgs && belongsTo(k->args[i + 1].name, base);
  return isSize0 && !more && strcmp(k->args[i - 1].valueKind, "global_buffer") == 0;
}

bool runAbiAppend(const FlyKernelInfo *k, const RunArg *args, size_t numArgs, FlyArgs *out,
                  FlyStrBuf *err) {
  size_t filled = 0;
  for (size_t i = 0; i < k->numExplicitArgs; ++i)
    filled += runAbiIsFilledSize(k, i);
  if (filled == 0) { /* nothing to fill in: the launch checks the count */
    for (size_t u = 0; u < numArgs; ++u)
      if (!runArgAppend(&args[u], out)) {
        flyStrBufAppend(err, "out of memory");
        return false;
      }
    return true;
  }
  if (numArgs + filled != k->numExplicitArgs) {
    flyStrBufAppendF(err, "kernel '%s' takes %zu arguments", k->name,
                     k->numExplicitArgs - filled);
    flyStrBufAppendF(err, " (and %zu dynamic memref size%s that flyc-run fills in from the "
                          "buffers' counts)", filled, filled == 1 ? "" : "s");
    flyStrBufAppendF(err, " but %zu %s given (see flyc-run --list)", numArgs,
                     numArgs == 1 ? "was" : "were");
    return false;
  }
  size_t ki = 0;
  for (size_t u = 0; u < numArgs; ++u, ++ki) {
    if (!runArgAppend(&args[u], out)) {
      flyStrBufAppend(err, "out of memory");
      return false;
    }
    if (!runAbiIsFilledSize(k, ki + 1))
      continue;
    if (!args[u].isBuffer) {
      flyStrBufAppendF(err, "kernel argument %zu ('%s') is a dynamic memref: give a buffer "
                            "(NAME:DTYPE:COUNT), whose COUNT fills '%s'", ki, k->args[ki].name,
                       k->args[ki + 1].name);
      return false;
    }
    if (!flyArgsAddI64(out, (int64_t)args[u].count)) {
      flyStrBufAppend(err, "out of memory");
      return false;
    }
    ++ki;
  }
  return true;
}
