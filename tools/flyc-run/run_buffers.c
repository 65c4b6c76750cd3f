/*===- run_buffers.c - flyc-run's buffers on the device, checks and outputs -===*
 *
 * Buffers are filled, compared and written a stage (RUN_STAGE_BYTES) at a
 * time, so no host copy of a whole buffer is made (except for
 * --preshuffle and --preshuffle-scales). An --out file is written to a temporary file in the same
 * directory and renamed over its path only once the whole run has
 * succeeded, so a failed run leaves no output and a reader never sees a
 * partial one.
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

static uint64_t splitmix(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* A float uniform in [lo, hi) (both finite); the second form serves spans
 * wider than the double range. */
static double randFloat(const RunArg *a, uint64_t *state) {
  double u = (double)(splitmix(state) >> 11) * 0x1p-53, span = a->hi - a->lo;
  double v = isfinite(span) ? a->lo + u * span : a->lo * (1 - u) + a->hi * u;
  return v >= a->hi ? nextafter(a->hi, a->lo) : v < a->lo ? a->lo : v;
}

/* An integer uniform over [ilo, ihi) in exact arithmetic: the span is at
 * most 2^64, so the high half of a 64 x 64-bit product picks the offset. */
static RunInt randInt(const RunArg *a, uint64_t *state) {
  unsigned __int128 span = (unsigned __int128)(a->ihi - a->ilo);
  return a->ilo + (RunInt)(((unsigned __int128)splitmix(state) * span) >> 64);
}

/* Elements [0, n) of the next stage of a zeros/const/rand buffer. */
static void fillStage(const RunArg *a, uint8_t *stage, uint64_t n, uint64_t *state) {
  unsigned es = runDtypeSize(a->dtype);
  bool isFloat = runDtypeIsFloat(a->dtype);
  if (a->init == RUN_INIT_ZEROS) {
    memset(stage, 0, n * es);
    return;
  }
  for (uint64_t i = 0; i < n; ++i) {
    bool rnd = a->init == RUN_INIT_RAND;
    if (isFloat)
      runDtypeEncodeFloat(a->dtype, rnd ? randFloat(a, state) : a->value, stage + i * es);
    else
      runDtypeEncodeInt(a->dtype, rnd ? randInt(a, state) : a->ivalue, stage + i * es);
  }
}

static FILE *openInput(const RunArg *a, const char *path, FlyStrBuf *err) {
  FILE *f = fopen(path, "rb");
  if (!f)
    flyStrBufAppendF(err, "buffer %s: cannot open '%s': %s", a->name, path, strerror(errno));
  return f;
}

/* Reads `size` bytes, or at the end (size 0) checks that nothing is left. */
static bool readExactly(FILE *f, const RunArg *a, const char *path, uint8_t *dst, size_t size,
                        FlyStrBuf *err) {
  bool ok = size ? fread(dst, 1, size, f) == size : fgetc(f) == EOF;
  if (!ok)
    flyStrBufAppendF(err, "buffer %s: file '%s' does not hold exactly %" PRIu64 " bytes "
                     "(%" PRIu64 " %s elements)", a->name, path, runArgBytes(a), a->count,
                     runDtypeName(a->dtype));
  return ok;
}

bool runArgMaterialize(FlyDevice *dev, RunArg *a, uint8_t *stage, FlyStrBuf *err) {
  if (!a->isBuffer)
    return true;
  FILE *f = a->init == RUN_INIT_FILE ? openInput(a, a->path, err) : NULL;
  if (a->init == RUN_INIT_FILE && !f)
    return false;
  bool ok = flyDeviceAlloc(dev, runArgBytes(a), &a->buf, err);
  unsigned es = runDtypeSize(a->dtype);
  uint64_t state = a->seed, perStage = RUN_STAGE_BYTES / es;
  for (uint64_t i = 0; ok && i < a->count; i += perStage) {
    uint64_t n = a->count - i < perStage ? a->count - i : perStage;
    if (f)
      ok = readExactly(f, a, a->path, stage, n * es, err);
    else
      fillStage(a, stage, n, &state);
    ok = ok && flyDeviceCopyIn(dev, a->buf, i * es, stage, n * es, err);
  }
  ok = ok && (!f || readExactly(f, a, a->path, stage, 0, err));
  if (f)
    fclose(f);
  return ok;
}

bool runArgPreshuffle(FlyDevice *dev, const RunArg *a, const RunPreshuffle *p, FlyStrBuf *err) {
  size_t size = (size_t)runArgBytes(a);
  unsigned char *host = flyAlloc(size), *out = flyAlloc(size);
  bool ok = host && out;
  if (!ok)
    flyStrBufAppendF(err, "%s %s: out of memory", runPreshuffleOption(p), p->text);
  ok = ok && flyDeviceCopyOut(dev, a->buf, 0, host, size, err);
  if (ok && p->scales)
    ok = flyPreshuffleMxScale(host, out, size, (size_t)p->n, (size_t)p->k, err);
  else if (ok)
    ok = flyPreshuffleB(host, out, size, (size_t)p->n, (size_t)p->k, runDtypeSize(a->dtype), err);
  ok = ok && flyDeviceCopyIn(dev, a->buf, 0, out, size, err);
  flyFree(host);
  flyFree(out);
  return ok;
}

bool runArgAppend(const RunArg *a, FlyArgs *args) {
  if (a->isBuffer)
    return flyArgsAddBuffer(args, a->buf);
  if (a->dtype == RUN_F32)
    return flyArgsAddF32(args, (float)a->value); /* checked to fit f32 */
  uint64_t bits = (uint64_t)a->ivalue;          /* two's complement, little-endian */
  return flyArgsAddBytes(args, &bits, runDtypeSize(a->dtype));
}

/*--- --check ----------------------------------------------------------------*/

typedef struct Tally {
  uint64_t bad, first;
  double maxErr;
  uint8_t firstGot[8], firstRef[8]; /* the first differing elements' bytes */
} Tally;

/* Formats one element exactly: integers in decimal (all 64 bits), floats
   with enough digits to tell any two f32 values apart. */
static const char *formatElement(RunDtype t, const uint8_t *bytes, char buf[48]) {
  if (runDtypeIsFloat(t)) {
    snprintf(buf, 48, "%.9g", runDtypeDecode(t, bytes));
    return buf;
  }
  unsigned es = runDtypeSize(t);
  uint64_t u = 0;
  for (unsigned i = 0; i < es; ++i)
    u |= (uint64_t)bytes[i] << (8 * i);
  RunInt v = (RunInt)u;
  if (runDtypeIsSigned(t) && es < 8 && (u >> (8 * es - 1)) & 1)
    v -= (RunInt)1 << (8 * es);
  else if (runDtypeIsSigned(t) && es == 8)
    v = (RunInt)(int64_t)u;
  return runIntFormat(v, buf);
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

/* Compares n elements starting at element `base`. */
static void tallyStage(const RunArg *a, const RunOutput *o, const uint8_t *got,
                       const uint8_t *ref, uint64_t base, uint64_t n, Tally *t) {
  unsigned es = runDtypeSize(a->dtype);
  for (uint64_t i = 0; i < n; ++i) {
    double e = 0;
    if (!elementMatches(o, a->dtype, got + i * es, ref + i * es, &e) && t->bad++ == 0) {
      t->first = base + i;
      memcpy(t->firstGot, got + i * es, es);
      memcpy(t->firstRef, ref + i * es, es);
    }
    if (e > t->maxErr)
      t->maxErr = e;
  }
}

static int reportTally(const RunArg *a, const RunOutput *o, const Tally *t, FlyStrBuf *report) {
  if (!t->bad) {
    flyStrBufAppendF(report, "check %s: ok (%" PRIu64 " %s elements, %s, max abs error %g)\n",
                     a->name, a->count, runDtypeName(a->dtype),
                     o->tolerance ? "within tolerance" : "bit-exact", t->maxErr);
    return 0;
  }
  char got[48], ref[48], how[64];
  if (o->tolerance)
    snprintf(how, sizeof how, "atol %g, rtol %g", o->atol, o->rtol);
  else
    snprintf(how, sizeof how, "bit-exact");
  flyStrBufAppendF(report, "check %s: %" PRIu64 " of %" PRIu64 " elements differ "
                   "(%s); first at [%" PRIu64 "]: got %s, expected %s",
                   a->name, t->bad, a->count, how, t->first,
                   formatElement(a->dtype, t->firstGot, got),
                   formatElement(a->dtype, t->firstRef, ref));
  return 3;
}

int runOutputCheck(FlyDevice *dev, const RunArg *a, const RunOutput *o, uint8_t *stage,
                   FlyStrBuf *report, FlyStrBuf *err) {
  FILE *f = openInput(a, o->path, err);
  if (!f)
    return 1;
  unsigned es = runDtypeSize(a->dtype);
  uint64_t perStage = RUN_STAGE_BYTES / 2 / es;
  uint8_t *got = stage, *ref = stage + RUN_STAGE_BYTES / 2;
  Tally t = {0};
  bool ok = true;
  for (uint64_t i = 0; ok && i < a->count; i += perStage) {
    uint64_t n = a->count - i < perStage ? a->count - i : perStage;
    ok = flyDeviceCopyOut(dev, a->buf, i * es, got, n * es, err) &&
         readExactly(f, a, o->path, ref, n * es, err);
    if (ok)
      tallyStage(a, o, got, ref, i, n, &t);
  }
  ok = ok && readExactly(f, a, o->path, ref, 0, err);
  fclose(f);
  return ok ? reportTally(a, o, &t, report) : 1;
}

/*--- --out --------------------------------------------------------------------*/

/* Creates the temporary file with SIGALRM (--timeout) held off, so the
 * handler that unlinks live temporaries sees either no file or its name. */
static int createTemp(RunOutput *o) {
  sigset_t alarmOnly, old;
  sigemptyset(&alarmOnly);
  sigaddset(&alarmOnly, SIGALRM);
  sigprocmask(SIG_BLOCK, &alarmOnly, &old);
  snprintf(o->temp, sizeof o->temp, "%s.tmp-XXXXXX", o->path);
  int fd = mkstemp(o->temp);
  o->tempLive = fd >= 0;
  sigprocmask(SIG_SETMASK, &old, NULL);
  if (fd >= 0) { /* mkstemp makes it 0600; an output gets the usual 0666 & ~umask */
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
  }
  return fd;
}

bool runOutputWriteTemp(FlyDevice *dev, const RunArg *a, RunOutput *o, uint8_t *stage,
                        FlyStrBuf *err) {
  int fd = createTemp(o);
  FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
  if (!f) {
    flyStrBufAppendF(err, "cannot write '%s': %s", o->path, strerror(errno));
    if (fd >= 0)
      close(fd);
    runOutputDiscard(o);
    return false;
  }
  unsigned es = runDtypeSize(a->dtype);
  uint64_t perStage = RUN_STAGE_BYTES / es;
  bool ok = true;
  for (uint64_t i = 0; ok && i < a->count; i += perStage) {
    uint64_t n = a->count - i < perStage ? a->count - i : perStage;
    ok = flyDeviceCopyOut(dev, a->buf, i * es, stage, n * es, err);
    if (ok && fwrite(stage, 1, n * es, f) != n * es) {
      flyStrBufAppendF(err, "cannot write '%s': %s", o->path, strerror(errno));
      ok = false;
    }
  }
  if (fclose(f) != 0 && ok) {
    flyStrBufAppendF(err, "cannot write '%s': %s", o->path, strerror(errno));
    ok = false;
  }
  if (!ok)
    runOutputDiscard(o);
  return ok;
}

bool runOutputWriteTextTemp(RunOutput *o, const char *data, size_t n, FlyStrBuf *err) {
  int fd = createTemp(o);
  FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
  bool ok = f && fwrite(data, 1, n, f) == n;
  if (f && fclose(f) != 0)
    ok = false;
  else if (!f && fd >= 0)
    close(fd);
  if (!ok) {
    flyStrBufAppendF(err, "cannot write '%s': %s", o->path, strerror(errno));
    runOutputDiscard(o);
  }
  return ok;
}

bool runOutputCommit(RunOutput *o, FlyStrBuf *err) {
  if (rename(o->temp, o->path) != 0) {
    flyStrBufAppendF(err, "cannot write '%s': %s", o->path, strerror(errno));
    runOutputDiscard(o);
    return false;
  }
  o->tempLive = 0;
  return true;
}

void runOutputDiscard(RunOutput *o) {
  if (o->tempLive)
    unlink(o->temp);
  o->tempLive = 0;
}
