/*===- decode_check.c - Cross-check the emulator's decoder against LLVM ---===*
 *
 * Compares the emulator's decoder with LLVM's disassembler (LLVM C API)
 * operand by operand: the emulator prints each decoded instruction in LLVM's
 * syntax (emuFormat: registers and widths, constants, literals, neg/abs,
 * clamp/omod, op_sel, DPP/SDWA controls, offsets, cache bits, MFMA fields)
 * and the texts must be equal.
 *
 *   emu-isa-decode-check [--mcpu gfx950|gfx942] FILE.o...
 *     every instruction of each object's .text: length, mnemonic and text;
 *   emu-isa-decode-check --mcpu CHIP --sweep N [--seed S] [--verbose]
 *     every entry of the emulator's opcode tables that the chip has: N
 *     encodings with random operand fields each; those LLVM decodes (without
 *     an "invalid register" remark) must decode in the emulator to the same
 *     length, mnemonic and text. Entries for which LLVM accepts none of the
 *     N encodings are listed as UNCOVERED with the reason, and the known
 *     differences (knownSample) as KNOWN; both lists are part of the test's
 *     expected output, so they cannot grow silently. LLVM's disassembler
 *     crashes on a few random encodings, so each entry runs in a child
 *     process that resumes past a crash.
 *
 * Prints one line per mismatch and a summary; exits 1 on any mismatch.
 *===----------------------------------------------------------------------===*/
#include <llvm-c/Core.h>
#include <llvm-c/Disassembler.h>
#include <llvm-c/Object.h>
#include <llvm-c/Target.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "emu_isa.h"
#include "random_encode.h"

void LLVMInitializeAMDGPUTargetInfo(void);
void LLVMInitializeAMDGPUTargetMC(void);
void LLVMInitializeAMDGPUDisassembler(void);

/* LLVM's text with runs of blanks collapsed and the ends trimmed. */
static void normalise(const char *text, char *out, size_t cap) {
  size_t n = 0;
  bool space = false;
  while (*text == ' ' || *text == '\t')
    text++;
  for (; *text && n + 1 < cap; text++) {
    if (*text == ' ' || *text == '\t') {
      space = true;
      continue;
    }
    if (space && n)
      out[n++] = ' ';
    space = false;
    out[n++] = *text;
  }
  out[n] = 0;
}

/* LLVM's mnemonic without the encoding suffix. */
static void llvmMnemonic(const char *text, char *out, size_t cap) {
  size_t n = strcspn(text, " ");
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

/* Disassembles one instruction: returns its length (0 = LLVM cannot decode)
 * and the normalised text. */
static size_t llvmText(LLVMDisasmContextRef dc, const uint8_t *code, size_t avail, char *text,
                       size_t cap) {
  char raw[512];
  size_t n = LLVMDisasmInstruction(dc, (uint8_t *)code, avail, 0, raw, sizeof(raw));
  normalise(n ? raw : "", text, cap);
  return n;
}

/*--- Objects --------------------------------------------------------------------*/

static int checkText(LLVMDisasmContextRef dc, const uint8_t *code, size_t size,
                     FlyChip chip, const char *file) {
  size_t off = 0, count = 0, bad = 0;
  while (off + 4 <= size) {
    char text[512], mine[512], mn[128];
    size_t n = llvmText(dc, code + off, size - off, text, sizeof(text));
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
    } else {
      emuFormat(&in, mine, sizeof(mine));
      if (strcmp(mine, text)) {
        printf("MISMATCH %s+0x%zx: LLVM '%s', emulator '%s'\n", file, off, text, mine);
        bad++;
      }
    }
    off += n;
  }
  printf("%s: %zu instructions, %zu mismatches\n", file, count, bad);
  return bad ? 1 : 0;
}

static int checkFile(const char *path, const char *cpu, FlyChip chip) {
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

/*--- Sweep over the opcode tables ---------------------------------------------------*/


/* Encodings on which the emulator knowingly reads a field differently from
 * LLVM's disassembler, following the ISA guide; each sample that hits one
 * is counted under its reason instead of being compared. */
static const char *knownSample(EmuFormat fmt, const uint8_t *b) {
  uint32_t d0 = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
  if (fmt == EMU_FMT_FLAT && (d0 & 0x1000))
    return "FLAT offset bit 12: the CDNA4 ISA guide (Table 101) makes FLAT offsets 12-bit "
           "unsigned with the MSB ignored; LLVM prints 13 bits";
  return NULL;
}

typedef struct Table {
  const EmuOpName *t;
  unsigned n;
  EmuFormat fmt;
} Table;

static const char *const fmtNames[] = {
    [EMU_FMT_SOP2] = "SOP2", [EMU_FMT_SOPK] = "SOPK", [EMU_FMT_SOP1] = "SOP1",
    [EMU_FMT_SOPC] = "SOPC", [EMU_FMT_SOPP] = "SOPP", [EMU_FMT_SMEM] = "SMEM",
    [EMU_FMT_VOP2] = "VOP2", [EMU_FMT_VOP1] = "VOP1", [EMU_FMT_VOPC] = "VOPC",
    [EMU_FMT_VOP3] = "VOP3", [EMU_FMT_VOP3P] = "VOP3P", [EMU_FMT_DS] = "DS",
    [EMU_FMT_MUBUF] = "MUBUF", [EMU_FMT_MTBUF] = "MTBUF", [EMU_FMT_FLAT] = "FLAT",
    [EMU_FMT_SCRATCH] = "SCRATCH", [EMU_FMT_GLOBAL] = "GLOBAL"};

/* An MFMA whose A or B operand is no VGPR/AGPR: the ISA allows only those
 * (LLVM prints e.g. "null" there without remark). */
static bool mfmaScalarAB(const char *text) {
  if (strncmp(text, "v_mfma", 6) && strncmp(text, "v_smfmac", 8))
    return false;
  const char *p = strchr(text, ',');
  for (int k = 0; p && k < 2; k++) {
    p++;
    while (*p == ' ')
      p++;
    if (*p != 'v' && *p != 'a')
      return true;
    p = strchr(p, ',');
  }
  return false;
}

/* Runs samples start..samples-1 of one table entry (the earlier ones are
 * generated again to advance the random stream, which depends only on the
 * seed and the entry), writing "TRY <index>" before each disassembly, a
 * result line per sample and the mismatch reports to `out`. */
static void runEntry(LLVMDisasmContextRef dc, FlyChip chip, const char *cpu, const Table *tb,
                     unsigned op, unsigned samples, uint64_t seed, unsigned start, FILE *out) {
  uint64_t z = seed + ((uint64_t)tb->fmt << 40) + ((uint64_t)op << 20) + 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull; /* splitmix64: a well-mixed start */
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  randomEncodeSeed((z ^ (z >> 31)) | 1);
  const char *name = tb->t[op].name;
  for (unsigned s = 0; s < samples; s++) {
    uint8_t b[16] = {0};
    size_t len = randomEncode(tb->fmt, op, b);
    if (s < start)
      continue;
    const char *why = knownSample(tb->fmt, b);
    if (why) {
      fprintf(out, "KNOWNSAMPLE %s\n", why);
      continue;
    }
    fprintf(out, "TRY %u\n", s);
    fflush(out);
    char text[512], mine[512], mn[128];
    size_t n = llvmText(dc, b, len, text, sizeof(text));
    if (getenv("DECODE_CHECK_ONLY") && !strcmp(getenv("DECODE_CHECK_ONLY"), name)) {
      fprintf(out, "LINE DEBUG %zu '%s':", n, text);
      for (size_t k = 0; k < len; k += 4)
        fprintf(out, " %02x%02x%02x%02x", b[k + 3], b[k + 2], b[k + 1], b[k]);
      fprintf(out, "\n");
    }
    if (!n || strstr(text, "/*") || strstr(text, "Warning") || mfmaScalarAB(text))
      continue; /* no valid instruction for LLVM (or for the ISA) */
    EmuInst in;
    bool ok = emuDecodeOne(b, len, chip, &in);
    llvmMnemonic(text, mn, sizeof(mn));
    if (ok && in.name && !strcmp(in.name, mn) && in.size == n) {
      emuFormat(&in, mine, sizeof(mine));
      if (!strcmp(mine, text)) {
        fprintf(out, "GOOD\n");
        continue;
      }
    } else {
      snprintf(mine, sizeof(mine), "%s (%u bytes%s)", in.name ? in.name : "?", in.size,
               ok ? "" : ", undecodable");
    }
    fprintf(out, "BAD MISMATCH %s %s %s:", cpu, fmtNames[tb->fmt], name);
    for (size_t k = 0; k < len; k += 4)
      fprintf(out, " %02x%02x%02x%02x", b[k + 3], b[k + 2], b[k + 1], b[k]);
    fprintf(out, "\nLINE   LLVM     '%s'\nLINE   emulator '%s'\n", text, mine);
  }
  fprintf(out, "DONE\n");
  fflush(out);
}

/* The reasons of knownSample() that samples hit, printed once at the end. */
static char knownSeen[8][256];
static size_t nKnownSeen;
static void noteKnown(const char *why) {
  char w[256];
  size_t n = strcspn(why, "\n");
  if (n >= sizeof(w))
    n = sizeof(w) - 1;
  memcpy(w, why, n);
  w[n] = 0;
  for (size_t i = 0; i < nKnownSeen; i++)
    if (!strcmp(knownSeen[i], w))
      return;
  if (nKnownSeen < sizeof(knownSeen) / sizeof(knownSeen[0]))
    snprintf(knownSeen[nKnownSeen++], sizeof(knownSeen[0]), "%s", w);
}

/* Runs one entry in a child process (LLVM's disassembler crashes on a few
 * random encodings); after a crash it resumes past the crashing sample. */
static bool entryResult(LLVMDisasmContextRef dc, FlyChip chip, const char *cpu,
                        const Table *tb, unsigned op, unsigned samples, uint64_t seed,
                        size_t *kept, size_t *bad, size_t *crashes) {
  unsigned start = 0;
  size_t shown = 0;
  *kept = *bad = 0;
  for (;;) {
    int fds[2];
    if (pipe(fds))
      return false;
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0)
      return false;
    if (pid == 0) {
      close(fds[0]);
      FILE *out = fdopen(fds[1], "w");
      runEntry(dc, chip, cpu, tb, op, samples, seed, start, out);
      fclose(out);
      _exit(0);
    }
    close(fds[1]);
    FILE *in = fdopen(fds[0], "r");
    char line[1024];
    unsigned last = start;
    bool done = false, showing = false;
    while (fgets(line, sizeof(line), in)) {
      if (sscanf(line, "TRY %u", &last) == 1)
        continue;
      if (!strcmp(line, "GOOD\n")) {
        (*kept)++;
      } else if (!strncmp(line, "BAD ", 4)) {
        (*kept)++, (*bad)++;
        showing = shown++ < 3;
        if (showing)
          fputs(line + 4, stdout);
      } else if (!strncmp(line, "LINE ", 5)) {
        if (showing || !strncmp(line + 5, "DEBUG", 5))
          fputs(line + 5, stdout);
      } else if (!strncmp(line, "KNOWNSAMPLE ", 12)) {
        noteKnown(line + 12);
      } else if (!strcmp(line, "DONE\n")) {
        done = true;
      }
    }
    fclose(in);
    int status = 0;
    waitpid(pid, &status, 0);
    if (done && WIFEXITED(status))
      return true;
    (*crashes)++;
    start = last + 1; /* skip the encoding LLVM crashed on */
    if (start >= samples)
      return true;
  }
}

static int sweep(LLVMDisasmContextRef dc, FlyChip chip, const char *cpu, unsigned samples,
                 uint64_t seed, bool verbose) {
  const Table tables[] = {
      {emuOpNamesSop2, 128, EMU_FMT_SOP2},   {emuOpNamesSopk, 32, EMU_FMT_SOPK},
      {emuOpNamesSop1, 256, EMU_FMT_SOP1},   {emuOpNamesSopc, 128, EMU_FMT_SOPC},
      {emuOpNamesSopp, 128, EMU_FMT_SOPP},   {emuOpNamesSmem, 256, EMU_FMT_SMEM},
      {emuOpNamesVop2, 64, EMU_FMT_VOP2},    {emuOpNamesVop1, 256, EMU_FMT_VOP1},
      {emuOpNamesVopc, 256, EMU_FMT_VOPC},   {emuOpNamesVop3, 1024, EMU_FMT_VOP3},
      {emuOpNamesVop3p, 128, EMU_FMT_VOP3P}, {emuOpNamesDs, 256, EMU_FMT_DS},
      {emuOpNamesMubuf, 128, EMU_FMT_MUBUF}, {emuOpNamesMtbuf, 16, EMU_FMT_MTBUF},
      {emuOpNamesFlat, 128, EMU_FMT_FLAT},   {emuOpNamesScratch, 128, EMU_FMT_SCRATCH},
      {emuOpNamesGlobal, 128, EMU_FMT_GLOBAL}};
  size_t entries = 0, covered = 0, compared = 0, badEntries = 0, badSamples = 0;
  size_t crashes = 0;
  for (size_t ti = 0; ti < sizeof(tables) / sizeof(tables[0]); ti++) {
    const Table *tb = &tables[ti];
    for (unsigned op = 0; op < tb->n; op++) {
      const EmuOpName *e = &tb->t[op];
      if (!e->name || !emuOpOnChip(e, chip))
        continue;
      entries++;
      size_t kept = 0, bad = 0;
      if (!entryResult(dc, chip, cpu, tb, op, samples, seed, &kept, &bad, &crashes)) {
        printf("ERROR %s %s %s: the entry's run failed\n", cpu, fmtNames[tb->fmt], e->name);
        badEntries++;
        continue;
      }
      compared += kept;
      if (!kept) {
        printf("UNCOVERED %s %s %s: LLVM decodes none of %u random encodings\n", cpu,
               fmtNames[tb->fmt], e->name, samples);
        continue;
      }
      covered++;
      if (bad) {
        badEntries++;
        badSamples += bad;
      } else if (verbose) {
        printf("OK %s %s %s: %zu encodings\n", cpu, fmtNames[tb->fmt], e->name, kept);
      }
    }
  }
  for (size_t i = 0; i < nKnownSeen; i++)
    printf("KNOWN %s: %s\n", cpu, knownSeen[i]);
  printf("%s: %zu table entries, %zu covered, %zu encodings compared, "
         "%zu entries with mismatches (%zu encodings); LLVM crashed on %zu encodings\n",
         cpu, entries, covered, compared, badEntries, badSamples, crashes);
  return badEntries ? 1 : 0;
}

int main(int argc, char **argv) {
  const char *cpu = "gfx950";
  unsigned samples = 0;
  uint64_t seed = 1;
  bool verbose = false;
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
    if (!strcmp(argv[i], "--sweep") && i + 1 < argc) {
      samples = (unsigned)strtoul(argv[++i], NULL, 10);
      continue;
    }
    if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
      seed = strtoull(argv[++i], NULL, 0);
      continue;
    }
    if (!strcmp(argv[i], "--verbose")) {
      verbose = true;
      continue;
    }
    files++;
    rc |= checkFile(argv[i], cpu, strcmp(cpu, "gfx950") ? FLY_CHIP_GFX942 : FLY_CHIP_GFX950);
  }
  if (samples) {
    LLVMDisasmContextRef dc =
        LLVMCreateDisasmCPUFeatures("amdgcn-amd-amdhsa", cpu, "", NULL, 0, NULL, NULL);
    rc |= sweep(dc, strcmp(cpu, "gfx950") ? FLY_CHIP_GFX942 : FLY_CHIP_GFX950, cpu, samples, seed,
                verbose);
    LLVMDisasmDispose(dc);
  } else if (!files) {
    fprintf(stderr, "usage: emu-isa-decode-check [--mcpu gfx950|gfx942] FILE...\n"
                    "       emu-isa-decode-check [--mcpu gfx950|gfx942] --sweep N [--seed S]\n");
    return 2;
  }
  return rc;
}
