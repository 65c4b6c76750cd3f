/*===- decode_check.c - Cross-check the emulator's decoder against LLVM ---===*
 *
 * For every object given, decodes each instruction of .text with the
 * emulator's decoder and with LLVM's disassembler (LLVM C API) and compares
 * the length and the mnemonic (LLVM's _e32/_e64/_sdwa/_dpp suffixes are
 * dropped, as in the emulator's tables). Prints one line per mismatch and a
 * summary per file; exits non-zero on any mismatch.
 *
 *   emu-isa-decode-check [--mcpu gfx950|gfx942] FILE.o...
 *===----------------------------------------------------------------------===*/
#include <llvm-c/Core.h>
#include <llvm-c/Disassembler.h>
#include <llvm-c/Object.h>
#include <llvm-c/Target.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu_isa.h"

void LLVMInitializeAMDGPUTargetInfo(void);
void LLVMInitializeAMDGPUTargetMC(void);
void LLVMInitializeAMDGPUDisassembler(void);

/* LLVM's mnemonic without the encoding suffix. */
static void llvmMnemonic(const char *text, char *out, size_t cap) {
  while (*text == ' ' || *text == '\t')
    text++;
  size_t n = strcspn(text, " \t");
  if (n >= cap)
    n = cap - 1;
  memcpy(out, text, n);
  out[n] = 0;
  static const char *const suffixes[] = {"_e32", "_e64", "_sdwa", "_dpp"};
  for (size_t i = 0; i < 4; i++) {
    size_t s = strlen(suffixes[i]);
    if (n > s && !strcmp(out + n - s, suffixes[i])) {
      out[n - s] = 0;
      break;
    }
  }
}

static int checkText(LLVMDisasmContextRef dc, const uint8_t *code, size_t size,
                     FlyEmuChip chip, const char *file) {
  size_t off = 0, count = 0, bad = 0;
  while (off + 4 <= size) {
    char text[512], mn[128];
    size_t n = LLVMDisasmInstruction(dc, (uint8_t *)code + off, size - off, off, text, sizeof(text));
    EmuInst in;
    bool ok = emuDecodeOne(code + off, size - off, chip, &in);
    count++;
    if (n == 0) {
      if (ok) {
        printf("MISMATCH %s+0x%zx: LLVM cannot decode, emulator says %s\n", file, off, in.name);
        bad++;
      }
      off += 4;
      continue;
    }
    llvmMnemonic(text, mn, sizeof(mn));
    if (!ok || in.size != n || strcmp(in.name, mn)) {
      printf("MISMATCH %s+0x%zx: LLVM '%s' (%zu bytes), emulator '%s' (%u bytes%s)\n",
             file, off, mn, n, in.name ? in.name : "?", in.size, ok ? "" : ", undecodable");
      bad++;
    }
    off += n;
  }
  printf("%s: %zu instructions, %zu mismatches\n", file, count, bad);
  return bad ? 1 : 0;
}

static int checkFile(const char *path, const char *cpu, FlyEmuChip chip) {
  char *err = NULL;
  LLVMMemoryBufferRef buf;
  if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &err)) {
    fprintf(stderr, "error: cannot read %s: %s\n", path, err);
    LLVMDisposeMessage(err);
    return 1;
  }
  LLVMBinaryRef bin = LLVMCreateBinary(buf, NULL, &err);
  if (!bin) {
    fprintf(stderr, "error: %s is not an object file: %s\n", path, err);
    LLVMDisposeMessage(err);
    LLVMDisposeMemoryBuffer(buf);
    return 1;
  }
  LLVMDisasmContextRef dc = LLVMCreateDisasmCPUFeatures("amdgcn-amd-amdhsa", cpu, "", NULL, 0, NULL, NULL);
  int rc = 1, found = 0;
  LLVMSectionIteratorRef it = LLVMObjectFileCopySectionIterator(bin);
  for (; !LLVMObjectFileIsSectionIteratorAtEnd(bin, it); LLVMMoveToNextSection(it)) {
    const char *name = LLVMGetSectionName(it);
    if (!name || strcmp(name, ".text"))
      continue;
    found = 1;
    rc = checkText(dc, (const uint8_t *)LLVMGetSectionContents(it), (size_t)LLVMGetSectionSize(it), chip, path);
  }
  if (!found)
    fprintf(stderr, "error: %s has no .text section\n", path);
  LLVMDisposeSectionIterator(it);
  LLVMDisasmDispose(dc);
  LLVMDisposeBinary(bin);
  LLVMDisposeMemoryBuffer(buf);
  return rc;
}

int main(int argc, char **argv) {
  const char *cpu = "gfx950";
  int rc = 0, files = 0;
  LLVMInitializeAMDGPUTargetInfo();
  LLVMInitializeAMDGPUTargetMC();
  LLVMInitializeAMDGPUDisassembler();
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--mcpu") && i + 1 < argc) {
      cpu = argv[++i];
      if (strcmp(cpu, "gfx950") && strcmp(cpu, "gfx942")) {
        fprintf(stderr, "error: unknown --mcpu '%s' (expected gfx950 or gfx942)\n", cpu);
        return 2;
      }
      continue;
    }
    files++;
    rc |= checkFile(argv[i], cpu, strcmp(cpu, "gfx950") ? FLY_EMU_GFX942 : FLY_EMU_GFX950);
  }
  if (!files) {
    fprintf(stderr, "usage: emu-isa-decode-check [--mcpu gfx950|gfx942] FILE...\n");
    return 2;
  }
  return rc;
}
