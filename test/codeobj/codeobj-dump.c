/*===- codeobj-dump.c - Print everything flyc_codeobj reads ---------------===*
 *
 * Usage: codeobj-dump FILE          print every field (metadata in the
 *                                   key order and names llvm-readelf --notes
 *                                   uses, descriptors as llvm-objdump's
 *                                   .amdhsa_* directives), for FileCheck
 *        codeobj-dump --fuzz FILE   parse every truncation of FILE and
 *                                   every single-byte corruption of its
 *                                   headers and note; each must either
 *                                   parse or fail with exactly one line
 *        codeobj-dump --kernel NAME FILE   look a kernel up by name
 *
 * This source file is itself a malformed input:
 * RUN: not %testbin/codeobj-dump %s 2>&1 | FileCheck %s
 * CHECK: error: invalid code object: not an ELF file
 * RUN: not %testbin/codeobj-dump %s.missing 2>&1 | FileCheck %s --check-prefix=MISSING
 * MISSING: codeobj-dump: cannot read '{{.*}}codeobj-dump.c.missing'
 *===----------------------------------------------------------------------===*/
#include "flyc/codeobj.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint8_t *readFile(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  uint8_t *buf = flyAlloc(n > 0 ? (size_t)n : 1);
  if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
    flyFree(buf);
    buf = NULL;
  }
  fclose(f);
  *size = (size_t)n;
  return buf;
}

static const char *featureName(uint32_t v) {
  static const char *const names[4] = {"unsupported", "any", "off", "on"};
  return names[v & 3];
}

/* Prints "key: value" lines of one list entry; the first one gets the "- ". */
static void argLine(int *first, const char *key, const char *value) {
  printf("      %s%s: %s\n", *first ? "- " : "  ", key, value);
  *first = 0;
}

static void printArg(const FlyKernelArg *a) {
  char offset[16], size[16], align[16];
  int first = 1;
  snprintf(offset, sizeof offset, "%u", a->offset);
  snprintf(size, sizeof size, "%u", a->size);
  snprintf(align, sizeof align, "%u", a->pointeeAlign);
  if (*a->addressSpace) argLine(&first, ".address_space", a->addressSpace);
  if (a->isConst) argLine(&first, ".is_const", "true");
  if (*a->name) argLine(&first, ".name", a->name);
  argLine(&first, ".offset", offset);
  if (a->pointeeAlign) argLine(&first, ".pointee_align", align);
  argLine(&first, ".size", size);
  if (*a->typeName) argLine(&first, ".type_name", a->typeName);
  argLine(&first, ".value_kind", a->valueKind);
  argLine(&first, "hidden", a->isHidden ? "1" : "0");
}

static void printMeta(const FlyKernelInfo *k) {
  printf("  - .agpr_count: %u\n    .args:\n", k->agprCount);
  for (size_t i = 0; i < k->numArgs; ++i)
    printArg(&k->args[i]);
  printf("    explicit_args: %zu\n", k->numExplicitArgs);
  printf("    .group_segment_fixed_size: %u\n", k->groupSegmentFixedSize);
  printf("    .kernarg_segment_align: %u\n", k->kernargSegmentAlign);
  printf("    .kernarg_segment_size: %u\n", k->kernargSegmentSize);
  printf("    .max_flat_workgroup_size: %u\n", k->maxFlatWorkgroupSize);
  printf("    .name: %s\n", k->name);
  printf("    .private_segment_fixed_size: %u\n", k->privateSegmentFixedSize);
  printf("    .sgpr_count: %u\n", k->sgprCount);
  printf("    .sgpr_spill_count: %u\n", k->sgprSpillCount);
  printf("    .symbol: %s\n", k->symbol);
  printf("    .uses_dynamic_stack: %s\n", k->usesDynamicStack ? "true" : "false");
  printf("    .vgpr_count: %u\n", k->vgprCount);
  printf("    .vgpr_spill_count: %u\n", k->vgprSpillCount);
  printf("    .wavefront_size: %u\n", k->wavefrontSize);
}

static void printKdHead(const FlyKernelInfo *k) {
  const FlyKernelDescriptor *d = &k->kd;
  printf("%016llx <%s>:\n", (unsigned long long)k->kdAddress, k->symbol);
  printf(".amdhsa_kernel %s\n", k->name);
  printf("  .amdhsa_group_segment_fixed_size %u\n", d->groupSegmentFixedSize);
  printf("  .amdhsa_private_segment_fixed_size %u\n", d->privateSegmentFixedSize);
  printf("  .amdhsa_kernarg_size %u\n", d->kernargSize);
  printf("  .amdhsa_accum_offset %u\n", (d->accumOffset + 1) * 4);
  printf("  .amdhsa_tg_split %d\n", d->tgSplit);
  printf("  .amdhsa_next_free_vgpr %u\n", (d->vgprGranules + 1) * 8);
  printf("  .amdhsa_next_free_sgpr %u\n", (d->sgprGranules + 1) * 8);
  printf("  .amdhsa_float_round_mode_32 %u\n", d->floatRoundMode32);
  printf("  .amdhsa_float_round_mode_16_64 %u\n", d->floatRoundMode1664);
  printf("  .amdhsa_float_denorm_mode_32 %u\n", d->floatDenormMode32);
  printf("  .amdhsa_float_denorm_mode_16_64 %u\n", d->floatDenormMode1664);
  printf("  .amdhsa_dx10_clamp %d\n", d->dx10Clamp);
  printf("  .amdhsa_ieee_mode %d\n", d->ieeeMode);
  printf("  .amdhsa_fp16_overflow %d\n", d->fp16Overflow);
}

static void printKdTail(const FlyKernelInfo *k) {
  const FlyKernelDescriptor *d = &k->kd;
  printf("  .amdhsa_enable_private_segment %d\n", d->enablePrivateSegment);
  printf("  .amdhsa_system_sgpr_workgroup_id_x %d\n", d->enableWorkgroupId[0]);
  printf("  .amdhsa_system_sgpr_workgroup_id_y %d\n", d->enableWorkgroupId[1]);
  printf("  .amdhsa_system_sgpr_workgroup_id_z %d\n", d->enableWorkgroupId[2]);
  printf("  .amdhsa_system_sgpr_workgroup_info %d\n", d->enableWorkgroupInfo);
  printf("  .amdhsa_system_vgpr_workitem_id %u\n", d->enableVgprWorkitemId);
  printf("  .amdhsa_user_sgpr_count %u\n", d->userSgprCount);
  printf("  .amdhsa_user_sgpr_kernarg_preload_length %u\n", d->kernargPreloadLength);
  printf("  .amdhsa_user_sgpr_kernarg_preload_offset %u\n", d->kernargPreloadOffset);
  printf("  .amdhsa_user_sgpr_private_segment_buffer %d\n", d->enableSgprPrivateSegmentBuffer);
  printf("  .amdhsa_user_sgpr_dispatch_ptr %d\n", d->enableSgprDispatchPtr);
  printf("  .amdhsa_user_sgpr_queue_ptr %d\n", d->enableSgprQueuePtr);
  printf("  .amdhsa_user_sgpr_kernarg_segment_ptr %d\n", d->enableSgprKernargSegmentPtr);
  printf("  .amdhsa_user_sgpr_dispatch_id %d\n", d->enableSgprDispatchId);
  printf("  .amdhsa_user_sgpr_flat_scratch_init %d\n", d->enableSgprFlatScratchInit);
  printf("  .amdhsa_user_sgpr_private_segment_size %d\n", d->enableSgprPrivateSegmentSize);
  printf("  .amdhsa_uses_dynamic_stack %d\n", d->usesDynamicStack);
  printf(".end_amdhsa_kernel\n");
  printf("raw rsrc1 0x%08x rsrc2 0x%08x rsrc3 0x%08x kcp 0x%04x preload 0x%04x\n",
         d->rsrc1, d->rsrc2, d->rsrc3, d->kernelCodeProperties, d->kernargPreload);
  printf("entry %016llx (kd + %lld)\n", (unsigned long long)k->entryAddress,
         (long long)d->entryByteOffset);
}

static void printOccupancy(const FlyCodeObject *co, const FlyKernelInfo *k) {
  FlyVgprUsage u = flyKernelInfoGetVgprUsage(k);
  printf("vgprs %s: arch %u acc %u total %u allocated %u accum_offset %u %s\n", k->name, u.arch,
         u.acc, u.total, u.allocated, u.accumOffset, u.consistent ? "consistent" : "inconsistent");
  FlyOccupancy o = flyKernelInfoGetOccupancy(k, flyCodeObjectGetChip(co));
  printf("occupancy %s: waves %u (vgprs %u, sgprs %u, lds %u of %u bytes)\n", k->name,
         o.waves, o.byVgprs, o.bySgprs, o.byLds, o.ldsBytesPerCu);
}

static void dump(const FlyCodeObject *co) {
  size_t textSize, n;
  uint64_t textAddr;
  flyCodeObjectGetText(co, &textSize, &textAddr);
  printf("mach: %s\n", flyChipGetInfo(flyCodeObjectGetChip(co))->name);
  printf("e_flags: 0x%x xnack: %s sramecc: %s\n", flyCodeObjectGetFlags(co),
         featureName(flyCodeObjectGetXnack(co)), featureName(flyCodeObjectGetSramecc(co)));
  printf("abi_version: %u\n", flyCodeObjectGetAbiVersion(co));
  printf(".text %016llx %06zx\n", (unsigned long long)textAddr, textSize);
  for (size_t i = 0; i < flyCodeObjectGetNumSegments(co); ++i) {
    const FlyCodeObjectSegment *s = flyCodeObjectGetSegment(co, i);
    printf("LOAD 0x%06llx 0x%016llx 0x%06llx 0x%06llx\n", (unsigned long long)s->offset,
           (unsigned long long)s->vaddr, (unsigned long long)s->fileSize,
           (unsigned long long)s->memSize);
  }
  printf("relocs: %zu\n", flyCodeObjectGetNumRelocs(co));
  for (size_t i = 0; i < flyCodeObjectGetNumSymbols(co); ++i) {
    const FlyCodeObjectSymbol *s = flyCodeObjectGetSymbol(co, i);
    printf("symbol %016llx %5llu type %u bind %u ndx %u %s\n", (unsigned long long)s->value,
           (unsigned long long)s->size, s->type, s->binding, s->section, s->name);
  }
  printf("amdhsa.kernels:\n");
  n = flyCodeObjectGetNumKernels(co);
  for (size_t i = 0; i < n; ++i)
    printMeta(flyCodeObjectGetKernel(co, i));
  printf("amdhsa.target: %s\n", flyCodeObjectGetTarget(co));
  for (size_t i = 0; i < n; ++i) {
    printKdHead(flyCodeObjectGetKernel(co, i));
    printKdTail(flyCodeObjectGetKernel(co, i));
    printOccupancy(co, flyCodeObjectGetKernel(co, i));
  }
}

/* Create on `bytes`; a rejection must carry exactly one non-empty line. */
static int tryParse(const uint8_t *bytes, size_t n, int *accepted) {
  FlyStrBuf err = {0};
  FlyCodeObject *co = flyCodeObjectCreate(bytes, n, &err);
  int ok = co ? err.len == 0 : err.len > 0 && !strchr(err.data, '\n');
  if (!ok)
    printf("FAIL at size %zu: '%s'\n", n, err.data ? err.data : "(no message)");
  *accepted += co != NULL;
  flyCodeObjectDestroy(co);
  flyStrBufDestroy(&err);
  return ok;
}

static int fuzz(const uint8_t *bytes, size_t n) {
  int good = 1, accepted = 0, runs = 0;
  for (size_t len = 0; len < n; ++len, ++runs)
    good &= tryParse(bytes, len, &accepted);
  uint8_t *copy = flyAlloc(n);
  uint32_t seed = 12345;
  for (int i = 0; i < 20000; ++i, ++runs) {
    memcpy(copy, bytes, n);
    seed = seed * 1103515245u + 12345u;
    size_t pos = (seed >> 8) % n;
    copy[pos] ^= (uint8_t)(1u << ((seed >> 3) & 7));
    good &= tryParse(copy, n, &accepted);
  }
  flyFree(copy);
  printf("fuzz: %d runs, %s\n", runs, good ? "all clean" : "FAILED");
  return good ? 0 : 1;
}

int main(int argc, char **argv) {
  int fuzzMode = argc == 3 && strcmp(argv[1], "--fuzz") == 0;
  const char *kernel = argc == 4 && strcmp(argv[1], "--kernel") == 0 ? argv[2] : NULL;
  const char *path = argv[argc - 1];
  if (argc < 2 || (argc == 3 && !fuzzMode) || argc > 4) {
    fprintf(stderr, "usage: codeobj-dump [--fuzz | --kernel NAME] FILE\n");
    return 2;
  }
  size_t n = 0;
  uint8_t *bytes = readFile(path, &n);
  if (!bytes) {
    fprintf(stderr, "codeobj-dump: cannot read '%s'\n", path);
    return 1;
  }
  if (fuzzMode) {
    int rc = fuzz(bytes, n);
    flyFree(bytes);
    return rc;
  }
  FlyStrBuf err = {0};
  FlyCodeObject *co = flyCodeObjectCreate(bytes, n, &err);
  flyFree(bytes);
  if (!co) {
    fprintf(stderr, "error: %s\n", err.data);
    flyStrBufDestroy(&err);
    return 1;
  }
  int rc = 0;
  if (kernel) {
    const FlyKernelInfo *k = flyCodeObjectFindKernel(co, kernel);
    printf(k ? "found %s entry %016llx\n" : "no kernel %s\n", kernel,
           k ? (unsigned long long)k->entryAddress : 0ull);
    rc = k ? 0 : 1;
  } else {
    dump(co);
  }
  flyCodeObjectDestroy(co);
  return rc;
}
