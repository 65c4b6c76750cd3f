/*===- flyc-run.c - Run a kernel of a code object -------------------------===*
 *
 * flyc-run CODE.hsaco --kernel NAME --grid X[,Y,Z] --block X[,Y,Z]
 *          [options] ARG...
 * Runs the kernel on flyc's emulator (the chip comes from the code object)
 * and writes or checks named output buffers. Exit status: 0 success,
 * 1 error (bad input, fault, failed check), 2 misuse of the command line.
 *===----------------------------------------------------------------------===*/
#include "run.h"

#include <stdarg.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usageText[] =
    "usage: flyc-run CODE.hsaco --kernel NAME --grid X[,Y,Z] --block X[,Y,Z]\n"
    "                [options] ARG...\n"
    "\n"
    "Runs kernel NAME of an AMDGPU code object on flyc's gfx950/gfx942 emulator.\n"
    "The grid counts workgroups (HIP style); the block counts work-items.\n"
    "\n"
    "Kernel arguments, in the kernel's order:\n"
    "  NAME:DTYPE:COUNT[:INIT]  a buffer of COUNT elements, passed as its address\n"
    "      INIT  zeros            all zero (default)\n"
    "            const=V          every element V\n"
    "            rand=SEED[,LO,HI] seeded uniform values in [LO,HI) (floats default\n"
    "                             [-1,1), signed ints [-8,8), unsigned [0,16))\n"
    "            file=PATH        raw little-endian elements, exactly COUNT of them\n"
    "      DTYPE f32 f64 f16 bf16 fp8 bf8 (OCP E4M3FN/E5M2) fp8_fnuz bf8_fnuz\n"
    "            i8 u8 i16 u16 i32 u32 i64 u64\n"
    "  DTYPE=VALUE              a scalar: i32, u32, i64, u64 or f32\n"
    "\n"
    "Options:\n"
    "  --out NAME=PATH          write buffer NAME after the run (raw elements)\n"
    "  --preshuffle NAME=NxK    after filling, rearrange buffer NAME (B, N x K row-major)\n"
    "                           into the GEMM kernels' preshuffled order\n"
    "  --check NAME=PATH[,atol=E][,rtol=E]\n"
    "                           compare buffer NAME with a reference file: bit-exact\n"
    "                           unless atol or rtol is given (even 0); then by value:\n"
    "                           |got-ref| <= atol + rtol*|ref|, NaN matches NaN\n"
    "  --chip gfx950|gfx942     run on this chip (default: the code object's)\n"
    "  --threads N              worker threads (default: one per CPU)\n"
    "  --lds BYTES              dynamic LDS per workgroup (default 0)\n"
    "  --stats                  print instruction counts and throughput\n"
    "  --timeout SECONDS        give up (exit 1) when the run takes longer, e.g.\n"
    "                           on a kernel that never ends (default: no limit)\n"
    "  --list                   list the code object's kernels and their arguments\n"
    "                           (no launch; --kernel/--grid/--block not needed)\n"
    "  --help                   show this text\n"
    "\n"
    "Exit status: 0 success; 1 error, GPU fault or failed check; 2 usage error.\n";

typedef struct Options {
  const char *code, *kernel, *chip;
  uint32_t grid[3], block[3];
  bool haveGrid, haveBlock, stats, list;
  unsigned threads, timeout;
  uint32_t lds;
  RunArg *args;
  size_t numArgs;
  RunOutput *outputs;
  size_t numOutputs;
  const char *preshuffle[16]; /* NAME=NxK: buffers to preshuffle after filling */
  size_t numPreshuffle;
} Options;

static int usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int usage(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "flyc-run: ");
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, "\n(run 'flyc-run --help' for the syntax)\n");
  return 2;
}

static int fail(const char *msg) {
  fprintf(stderr, "flyc-run: error: %s\n", msg ? msg : "out of memory");
  return 1;
}

static bool parseDims(const char *s, uint32_t out[3]) {
  out[0] = out[1] = out[2] = 1;
  for (int i = 0; i < 3; ++i) {
    char *end;
    if (*s < '0' || *s > '9')
      return false;
    unsigned long v = strtoul(s, &end, 10);
    if (v == 0 || v > UINT32_MAX)
      return false;
    out[i] = (uint32_t)v;
    if (!*end)
      return true;
    if (*end != ',' || i == 2)
      return false;
    s = end + 1;
  }
  return false;
}

static bool parseUnsigned(const char *s, unsigned long max, unsigned long *out) {
  char *end;
  if (*s < '0' || *s > '9')
    return false;
  *out = strtoul(s, &end, 10);
  return !*end && *out <= max;
}

/* Handles one option with a value; returns 0 ok, 2 misuse. */
static int takeOption(Options *o, const char *opt, const char *val, FlyStrBuf *err) {
  unsigned long n;
  if (strcmp(opt, "--kernel") == 0) o->kernel = val;
  else if (strcmp(opt, "--chip") == 0) o->chip = val;
  else if (strcmp(opt, "--grid") == 0) {
    if (!(o->haveGrid = parseDims(val, o->grid)))
      return usage("bad --grid '%s' (expected X[,Y,Z], each >= 1)", val);
  } else if (strcmp(opt, "--block") == 0) {
    if (!(o->haveBlock = parseDims(val, o->block)))
      return usage("bad --block '%s' (expected X[,Y,Z], each >= 1)", val);
  } else if (strcmp(opt, "--threads") == 0) {
    if (!parseUnsigned(val, 64, &n) || n == 0)
      return usage("bad --threads '%s' (expected 1..64)", val);
    o->threads = (unsigned)n;
  } else if (strcmp(opt, "--timeout") == 0) {
    if (!parseUnsigned(val, 1u << 20, &n) || n == 0)
      return usage("bad --timeout '%s' (expected seconds >= 1)", val);
    o->timeout = (unsigned)n;
  } else if (strcmp(opt, "--lds") == 0) {
    if (!parseUnsigned(val, 1u << 20, &n))
      return usage("bad --lds '%s' (expected a byte count)", val);
    o->lds = (uint32_t)n;
  } else if (strcmp(opt, "--preshuffle") == 0) {
    if (o->numPreshuffle == 16)
      return usage("at most 16 --preshuffle options");
    o->preshuffle[o->numPreshuffle++] = val;
  } else if (strcmp(opt, "--out") == 0 || strcmp(opt, "--check") == 0) {
    if (!runOutputParse(val, opt[2] == 'c', &o->outputs[o->numOutputs++], err))
      return usage("%s", err->data);
  } else {
    return usage("unknown option '%s'", opt);
  }
  return 0;
}

static int parseCommandLine(Options *o, int argc, char **argv, FlyStrBuf *err) {
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (strcmp(a, "--stats") == 0) {
      o->stats = true;
    } else if (strcmp(a, "--list") == 0) {
      o->list = true;
    } else if (strncmp(a, "--", 2) == 0) {
      if (i + 1 >= argc)
        return usage("option '%s' needs a value", a);
      int rc = takeOption(o, a, argv[++i], err);
      if (rc)
        return rc;
    } else if (!o->code) {
      o->code = a;
    } else if (!runArgParse(a, &o->args[o->numArgs++], err)) {
      return usage("%s", err->data);
    }
  }
  for (size_t i = 0; i < o->numArgs; ++i)
    for (size_t j = 0; j < i; ++j)
      if (o->args[i].isBuffer && o->args[j].isBuffer &&
          strcmp(o->args[i].name, o->args[j].name) == 0)
        return usage("two buffers are named '%s'", o->args[i].name);
  if (!o->code) return usage("missing the code object file");
  if (o->list) return 0;
  if (!o->kernel) return usage("missing --kernel NAME");
  if (!o->haveGrid) return usage("missing --grid X[,Y,Z]");
  if (!o->haveBlock) return usage("missing --block X[,Y,Z]");
  return 0;
}

/* The chip named by the code object, so the right device is created. */
static const char *codeObjectChip(const char *path, FlyStrBuf *err) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    flyStrBufAppendF(err, "cannot open '%s'", path);
    return NULL;
  }
  uint8_t hdr[64];
  size_t n = fread(hdr, 1, sizeof hdr, f);
  fclose(f);
  uint32_t mach = n == sizeof hdr ? hdr[48] : 0;
  if (mach == FLY_MACH_GFX942) return "gfx942";
  if (mach == FLY_MACH_GFX950) return "gfx950";
  return "gfx950"; /* the loader reports what is wrong with the file */
}

static int reportFault(const FlyLaunchResult *r) {
  FlyStrBuf line = {0};
  flyLaunchResultFormat(r, &line);
  fprintf(stderr, "flyc-run: %s\n", line.data ? line.data : "out of memory");
  flyStrBufDestroy(&line);
  return 1;
}

static void printStats(const FlyLaunchResult *r) {
  const FlyEmuStats *s = &r->stats;
  double rate = s->seconds > 0 ? (double)s->waveInstructions / s->seconds : 0;
  printf("stats: %llu workgroups, %llu waves, %llu wave-instructions in %.6f s "
         "(%.2f M wave-instructions/s)\n",
         (unsigned long long)s->workgroups, (unsigned long long)s->waves,
         (unsigned long long)s->waveInstructions, s->seconds, rate / 1e6);
}

static void listKernel(const FlyKernelInfo *k) {
  printf("kernel %s: %zu arguments, kernarg %u bytes, LDS %u bytes, max workgroup %u, "
         "%u VGPRs, %u AGPRs, %u SGPRs\n", k->name, k->numExplicitArgs, k->kernargSegmentSize,
         k->groupSegmentFixedSize, k->maxFlatWorkgroupSize, k->vgprCount, k->agprCount,
         k->sgprCount);
  for (size_t i = 0; i < k->numExplicitArgs; ++i) {
    const FlyKernelArg *a = &k->args[i];
    printf("  [%zu] offset %u size %u %s%s%s%s%s", i, a->offset, a->size, a->valueKind,
           *a->name ? " " : "", a->name, *a->typeName ? " : " : "", a->typeName);
    if (runAbiIsFilledSize(k, i))
      printf(" (filled in: the COUNT of the buffer given for %s)", k->args[i - 1].name);
    printf("\n");
  }
}

/* --list: what a launch needs to know, from the metadata. */
static int listKernels(FlyModule *mod) {
  const FlyCodeObject *co = flyModuleGetCodeObject(mod);
  printf("%s code object, %zu kernels\n", flyGpuMachGetName(flyCodeObjectGetMach(co)),
         flyCodeObjectGetNumKernels(co));
  for (size_t i = 0; i < flyCodeObjectGetNumKernels(co); ++i)
    listKernel(flyCodeObjectGetKernel(co, i));
  return 0;
}

/* --timeout: the emulator cannot interrupt a running wave, so the process
 * ends itself; only async-signal-safe calls here. */
static void onTimeout(int sig) {
  static const char msg[] = "flyc-run: error: the run did not finish within --timeout "
                            "(a kernel that never ends?)\n";
  (void)sig;
  ssize_t ignored = write(STDERR_FILENO, msg, sizeof msg - 1);
  (void)ignored;
  _exit(1);
}

static void armTimeout(unsigned seconds) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = onTimeout;
  sigaction(SIGALRM, &sa, NULL);
  alarm(seconds);
}

/* --preshuffle NAME=NxK: rearranges buffer NAME (already filled) into the
 * GEMM kernels' preshuffled B order (flyPreshuffleB). */
static bool preshuffle(FlyDevice *dev, const Options *o, const char *spec, FlyStrBuf *err) {
  char name[64];
  unsigned long n = 0, k = 0;
  const char *eq = strchr(spec, '=');
  if (!eq || (size_t)(eq - spec) >= sizeof name || sscanf(eq + 1, "%lux%lu", &n, &k) != 2) {
    flyStrBufAppendF(err, "bad --preshuffle '%s' (expected NAME=NxK)", spec);
    return false;
  }
  snprintf(name, sizeof name, "%.*s", (int)(eq - spec), spec);
  const RunArg *arg = NULL;
  for (size_t i = 0; i < o->numArgs && !arg; ++i)
    if (o->args[i].isBuffer && !strcmp(o->args[i].name, name))
      arg = &o->args[i];
  size_t bytes = arg ? runDtypeSize(arg->dtype) : 0;
  if (!arg || (uint64_t)n * k != arg->count) {
    flyStrBufAppendF(err, "--preshuffle %s: %s", spec,
                     arg ? "N x K differs from the buffer's element count" : "no such buffer");
    return false;
  }
  size_t size = (size_t)arg->count * bytes;
  unsigned char *host = malloc(size), *out = malloc(size);
  bool ok = host && out && flyDeviceCopyOut(dev, arg->buf, 0, host, size, err) &&
            flyPreshuffleB(host, out, n, k, bytes, err) &&
            flyDeviceCopyIn(dev, arg->buf, 0, out, size, err);
  free(host);
  free(out);
  return ok;
}

/* Device work once the command line is valid. */
static int run(Options *o, FlyDevice *dev, FlyStrBuf *err) {
  FlyModule *mod = flyModuleLoadFile(dev, o->code, err);
  if (!mod)
    return fail(err->data);
  if (o->list)
    return listKernels(mod);
  for (size_t i = 0; i < o->numArgs; ++i)
    if (!runArgMaterialize(dev, &o->args[i], err))
      return fail(err->data);
  for (size_t i = 0; i < o->numPreshuffle; ++i)
    if (!preshuffle(dev, o, o->preshuffle[i], err))
      return fail(err->data);
  FlyArgs *args = flyArgsCreate();
  const FlyKernelInfo *kernel = flyModuleGetKernel(mod, o->kernel);
  if (args && kernel && !runAbiAppend(kernel, o->args, o->numArgs, args, err))
    return flyArgsDestroy(args), fail(err->data);
  for (size_t i = 0; args && !kernel && i < o->numArgs; ++i) /* the launch reports the name */
    if (!runArgAppend(&o->args[i], args))
      return flyArgsDestroy(args), fail(NULL);
  FlyLaunchConfig cfg = {{o->grid[0], o->grid[1], o->grid[2]},
                         {o->block[0], o->block[1], o->block[2]}, o->lds};
  FlyLaunchResult result;
  if (o->timeout)
    armTimeout(o->timeout);
  bool ok = args && flyLaunch(dev, mod, o->kernel, &cfg, args, &result);
  alarm(0);
  flyArgsDestroy(args);
  if (!args)
    return fail(NULL);
  if (!ok)
    return reportFault(&result);
  if (o->stats)
    printStats(&result);
  int rc = 0;
  /* Every output is written or checked, so one failed check does not hide
   * the others; an error (unreadable reference, ...) stops at once. */
  for (size_t i = 0; i < o->numOutputs; ++i) {
    FlyStrBuf report = {0};
    int r = runOutputHandle(dev, o->args, o->numArgs, &o->outputs[i], &report, err);
    if (r == 3)
      fprintf(stderr, "flyc-run: %s\n", report.data);
    else if (report.data)
      fputs(report.data, stdout);
    flyStrBufDestroy(&report);
    if (r == 1)
      return fail(err->data);
    rc = r == 3 ? 1 : rc;
  }
  return rc;
}

int main(int argc, char **argv) {
  for (int i = 1; i < argc; ++i)
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      fputs(usageText, stdout);
      return 0;
    }
  Options o = {0};
  FlyStrBuf err = {0};
  o.args = flyCalloc((size_t)argc, sizeof(RunArg));
  o.outputs = flyCalloc((size_t)argc, sizeof(RunOutput));
  int rc = o.args && o.outputs ? parseCommandLine(&o, argc, argv, &err) : fail(NULL);
  FlyRuntime *rt = rc ? NULL : flyRuntimeCreate();
  if (!rc) {
    const char *chip = o.chip ? o.chip : codeObjectChip(o.code, &err);
    FlyDevice *dev = chip && rt ? flyRuntimeCreateDevice(rt, chip, o.threads, &err) : NULL;
    rc = dev ? run(&o, dev, &err) : fail(err.data);
  }
  flyRuntimeDestroy(rt);
  flyFree(o.args);
  flyFree(o.outputs);
  flyStrBufDestroy(&err);
  return rc;
}
