/*===- chip_intrinsics.c - Which AMDGPU intrinsics each chip has -----------===*
 *
 * One table for fly-verify-target (ROCDL ops, located at the op) and the
 * backend (every llvm.amdgcn.* declaration of the LLVM module, whatever
 * produced it), so that LLVM's instruction selector never sees an intrinsic
 * the chip lacks: it stops the process ("Cannot select"), and for some
 * (permlane64) crashes it. Names are given without "rocdl." or
 * "llvm.amdgcn."; ROCDL op names are the intrinsic names.
 *
 * Sources: the CDNA3/CDNA4 ISA guides (gfx950-isa-facts.md §1.6: what
 * gfx950 adds and drops), and LLVM 22 itself: every non-overloaded
 * llvm.amdgcn intrinsic was compiled for gfx942 and gfx950 with llc; the
 * families below failed instruction selection on both (docs/pipeline.md,
 * "Target checks"). An intrinsic of another family that no entry names is
 * let through, and LLVM's own errors remain the last line of defence. The
 * MFMAs are checked against the hardware table (flyc/hw.h): an MFMA
 * intrinsic whose form the table lacks on the chip is rejected.
 *===----------------------------------------------------------------------===*/
#include "flyc/chip.h"
#include "flyc/hw.h"

#include <string.h>

/* Families of other AMDGPU generations (RDNA 1-4, gfx12, gfx1250, graphics)
 * that neither CDNA3 nor CDNA4 has, as name prefixes. */
static const char *const notOnCdna[] = {
    "wmma.", "swmmac.", "image.", "interp.", "cluster.", "s.wait.", "s.barrier.",
    "s.get.barrier.state", "s.get.named.barrier.state", "s.get.waveid.in.workgroup",
    "s.wakeup.barrier", "s.cluster.barrier", "s.monitor.sleep", "s.setprio.inc.wg",
    "s.sleep.var", "s.ttracedata.imm", "s.buffer.prefetch.data", "wave.id",
    "ds.atomic.async.barrier", "ds.atomic.barrier", "ds.bvh.", "ds.bpermute.fi",
    "ds.ordered.", "ds.load.tr", "global.load.tr", "global.load.async.to.lds",
    "global.store.async.from.lds", "global.atomic.ordered", "tensor.", "flat.prefetch",
    "global.prefetch", "tanh", "permlanex16", "permlane64", "permlane16.var",
    "permlane.", "cvt.scale.", "cvt.scalef32.pk8.", "cvt.scalef32.pk16.",
    "cvt.scalef32.sr.pk8.", "cvt.scalef32.sr.pk16.", "cvt.sr.pk.", "cvt.f16.fp8",
    "cvt.f16.bf8", "cvt.pk.f16.", "cvt.pk.fp8.f16", "cvt.pk.bf8.f16", "cvt.sr.fp8.f16",
    "cvt.sr.bf8.f16", "cvt.f32.fp8.e5m3", "cvt.pk.fp8.f32.e5m3", "cvt.sr.fp8.f32.e5m3",
    "dot4.f32.", "fdot2.bf16.bf16", "fdot2.f16.f16", "fdot2c.", "sudot", "fma.legacy",
    "add.max.", "add.min.", "pk.add.max.", "pk.add.min.", "perm.pk16.", "sat.pk4.",
    "lds.param.load", "lds.direct.load", "buffer.wbinvl1",
};

/* The gfx908 MFMAs that gfx940 dropped (bf16 without "_1k", the 8-k i8
 * forms): whole names, since some are prefixes of the "_1k" ones. */
static const char *const gfx908Only[] = {
    "mfma.f32.32x32x2bf16", "mfma.f32.16x16x2bf16", "mfma.f32.4x4x2bf16",
    "mfma.f32.32x32x4bf16", "mfma.f32.16x16x8bf16", "mfma.i32.32x32x8i8",
    "mfma.i32.16x16x16i8",
};

/* New in gfx950 (prefixes). Which chip has which MFMA is the hardware
 * table's (mfmaOnChip). */
static const char *const gfx950Only[] = {
    "ds.read.tr", "permlane16.swap", "permlane32.swap", "cvt.scalef32.", "cvt.sr.bf16.f32",
    "cvt.sr.f16.f32", "prng.", "ashr.pk.", "fdot2.f32.bf16",
};

static bool matchPrefix(const char *name, size_t len, const char *const *t, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    size_t l = strlen(t[i]);
    if (len >= l && !memcmp(name, t[i], l))
      return true;
  }
  return false;
}

static bool matchWhole(const char *name, size_t len, const char *const *t, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (len == strlen(t[i]) && !memcmp(name, t[i], len))
      return true;
  return false;
}

#define N(t) (sizeof(t) / sizeof *(t))

/*--- MFMA intrinsics against the hardware table ----------------------------*/

/* An MFMA intrinsic's name, in the fields the table keys its forms by:
 * [s]mfma[.scale].<C>.<M>x<N>x<K>[<T>][.<A>[.<B>]][.1k][.<overload types>],
 * where the CDNA1-3
 * names glue the operand type to K ("16x16x16f16") and the newer ones give
 * it (and B's) as fields ("16x16x32.bf16", "16x16x32.fp8.bf8"). */
typedef struct MfmaName {
  bool sparse, scaled;
  unsigned m, n, k;
  int c, a, b; /* FlyHwElem, -1 when absent */
} MfmaName;

static int elemOf(const char *s, size_t len) {
  static const struct {
    const char *name;
    FlyHwElem elem;
  } t[] = {{"f64", FLY_HW_F64}, {"f32", FLY_HW_F32},   {"xf32", FLY_HW_XF32},
           {"f16", FLY_HW_F16}, {"bf16", FLY_HW_BF16}, {"i8", FLY_HW_I8},
           {"fp8", FLY_HW_FP8}, {"bf8", FLY_HW_BF8},   {"f8f6f4", FLY_HW_F8F6F4},
           {"i32", FLY_HW_I32}};
  for (size_t i = 0; i < N(t); ++i)
    if (len == strlen(t[i].name) && !memcmp(s, t[i].name, len))
      return (int)t[i].elem;
  return -1;
}

/* The next '.'-separated field of [*p, end). */
static bool nextField(const char **p, const char *end, const char **f, size_t *len) {
  if (*p >= end)
    return false;
  *f = *p;
  const char *dot = memchr(*p, '.', (size_t)(end - *p));
  *len = (size_t)((dot ? dot : end) - *p);
  *p = dot ? dot + 1 : end;
  return *len > 0;
}

static bool parseUnsigned(const char **s, const char *end, unsigned *out) {
  unsigned v = 0;
  const char *p = *s;
  while (p < end && *p >= '0' && *p <= '9' && v < 100000)
    v = v * 10 + (unsigned)(*p++ - '0');
  if (p == *s)
    return false;
  *s = p;
  *out = v;
  return true;
}

static bool parseMfmaName(const char *name, size_t len, MfmaName *out) {
  const char *p = name, *end = name + len, *f;
  size_t fl;
  *out = (MfmaName){.c = -1, .a = -1, .b = -1};
  if (!nextField(&p, end, &f, &fl))
    return false;
  out->sparse = fl == 6 && !memcmp(f, "smfmac", 6);
  if (!out->sparse && !(fl == 4 && !memcmp(f, "mfma", 4)))
    return false;
  if (!nextField(&p, end, &f, &fl))
    return false;
  if (!out->sparse && fl == 5 && !memcmp(f, "scale", 5)) {
    out->scaled = true;
    if (!nextField(&p, end, &f, &fl))
      return false;
  }
  if ((out->c = elemOf(f, fl)) < 0 || !nextField(&p, end, &f, &fl))
    return false;
  const char *q = f, *fe = f + fl;
  if (!parseUnsigned(&q, fe, &out->m) || q >= fe || *q++ != 'x' ||
      !parseUnsigned(&q, fe, &out->n) || q >= fe || *q++ != 'x' ||
      !parseUnsigned(&q, fe, &out->k))
    return false;
  if (q < fe && (out->a = elemOf(q, (size_t)(fe - q))) < 0)
    return false;
  while (nextField(&p, end, &f, &fl)) {
    /* ".1k", and the overload suffixes of an llvm.amdgcn declaration
       (".v8i32.v8i32") */
    if ((fl == 2 && !memcmp(f, "1k", 2)) || (fl >= 2 && f[0] == 'v' && f[1] >= '0' && f[1] <= '9'))
      continue;
    int e = elemOf(f, fl);
    if (e < 0)
      return false;
    if (out->a < 0)
      out->a = e;
    else if (out->b < 0)
      out->b = e;
    else
      return false;
  }
  if (out->b < 0)
    out->b = out->a;
  return out->a >= 0;
}

/* Whether `chip` has the MFMA intrinsic `name`: its form must be in the
 * hardware table with passes on that chip. */
static bool mfmaOnChip(FlyChip chip, const char *name, size_t len) {
  MfmaName mn;
  if (!parseMfmaName(name, len, &mn))
    return false;
  size_t count;
  const FlyHwMfma *t = flyHwMfmaTable(&count);
  for (size_t i = 0; i < count; ++i) {
    const FlyHwMfma *f = &t[i];
    if ((f->kind == FLY_HW_SMFMAC) == mn.sparse && f->scaled == mn.scaled && f->m == mn.m &&
        f->n == mn.n && f->k == mn.k && (int)f->c == mn.c && (int)f->a == mn.a &&
        (int)f->b == mn.b)
      return f->passes[chip] != 0;
  }
  return false;
}

static bool isMfma(const char *name, size_t len) {
  return (len >= 5 && !memcmp(name, "mfma.", 5)) || (len >= 7 && !memcmp(name, "smfmac.", 7));
}

bool flyChipHasIntrinsic(FlyChip chip, const char *name, size_t len) {
  if (matchPrefix(name, len, notOnCdna, N(notOnCdna)) ||
      matchWhole(name, len, gfx908Only, N(gfx908Only)))
    return false;
  if (isMfma(name, len))
    return (unsigned)chip < FLY_HW_NUM_CHIPS && mfmaOnChip(chip, name, len);
  if (chip == FLY_CHIP_GFX942)
    return !matchPrefix(name, len, gfx950Only, N(gfx950Only));
  return true;
}
