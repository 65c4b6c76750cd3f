/*===- run_args.c - flyc-run's command-line specs, parsed and checked ------===*
 *
 * Buffer:  NAME:DTYPE:COUNT[:INIT]   INIT = zeros (default) | const=V |
 *                                    rand=SEED[,LO,HI] | file=PATH
 * Scalar:  DTYPE=VALUE               DTYPE = i32 | u32 | i64 | u64 | f32
 * Output:  --out NAME=PATH           raw little-endian elements
 *          --check NAME=PATH[,atol=E][,rtol=E]   bitwise unless atol or rtol
 *                                    is given (even 0): then values,
 *                                    |got-ref| <= atol + rtol*|ref|, NaN
 *                                    matches NaN, -0 equals +0
 * Preshuffle: --preshuffle NAME=NxK   --preshuffle-scales NAME=RxKB
 *
 * Every value must be one the element type holds: integers are integer
 * literals within the type's range (a rand range [LO,HI) with LO >= the
 * smallest value and HI <= the largest plus one), floats must not round
 * past the largest finite value, and infinities only go to types that
 * have them. Nothing here allocates device or buffer memory.
 *===----------------------------------------------------------------------===*/
#include "run.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A float literal filling the whole of `s` (strtod syntax, including inf
 * and nan); overflow past the double range is not one. */
static bool parseDouble(const char *s, double *out) {
  char *end;
  errno = 0;
  *out = strtod(s, &end);
  return *s && !*end && !(errno == ERANGE && isinf(*out));
}

/* A copy of the text between `s` and `end` (exclusive), or false when it
 * does not fit `size` bytes. */
static bool copyField(char *dst, size_t size, const char *s, const char *end) {
  size_t n = end ? (size_t)(end - s) : strlen(s);
  if (n >= size)
    return false;
  memcpy(dst, s, n);
  dst[n] = '\0';
  return true;
}

/* Parses an integer literal for type `t`; false with the reason in `why`.
 * With `pastMax` the value may be one past the largest (a rand HI). */
static bool intFits(RunDtype t, const char *text, RunInt *v, bool pastMax, FlyStrBuf *why) {
  RunInt min, max;
  runDtypeIntRange(t, &min, &max);
  char lo[48], hi[48];
  if (!runIntParse(text, v)) {
    flyStrBufAppendF(why, "'%s' is not an integer (%s takes integers)", text, runDtypeName(t));
    return false;
  }
  if (*v < min || *v > max + (pastMax ? 1 : 0)) {
    flyStrBufAppendF(why, "%s is outside %s's range [%s, %s]", text, runDtypeName(t),
                     runIntFormat(min, lo), runIntFormat(max, hi));
    return false;
  }
  return true;
}

/* Parses a float literal for type `t`; false with the reason in `why`. */
static bool floatFits(RunDtype t, const char *text, double *v, FlyStrBuf *why) {
  if (!parseDouble(text, v)) {
    flyStrBufAppendF(why, "'%s' is not a number", text);
    return false;
  }
  if (isinf(*v) && !runDtypeFloatFits(t, *v)) {
    flyStrBufAppendF(why, "%s has no infinity", runDtypeName(t));
    return false;
  }
  if (!runDtypeFloatFits(t, *v)) {
    flyStrBufAppendF(why, "%s is beyond %s's largest value %.9g", text, runDtypeName(t),
                     runDtypeFloatMax(t));
    return false;
  }
  return true;
}

static bool parseConst(const char *s, RunArg *a, FlyStrBuf *why) {
  return runDtypeIsFloat(a->dtype) ? floatFits(a->dtype, s, &a->value, why)
                                   : intFits(a->dtype, s, &a->ivalue, false, why);
}

/* rand=SEED[,LO,HI]; the defaults are [-1,1) for floats, [-8,8) for signed
 * and [0,16) for unsigned integers. */
static bool parseRand(const char *s, RunArg *a, FlyStrBuf *why) {
  const char *c1 = strchr(s, ','), *c2 = c1 ? strchr(c1 + 1, ',') : NULL;
  char seed[32], lo[128], hi[128];
  RunInt seedValue;
  if (!copyField(seed, sizeof seed, s, c1) || !runIntParse(seed, &seedValue) || seedValue < 0 ||
      seedValue > (RunInt)UINT64_MAX) {
    flyStrBufAppendF(why, "the seed of 'rand=%s' is not an integer in [0, 2^64)", s);
    return false;
  }
  a->seed = (uint64_t)seedValue;
  bool isFloat = runDtypeIsFloat(a->dtype), isSigned = runDtypeIsSigned(a->dtype);
  a->lo = -1, a->hi = 1;
  a->ilo = isSigned ? -8 : 0, a->ihi = isSigned ? 8 : 16;
  if (!c1)
    return true;
  if (!c2 || strchr(c2 + 1, ',') || !copyField(lo, sizeof lo, c1 + 1, c2) ||
      !copyField(hi, sizeof hi, c2 + 1, NULL)) {
    flyStrBufAppend(why, "expected rand=SEED,LO,HI");
    return false;
  }
  bool ok = isFloat ? floatFits(a->dtype, lo, &a->lo, why) && floatFits(a->dtype, hi, &a->hi, why)
                    : intFits(a->dtype, lo, &a->ilo, false, why) &&
                          intFits(a->dtype, hi, &a->ihi, true, why);
  if (ok && isFloat && (!isfinite(a->lo) || !isfinite(a->hi))) {
    flyStrBufAppend(why, "a rand range must be finite");
    return false;
  }
  if (ok && (isFloat ? !(a->lo < a->hi) : !(a->ilo < a->ihi))) {
    flyStrBufAppendF(why, "the rand range [%s, %s) is empty", lo, hi);
    return false;
  }
  return ok;
}

static bool parseInit(const char *s, RunArg *a, FlyStrBuf *why) {
  if (strcmp(s, "zeros") == 0) {
    a->init = RUN_INIT_ZEROS;
    return true;
  }
  if (strncmp(s, "const=", 6) == 0) {
    a->init = RUN_INIT_CONST;
    return parseConst(s + 6, a, why);
  }
  if (strncmp(s, "rand=", 5) == 0) {
    a->init = RUN_INIT_RAND;
    return parseRand(s + 5, a, why);
  }
  if (strncmp(s, "file=", 5) == 0 && s[5]) {
    a->init = RUN_INIT_FILE;
    a->path = s + 5;
    return true;
  }
  flyStrBufAppendF(why, "unknown initializer '%s'", s);
  return false;
}

static bool parseScalar(const char *text, const char *eq, RunArg *a, FlyStrBuf *err) {
  char type[16];
  FlyStrBuf why = {0};
  bool ok = copyField(type, sizeof type, text, eq) && runDtypeParse(type, &a->dtype) &&
            (a->dtype == RUN_F32 || a->dtype == RUN_I32 || a->dtype == RUN_U32 ||
             a->dtype == RUN_I64 || a->dtype == RUN_U64);
  if (!ok)
    flyStrBufAppendF(err, "bad scalar argument '%s' (expected i32=, u32=, i64=, u64= or f32=)",
                     text);
  else if (!(a->dtype == RUN_F32 ? floatFits(a->dtype, eq + 1, &a->value, &why)
                                 : intFits(a->dtype, eq + 1, &a->ivalue, false, &why))) {
    flyStrBufAppendF(err, "bad scalar argument '%s': %s", text, why.data ? why.data : "?");
    ok = false;
  }
  flyStrBufDestroy(&why);
  return ok;
}

/* NAME:DTYPE:COUNT, the fields before the initializer. */
static bool parseBufferHead(const char *text, const char *c1, const char *c2, const char *c3,
                            RunArg *a) {
  char type[16], count[32];
  RunInt n;
  if (!c2 || c1 == text || !copyField(a->name, sizeof a->name, text, c1) ||
      !copyField(type, sizeof type, c1 + 1, c2) || !runDtypeParse(type, &a->dtype) ||
      !copyField(count, sizeof count, c2 + 1, c3) || !runIntParse(count, &n))
    return false;
  a->count = n >= 1 && n <= (RunInt)RUN_MAX_COUNT ? (uint64_t)n : 0;
  return a->count != 0;
}

bool runArgParse(const char *text, RunArg *a, FlyStrBuf *err) {
  memset(a, 0, sizeof *a);
  a->text = text;
  const char *c1 = strchr(text, ':'), *eq = strchr(text, '=');
  if (eq && (!c1 || eq < c1))
    return parseScalar(text, eq, a, err);
  a->isBuffer = true;
  const char *c2 = c1 ? strchr(c1 + 1, ':') : NULL, *c3 = c2 ? strchr(c2 + 1, ':') : NULL;
  if (!parseBufferHead(text, c1, c2, c3, a)) {
    flyStrBufAppendF(err, "bad buffer argument '%s' (expected NAME:DTYPE:COUNT[:zeros|"
                     ":const=V|:rand=SEED[,LO,HI]|:file=PATH], COUNT in 1..2^32)", text);
    return false;
  }
  FlyStrBuf why = {0};
  bool ok = !c3 || parseInit(c3 + 1, a, &why);
  if (!ok)
    flyStrBufAppendF(err, "bad buffer argument '%s': %s", text, why.data ? why.data : "?");
  flyStrBufDestroy(&why);
  return ok;
}

/* atol=E / rtol=E after a --check path. */
static bool parseTolerances(char *opt, RunOutput *o) {
  bool ok = true;
  while (ok && opt) {
    char *next = strchr(opt, ',');
    if (next)
      *next++ = '\0';
    double *dst = strncmp(opt, "atol=", 5) == 0 ? &o->atol
                  : strncmp(opt, "rtol=", 5) == 0 ? &o->rtol : NULL;
    ok = dst && parseDouble(opt + 5, dst) && *dst >= 0 && isfinite(*dst);
    o->tolerance = true;
    opt = next;
  }
  return ok;
}

bool runOutputParse(const char *text, bool check, RunOutput *o, FlyStrBuf *err) {
  memset(o, 0, sizeof *o);
  o->check = check;
  o->text = text;
  const char *eq = strchr(text, '=');
  bool ok = eq && eq > text && copyField(o->name, sizeof o->name, text, eq) &&
            copyField(o->path, sizeof o->path, eq + 1, NULL);
  if (ok) {
    char *opt = check ? strchr(o->path, ',') : NULL;
    if (opt)
      *opt++ = '\0';
    ok = parseTolerances(opt, o) && o->path[0];
  }
  if (!ok)
    flyStrBufAppendF(err, check ? "bad --check '%s' (expected NAME=PATH[,atol=E][,rtol=E])"
                                : "bad --out '%s' (expected NAME=PATH)", text);
  return ok;
}

bool runPreshuffleParse(const char *text, bool scales, RunPreshuffle *p, FlyStrBuf *err) {
  memset(p, 0, sizeof *p);
  p->text = text;
  p->scales = scales;
  const char *eq = strchr(text, '='), *x = eq ? strchr(eq + 1, 'x') : NULL;
  char n[32], k[32];
  RunInt nv = 0, kv = 0;
  bool ok = eq && eq > text && x && copyField(p->name, sizeof p->name, text, eq) &&
            copyField(n, sizeof n, eq + 1, x) && copyField(k, sizeof k, x + 1, NULL) &&
            n[0] >= '0' && n[0] <= '9' && k[0] >= '0' && k[0] <= '9' && runIntParse(n, &nv) &&
            runIntParse(k, &kv) && nv >= 1 && kv >= 1 && nv <= (RunInt)RUN_MAX_COUNT &&
            kv <= (RunInt)RUN_MAX_COUNT;
  if (!ok) {
    flyStrBufAppendF(err, scales ? "bad --preshuffle-scales '%s' (expected NAME=RxKB, R and KB "
                                   "in 1..2^32)"
                                 : "bad --preshuffle '%s' (expected NAME=NxK, N and K in 1..2^32)",
                     text);
    return false;
  }
  p->n = (uint64_t)nv;
  p->k = (uint64_t)kv;
  return true;
}

const char *runPreshuffleOption(const RunPreshuffle *p) {
  return p->scales ? "--preshuffle-scales" : "--preshuffle";
}

bool runPreshuffleCheck(const RunPreshuffle *p, const RunArg *a, FlyStrBuf *err) {
  return p->scales ? flyPreshuffleMxScaleCheck(runArgBytes(a), p->n, p->k, err)
                   : flyPreshuffleBCheck(runArgBytes(a), p->n, p->k, runDtypeSize(a->dtype), err);
}

RunArg *runFindBuffer(RunArg *args, size_t n, const char *name) {
  for (size_t i = 0; i < n; ++i)
    if (args[i].isBuffer && strcmp(args[i].name, name) == 0)
      return &args[i];
  return NULL;
}

uint64_t runArgBytes(const RunArg *a) { return a->count * runDtypeSize(a->dtype); }

bool runArgCheckFile(const RunArg *a, const char *path, FlyStrBuf *err) {
  struct stat st;
  if (stat(path, &st) != 0 || access(path, R_OK) != 0) {
    flyStrBufAppendF(err, "buffer %s: cannot open '%s': %s", a->name, path, strerror(errno));
    return false;
  }
  if (S_ISDIR(st.st_mode)) {
    flyStrBufAppendF(err, "buffer %s: '%s' is a directory", a->name, path);
    return false;
  }
  if (S_ISREG(st.st_mode) && (uint64_t)st.st_size != runArgBytes(a)) {
    flyStrBufAppendF(err, "buffer %s: file '%s' does not hold exactly %" PRIu64 " bytes "
                     "(%" PRIu64 " %s elements)", a->name, path, runArgBytes(a), a->count,
                     runDtypeName(a->dtype));
    return false;
  }
  return true;
}

bool runOutputCheckTarget(const RunOutput *o, FlyStrBuf *err) {
  char dir[PATH_MAX];
  const char *slash = strrchr(o->path, '/');
  if (!slash)
    snprintf(dir, sizeof dir, ".");
  else
    copyField(dir, sizeof dir, o->path, slash == o->path ? slash + 1 : slash);
  struct stat st;
  /* A report file (--timing-json/--timing-svg) is named by its option. */
  const char *opt = o->name[0] == '-' ? "" : "--out ";
  if (stat(o->path, &st) == 0 && S_ISDIR(st.st_mode)) {
    flyStrBufAppendF(err, "%s%s: '%s' is a directory", opt, o->name, o->path);
    return false;
  }
  if (access(dir, W_OK | X_OK) != 0) {
    flyStrBufAppendF(err, "%s%s: cannot write '%s': %s", opt, o->name, o->path, strerror(errno));
    return false;
  }
  return true;
}
