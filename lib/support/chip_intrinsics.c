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
 * let through, and LLVM's own errors remain the last line of defence.
 *===----------------------------------------------------------------------===*/
#include "flyc/chip.h"

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

/* New in gfx950 (prefixes). */
static const char *const gfx950Only[] = {
    "mfma.f32.16x16x32.bf16", "mfma.f32.16x16x32.f16", "mfma.f32.32x32x16.bf16",
    "mfma.f32.32x32x16.f16", "mfma.i32.16x16x64.i8", "mfma.i32.32x32x32.i8", "mfma.scale.",
    "smfmac.f32.16x16x64.bf16", "smfmac.f32.16x16x64.f16", "smfmac.f32.32x32x32.bf16",
    "smfmac.f32.32x32x32.f16", "smfmac.i32.16x16x128.i8", "smfmac.i32.32x32x64.i8",
    "smfmac.f32.16x16x128.", "smfmac.f32.32x32x64.", "ds.read.tr", "permlane16.swap",
    "permlane32.swap", "cvt.scalef32.", "cvt.sr.bf16.f32", "cvt.sr.f16.f32", "prng.",
    "ashr.pk.", "fdot2.f32.bf16",
};

/* Gone in gfx950 (prefixes). */
static const char *const removedOnGfx950[] = {"mfma.f32.16x16x8.xf32", "mfma.f32.32x32x4.xf32"};

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

bool flyChipHasIntrinsic(FlyChip chip, const char *name, size_t len) {
  if (matchPrefix(name, len, notOnCdna, N(notOnCdna)) ||
      matchWhole(name, len, gfx908Only, N(gfx908Only)))
    return false;
  if (chip == FLY_CHIP_GFX942)
    return !matchPrefix(name, len, gfx950Only, N(gfx950Only));
  return !matchPrefix(name, len, removedOnGfx950, N(removedOnGfx950));
}
