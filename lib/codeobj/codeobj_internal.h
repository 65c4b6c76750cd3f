/*===- codeobj_internal.h - Shared between the code-object reader's files -===*/
#ifndef FLYC_CODEOBJ_INTERNAL_H
#define FLYC_CODEOBJ_INTERNAL_H

#include "flyc/codeobj.h"

struct FlyCodeObject {
  uint8_t *bytes;               /* private copy of the input */
  size_t size;
  uint32_t flags, abiVersion;
  FlyChip chip;
  size_t textOffset, textSize;
  uint64_t textAddr;
  FlyCodeObjectSymbol *syms;
  size_t numSyms;
  FlyCodeObjectSegment *segs;
  size_t numSegs;
  FlyCodeObjectReloc *relocs;
  size_t numRelocs;
  const uint8_t *note;          /* NT_AMDGPU_METADATA descriptor, in bytes */
  size_t noteSize;
  FlyKernelInfo *kernels;
  size_t numKernels;
  FlyKernelArg *args;           /* every kernel's args, back to back */
  char *strings;                /* arena for metadata strings */
  size_t stringsUsed, stringsCap;
  const char *target;
};

/// Decodes the metadata note into co->kernels (ELF parts already read).
/// Returns 0 after appending one error to `err`.
int coDecodeMetadata(FlyCodeObject *co, FlyStrBuf *err);

/// Maps the virtual range [addr, addr+size) to file bytes inside a PT_LOAD
/// segment's file image, or NULL.
const uint8_t *coMapVaddr(const FlyCodeObject *co, uint64_t addr, uint64_t size);

/// Little-endian reads (input may be unaligned).
uint16_t coRead16(const uint8_t *p);
uint32_t coRead32(const uint8_t *p);
uint64_t coRead64(const uint8_t *p);

#endif /* FLYC_CODEOBJ_INTERNAL_H */
