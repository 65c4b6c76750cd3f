/*===- hotloop.c - The main-loop instruction mix of a code object ------------===*
 *
 * Implements the static model of docs/hot-loop-model.md on the machine code
 * itself, so it reads any compiler's code objects: instructions are decoded
 * with the emulator's decoder (flyEmuDecodeText, checked against LLVM's
 * disassembler operand by operand, and unlike it safe on arbitrary bytes,
 * which LLVM 22's disassembler can crash on); a loop is a backward branch
 * (s_branch / s_cbranch_*, SOPP: target = pc + 4 + 4 * simm16); the main
 * loop is the one with the most MFMAs, ties to the longer; its instructions
 * run from the branch target to the branch, inclusive.
 *===----------------------------------------------------------------------===*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flyc/codeobj.h"
#include "flyc/emu.h"
#include "flyc/hw.h"
#include "flyc/target.h"
#include "hotloop.h"

typedef struct Inst {
  uint64_t off;
  uint32_t size;
  uint32_t word0;
  char text[160];
} Inst;

typedef struct Insts {
  Inst *v;
  size_t n, cap;
} Insts;

static bool push(Insts *is, const Inst *in) {
  if (is->n == is->cap) {
    size_t cap = is->cap ? 2 * is->cap : 256;
    Inst *p = flyRealloc(is->v, cap * sizeof *p);
    if (!p)
      return false;
    is->v = p;
    is->cap = cap;
  }
  is->v[is->n++] = *in;
  return true;
}

/* Decodes [begin, end) of .text (offsets relative to .text). */
static bool disassemble(FlyChip chip, const uint8_t *text, uint64_t begin, uint64_t end,
                        Insts *out) {
  bool ok = true;
  for (uint64_t off = begin; off + 4 <= end && ok;) {
    Inst in = {.off = off};
    FlyEmuInstText t;
    if (flyEmuDecodeText(chip, text + off, end - off, &t)) {
      in.size = t.size;
      snprintf(in.text, sizeof in.text, "%s", t.text);
    } else { /* undecodable (padding, data): skip a dword */
      in.size = 4;
    }
    memcpy(&in.word0, text + off, 4);
    ok = push(out, &in);
    off += in.size;
  }
  return ok;
}

/*--- Classes and issue cycles (docs/hot-loop-model.md) ------------------------*/

enum {
  C_MFMA, C_VMEM_LOAD, C_VMEM_STORE, C_DS_READ, C_DS_WRITE, C_DS_OTHER, C_SMEM, C_SCRATCH,
  C_BARRIER, C_WAITCNT, C_NOP, C_ACCVGPR, C_VALU, C_SALU, C_OTHER, NUM_CLASSES
};

static const char *const classNames[NUM_CLASSES] = {
    "mfma", "vmem_load", "vmem_store", "ds_read", "ds_write", "ds_other", "smem", "scratch",
    "s_barrier", "s_waitcnt", "s_nop", "accvgpr", "valu", "salu", "other"};

static bool starts(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

static void mnemonicOf(const Inst *in, char *m, size_t cap) {
  const char *p = in->text;
  while (*p == ' ' || *p == '\t')
    ++p;
  size_t n = strcspn(p, " \t");
  snprintf(m, cap, "%.*s", (int)(n < cap ? n : cap - 1), p);
}

static int classOf(const char *m) {
  if (starts(m, "v_mfma") || starts(m, "v_smfmac"))
    return C_MFMA;
  if (starts(m, "buffer_load") || starts(m, "global_load") || starts(m, "flat_load"))
    return C_VMEM_LOAD;
  if (starts(m, "buffer_store") || starts(m, "global_store") || starts(m, "flat_store") ||
      starts(m, "buffer_atomic") || starts(m, "global_atomic") || starts(m, "flat_atomic"))
    return C_VMEM_STORE;
  if (starts(m, "ds_read") || starts(m, "ds_load"))
    return C_DS_READ;
  if (starts(m, "ds_write") || starts(m, "ds_store"))
    return C_DS_WRITE;
  if (starts(m, "ds_"))
    return C_DS_OTHER;
  if (starts(m, "s_load") || starts(m, "s_buffer_load"))
    return C_SMEM;
  if (starts(m, "scratch_"))
    return C_SCRATCH;
  if (!strcmp(m, "s_barrier"))
    return C_BARRIER;
  if (starts(m, "s_waitcnt"))
    return C_WAITCNT;
  if (!strcmp(m, "s_nop"))
    return C_NOP;
  if (starts(m, "v_accvgpr"))
    return C_ACCVGPR;
  return starts(m, "v_") ? C_VALU : starts(m, "s_") ? C_SALU : C_OTHER;
}

/* MFMA passes from the hardware table. The mix model takes every f8f6f4
 * form at its fp8 rate, as hot-loop-model.md does (the count does not read
 * CBSZ/BLGP). A form the table lacks cannot be decoded, so it never gets
 * here; it would count as no passes. */
static int mfmaPasses(const char *m, FlyChip chip) {
  return (int)flyHwMfmaPasses(flyHwMfmaFind(m), chip, FLY_HW_FMT_FP8, FLY_HW_FMT_FP8);
}

static bool isWideValu(const char *m) {
  static const char *const trans[] = {"v_exp", "v_log", "v_rcp", "v_rsq", "v_sqrt", "v_sin",
                                      "v_cos"};
  for (size_t i = 0; i < sizeof trans / sizeof *trans; ++i)
    if (starts(m, trans[i]))
      return true;
  return strstr(m, "_f64") || strstr(m, "_b64") || strstr(m, "_u64") || strstr(m, "_i64") ||
         (starts(m, "v_pk_") && strstr(m, "_f32"));
}

/* Issue cycles of one instruction by the mix model of hot-loop-model.md:
 * an MFMA its passes, a VALU op the chip's wave64 VALU issue (twice that
 * when 64-bit or transcendental), a memory op one issue slot; the model
 * counts `s_nop N` as N+1 and the rest as 1. */
static int cyclesOf(const Inst *in, const char *m, int cls, const FlyHwChip *hw) {
  switch (cls) {
  case C_MFMA:
    return FLY_HW_CLOCKS_PER_PASS * mfmaPasses(m, hw->chip);
  case C_VALU:
  case C_ACCVGPR:
    return (int)hw->cu.valuCycles * (isWideValu(m) ? 2 : 1);
  case C_VMEM_LOAD:
  case C_VMEM_STORE:
  case C_DS_READ:
  case C_DS_WRITE:
  case C_DS_OTHER:
  case C_SMEM:
  case C_SCRATCH:
    return (int)hw->cu.waitStateCycles;
  case C_NOP: {
    const char *arg = in->text + strcspn(in->text, "0123456789");
    return 1 + (*arg ? atoi(arg) : 0);
  }
  default:
    return 1;
  }
}

/*--- The main loop --------------------------------------------------------------*/

/* [first, last] instruction indices of each backward branch's loop; the
 * one with the most MFMAs wins, ties to the longer. */
static bool findMainLoop(const Insts *is, size_t *first, size_t *last) {
  int bestMfma = -1;
  size_t bestLen = 0;
  for (size_t i = 0; i < is->n; ++i) {
    char m[48];
    mnemonicOf(&is->v[i], m, sizeof m);
    if (strcmp(m, "s_branch") && !starts(m, "s_cbranch"))
      continue;
    int64_t target = (int64_t)is->v[i].off + 4 + 4 * (int64_t)(int16_t)(is->v[i].word0 & 0xffff);
    if (target > (int64_t)is->v[i].off)
      continue;
    size_t j = i;
    while (j > 0 && (int64_t)is->v[j].off > target)
      --j;
    if ((int64_t)is->v[j].off != target)
      continue; /* not an instruction boundary */
    int mfma = 0;
    for (size_t k = j; k <= i; ++k) {
      mnemonicOf(&is->v[k], m, sizeof m);
      mfma += classOf(m) == C_MFMA;
    }
    if (mfma > bestMfma || (mfma == bestMfma && i - j + 1 > bestLen)) {
      bestMfma = mfma;
      bestLen = i - j + 1;
      *first = j;
      *last = i;
    }
  }
  return bestMfma >= 0;
}

static void formatLoop(const Insts *is, size_t first, size_t last, const FlyHwChip *hw,
                       FlyStrBuf *out) {
  int count[NUM_CLASSES] = {0};
  long cycles[NUM_CLASSES] = {0};
  long total = 0;
  for (size_t k = first; k <= last; ++k) {
    char m[48];
    mnemonicOf(&is->v[k], m, sizeof m);
    int cls = classOf(m);
    int c = cyclesOf(&is->v[k], m, cls, hw);
    count[cls]++;
    cycles[cls] += c;
    total += c;
  }
  size_t n = last - first + 1;
  flyStrBufAppendF(out, "  main loop: 0x%llx-0x%llx, %zu instructions, %ld issue cycles\n",
                   (unsigned long long)is->v[first].off, (unsigned long long)is->v[last].off, n,
                   total);
  flyStrBufAppend(out, "   ");
  for (int c = 0; c < NUM_CLASSES; ++c)
    flyStrBufAppendF(out, " %s %d%s", classNames[c], count[c], c + 1 < NUM_CLASSES ? "," : "\n");
  flyStrBufAppendF(out, "    mfma share: %.1f%% by count, %.1f%% by issue cycles\n",
                   100.0 * count[C_MFMA] / (double)n,
                   total ? 100.0 * (double)cycles[C_MFMA] / (double)total : 0.0);
}

/* The kernel's code: from its entry to the next function (or .text's end). */
static void kernelRange(const FlyCodeObject *co, const FlyKernelInfo *k, uint64_t textAddr,
                        uint64_t textSize, uint64_t *begin, uint64_t *end) {
  *begin = k->entryAddress - textAddr;
  *end = textSize;
  for (size_t i = 0; i < flyCodeObjectGetNumSymbols(co); ++i) {
    const FlyCodeObjectSymbol *s = flyCodeObjectGetSymbol(co, i);
    if (s->type == 2 /* STT_FUNC */ && s->value > k->entryAddress &&
        s->value - textAddr < *end)
      *end = s->value - textAddr;
  }
}

bool flyHotLoopFormat(const FlyCodeObject *co, const FlyKernelInfo *k, FlyStrBuf *out) {
  size_t size;
  uint64_t addr, begin, end;
  const uint8_t *text = flyCodeObjectGetText(co, &size, &addr);
  if (!text || k->entryAddress < addr || k->entryAddress >= addr + size)
    return false;
  kernelRange(co, k, addr, size, &begin, &end);
  Insts is = {0};
  FlyChip chip = flyCodeObjectGetChip(co);
  bool ok = disassemble(chip, text, begin, end, &is);
  const FlyHwChip *hw = flyHwChipGet(chip);
  size_t first, last;
  if (ok && findMainLoop(&is, &first, &last))
    formatLoop(&is, first, last, hw, out);
  else if (ok)
    flyStrBufAppend(out, "  main loop: none\n");
  flyFree(is.v);
  return ok;
}
