/*===- codeobj_elf.c - ELF64 container of an AMDGPU code object -----------===*
 *
 * Validates the ELF header (ELF64, little-endian, EM_AMDGPU = 224,
 * ELFOSABI_AMDGPU_HSA = 64, ABI version 2/3/4 = code object V4/V5/V6; V4
 * has the same msgpack metadata, only other hidden arguments) and reads
 * section headers, PT_LOAD segments, the symbol table, allocated RELA
 * sections and the NT_AMDGPU_METADATA note. Layout per the System V gABI and
 * LLVM's AMDGPUUsage "ELF Code Object". Every table is range-checked against
 * the file before it is read.
 *===----------------------------------------------------------------------===*/
#include "codeobj_internal.h"

#include <string.h>

enum {
  EHDR_SIZE = 64, SHDR_SIZE = 64, PHDR_SIZE = 56, SYM_SIZE = 24, RELA_SIZE = 24,
  EM_AMDGPU_ = 224, OSABI_AMDGPU_HSA = 64,
  SHT_SYMTAB_ = 2, SHT_STRTAB_ = 3, SHT_RELA_ = 4, SHT_NOTE_ = 7,
  SHT_NOBITS_ = 8, SHT_DYNSYM_ = 11, SHF_ALLOC_ = 2, PT_LOAD_ = 1,
  NT_AMDGPU_METADATA = 32,
};

uint16_t coRead16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
uint32_t coRead32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
         (uint32_t)p[3] << 24;
}
uint64_t coRead64(const uint8_t *p) {
  return coRead32(p) | (uint64_t)coRead32(p + 4) << 32;
}

/* EF_AMDGPU_MACH_AMDGCN_GFX942 / _GFX950 (LLVM's ELF.h). */
enum { MACH_GFX942 = 0x04c, MACH_GFX950 = 0x04f };

bool flyCodeObjectMachToChip(uint32_t mach, FlyChip *out) {
  if (mach != MACH_GFX942 && mach != MACH_GFX950)
    return false;
  *out = mach == MACH_GFX942 ? FLY_CHIP_GFX942 : FLY_CHIP_GFX950;
  return true;
}

typedef struct Section {
  uint32_t name, type;
  uint64_t flags, addr, offset, size, entsize;
  uint32_t link;
} Section;

typedef struct ElfReader {
  FlyCodeObject *co;
  FlyStrBuf *err;
  Section *secs;
  uint32_t numSecs;
  const Section *shstr;
} ElfReader;

static int fail(ElfReader *r, const char *msg) {
  flyStrBufAppend(r->err, "invalid code object: ");
  flyStrBufAppend(r->err, msg);
  return 0;
}

/* 1 when [off, off+len) lies inside the file. */
static int inFile(const FlyCodeObject *co, uint64_t off, uint64_t len) {
  return off <= co->size && len <= co->size - off;
}

/* A NUL-terminated string at `off` inside section `s`, or NULL. */
static const char *strAt(const FlyCodeObject *co, const Section *s, uint64_t off) {
  if (!s || off >= s->size)
    return NULL;
  const char *base = (const char *)co->bytes + s->offset;
  if (!memchr(base + off, 0, s->size - off))
    return NULL;
  return base + off;
}

static int readHeader(ElfReader *r) {
  FlyCodeObject *co = r->co;
  const uint8_t *h = co->bytes;
  if (co->size < EHDR_SIZE)
    return fail(r, "truncated ELF header");
  if (co->size >= 24 && memcmp(h, "__CLANG_OFFLOAD_BUNDLE__", 24) == 0)
    return fail(r, "a clang offload bundle, not an ELF file (unbundle it with "
                   "clang-offload-bundler or compile with --no-gpu-bundle-output)");
  if (memcmp(h, "\177ELF", 4) != 0)
    return fail(r, "not an ELF file");
  if (h[4] != 2 || h[5] != 1)
    return fail(r, "not a little-endian ELF64 file");
  if (coRead16(h + 18) != EM_AMDGPU_)
    return fail(r, "e_machine is not EM_AMDGPU");
  if (h[7] != OSABI_AMDGPU_HSA)
    return fail(r, "OS/ABI is not AMDGPU_HSA");
  co->abiVersion = h[8];
  if (co->abiVersion < 2 || co->abiVersion > 4)
    return fail(r, "unsupported code object version (need V4, V5 or V6)");
  co->flags = coRead32(h + 48);
  if (!flyCodeObjectMachToChip(co->flags & 0xff, &co->chip)) {
    flyStrBufAppendF(r->err, "invalid code object: unsupported machine 0x%03x "
                     "(need gfx942 or gfx950)", co->flags & 0xff);
    return 0;
  }
  return 1;
}

static int readSections(ElfReader *r) {
  FlyCodeObject *co = r->co;
  const uint8_t *h = co->bytes;
  uint64_t shoff = coRead64(h + 40);
  uint32_t num = coRead16(h + 60), strndx = coRead16(h + 62);
  if (num == 0)
    return fail(r, "no section headers");
  if (coRead16(h + 58) != SHDR_SIZE || !inFile(co, shoff, (uint64_t)num * SHDR_SIZE))
    return fail(r, "section header table outside the file");
  r->secs = flyCalloc(num, sizeof(Section));
  if (!r->secs)
    return fail(r, "out of memory");
  r->numSecs = num;
  for (uint32_t i = 0; i < num; ++i) {
    const uint8_t *s = h + shoff + (uint64_t)i * SHDR_SIZE;
    Section *d = &r->secs[i];
    *d = (Section){coRead32(s), coRead32(s + 4), coRead64(s + 8), coRead64(s + 16),
                   coRead64(s + 24), coRead64(s + 32), coRead64(s + 56), coRead32(s + 40)};
    if (d->type != SHT_NOBITS_ && i != 0 && !inFile(co, d->offset, d->size))
      return fail(r, "section contents outside the file");
  }
  if (strndx >= num || r->secs[strndx].type != SHT_STRTAB_)
    return fail(r, "bad section name string table index");
  r->shstr = &r->secs[strndx];
  return 1;
}

static int readSegments(ElfReader *r) {
  FlyCodeObject *co = r->co;
  const uint8_t *h = co->bytes;
  uint64_t phoff = coRead64(h + 32);
  uint32_t num = coRead16(h + 56);
  if (num && (coRead16(h + 54) != PHDR_SIZE || !inFile(co, phoff, (uint64_t)num * PHDR_SIZE)))
    return fail(r, "program header table outside the file");
  co->segs = flyCalloc(num ? num : 1, sizeof(FlyCodeObjectSegment));
  if (!co->segs)
    return fail(r, "out of memory");
  for (uint32_t i = 0; i < num; ++i) {
    const uint8_t *p = h + phoff + (uint64_t)i * PHDR_SIZE;
    if (coRead32(p) != PT_LOAD_)
      continue;
    FlyCodeObjectSegment s = {coRead64(p + 16), coRead64(p + 8), coRead64(p + 32),
                              coRead64(p + 40), coRead32(p + 4)};
    if (!inFile(co, s.offset, s.fileSize) || s.memSize < s.fileSize ||
        s.vaddr + s.memSize < s.vaddr || s.vaddr + s.memSize > (1ull << 40))
      return fail(r, "PT_LOAD segment outside the file or address space");
    co->segs[co->numSegs++] = s;
  }
  if (co->numSegs == 0)
    return fail(r, "no PT_LOAD segment");
  return 1;
}

const uint8_t *coMapVaddr(const FlyCodeObject *co, uint64_t addr, uint64_t size) {
  for (size_t i = 0; i < co->numSegs; ++i) {
    const FlyCodeObjectSegment *s = &co->segs[i];
    if (addr >= s->vaddr && addr - s->vaddr <= s->fileSize &&
        size <= s->fileSize - (addr - s->vaddr))
      return co->bytes + s->offset + (addr - s->vaddr);
  }
  return NULL;
}

static int readSymbols(ElfReader *r, const Section *tab) {
  FlyCodeObject *co = r->co;
  if (tab->link >= r->numSecs || r->secs[tab->link].type != SHT_STRTAB_)
    return fail(r, "symbol table without a string table");
  const Section *strs = &r->secs[tab->link];
  size_t num = tab->size / SYM_SIZE;
  co->syms = flyCalloc(num ? num : 1, sizeof(FlyCodeObjectSymbol));
  if (!co->syms)
    return fail(r, "out of memory");
  for (size_t i = 0; i < num; ++i) {
    const uint8_t *s = co->bytes + tab->offset + i * SYM_SIZE;
    const char *name = strAt(co, strs, coRead32(s));
    if (!name)
      return fail(r, "symbol name outside the string table");
    co->syms[i] = (FlyCodeObjectSymbol){name, coRead64(s + 8), coRead64(s + 16),
                                        (uint8_t)(s[4] & 0xf), (uint8_t)(s[4] >> 4),
                                        coRead16(s + 6)};
  }
  co->numSyms = num;
  return 1;
}

static int readRelocs(ElfReader *r, const Section *rela) {
  FlyCodeObject *co = r->co;
  const Section *symtab = rela->link < r->numSecs ? &r->secs[rela->link] : NULL;
  if (symtab && symtab->type != SHT_SYMTAB_ && symtab->type != SHT_DYNSYM_)
    symtab = NULL; /* only symbol tables are known to lie inside the file */
  size_t num = rela->size / RELA_SIZE, numSyms = symtab ? symtab->size / SYM_SIZE : 0;
  FlyCodeObjectReloc *grown =
      flyRealloc(co->relocs, (co->numRelocs + num + 1) * sizeof(FlyCodeObjectReloc));
  if (!grown)
    return fail(r, "out of memory");
  co->relocs = grown;
  for (size_t i = 0; i < num; ++i) {
    const uint8_t *p = co->bytes + rela->offset + i * RELA_SIZE;
    uint64_t info = coRead64(p + 8), symIndex = info >> 32, value = 0;
    if (symIndex) {
      if (symIndex >= numSyms)
        return fail(r, "relocation names a symbol outside its table");
      value = coRead64(co->bytes + symtab->offset + symIndex * SYM_SIZE + 8);
    }
    co->relocs[co->numRelocs++] =
        (FlyCodeObjectReloc){coRead64(p), (uint32_t)info, value, (int64_t)coRead64(p + 16)};
  }
  return 1;
}

/* Walks the notes of one SHT_NOTE section for NT_AMDGPU_METADATA. */
static int readNotes(ElfReader *r, const Section *s) {
  FlyCodeObject *co = r->co;
  const uint8_t *p = co->bytes + s->offset, *end = p + s->size;
  while ((size_t)(end - p) >= 12) {
    uint64_t namesz = coRead32(p), descsz = coRead32(p + 4);
    uint32_t type = coRead32(p + 8);
    uint64_t nameAl = (namesz + 3) & ~3ull, descAl = (descsz + 3) & ~3ull;
    if (nameAl > (uint64_t)(end - p - 12) || descsz > (uint64_t)(end - p - 12) - nameAl)
      return fail(r, "note extends past its section");
    const uint8_t *name = p + 12, *desc = name + nameAl;
    if (type == NT_AMDGPU_METADATA && namesz == 7 && memcmp(name, "AMDGPU", 7) == 0) {
      co->note = desc;
      co->noteSize = descsz;
    }
    p = desc + (descAl <= (uint64_t)(end - desc) ? descAl : descsz);
  }
  return 1;
}

static int readTables(ElfReader *r) {
  FlyCodeObject *co = r->co;
  const Section *symtab = NULL, *dynsym = NULL;
  int haveText = 0;
  for (uint32_t i = 1; i < r->numSecs; ++i) {
    const Section *s = &r->secs[i];
    const char *name = strAt(co, r->shstr, s->name);
    if (!name)
      return fail(r, "section name outside the string table");
    if (strcmp(name, ".text") == 0 && s->type != SHT_NOBITS_) {
      co->textOffset = s->offset, co->textSize = s->size, co->textAddr = s->addr;
      haveText = 1;
    }
    if (s->type == SHT_SYMTAB_) symtab = s;
    if (s->type == SHT_DYNSYM_) dynsym = s;
    if (s->type == SHT_NOTE_ && !readNotes(r, s)) return 0;
    if (s->type == SHT_RELA_ && (s->flags & SHF_ALLOC_) && !readRelocs(r, s)) return 0;
  }
  if (!haveText)
    return fail(r, "no .text section");
  if (!symtab && !dynsym)
    return fail(r, "no symbol table");
  if (!co->note)
    return fail(r, "no NT_AMDGPU_METADATA note");
  return readSymbols(r, symtab ? symtab : dynsym);
}

FlyCodeObject *flyCodeObjectCreate(const void *bytes, size_t n, FlyStrBuf *err) {
  FlyStrBuf scratch = {0};
  FlyCodeObject *co = flyCalloc(1, sizeof *co);
  ElfReader r = {co, err ? err : &scratch, NULL, 0, NULL};
  int ok = co != NULL;
  if (!ok)
    flyStrBufAppend(r.err, "out of memory");
  if (ok && !(co->bytes = flyAlloc(n ? n : 1)))
    ok = fail(&r, "out of memory");
  if (ok) {
    memcpy(co->bytes, bytes, n);
    co->size = n;
    ok = readHeader(&r) && readSections(&r) && readSegments(&r) && readTables(&r) &&
         coDecodeMetadata(co, r.err);
  }
  flyFree(r.secs);
  flyStrBufDestroy(&scratch);
  if (!ok) {
    flyCodeObjectDestroy(co);
    return NULL;
  }
  return co;
}

void flyCodeObjectDestroy(FlyCodeObject *co) {
  if (!co)
    return;
  flyFree(co->bytes);
  flyFree(co->syms);
  flyFree(co->segs);
  flyFree(co->relocs);
  flyFree(co->kernels);
  flyFree(co->args);
  flyFree(co->strings);
  flyFree(co);
}

FlyChip flyCodeObjectGetChip(const FlyCodeObject *co) { return co->chip; }
uint32_t flyCodeObjectGetFlags(const FlyCodeObject *co) { return co->flags; }
uint32_t flyCodeObjectGetXnack(const FlyCodeObject *co) { return (co->flags >> 8) & 3; }
uint32_t flyCodeObjectGetSramecc(const FlyCodeObject *co) { return (co->flags >> 10) & 3; }
uint32_t flyCodeObjectGetAbiVersion(const FlyCodeObject *co) { return co->abiVersion; }
const char *flyCodeObjectGetTarget(const FlyCodeObject *co) { return co->target; }

const uint8_t *flyCodeObjectGetBytes(const FlyCodeObject *co, size_t *size) {
  *size = co->size;
  return co->bytes;
}

const uint8_t *flyCodeObjectGetText(const FlyCodeObject *co, size_t *size,
                                    uint64_t *address) {
  *size = co->textSize;
  *address = co->textAddr;
  return co->bytes + co->textOffset;
}

size_t flyCodeObjectGetNumSegments(const FlyCodeObject *co) { return co->numSegs; }
const FlyCodeObjectSegment *flyCodeObjectGetSegment(const FlyCodeObject *co, size_t i) {
  return i < co->numSegs ? &co->segs[i] : NULL;
}
size_t flyCodeObjectGetNumRelocs(const FlyCodeObject *co) { return co->numRelocs; }
const FlyCodeObjectReloc *flyCodeObjectGetReloc(const FlyCodeObject *co, size_t i) {
  return i < co->numRelocs ? &co->relocs[i] : NULL;
}
size_t flyCodeObjectGetNumSymbols(const FlyCodeObject *co) { return co->numSyms; }
const FlyCodeObjectSymbol *flyCodeObjectGetSymbol(const FlyCodeObject *co, size_t i) {
  return i < co->numSyms ? &co->syms[i] : NULL;
}
size_t flyCodeObjectGetNumKernels(const FlyCodeObject *co) { return co->numKernels; }
const FlyKernelInfo *flyCodeObjectGetKernel(const FlyCodeObject *co, size_t i) {
  return i < co->numKernels ? &co->kernels[i] : NULL;
}

const FlyKernelInfo *flyCodeObjectFindKernel(const FlyCodeObject *co, const char *name) {
  for (size_t i = 0; i < co->numKernels; ++i)
    if (strcmp(co->kernels[i].name, name) == 0 || strcmp(co->kernels[i].symbol, name) == 0)
      return &co->kernels[i];
  return NULL;
}
