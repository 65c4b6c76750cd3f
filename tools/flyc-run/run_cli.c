/*===- run_cli.c - flyc-run's command line -----------------------------===*
 *
 * Parses options and argument specs into RunOptions and checks them against
 * each other (buffer names, preshuffle shapes), without touching files or
 * the device. Misuse is returned as 2 with the reason in `err`; nothing is
 * printed, so a fuzz harness can drive it (test/fuzz).
 *===----------------------------------------------------------------------===*/
#include "run.h"

#include "flyc/hw.h"

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

static bool parseDimsK(const char *s, uint64_t out[3], const char **rest) {
  for (int i = 0; i < 3; ++i) {
    char *end;
    if (*s < '0' || *s > '9')
      return false;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (v == 0 || v > (1ull << 32) || errno)
      return false;
    out[i] = v;
    if (i < 2 && *end != 'x')
      return false;
    s = i < 2 ? end + 1 : end;
  }
  *rest = s;
  return true;
}

bool runGemmWork(const char *text, double *flops, double *bytes, FlyStrBuf *err) {
  uint64_t d[3];
  const char *rest;
  if (!parseDimsK(text, d, &rest) || (*rest && *rest != ',')) {
    flyStrBufAppendF(err, "bad --gemm '%s' (expected MxNxK[,DTYPE], each 1..2^32)", text);
    return false;
  }
  const char *dtype = *rest ? rest + 1 : "fp8";
  double m = (double)d[0], n = (double)d[1], k = (double)d[2];
  *flops = 2 * m * n * k;
  /* Seed §8.2: A, B, a 16-bit C and the per-token (or, for fp4, per-32 block)
   * scales; bf16/fp16 have no scales and 2-byte A and B. */
  if (!strcmp(dtype, "fp8") || !strcmp(dtype, "int8"))
    *bytes = m * k + n * k + m * n * 2 + (m + n) * 4;
  else if (!strcmp(dtype, "int4"))
    *bytes = m * k + n * k / 2 + m * n * 2 + (m + n) * 4;
  else if (!strcmp(dtype, "fp4"))
    *bytes = m * k / 2 + n * k / 2 + m * n * 2 + (m + n) * (k / 32);
  else if (!strcmp(dtype, "bf16") || !strcmp(dtype, "fp16"))
    *bytes = 2 * (m * k + n * k + m * n);
  else {
    flyStrBufAppendF(err, "bad --gemm '%s': unknown dtype '%s' (expected fp8, int8, int4, fp4, "
                     "bf16 or fp16)", text, dtype);
    return false;
  }
  return true;
}

static bool parseCount(const char *s, double *out) {
  char *end;
  if (*s < '0' || *s > '9')
    return false;
  errno = 0;
  double v = strtod(s, &end);
  *out = v;
  return !*end && !errno && v > 0 && v < 1e30;
}

/* --timing's options with a value; returns 0 ok, 1 not one of them, 2 misuse. */
static int takeTimingOption(RunOptions *o, const char *opt, const char *val, FlyStrBuf *err) {
  RunTiming *t = &o->timing;
  if (strcmp(opt, "--gpu") == 0) {
    if (!flyHwProductFind(val))
      return misuse(err, "unknown --gpu '%s' (expected one of %s)", val, flyHwProductListNames());
    t->gpu = val;
  } else if (strcmp(opt, "--timing-json") == 0 || strcmp(opt, "--timing-svg") == 0) {
    bool json = opt[9] == 'j';
    if ((json ? t->json : t->svg) != NULL)
      return misuse(err, "%s given twice", opt);
    if (strlen(val) >= PATH_MAX || !*val)
      return misuse(err, "bad %s '%s' (expected a file path)", opt, val);
    RunOutput *r = &o->reports[o->numReports++];
    memset(r, 0, sizeof *r);
    r->text = val;
    snprintf(r->name, sizeof r->name, "%s", opt);
    snprintf(r->path, sizeof r->path, "%s", val);
    *(json ? &t->json : &t->svg) = r->path;
  } else if (strcmp(opt, "--flops") == 0) {
    if (!parseCount(val, &t->flops))
      return misuse(err, "bad --flops '%s' (expected a positive number)", val);
  } else if (strcmp(opt, "--bytes") == 0) {
    if (!parseCount(val, &t->bytes))
      return misuse(err, "bad --bytes '%s' (expected a positive number)", val);
  } else if (strcmp(opt, "--gemm") == 0) {
    if (!runGemmWork(val, &t->flops, &t->bytes, err))
      return 2; /* err holds the reason */
    t->gemm = true;
  } else {
    return 1;
  }
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

/* The options of the device and of --bench; 1 when `opt` is none of them. */
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
  return 1;
}

/* Handles one option with a value; returns 0 ok, 2 misuse. */
static int takeOption(RunOptions *o, const char *opt, const char *val, FlyStrBuf *err) {
  unsigned long long n;
  bool scales = false;
  int rc = takeRunOption(o, opt, val, err);
  rc = rc == 1 ? takeTimingOption(o, opt, val, err) : rc;
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
  } else if (strcmp(opt, "--preshuffle") == 0 || (scales = !strcmp(opt, "--preshuffle-scales"))) {
    if (!runPreshuffleParse(val, scales, &o->preshuffles[o->numPreshuffles++], err))
      return 2; /* err holds the reason */
  } else if (strcmp(opt, "--out") == 0 || strcmp(opt, "--check") == 0) {
    if (!runOutputParse(val, opt[2] == 'c', &o->outputs[o->numOutputs++], err))
      return 2; /* err holds the reason */
  } else {
    return misuse(err, "unknown option '%s'", opt);
  }
  return 0;
}

/* Options that only mean something on one device. */
static int crossCheckDevice(const RunOptions *o, FlyStrBuf *err) {
  bool hip = o->device == FLY_BACKEND_HIP;
  if (o->hipLib && !hip)
    return misuse(err, "--hip-lib needs --device hip");
  if (o->haveFlush && (!o->bench || !hip))
    return misuse(err, "--flush sizes the cache flush of --bench on --device hip");
  if (hip && o->threads)
    return misuse(err, "--threads sets the emulator's worker threads; not with --device hip");
  if (hip && o->stats)
    return misuse(err, "--stats counts emulated instructions; not with --device hip");
  if (hip && (o->timing.on || o->timing.gpu))
    return misuse(err, "%s belongs to the emulator's timing model; not with --device hip "
                  "(run the same command with --device emu for the prediction)",
                  o->timing.on ? "--timing" : "--gpu");
  return 0;
}

/* --timing's companions need it (--gpu and the work, --gemm, --flops and
 * --bytes, serve --bench too); --estimate computes no outputs. */
static int crossCheckTiming(const RunOptions *o, FlyStrBuf *err) {
  const RunTiming *t = &o->timing;
  const char *needs = t->estimate ? "--estimate" : t->json ? "--timing-json"
                      : t->svg ? "--timing-svg" : NULL;
  if (needs && !t->on)
    return misuse(err, "%s needs --timing", needs);
  const char *either = t->gpu ? "--gpu" : t->gemm ? "--gemm" : t->flops ? "--flops"
                       : t->bytes ? "--bytes" : NULL;
  if (either && !t->on && !o->bench)
    return misuse(err, "%s needs --timing or --bench", either);
  if (t->gemm && o->timingWorkOptions > 1)
    return misuse(err, "--gemm gives the flops and bytes; it does not go with --flops or --bytes");
  if (t->estimate && o->numOutputs)
    return misuse(err, "--estimate computes no outputs, so %s cannot be used with it",
                  o->outputs[0].check ? "--check" : "--out");
  if (t->json && t->svg && !strcmp(t->json, t->svg))
    return misuse(err, "--timing-json and --timing-svg both write '%s'", t->json);
  for (size_t i = 0; i < o->numOutputs; ++i)
    if (!o->outputs[i].check && ((t->json && !strcmp(t->json, o->outputs[i].path)) ||
                                 (t->svg && !strcmp(t->svg, o->outputs[i].path))))
      return misuse(err, "--out and a timing report both write '%s'", o->outputs[i].path);
  return 0;
}

/* A preshuffle names an existing buffer whose element count is its N x K
 * (R x KB); the MX scale order moves bytes, so its buffer must have 1-byte
 * elements; no buffer is rearranged twice. */
static int crossCheckPreshuffle(const RunOptions *o, size_t i, FlyStrBuf *err) {
  const RunPreshuffle *p = &o->preshuffles[i];
  const char *opt = runPreshuffleOption(p);
  const RunArg *a = runFindBuffer(o->args, o->numArgs, p->name);
  if (!a)
    return misuse(err, "%s %s: no such buffer", opt, p->text);
  uint64_t nk;
  if (__builtin_mul_overflow(p->n, p->k, &nk) || nk != a->count)
    return misuse(err, "%s %s: %s differs from the buffer's %" PRIu64 " elements", opt, p->text,
                  p->scales ? "R x KB" : "N x K", a->count);
  if (p->scales && runDtypeSize(a->dtype) != 1)
    return misuse(err, "%s %s: buffer '%s' has %s elements; E8M0 scales take a 1-byte type "
                  "(u8)", opt, p->text, p->name, runDtypeName(a->dtype));
  for (size_t j = 0; j < i; ++j)
    if (!strcmp(o->preshuffles[j].name, p->name))
      return misuse(err, "buffer '%s' is preshuffled twice", p->name);
  return 0;
}

/* The specs that name buffers must name distinct, existing ones. */
static int crossCheck(RunOptions *o, FlyStrBuf *err) {
  int rc = crossCheckDevice(o, err);
  rc = rc ? rc : crossCheckTiming(o, err);
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
  for (size_t i = 0; i < o->numPreshuffles; ++i)
    if ((rc = crossCheckPreshuffle(o, i, err)) != 0)
      return rc;
  return 0;
}

int runCommandLineParse(RunOptions *o, int argc, char **argv, FlyStrBuf *err) {
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (strcmp(a, "--stats") == 0) {
      o->stats = true;
    } else if (strcmp(a, "--timing") == 0) {
      o->timing.on = true;
    } else if (strcmp(a, "--estimate") == 0) {
      o->timing.estimate = true;
    } else if (strcmp(a, "--list") == 0) {
      o->list = true;
    } else if (strcmp(a, "--check-hazards") == 0) {
      o->checkHazards = true;
    } else if (strncmp(a, "--", 2) == 0) {
      if (i + 1 >= argc)
        return misuse(err, "option '%s' needs a value", a);
      o->timingWorkOptions += !strcmp(a, "--gemm") || !strcmp(a, "--flops") || !strcmp(a, "--bytes");
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

