/*===- run_cli.c - flyc-run's command line -----------------------------===*
 *
 * Parses options and argument specs into RunOptions and checks them against
 * each other (buffer names, preshuffle shapes), without touching files or
 * the device. Misuse is returned as 2 with the reason in `err`; nothing is
 * printed, so a fuzz harness can drive it (test/fuzz).
 *===----------------------------------------------------------------------===*/
#include "run.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int misuse(FlyStrBuf *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int misuse(FlyStrBuf *err, const char *fmt, ...) {
  FlyStrBuf line = {0};
  va_list ap;
  va_start(ap, fmt);
  flyStrBufAppendV(&line, fmt, ap);
  va_end(ap);
  flyStrBufDestroy(err);
  *err = line;
  return 2;
}

bool runOptionsInit(RunOptions *o, int argc) {
  memset(o, 0, sizeof *o);
  size_t n = argc > 0 ? (size_t)argc : 1;
  o->args = flyCalloc(n, sizeof(RunArg));
  o->outputs = flyCalloc(n, sizeof(RunOutput));
  o->preshuffles = flyCalloc(n, sizeof(RunPreshuffle));
  return o->args && o->outputs && o->preshuffles;
}

void runOptionsDestroy(RunOptions *o) {
  flyFree(o->args);
  flyFree(o->outputs);
  flyFree(o->preshuffles);
  memset(o, 0, sizeof *o);
}

static bool parseDims(const char *s, uint32_t out[3]) {
  out[0] = out[1] = out[2] = 1;
  for (int i = 0; i < 3; ++i) {
    char *end;
    if (*s < '0' || *s > '9')
      return false;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (v == 0 || v > UINT32_MAX || errno)
      return false;
    out[i] = (uint32_t)v;
    if (!*end)
      return true;
    if (*end != ',' || i == 2)
      return false;
    s = end + 1;
  }
  return false;
}

static bool parseUnsigned(const char *s, unsigned long long max, unsigned long long *out) {
  char *end;
  if (*s < '0' || *s > '9')
    return false;
  errno = 0;
  *out = strtoull(s, &end, 10);
  return !*end && !errno && *out <= max;
}

bool runWorkFromGemm(uint64_t m, uint64_t n, uint64_t k, const char *dtype, RunWork *out) {
  double M = (double)m, N = (double)n, K = (double)k, c = M * N * 2, scales = (M + N) * 4;
  out->flops = 2 * M * N * K;
  if (!strcmp(dtype, "fp8") || !strcmp(dtype, "int8"))
    out->bytes = M * K + N * K + c + scales;
  else if (!strcmp(dtype, "bf16") || !strcmp(dtype, "fp16"))
    out->bytes = 2 * M * K + 2 * N * K + c;        /* no per-token scales */
  else if (!strcmp(dtype, "int4"))
    out->bytes = M * K + N * K / 2 + c + scales;   /* A stays 8-bit */
  else if (!strcmp(dtype, "fp4"))
    out->bytes = M * K / 2 + N * K / 2 + c + (M + N) * (K / 32); /* one E8M0 per 32 */
  else
    return false;
  return true;
}

/* --gemm MxNxK[,DTYPE] (DTYPE default fp8). */
static int parseGemm(RunOptions *o, const char *val, FlyStrBuf *err) {
  unsigned long long d[3];
  const char *s = val;
  for (int i = 0; i < 3; ++i) {
    char *end;
    errno = 0;
    if (*s < '0' || *s > '9' || (d[i] = strtoull(s, &end, 10)) == 0 || errno ||
        d[i] > (1ull << 32) || (i < 2 ? *end != 'x' : (*end && *end != ',')))
      return misuse(err, "bad --gemm '%s' (expected MxNxK[,DTYPE], each 1..2^32)", val);
    s = end + (*end ? 1 : 0);
  }
  const char *dtype = s[-1] == ',' ? s : "fp8";
  if (!runWorkFromGemm(d[0], d[1], d[2], dtype, &o->work))
    return misuse(err, "bad --gemm '%s': unknown type '%s' (expected fp8, int8, bf16, fp16, "
                  "int4 or fp4)", val, dtype);
  snprintf(o->work.gemm, sizeof o->work.gemm, "%s", val);
  return 0;
}

static int parseWork(const char *opt, const char *val, double *out, FlyStrBuf *err) {
  char *end;
  errno = 0;
  double v = (*val >= '0' && *val <= '9') ? strtod(val, &end) : -1;
  if (v <= 0 || errno || *end || v > 1e30)
    return misuse(err, "bad %s '%s' (expected a positive number)", opt, val);
  *out = v;
  return 0;
}

static int takeDevice(RunOptions *o, const char *val, FlyStrBuf *err) {
  if (strcmp(val, "emu") == 0)
    o->device = FLY_BACKEND_EMU;
  else if (strcmp(val, "hip") == 0)
    o->device = FLY_BACKEND_HIP;
  else
    return misuse(err, "bad --device '%s' (expected emu or hip)", val);
  return 0;
}

/* The options of running on a device and timing it; 1 when `opt` is none
 * of them. */
static int takeRunOption(RunOptions *o, const char *opt, const char *val, FlyStrBuf *err) {
  unsigned long long n;
  if (strcmp(opt, "--device") == 0)
    return takeDevice(o, val, err);
  if (strcmp(opt, "--hip-lib") == 0) {
    if (!*val)
      return misuse(err, "bad --hip-lib '' (expected the path of a libamdhip64)");
    o->hipLib = val;
    return 0;
  }
  if (strcmp(opt, "--bench") == 0) {
    if (!parseUnsigned(val, 100000, &n) || n == 0)
      return misuse(err, "bad --bench '%s' (expected 1..100000 timed launches)", val);
    o->bench = (unsigned)n;
    return 0;
  }
  if (strcmp(opt, "--flush") == 0) {
    if (!parseUnsigned(val, UINT64_MAX, &n))
      return misuse(err, "bad --flush '%s' (expected a byte count, 0 for none)", val);
    o->haveFlush = true;
    o->flush = n;
    return 0;
  }
  if (strcmp(opt, "--gemm") == 0)
    return parseGemm(o, val, err);
  if (strcmp(opt, "--flops") == 0)
    return (o->haveFlops = true, parseWork(opt, val, &o->work.flops, err));
  if (strcmp(opt, "--bytes") == 0)
    return (o->haveBytes = true, parseWork(opt, val, &o->work.bytes, err));
  return 1;
}

/* Handles one option with a value; returns 0 ok, 2 misuse. */
static int takeOption(RunOptions *o, const char *opt, const char *val, FlyStrBuf *err) {
  unsigned long long n;
  int rc = takeRunOption(o, opt, val, err);
  if (rc != 1)
    return rc;
  if (strcmp(opt, "--kernel") == 0) o->kernel = val;
  else if (strcmp(opt, "--chip") == 0) o->chip = val;
  else if (strcmp(opt, "--grid") == 0) {
    if (!(o->haveGrid = parseDims(val, o->grid)))
      return misuse(err, "bad --grid '%s' (expected X[,Y,Z], each >= 1)", val);
  } else if (strcmp(opt, "--block") == 0) {
    if (!(o->haveBlock = parseDims(val, o->block)))
      return misuse(err, "bad --block '%s' (expected X[,Y,Z], each >= 1)", val);
  } else if (strcmp(opt, "--threads") == 0) {
    if (!parseUnsigned(val, 64, &n) || n == 0)
      return misuse(err, "bad --threads '%s' (expected 1..64)", val);
    o->threads = (unsigned)n;
  } else if (strcmp(opt, "--timeout") == 0) {
    if (!parseUnsigned(val, 1u << 20, &n) || n == 0)
      return misuse(err, "bad --timeout '%s' (expected seconds >= 1)", val);
    o->timeout = (unsigned)n;
  } else if (strcmp(opt, "--lds") == 0) {
    if (!parseUnsigned(val, 1u << 20, &n))
      return misuse(err, "bad --lds '%s' (expected a byte count)", val);
    o->lds = (uint32_t)n;
  } else if (strcmp(opt, "--max-memory") == 0) {
    if (!parseUnsigned(val, UINT64_MAX, &n) || n == 0)
      return misuse(err, "bad --max-memory '%s' (expected a byte count >= 1)", val);
    o->maxMemory = n;
  } else if (strcmp(opt, "--preshuffle") == 0) {
    if (!runPreshuffleParse(val, &o->preshuffles[o->numPreshuffles++], err))
      return 2; /* err holds the reason */
  } else if (strcmp(opt, "--out") == 0 || strcmp(opt, "--check") == 0) {
    if (!runOutputParse(val, opt[2] == 'c', &o->outputs[o->numOutputs++], err))
      return 2; /* err holds the reason */
  } else {
    return misuse(err, "unknown option '%s'", opt);
  }
  return 0;
}

/* Options that only mean something together or on one device. */
static int crossCheckDevice(const RunOptions *o, FlyStrBuf *err) {
  bool gemm = o->work.gemm[0] != 0;
  if (gemm && (o->haveFlops || o->haveBytes))
    return misuse(err, "--gemm gives the work of a launch; do not add --flops or --bytes");
  if ((gemm || o->haveFlops || o->haveBytes) && !o->bench)
    return misuse(err, "--gemm, --flops and --bytes give the work of a --bench run; add "
                       "--bench N");
  if (o->hipLib && o->device != FLY_BACKEND_HIP)
    return misuse(err, "--hip-lib needs --device hip");
  if (o->haveFlush && (!o->bench || o->device != FLY_BACKEND_HIP))
    return misuse(err, "--flush sizes the cache flush of --bench on --device hip");
  if (o->device == FLY_BACKEND_HIP && o->threads)
    return misuse(err, "--threads sets the emulator's worker threads; not with --device hip");
  if (o->device == FLY_BACKEND_HIP && o->stats)
    return misuse(err, "--stats counts emulated instructions; not with --device hip");
  return 0;
}

/* The specs that name buffers must name distinct, existing ones; a
 * preshuffle's N x K must be its buffer's element count. */
static int crossCheck(RunOptions *o, FlyStrBuf *err) {
  int rc = crossCheckDevice(o, err);
  if (rc)
    return rc;
  for (size_t i = 0; i < o->numArgs; ++i)
    if (o->args[i].isBuffer && runFindBuffer(o->args, i, o->args[i].name))
      return misuse(err, "two buffers are named '%s'", o->args[i].name);
  for (size_t i = 0; i < o->numOutputs; ++i) {
    const RunOutput *out = &o->outputs[i];
    if (!runFindBuffer(o->args, o->numArgs, out->name))
      return misuse(err, "%s names no buffer argument '%s'", out->check ? "--check" : "--out",
                   out->name);
    for (size_t j = 0; j < i; ++j)
      if (!out->check && !o->outputs[j].check && !strcmp(out->path, o->outputs[j].path))
        return misuse(err, "two --out options write '%s'", out->path);
  }
  for (size_t i = 0; i < o->numPreshuffles; ++i) {
    const RunPreshuffle *p = &o->preshuffles[i];
    const RunArg *a = runFindBuffer(o->args, o->numArgs, p->name);
    if (!a)
      return misuse(err, "--preshuffle %s: no such buffer", p->text);
    uint64_t nk;
    if (__builtin_mul_overflow(p->n, p->k, &nk) || nk != a->count)
      return misuse(err, "--preshuffle %s: N x K differs from the buffer's %" PRIu64 " elements",
                   p->text, a->count);
    for (size_t j = 0; j < i; ++j)
      if (!strcmp(o->preshuffles[j].name, p->name))
        return misuse(err, "buffer '%s' is preshuffled twice", p->name);
  }
  return 0;
}

int runCommandLineParse(RunOptions *o, int argc, char **argv, FlyStrBuf *err) {
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (strcmp(a, "--stats") == 0) {
      o->stats = true;
    } else if (strcmp(a, "--list") == 0) {
      o->list = true;
    } else if (strncmp(a, "--", 2) == 0) {
      if (i + 1 >= argc)
        return misuse(err, "option '%s' needs a value", a);
      int rc = takeOption(o, a, argv[++i], err);
      if (rc)
        return rc;
    } else if (!o->code) {
      o->code = a;
    } else if (!runArgParse(a, &o->args[o->numArgs++], err)) {
      return 2; /* err holds the reason */
    }
  }
  if (!o->code) return misuse(err, "missing the code object file");
  int rc = crossCheck(o, err);
  if (rc || o->list) return rc;
  if (!o->kernel) return misuse(err, "missing --kernel NAME");
  if (!o->haveGrid) return misuse(err, "missing --grid X[,Y,Z]");
  if (!o->haveBlock) return misuse(err, "missing --block X[,Y,Z]");
  return 0;
}

