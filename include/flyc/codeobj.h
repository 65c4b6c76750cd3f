/*===- flyc/codeobj.h - AMDGPU code-object reader --------------------------===*
 *
 * Reads an AMDGPU code object (an ELF64 shared object for amdgcn-amd-amdhsa)
 * from memory: the target machine, .text, symbols, loadable segments,
 * dynamic relocations, every kernel's 64-byte kernel descriptor and the
 * NT_AMDGPU_METADATA note (msgpack) decoded per kernel. Input is untrusted:
 * every offset and size is bounds-checked and a malformed object produces one
 * error line, never a crash. No MLIR dependency (library flyc_codeobj).
 *
 * Sources: LLVM's AMDGPUUsage ("ELF Code Object", "Code Object V5/V6
 * Metadata", "Kernel Descriptor") and AMDHSAKernelDescriptor.h.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_CODEOBJ_H
#define FLYC_CODEOBJ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flyc/chip.h"
#include "flyc/support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The chip of an EF_AMDGPU_MACH value (e_flags & 0xff: 0x04c gfx942,
/// 0x04f gfx950); false for any other processor.
bool flyCodeObjectMachToChip(uint32_t mach, FlyChip *out);

/// One explicit or hidden kernel argument from the metadata `.args` list.
/// Strings are owned by the code object; absent strings are "".
typedef struct FlyKernelArg {
  const char *name;          /* .name (may be "") */
  const char *typeName;      /* .type_name */
  const char *valueKind;     /* .value_kind: by_value, global_buffer, hidden_* */
  const char *addressSpace;  /* .address_space: global, local, ... or "" */
  uint32_t offset;           /* .offset in the kernarg segment */
  uint32_t size;             /* .size in bytes */
  uint32_t pointeeAlign;     /* .pointee_align, 0 when absent */
  bool isConst;              /* .is_const */
  bool isHidden;             /* value_kind starts with "hidden_" */
} FlyKernelArg;

/// The 64-byte kernel descriptor `<kernel>.kd`, decoded (AMDHSAKernelDescriptor.h).
typedef struct FlyKernelDescriptor {
  uint32_t groupSegmentFixedSize;
  uint32_t privateSegmentFixedSize;
  uint32_t kernargSize;
  int64_t entryByteOffset;          /* relative to the KD's address */
  uint32_t rsrc1, rsrc2, rsrc3;     /* compute_pgm_rsrc1/2/3 verbatim */
  uint16_t kernelCodeProperties;
  uint16_t kernargPreload;
  /* rsrc1 fields */
  uint32_t vgprGranules;            /* GRANULATED_WORKITEM_VGPR_COUNT [5:0] */
  uint32_t sgprGranules;            /* GRANULATED_WAVEFRONT_SGPR_COUNT [9:6] */
  uint32_t floatRoundMode32, floatRoundMode1664;
  uint32_t floatDenormMode32, floatDenormMode1664;
  bool dx10Clamp, ieeeMode, fp16Overflow;
  /* rsrc2 fields */
  bool enablePrivateSegment;        /* [0] */
  uint32_t userSgprCount;           /* [5:1] */
  bool enableWorkgroupId[3];        /* [7], [8], [9] */
  bool enableWorkgroupInfo;         /* [10] */
  uint32_t enableVgprWorkitemId;    /* [12:11] */
  /* rsrc3 fields (gfx90a+) */
  uint32_t accumOffset;             /* [5:0]: first AGPR at (n+1)*4 */
  bool tgSplit;                     /* [16] */
  /* kernel_code_properties bits */
  bool enableSgprPrivateSegmentBuffer, enableSgprDispatchPtr, enableSgprQueuePtr,
      enableSgprKernargSegmentPtr, enableSgprDispatchId, enableSgprFlatScratchInit,
      enableSgprPrivateSegmentSize, enableWavefrontSize32, usesDynamicStack;
  /* kernarg_preload */
  uint32_t kernargPreloadLength;    /* [6:0] SGPR dwords */
  uint32_t kernargPreloadOffset;    /* [15:7] */
} FlyKernelDescriptor;

/// Everything known about one kernel: its metadata record and descriptor.
typedef struct FlyKernelInfo {
  const char *name;                 /* .name */
  const char *symbol;               /* .symbol (the KD, "<name>.kd") */
  const FlyKernelArg *args;         /* .args, in metadata order */
  size_t numArgs;                   /* explicit plus hidden */
  size_t numExplicitArgs;           /* args before the first hidden_* one */
  uint32_t kernargSegmentSize, kernargSegmentAlign;
  uint32_t groupSegmentFixedSize, privateSegmentFixedSize;
  uint32_t wavefrontSize;
  uint32_t sgprCount, vgprCount, agprCount;
  uint32_t sgprSpillCount, vgprSpillCount;
  uint32_t maxFlatWorkgroupSize;
  bool usesDynamicStack;
  uint64_t kdAddress;               /* virtual address of the KD */
  uint64_t entryAddress;            /* kdAddress + entryByteOffset */
  FlyKernelDescriptor kd;
} FlyKernelInfo;

/// A symbol from .symtab (or .dynsym when there is no .symtab).
typedef struct FlyCodeObjectSymbol {
  const char *name;
  uint64_t value;
  uint64_t size;
  uint8_t type;                     /* STT_* */
  uint8_t binding;                  /* STB_* */
  uint16_t section;                 /* st_shndx */
} FlyCodeObjectSymbol;

/// A PT_LOAD segment: `fileSize` bytes at file `offset` map to `vaddr`,
/// followed by `memSize - fileSize` zero bytes.
typedef struct FlyCodeObjectSegment {
  uint64_t vaddr, offset, fileSize, memSize;
  uint32_t flags;                   /* PF_R/W/X */
} FlyCodeObjectSegment;

/// A dynamic relocation (from an allocated SHT_RELA section).
typedef struct FlyCodeObjectReloc {
  uint64_t offset;                  /* virtual address patched */
  uint32_t type;                    /* R_AMDGPU_* */
  uint64_t symbolValue;             /* value of the referenced symbol, or 0 */
  int64_t addend;
} FlyCodeObjectReloc;

/// A parsed code object. Opaque; it keeps a private copy of the bytes.
typedef struct FlyCodeObject FlyCodeObject;

/// Parses `n` bytes of an AMDGPU code object. Returns a new object owned by
/// the caller (release with flyCodeObjectDestroy), or NULL after appending
/// one error line (no trailing newline) to `err` when it is not NULL.
FlyCodeObject *flyCodeObjectCreate(const void *bytes, size_t n, FlyStrBuf *err);

/// Releases a code object (NULL is a no-op).
void flyCodeObjectDestroy(FlyCodeObject *co);

/// Returns the chip from e_flags (other processors are rejected at Create).
FlyChip flyCodeObjectGetChip(const FlyCodeObject *co);
/// Returns the raw e_flags word.
uint32_t flyCodeObjectGetFlags(const FlyCodeObject *co);
/// Returns the xnack setting: 0 unsupported, 1 any, 2 off, 3 on (EF_AMDGPU_FEATURE_XNACK_V4).
uint32_t flyCodeObjectGetXnack(const FlyCodeObject *co);
/// Returns the sramecc setting, encoded like flyCodeObjectGetXnack.
uint32_t flyCodeObjectGetSramecc(const FlyCodeObject *co);
/// Returns the ELF ABI version (2 = code object V4, 3 = V5, 4 = V6).
uint32_t flyCodeObjectGetAbiVersion(const FlyCodeObject *co);
/// Returns the metadata's `amdhsa.target` string ("" when absent).
const char *flyCodeObjectGetTarget(const FlyCodeObject *co);

/// Returns the object's bytes (the private copy) and their count.
const uint8_t *flyCodeObjectGetBytes(const FlyCodeObject *co, size_t *size);
/// Returns the .text bytes (inside GetBytes), their count and load address.
const uint8_t *flyCodeObjectGetText(const FlyCodeObject *co, size_t *size,
                                    uint64_t *address);

/// Returns the number of loadable (PT_LOAD) segments.
size_t flyCodeObjectGetNumSegments(const FlyCodeObject *co);
/// Returns the i-th loadable segment (non-owning), NULL when out of range.
const FlyCodeObjectSegment *flyCodeObjectGetSegment(const FlyCodeObject *co, size_t i);
/// Returns the number of dynamic relocations.
size_t flyCodeObjectGetNumRelocs(const FlyCodeObject *co);
/// Returns the i-th dynamic relocation (non-owning), NULL when out of range.
const FlyCodeObjectReloc *flyCodeObjectGetReloc(const FlyCodeObject *co, size_t i);

/// Returns the number of symbols.
size_t flyCodeObjectGetNumSymbols(const FlyCodeObject *co);
/// Returns the i-th symbol (non-owning), NULL when out of range.
const FlyCodeObjectSymbol *flyCodeObjectGetSymbol(const FlyCodeObject *co, size_t i);

/// Returns the number of kernels in the metadata.
size_t flyCodeObjectGetNumKernels(const FlyCodeObject *co);
/// Returns the i-th kernel (non-owning), NULL when out of range.
const FlyKernelInfo *flyCodeObjectGetKernel(const FlyCodeObject *co, size_t i);
/// Finds a kernel by `.name` (or by its `.symbol`); NULL when absent.
const FlyKernelInfo *flyCodeObjectFindKernel(const FlyCodeObject *co, const char *name);

/// A kernel's vector registers on gfx90a and later (gfx942, gfx950), where
/// the arch VGPRs (v0..) and the AGPRs (a0..) are two ends of one unified
/// 512-entry file per lane (LLVM's AMDGPUBaseInfo.cpp: getTotalNumVGPRs,
/// getVGPRAllocGranule, getVGPREncodingGranule). LLVM writes `.vgpr_count`
/// = alignTo(arch, 4) + AGPRs when a kernel uses AGPRs (the AGPRs start at
/// the 4-aligned `accum_offset`), else the arch count itself, and
/// `.agpr_count` = AGPRs.
typedef struct FlyVgprUsage {
  uint32_t arch;        /* arch VGPRs: .vgpr_count - .agpr_count with AGPRs
                           (then a multiple of 4), else .vgpr_count */
  uint32_t acc;         /* AGPRs: .agpr_count */
  uint32_t total;       /* .vgpr_count: the combined count */
  uint32_t allocated;   /* what the wave is given, from the kernel descriptor:
                           (GRANULATED_WORKITEM_VGPR_COUNT + 1) * 8 */
  uint32_t accumOffset; /* the first AGPR's place in the unified file, from the
                           descriptor: (ACCUM_OFFSET + 1) * 4 */
  bool consistent;      /* the metadata agrees with the descriptor: allocated
                           = alignTo(max(total, 1), 8), and with AGPRs
                           accumOffset = arch */
} FlyVgprUsage;

/// Returns the vector-register usage of a kernel (see FlyVgprUsage).
FlyVgprUsage flyKernelInfoGetVgprUsage(const FlyKernelInfo *info);

/// What limits a kernel's occupancy (flyKernelInfoGetOccupancy).
typedef struct FlyOccupancy {
  uint32_t waves;                   /* waves per SIMD: the minimum of the below */
  uint32_t byVgprs;                 /* from the unified VGPR+AGPR budget of 512 */
  uint32_t bySgprs;                 /* from the SGPR count (VCC etc. included) */
  uint32_t byLds;                   /* from LDS per CU over the workgroup's waves */
  uint32_t ldsBytesPerCu;           /* 64 KiB gfx942, 160 KiB gfx950 */
} FlyOccupancy;

/// Returns the waves per SIMD a kernel can keep resident on `chip`, by the
/// rules of LLVM's AMDGPU backend for gfx90a and later (AMDGPUBaseInfo.cpp),
/// at most 8 (getMaxWavesPerEU):
///   VGPRs: min(8, max(1, 512 / allocated)), `allocated` from the kernel
///          descriptor (FlyVgprUsage: the combined arch + AGPR allocation
///          in granules of 8; getNumWavesPerEUWithNumVGPRs);
///   SGPRs: 8 up to 100 SGPRs (.sgpr_count, VCC and the other extra SGPRs
///          included), else 7 (getOccupancyWithNumSGPRs for GFX9);
///   LDS:   workgroups per CU = LDS per CU / group segment size (rounded
///          up to the chip's LDS allocation granule), times waves per
///          workgroup (from .max_flat_workgroup_size), over 4 SIMDs.
/// The chip's numbers are the hardware table's (flyc/hw.h).
/// Scratch, the wave-slot limit per CU beyond 8 per SIMD and barrier
/// resources are not modelled.
FlyOccupancy flyKernelInfoGetOccupancy(const FlyKernelInfo *info, FlyChip chip);

#ifdef __cplusplus
}
#endif

#endif /* FLYC_CODEOBJ_H */
