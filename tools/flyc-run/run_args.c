/*===- run_args.c - flyc-run argument specs, buffers and output checks ----===*
 *
 * Buffer:  NAME:DTYPE:COUNT[:INIT]   INIT = zeros (default) | const=V |
 *                                    rand=SEED[,LO,HI] | file=PATH
 * Scalar:  DTYPE=VALUE               DTYPE = i32 | u32 | i64 | u64 | f32
 * Output:  --out NAME=PATH           raw little-endian elements
 *          --check NAME=PATH[,atol=E][,rtol=E]   bitwise unless atol or rtol
 *                                    is given (even 0): then values,
 *                                    |got-ref| <= atol + rtol*|ref|, NaN
 *                                    matches NaN, -0 equals +0
 *===----------------------------------------------------------------------===*/
#include "run.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool parseDouble(const char *s, double *out) {
  char *end;
  errno = 0;
  *out = strtod(s, &end);
  return *s && !*end && errno == 0;
}

static bool parseU64(const char *s, uint64_t *out) {
  char *end;
  errno = 0;
  if (*s == '-' || !*s)
    return false;
  *out = strtoull(s, &end, 0);
  return !*end && errno == 0;
}

static bool parseI64(const char *s, int64_t *out) {
  char *end;
  errno = 0;
  *out = strtoll(s, &end, 0);
  return *s && !*end && errno == 0;
}

static bool parseRand(const char *s, RunArg *a) {
  char buf[256];
  snprintf(buf, sizeof buf, "%s", s);
  char *lo = strchr(buf, ','), *hi = NULL;
  if (lo) {
    *lo++ = '\0';
    hi = strchr(lo, ',');
    if (!hi)
      return false;
    *hi++ = '\0';
  }
  bool isFloat = runDtypeIsFloat(a->dtype);
  bool isSigned = a->dtype == RUN_I8 || a->dtype == RUN_I16 || a->dtype == RUN_I32 ||
                  a->dtype == RUN_I64;
  a->lo = isFloat ? -1 : isSigned ? -8 : 0;
  a->hi = isFloat ? 1 : isSigned ? 8 : 16;
  return parseU64(buf, &a->seed) &&
         (!lo || (parseDouble(lo, &a->lo) && parseDouble(hi, &a->hi) && a->lo < a->hi));
}

static bool parseInit(const char *s, RunArg *a) {
  if (strcmp(s, "zeros") == 0) {
    a->init = RUN_INIT_ZEROS;
    return true;
  }
  if (strncmp(s, "const=", 6) == 0) {
    a->init = RUN_INIT_CONST;
    return parseDouble(s + 6, &a->value);
  }
  if (strncmp(s, "rand=", 5) == 0) {
    a->init = RUN_INIT_RAND;
    return parseRand(s + 5, a);
  }
  if (strncmp(s, "file=", 5) == 0 && s[5]) {
    a->init = RUN_INIT_FILE;
    a->path = s + 5;
    return true;
  }
  return false;
}

static bool parseScalar(const char *text, const char *eq, RunArg *a, FlyStrBuf *err) {
  char type[16];
  size_t n = (size_t)(eq - text);
  snprintf(type, sizeof type, "%.*s", (int)(n < 15 ? n : 15), text);
  int64_t s = 0;
  bool ok = runDtypeParse(type, &a->dtype);
  if (ok && a->dtype == RUN_F32) {
    ok = parseDouble(eq + 1, &a->value);
  } else if (ok && (a->dtype == RUN_U32 || a->dtype == RUN_U64)) {
    ok = parseU64(eq + 1, &a->bits) && (a->dtype == RUN_U64 || a->bits <= UINT32_MAX);
  } else if (ok && (a->dtype == RUN_I32 || a->dtype == RUN_I64)) {
    ok = parseI64(eq + 1, &s) && (a->dtype == RUN_I64 || (s >= INT32_MIN && s <= INT32_MAX));
    a->bits = (uint64_t)s;
  } else {
    ok = false;
  }
  if (!ok)
    flyStrBufAppendF(err, "bad scalar argument '%s' (expected i32=, u32=, i64=, u64= or f32= "
                     "with a value in range)", text);
  return ok;
}

bool runArgParse(const char *text, RunArg *a, FlyStrBuf *err) {
  memset(a, 0, sizeof *a);
  a->text = text;
  const char *colon = strchr(text, ':'), *eq = strchr(text, '=');
  if (eq && (!colon || eq < colon))
    return parseScalar(text, eq, a, err);
  a->isBuffer = true;
  char buf[1280];
  snprintf(buf, sizeof buf, "%s", text);
  char *name = buf, *type = strchr(name, ':'), *count = type ? strchr(type + 1, ':') : NULL;
  char *init = count ? strchr(count + 1, ':') : NULL;
  if (type) *type++ = '\0';
  if (count) *count++ = '\0';
  if (init) *init++ = '\0';
  bool ok = count && *name && strlen(name) < sizeof a->name && runDtypeParse(type, &a->dtype) &&
            parseU64(count, &a->count) && a->count > 0 && a->count <= (1ull << 32);
  if (ok) {
    memcpy(a->name, name, strlen(name) + 1); /* length checked above */
    ok = !init || parseInit(text + (init - buf), a);
  }
  if (!ok)
    flyStrBufAppendF(err, "bad buffer argument '%s' (expected NAME:DTYPE:COUNT[:zeros|"
                     ":const=V|:rand=SEED[,LO,HI]|:file=PATH])", text);
  return ok;
}

bool runOutputParse(const char *text, bool check, RunOutput *o, FlyStrBuf *err) {
  memset(o, 0, sizeof *o);
  o->check = check;
  o->text = text;
  const char *eq = strchr(text, '=');
  bool ok = eq && eq > text && (size_t)(eq - text) < sizeof o->name;
  if (ok) {
    snprintf(o->name, sizeof o->name, "%.*s", (int)(eq - text), text);
    snprintf(o->path, sizeof o->path, "%s", eq + 1);
    char *opt = check ? strchr(o->path, ',') : NULL;
    if (opt)
      *opt++ = '\0';
    while (ok && opt) {
      char *next = strchr(opt, ',');
      if (next) *next++ = '\0';
      if (strncmp(opt, "atol=", 5) == 0) ok = parseDouble(opt + 5, &o->atol) && o->atol >= 0;
      else if (strncmp(opt, "rtol=", 5) == 0) ok = parseDouble(opt + 5, &o->rtol) && o->rtol >= 0;
      else ok = false;
      o->tolerance = true;
      opt = next;
    }
    ok = ok && o->path[0];
  }
  if (!ok)
    flyStrBufAppendF(err, check ? "bad --check '%s' (expected NAME=PATH[,atol=E][,rtol=E])"
                                : "bad --out '%s' (expected NAME=PATH)", text);
  return ok;
}

static uint64_t splitmix(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* Values of a rand buffer: floats uniform in [lo, hi), integers uniform
 * over the integers in [lo, hi). */
static double randValue(const RunArg *a, uint64_t *state) {
  double u = (double)(splitmix(state) >> 11) * 0x1p-53;
  double v = a->lo + u * (a->hi - a->lo);
  return runDtypeIsFloat(a->dtype) ? v : floor(v);
}

static bool readFileInto(const RunArg *a, uint8_t *host, size_t size, FlyStrBuf *err) {
  FILE *f = fopen(a->path, "rb");
  if (!f) {
    flyStrBufAppendF(err, "buffer %s: cannot open '%s': %s", a->name, a->path, strerror(errno));
    return false;
  }
  size_t got = fread(host, 1, size, f);
  int extra = fgetc(f);
  fclose(f);
  if (got != size || extra != EOF) {
    flyStrBufAppendF(err, "buffer %s: file '%s' does not hold exactly %zu bytes "
                     "(%" PRIu64 " %s elements)", a->name, a->path, size, a->count,
                     runDtypeName(a->dtype));
    return false;
  }
  return true;
}

bool runArgMaterialize(FlyDevice *dev, RunArg *a, FlyStrBuf *err) {
  if (!a->isBuffer)
    return true;
  unsigned es = runDtypeSize(a->dtype);
  size_t size = (size_t)a->count * es;
  uint8_t *host = flyCalloc(size, 1);
  if (!host) {
    flyStrBufAppendF(err, "buffer %s: out of memory", a->name);
    return false;
  }
  bool ok = true;
  uint64_t state = a->seed;
  if (a->init == RUN_INIT_FILE)
    ok = readFileInto(a, host, size, err);
  for (uint64_t i = 0; a->init == RUN_INIT_CONST && i < a->count; ++i)
    runDtypeEncode(a->dtype, a->value, host + i * es);
  for (uint64_t i = 0; a->init == RUN_INIT_RAND && i < a->count; ++i)
    runDtypeEncode(a->dtype, randValue(a, &state), host + i * es);
  ok = ok && flyDeviceAlloc(dev, size, &a->buf, err) &&
       flyDeviceCopyIn(dev, a->buf, 0, host, size, err);
  flyFree(host);
  return ok;
}

bool runArgAppend(const RunArg *a, FlyArgs *args) {
  if (a->isBuffer)
    return flyArgsAddBuffer(args, a->buf);
  if (a->dtype == RUN_F32)
    return flyArgsAddF32(args, (float)a->value);
  return flyArgsAddBytes(args, &a->bits, runDtypeSize(a->dtype));
}

static bool writeFile(const char *path, const uint8_t *data, size_t size, FlyStrBuf *err) {
  FILE *f = fopen(path, "wb");
  bool ok = f && fwrite(data, 1, size, f) == size;
  if (f && fclose(f) != 0)
    ok = false;
  if (!ok)
    flyStrBufAppendF(err, "cannot write '%s'", path);
  return ok;
}

static bool elementMatches(const RunOutput *o, RunDtype t, const uint8_t *got,
                           const uint8_t *ref, double *absErr) {
  unsigned es = runDtypeSize(t);
  if (!o->tolerance)
    return memcmp(got, ref, es) == 0;
  double g = runDtypeDecode(t, got), r = runDtypeDecode(t, ref);
  if (isnan(g) || isnan(r))
    return isnan(g) && isnan(r);
  if (isinf(g) || isinf(r))
    return g == r;
  *absErr = fabs(g - r);
  return *absErr <= o->atol + o->rtol * fabs(r);
}

static int compare(const RunArg *a, const RunOutput *o, const uint8_t *got,
                   const uint8_t *ref, FlyStrBuf *report) {
  unsigned es = runDtypeSize(a->dtype);
  uint64_t bad = 0, first = 0;
  double maxErr = 0;
  for (uint64_t i = 0; i < a->count; ++i) {
    double e = 0;
    if (!elementMatches(o, a->dtype, got + i * es, ref + i * es, &e) && bad++ == 0)
      first = i;
    if (e > maxErr)
      maxErr = e;
  }
  if (!bad) {
    flyStrBufAppendF(report, "check %s: ok (%" PRIu64 " %s elements, %s, max abs error %g)\n",
                     a->name, a->count, runDtypeName(a->dtype),
                     o->tolerance ? "within tolerance" : "bit-exact", maxErr);
    return 0;
  }
  flyStrBufAppendF(report, "check %s: %" PRIu64 " of %" PRIu64 " elements differ "
                   "(atol %g, rtol %g); first at [%" PRIu64 "]: got %.9g, expected %.9g",
                   a->name, bad, a->count, o->atol, o->rtol, first,
                   runDtypeDecode(a->dtype, got + first * es),
                   runDtypeDecode(a->dtype, ref + first * es));
  return 3;
}

static const RunArg *findBuffer(const RunArg *args, size_t n, const char *name) {
  for (size_t i = 0; i < n; ++i)
    if (args[i].isBuffer && strcmp(args[i].name, name) == 0)
      return &args[i];
  return NULL;
}

int runOutputHandle(FlyDevice *dev, const RunArg *args, size_t numArgs, const RunOutput *o,
                    FlyStrBuf *report, FlyStrBuf *err) {
  const RunArg *a = findBuffer(args, numArgs, o->name);
  if (!a) {
    flyStrBufAppendF(err, "%s names no buffer argument '%s'", o->check ? "--check" : "--out",
                     o->name);
    return 1;
  }
  size_t size = (size_t)a->count * runDtypeSize(a->dtype);
  uint8_t *got = flyAlloc(size), *ref = o->check ? flyAlloc(size) : NULL;
  int rc = 1;
  if (got && (!o->check || ref) && flyDeviceCopyOut(dev, a->buf, 0, got, size, err)) {
    if (!o->check) {
      rc = writeFile(o->path, got, size, err) ? 0 : 1;
    } else {
      RunArg refArg = *a;
      refArg.path = o->path;
      rc = readFileInto(&refArg, ref, size, err) ? compare(a, o, got, ref, report) : 1;
    }
  } else if (!got || (o->check && !ref)) {
    flyStrBufAppend(err, "out of memory");
  }
  flyFree(got);
  flyFree(ref);
  return rc;
}
