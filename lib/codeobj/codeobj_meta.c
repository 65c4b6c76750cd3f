/*===- codeobj_meta.c - Kernel metadata, kernel descriptors, occupancy ----===*
 *
 * The NT_AMDGPU_METADATA note holds one msgpack map (AMDGPUUsage "Code
 * Object V5 Metadata"): `amdhsa.target` and `amdhsa.kernels`, a list of maps
 * with `.name`, `.symbol`, `.args`, segment sizes and register counts. Each
 * kernel's `.symbol` names its 64-byte kernel descriptor, decoded per
 * llvm/Support/AMDHSAKernelDescriptor.h.
 *===----------------------------------------------------------------------===*/
#include "codeobj_internal.h"
#include "codeobj_msgpack.h"
#include "flyc/hw.h"

#include <string.h>

typedef struct MetaReader {
  FlyCodeObject *co;
  FlyStrBuf *err;
  const char *kernel;   /* name of the kernel being read, for messages */
} MetaReader;

static int fail(MetaReader *m, const char *what, const char *key) {
  flyStrBufAppend(m->err, "invalid code object metadata: ");
  if (m->kernel)
    flyStrBufAppendF(m->err, "kernel '%s': ", m->kernel);
  flyStrBufAppend(m->err, what);
  if (key)
    flyStrBufAppendF(m->err, " '%s'", key);
  return 0;
}

/* Copies a msgpack string into the arena (NUL-terminated). The arena has one
 * byte per input byte plus one, and each string's header byte pays for its
 * NUL, so it cannot overflow. */
static const char *intern(FlyCodeObject *co, const CompNode *n) {
  if (!n || n->kind != COMP_STR || n->v.str.len == 0 ||
      co->stringsUsed + n->v.str.len + 1 > co->stringsCap)
    return "";
  char *dst = co->strings + co->stringsUsed;
  memcpy(dst, n->v.str.ptr, n->v.str.len);
  dst[n->v.str.len] = '\0';
  co->stringsUsed += n->v.str.len + 1;
  return dst;
}

static int getStr(MetaReader *m, const CompNode *map, const char *key, const char **out) {
  const CompNode *n = compMapGet(map, key);
  if (!n || n->kind != COMP_STR || n->v.str.len == 0 || memchr(n->v.str.ptr, 0, n->v.str.len))
    return fail(m, "missing or invalid string", key);
  *out = intern(m->co, n);
  return 1;
}

/* A u32 field; `required` ones must be present, others default to 0. */
static int getU32(MetaReader *m, const CompNode *map, const char *key, int required,
                  uint32_t *out) {
  const CompNode *n = compMapGet(map, key);
  uint64_t v;
  *out = 0;
  if (!n)
    return required ? fail(m, "missing field", key) : 1;
  if (!compGetUInt(n, &v) || v > UINT32_MAX)
    return fail(m, "field is not a 32-bit unsigned integer:", key);
  *out = (uint32_t)v;
  return 1;
}

static int getBool(MetaReader *m, const CompNode *map, const char *key, bool *out) {
  const CompNode *n = compMapGet(map, key);
  *out = false;
  if (!n)
    return 1;
  if (n->kind != COMP_BOOL)
    return fail(m, "field is not a boolean:", key);
  *out = n->v.b != 0;
  return 1;
}

static int readArg(MetaReader *m, const CompNode *map, uint32_t kernargSize,
                   FlyKernelArg *a) {
  if (!map || map->kind != COMP_MAP)
    return fail(m, "argument is not a map", NULL);
  if (!getU32(m, map, ".offset", 1, &a->offset) || !getU32(m, map, ".size", 1, &a->size) ||
      !getStr(m, map, ".value_kind", &a->valueKind) ||
      !getU32(m, map, ".pointee_align", 0, &a->pointeeAlign) ||
      !getBool(m, map, ".is_const", &a->isConst))
    return 0;
  a->name = intern(m->co, compMapGet(map, ".name"));
  a->typeName = intern(m->co, compMapGet(map, ".type_name"));
  a->addressSpace = intern(m->co, compMapGet(map, ".address_space"));
  a->isHidden = strncmp(a->valueKind, "hidden_", 7) == 0;
  if ((uint64_t)a->offset + a->size > kernargSize)
    return fail(m, "argument outside .kernarg_segment_size:", a->name);
  return 1;
}

static void decodeKd(FlyKernelDescriptor *kd, const uint8_t *p) {
  kd->groupSegmentFixedSize = coRead32(p);
  kd->privateSegmentFixedSize = coRead32(p + 4);
  kd->kernargSize = coRead32(p + 8);
  kd->entryByteOffset = (int64_t)coRead64(p + 16);
  kd->rsrc3 = coRead32(p + 44);
  kd->rsrc1 = coRead32(p + 48);
  kd->rsrc2 = coRead32(p + 52);
  kd->kernelCodeProperties = coRead16(p + 56);
  kd->kernargPreload = coRead16(p + 58);
  uint32_t r1 = kd->rsrc1, r2 = kd->rsrc2, kcp = kd->kernelCodeProperties;
  kd->vgprGranules = r1 & 0x3f;
  kd->sgprGranules = (r1 >> 6) & 0xf;
  kd->floatRoundMode32 = (r1 >> 12) & 3;
  kd->floatRoundMode1664 = (r1 >> 14) & 3;
  kd->floatDenormMode32 = (r1 >> 16) & 3;
  kd->floatDenormMode1664 = (r1 >> 18) & 3;
  kd->dx10Clamp = (r1 >> 21) & 1;
  kd->ieeeMode = (r1 >> 23) & 1;
  kd->fp16Overflow = (r1 >> 26) & 1;
  kd->enablePrivateSegment = r2 & 1;
  kd->userSgprCount = (r2 >> 1) & 0x1f;
  for (int i = 0; i < 3; ++i)
    kd->enableWorkgroupId[i] = (r2 >> (7 + i)) & 1;
  kd->enableWorkgroupInfo = (r2 >> 10) & 1;
  kd->enableVgprWorkitemId = (r2 >> 11) & 3;
  kd->accumOffset = kd->rsrc3 & 0x3f;
  kd->tgSplit = (kd->rsrc3 >> 16) & 1;
  kd->enableSgprPrivateSegmentBuffer = kcp & 1;
  kd->enableSgprDispatchPtr = (kcp >> 1) & 1;
  kd->enableSgprQueuePtr = (kcp >> 2) & 1;
  kd->enableSgprKernargSegmentPtr = (kcp >> 3) & 1;
  kd->enableSgprDispatchId = (kcp >> 4) & 1;
  kd->enableSgprFlatScratchInit = (kcp >> 5) & 1;
  kd->enableSgprPrivateSegmentSize = (kcp >> 6) & 1;
  kd->enableWavefrontSize32 = (kcp >> 10) & 1;
  kd->usesDynamicStack = (kcp >> 11) & 1;
  kd->kernargPreloadLength = kd->kernargPreload & 0x7f;
  kd->kernargPreloadOffset = kd->kernargPreload >> 7;
}

/* Finds the KD symbol, decodes it and checks that the entry is in .text. */
static int readKd(MetaReader *m, FlyKernelInfo *k) {
  const FlyCodeObject *co = m->co;
  const FlyCodeObjectSymbol *sym = NULL;
  for (size_t i = 0; i < co->numSyms && !sym; ++i)
    if (strcmp(co->syms[i].name, k->symbol) == 0 && co->syms[i].section != 0)
      sym = &co->syms[i];
  if (!sym)
    return fail(m, "no kernel descriptor symbol", k->symbol);
  const uint8_t *p = coMapVaddr(co, sym->value, 64);
  if (sym->size != 64 || !p)
    return fail(m, "kernel descriptor is not 64 bytes inside a loaded segment:", k->symbol);
  decodeKd(&k->kd, p);
  k->kdAddress = sym->value;
  k->entryAddress = sym->value + (uint64_t)k->kd.entryByteOffset;
  if (k->entryAddress < co->textAddr || k->entryAddress - co->textAddr >= co->textSize ||
      (k->entryAddress & 3))
    return fail(m, "kernel entry is not inside .text", NULL);
  if (k->kd.enableWavefrontSize32)
    return fail(m, "wave32 kernels are not supported on gfx9", NULL);
  return 1;
}

static int readKernelFields(MetaReader *m, const CompNode *map, FlyKernelInfo *k) {
  return getU32(m, map, ".kernarg_segment_size", 1, &k->kernargSegmentSize) &&
         getU32(m, map, ".kernarg_segment_align", 1, &k->kernargSegmentAlign) &&
         getU32(m, map, ".group_segment_fixed_size", 1, &k->groupSegmentFixedSize) &&
         getU32(m, map, ".private_segment_fixed_size", 1, &k->privateSegmentFixedSize) &&
         getU32(m, map, ".wavefront_size", 1, &k->wavefrontSize) &&
         getU32(m, map, ".sgpr_count", 1, &k->sgprCount) &&
         getU32(m, map, ".vgpr_count", 1, &k->vgprCount) &&
         getU32(m, map, ".agpr_count", 0, &k->agprCount) &&
         getU32(m, map, ".sgpr_spill_count", 0, &k->sgprSpillCount) &&
         getU32(m, map, ".vgpr_spill_count", 0, &k->vgprSpillCount) &&
         getU32(m, map, ".max_flat_workgroup_size", 1, &k->maxFlatWorkgroupSize) &&
         getBool(m, map, ".uses_dynamic_stack", &k->usesDynamicStack);
}

static int readKernel(MetaReader *m, const CompNode *map, FlyKernelInfo *k,
                      FlyKernelArg *args) {
  m->kernel = NULL;
  if (!map || map->kind != COMP_MAP)
    return fail(m, "kernel entry is not a map", NULL);
  if (!getStr(m, map, ".name", &k->name))
    return 0;
  m->kernel = k->name;
  if (!getStr(m, map, ".symbol", &k->symbol) || !readKernelFields(m, map, k))
    return 0;
  if (k->wavefrontSize != 64)
    return fail(m, "only wave64 kernels are supported", NULL);
  const CompNode *list = compMapGet(map, ".args");
  if (list && list->kind != COMP_ARRAY)
    return fail(m, "field is not a list:", ".args");
  k->args = args;
  k->numArgs = list ? list->v.seq.count : 0;
  k->numExplicitArgs = k->numArgs;
  for (size_t i = 0; i < k->numArgs; ++i) {
    if (!readArg(m, &list->v.seq.items[i], k->kernargSegmentSize, &args[i]))
      return 0;
    if (args[i].isHidden && k->numExplicitArgs == k->numArgs)
      k->numExplicitArgs = i;
  }
  return readKd(m, k);
}

static size_t countArgs(const CompNode *kernels) {
  size_t total = 0;
  for (uint32_t i = 0; i < kernels->v.seq.count; ++i) {
    const CompNode *args = compMapGet(&kernels->v.seq.items[i], ".args");
    if (args && args->kind == COMP_ARRAY)
      total += args->v.seq.count;
  }
  return total;
}

static int readRoot(MetaReader *m, const CompNode *root) {
  FlyCodeObject *co = m->co;
  const CompNode *kernels = compMapGet(root, "amdhsa.kernels");
  if (!kernels || kernels->kind != COMP_ARRAY)
    return fail(m, "missing list", "amdhsa.kernels");
  co->target = intern(co, compMapGet(root, "amdhsa.target"));
  size_t numKernels = kernels->v.seq.count, numArgs = countArgs(kernels);
  co->kernels = flyCalloc(numKernels ? numKernels : 1, sizeof(FlyKernelInfo));
  co->args = flyCalloc(numArgs ? numArgs : 1, sizeof(FlyKernelArg));
  if (!co->kernels || !co->args)
    return fail(m, "out of memory", NULL);
  FlyKernelArg *args = co->args;
  for (size_t i = 0; i < numKernels; ++i) {
    if (!readKernel(m, &kernels->v.seq.items[i], &co->kernels[i], args))
      return 0;
    args += co->kernels[i].numArgs;
    co->numKernels = i + 1;
  }
  return 1;
}

int coDecodeMetadata(FlyCodeObject *co, FlyStrBuf *err) {
  MetaReader m = {co, err, NULL};
  FlyStrBuf why = {0};
  CompNode *root = compParse(co->note, co->noteSize, &why);
  if (!root) {
    fail(&m, why.data ? why.data : "out of memory", NULL);
    flyStrBufDestroy(&why);
    return 0;
  }
  co->stringsCap = co->noteSize + 1;
  co->strings = flyAlloc(co->stringsCap);
  int ok = co->strings ? readRoot(&m, root) : fail(&m, "out of memory", NULL);
  compFree(root);
  return ok;
}

static uint32_t alignTo(uint32_t v, uint32_t a) { return (v + a - 1) / a * a; }
static uint32_t minU(uint32_t a, uint32_t b) { return a < b ? a : b; }
static uint32_t maxU(uint32_t a, uint32_t b) { return a > b ? a : b; }

/* The register and LDS facts are the hardware table's (flyc/hw.h): VGPRs
 * are allocated and encoded in granules of 8 (getVGPRAllocGranule,
 * getVGPREncodingGranule), the unified file has 512 entries per lane and a
 * SIMD keeps at most 8 waves. */
static const FlyHwCu *cuOf(FlyChip chip) { return &flyHwChipGet(chip)->cu; }

FlyVgprUsage flyKernelInfoGetVgprUsage(const FlyKernelInfo *info) {
  uint32_t granule = cuOf(FLY_CHIP_GFX950)->vgprGranule; /* the same on both chips */
  FlyVgprUsage u = {0};
  u.total = info->vgprCount;
  u.acc = info->agprCount;
  u.arch = u.acc == 0 ? u.total : u.total > u.acc ? u.total - u.acc : 0;
  u.allocated = (info->kd.vgprGranules + 1) * granule;
  u.accumOffset = (info->kd.accumOffset + 1) * 4;
  u.consistent = u.allocated == alignTo(maxU(u.total, 1), granule) &&
                 (u.acc == 0 || (u.total > u.acc && u.accumOffset == u.arch));
  return u;
}

/* getOccupancyWithNumSGPRs for GFX9 (Volcanic Islands and later, before
 * GFX10): 10 waves up to 80 SGPRs, 9 up to 88, 8 up to 100, else 7. */
static uint32_t wavesBySgprs(uint32_t sgprs, uint32_t maxWaves) {
  uint32_t w = sgprs <= 80 ? 10 : sgprs <= 88 ? 9 : sgprs <= 100 ? 8 : 7;
  return minU(w, maxWaves);
}

FlyOccupancy flyKernelInfoGetOccupancy(const FlyKernelInfo *info, FlyChip chip) {
  const FlyHwChip *hw = flyHwChipGet(chip);
  if (!hw) /* not a chip: no waves */
    return (FlyOccupancy){0};
  uint32_t maxWaves = hw->cu.maxWavesPerSimd;
  FlyOccupancy o;
  FlyVgprUsage u = flyKernelInfoGetVgprUsage(info);
  /* The descriptor's allocation is the unified count (a multiple of the
   * granule, at most 512): the architectural part first, the rest as AGPRs,
   * so the table's rule sees that total. */
  uint32_t arch = minU(u.allocated, hw->cu.archVgprs);
  o.byVgprs = flyHwWavesPerSimdForRegisters(chip, arch, u.allocated - arch);
  o.bySgprs = wavesBySgprs(info->sgprCount, maxWaves);
  o.ldsBytesPerCu = hw->lds.bytes;
  o.byLds = maxWaves;
  if (info->groupSegmentFixedSize) {
    /* A workgroup holds its LDS in allocation granules. */
    uint32_t perGroup = alignTo(info->groupSegmentFixedSize, hw->lds.allocGranule);
    uint32_t groups = o.ldsBytesPerCu / perGroup;
    uint32_t wave = hw->cu.waveSize, simds = hw->cu.simds;
    uint32_t wavesPerGroup = (info->maxFlatWorkgroupSize + wave - 1) / wave;
    o.byLds = minU(maxWaves, (groups * (wavesPerGroup ? wavesPerGroup : 1) + simds - 1) / simds);
  }
  o.waves = minU(o.byVgprs, minU(o.bySgprs, o.byLds));
  return o;
}
