/*===- flyc-run.c - Run a kernel of a code object -------------------------===*
 *
 * flyc-run CODE.hsaco --kernel NAME --grid X[,Y,Z] --block X[,Y,Z]
 *          [options] ARG...
 * Runs the kernel on flyc's emulator (the chip comes from the code object)
 * or, with --device hip, on a GPU through the HIP runtime, and writes or
 * checks named output buffers; --bench N times it. Exit status: 0 success,
 * 1 error (bad input, fault, failed check, no runtime or GPU), 2 misuse of
 * the command line.
 *===----------------------------------------------------------------------===*/
#include "run.h"

#include "flyc/hw.h"

#include <inttypes.h>
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
    "Runs kernel NAME of an AMDGPU code object on flyc's gfx950/gfx942 emulator\n"
    "or on a GPU through AMD's HIP runtime (--device hip).\n"
    "The grid counts workgroups (HIP style); the block counts work-items.\n"
    "\n"
    "Kernel arguments, in the kernel's order:\n"
    "  NAME:DTYPE:COUNT[:INIT]  a buffer of COUNT (1..2^32) elements, passed as its address\n"
    "      INIT  zeros            all zero (default)\n"
    "            const=V          every element V\n"
    "            rand=SEED[,LO,HI] seeded uniform values in [LO,HI), integers for the\n"
    "                             integer types (floats default [-1,1), signed ints\n"
    "                             [-8,8), unsigned [0,16))\n"
    "            file=PATH        raw little-endian elements, exactly COUNT of them\n"
    "      DTYPE f32 f64 f16 bf16 fp8 bf8 (OCP E4M3FN/E5M2) fp8_fnuz bf8_fnuz\n"
    "            i8 u8 i16 u16 i32 u32 i64 u64\n"
    "  DTYPE=VALUE              a scalar: i32, u32, i64, u64 or f32\n"
    "  Values must fit the type: integer types take integers in range (a rand HI\n"
    "  up to the largest value + 1), floats must not round past the largest\n"
    "  finite value, and inf only goes to types with infinities.\n"
    "\n"
    "Options:\n"
    "  --device emu|hip         run on flyc's emulator (default) or on HIP device 0\n"
    "                           (choose another with HIP_VISIBLE_DEVICES)\n"
    "  --hip-lib PATH           the HIP runtime to load (default: $FLYC_HIP_LIBRARY, else\n"
    "                           libamdhip64.so, .so.7, .so.6, .so.5)\n"
    "  --bench N                after the run, time it: on hip N launches (after warm-up\n"
    "                           ones), L2 and Infinity Cache flushed before each, median\n"
    "                           and min microseconds from HIP events; on emu the timing\n"
    "                           model's prediction (one simulated launch; see --timing)\n"
    "  --flush BYTES            bytes written before each --bench launch on hip (default:\n"
    "                           twice L2 plus Infinity Cache of the chip; 0: no flush)\n"
    "  --gemm MxNxK[,DTYPE]     the launch is this GEMM (gemm-optimization §8.1-8.2; DTYPE\n"
    "                           fp8 (default), int8, int4, fp4, bf16, fp16): --bench and\n"
    "                           --timing add TFLOPS and TB/s\n"
    "  --flops N, --bytes N     the work of one launch, for the same rates\n"
    "  --out NAME=PATH          write buffer NAME after the run (raw elements); written\n"
    "                           only when the whole run succeeds, atomically\n"
    "  --preshuffle NAME=NxK    after filling, rearrange buffer NAME (B, N x K row-major)\n"
    "                           into the GEMM kernels' preshuffled order (packed fp4:\n"
    "                           an i8/u8 buffer of N x K/2 bytes)\n"
    "  --preshuffle-scales NAME=RxKB\n"
    "                           after filling, rearrange buffer NAME (1-byte type: R x KB\n"
    "                           E8M0 scales, one per 32 K elements, row-major; R a multiple\n"
    "                           of 32, KB of 8) into the MXFP4 GEMMs' MX scale order\n"
    "  --check NAME=PATH[,atol=E][,rtol=E]\n"
    "                           compare buffer NAME with a reference file: bit-exact\n"
    "                           unless atol or rtol is given (even 0); then by value:\n"
    "                           |got-ref| <= atol + rtol*|ref|, NaN matches NaN\n"
    "  --chip gfx950|gfx942     run on this chip (default: the code object's); on hip\n"
    "                           the chip the device must be\n"
    "  --threads N              emulator worker threads (default: one per CPU)\n"
    "  --lds BYTES              dynamic LDS per workgroup (default 0)\n"
    "  --stats                  print emulated instruction counts and throughput\n"
    "  --check-hazards          stop with an error at the first missing s_waitcnt,\n"
    "                           s_barrier or MFMA/VALU wait states (also when the\n"
    "                           environment has FLYC_RUN_CHECK_HAZARDS=1; emulator only)\n"
    "  --timeout SECONDS        give up (exit 1) when the run, from loading the code\n"
    "                           object on, takes longer (default: no limit)\n"
    "  --max-memory BYTES       refuse a run that needs more host memory than this (on\n"
    "                           emu the buffers are host memory; default: the machine's)\n"
    "  --timing                 also predict the kernel's time on the GPU with the CU\n"
    "                           timing model and print the report (docs/timing.md)\n"
    "  --gpu NAME               the product modelled (--timing, --bench on emu): mi300x\n"
    "                           mi308x mi325x (gfx942), mi350x mi355x (gfx950); default\n"
    "                           the chip's flagship\n"
    "  --estimate               only simulate a few CUs, skip MFMA arithmetic: fast,\n"
    "                           no outputs (no --out/--check)\n"
    "  --timing-json FILE       write the report as JSON\n"
    "  --timing-svg FILE        write a timeline of one CU's waves as SVG\n"

    "  --list                   list the code object's kernels and their arguments\n"
    "                           (no launch; --kernel/--grid/--block not needed)\n"
    "  --help                   show this text\n"
    "\n"
    "Every argument is checked (against the kernel's metadata too) before any\n"
    "buffer is allocated.\n"
    "Exit status: 0 success; 1 error, GPU fault or failed check; 2 usage error.\n";


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
  FlyChip chip;
  if (n == sizeof hdr && flyCodeObjectMachToChip(hdr[48], &chip))
    return flyChipGetInfo(chip)->name;
  return "gfx950"; /* the loader reports what is wrong with the file */
}

/* The device of --device: the emulator for the code object's chip (or
 * --chip), or HIP device 0, which must be that chip. */
static FlyDevice *openDevice(const RunOptions *o, FlyRuntime *rt, FlyStrBuf *err) {
  const char *chip = o->chip ? o->chip : codeObjectChip(o->code, err);
  if (!chip)
    return NULL;
  const char *lib = o->hipLib ? o->hipLib : getenv("FLYC_HIP_LIBRARY");
  FlyDeviceDesc desc = {o->device, chip, o->threads, lib && *lib ? lib : NULL, 0};
  return flyRuntimeOpenDevice(rt, &desc, err);
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
  FlyVgprUsage v = flyKernelInfoGetVgprUsage(k);
  printf("kernel %s: %zu arguments, kernarg %u bytes, LDS %u bytes, max workgroup %u, "
         "%u arch VGPRs, %u AGPRs (%u allocated), %u SGPRs\n", k->name, k->numExplicitArgs,
         k->kernargSegmentSize, k->groupSegmentFixedSize, k->maxFlatWorkgroupSize, v.arch, v.acc,
         v.allocated, k->sgprCount);
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
  printf("%s code object, %zu kernels\n", flyChipGetInfo(flyCodeObjectGetChip(co))->name,
         flyCodeObjectGetNumKernels(co));
  for (size_t i = 0; i < flyCodeObjectGetNumKernels(co); ++i)
    listKernel(flyCodeObjectGetKernel(co, i));
  return 0;
}

/* --timeout: the emulator cannot interrupt a running wave, so the process
 * ends itself, removing any output still in its temporary file; only
 * async-signal-safe calls here. */
static RunOutput *timeoutOutputs, *timeoutReports;
static size_t timeoutNumOutputs, timeoutNumReports;

static void onTimeout(int sig) {
  static const char msg[] = "flyc-run: error: the run did not finish within --timeout "
                            "(a kernel that never ends?)\n";
  (void)sig;
  for (size_t i = 0; i < timeoutNumOutputs; ++i)
    if (timeoutOutputs[i].tempLive)
      unlink(timeoutOutputs[i].temp);
  for (size_t i = 0; i < timeoutNumReports; ++i)
    if (timeoutReports[i].tempLive)
      unlink(timeoutReports[i].temp);
  ssize_t ignored = write(STDERR_FILENO, msg, sizeof msg - 1);
  (void)ignored;
  _exit(1);
}

static void armTimeout(RunOptions *o) {
  timeoutOutputs = o->outputs;
  timeoutNumOutputs = o->numOutputs;
  timeoutReports = o->reports;
  timeoutNumReports = o->numReports;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = onTimeout;
  sigaction(SIGALRM, &sa, NULL);
  alarm(o->timeout);
}

/* The argument list as the launch will see it; before the buffers exist
 * their places hold zero FlyBuffers (flyLaunchCheck reads no values). */
/* The launch's argument list, in the kernel's ABI when the kernel exists
 * (run_abi.c fills in dynamic memref sizes); for an unknown kernel the
 * arguments as given, so that the launch reports the name. */
static FlyArgs *buildArgs(const RunOptions *o, FlyModule *mod, FlyStrBuf *err) {
  FlyArgs *args = flyArgsCreate();
  if (!args) {
    flyStrBufAppend(err, "out of memory");
    return NULL;
  }
  const FlyKernelInfo *kernel = flyModuleGetKernel(mod, o->kernel);
  if (kernel) {
    if (runAbiAppend(kernel, o->args, o->numArgs, args, err))
      return args;
    flyArgsDestroy(args);
    return NULL;
  }
  for (size_t i = 0; i < o->numArgs; ++i)
    if (!runArgAppend(&o->args[i], args)) {
      flyArgsDestroy(args);
      flyStrBufAppend(err, "out of memory");
      return NULL;
    }
  return args;
}

static FlyLaunchConfig launchConfig(const RunOptions *o) {
  return (FlyLaunchConfig){{o->grid[0], o->grid[1], o->grid[2]},
                           {o->block[0], o->block[1], o->block[2]}, o->lds,
                           o->checkHazards, 0};
}

/* Host memory the run will take: the staging block, two host copies of the
 * largest preshuffled buffer and, on the emulator, every buffer (its device
 * memory is host memory; a HIP device's is the GPU's, which hipMalloc
 * reports on its own). */
static bool checkMemory(const RunOptions *o, FlyStrBuf *err) {
  uint64_t need = RUN_STAGE_BYTES, preshuffled = 0;
  bool overflow = false;
  for (size_t i = 0; o->device == FLY_BACKEND_EMU && i < o->numArgs; ++i)
    if (o->args[i].isBuffer)
      overflow |= __builtin_add_overflow(need, runArgBytes(&o->args[i]), &need);
  for (size_t i = 0; i < o->numPreshuffles; ++i) {
    uint64_t b = runArgBytes(runFindBuffer(o->args, o->numArgs, o->preshuffles[i].name));
    preshuffled = b > preshuffled ? b : preshuffled;
  }
  overflow |= __builtin_add_overflow(need, 2 * preshuffled, &need); /* 2 * 2^35: exact */
  need = overflow ? UINT64_MAX : need;
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
  uint64_t have = o->maxMemory ? o->maxMemory
                  : pages > 0 && pageSize > 0 ? (uint64_t)pages * (uint64_t)pageSize : UINT64_MAX;
  if (need <= have)
    return true;
  flyStrBufAppendF(err, "the buffers need %" PRIu64 " bytes of memory, more than the %" PRIu64
                   " %s", need, have, o->maxMemory ? "of --max-memory" : "this machine has");
  return false;
}

/* --gpu must carry the code object's chip. */
static bool checkProduct(const RunOptions *o, FlyModule *mod, FlyStrBuf *err) {
  const FlyHwProduct *p = o->timing.gpu ? flyHwProductFind(o->timing.gpu) : NULL;
  if (!p)
    return true;
  FlyChip mach = flyCodeObjectGetChip(flyModuleGetCodeObject(mod));
  const char *chip = flyHwChipGet(p->chip)->name;
  if (!strcmp(chip, flyChipGetInfo(mach)->name))
    return true;
  flyStrBufAppendF(err, "--gpu %s carries %s, but the code object is for %s", p->name, chip,
                   flyChipGetInfo(mach)->name);
  return false;
}

/* Everything that can be checked before a buffer is allocated: the launch
 * against the kernel's metadata and the device, the input files, the
 * preshuffle shapes, the reference files, the output paths and the memory
 * the buffers need. */
static bool validate(const RunOptions *o, FlyDevice *dev, FlyModule *mod, FlyStrBuf *err,
                     bool *fault, FlyLaunchResult *result) {
  FlyArgs *args = buildArgs(o, mod, err);
  FlyLaunchConfig cfg = launchConfig(o);
  bool ok = args && flyLaunchCheck(dev, mod, o->kernel, &cfg, args, result);
  *fault = args && !ok;
  flyArgsDestroy(args);
  for (size_t i = 0; ok && i < o->numArgs; ++i)
    if (o->args[i].isBuffer && o->args[i].init == RUN_INIT_FILE)
      ok = runArgCheckFile(&o->args[i], o->args[i].path, err);
  for (size_t i = 0; ok && i < o->numPreshuffles; ++i) {
    const RunPreshuffle *p = &o->preshuffles[i];
    ok = runPreshuffleCheck(p, runFindBuffer(o->args, o->numArgs, p->name), err);
  }
  for (size_t i = 0; ok && i < o->numOutputs; ++i) {
    const RunOutput *out = &o->outputs[i];
    ok = out->check ? runArgCheckFile(runFindBuffer(o->args, o->numArgs, out->name), out->path,
                                      err)
                    : runOutputCheckTarget(out, err);
  }
  for (size_t i = 0; ok && i < o->numReports; ++i)
    ok = runOutputCheckTarget(&o->reports[i], err);
  return ok && checkProduct(o, mod, err) && checkMemory(o, err);
}

/* Fills the buffers, preshuffles, launches (timed with --timing);
 * *argsOut keeps the launch's argument list for --bench (the caller
 * destroys it). */
static int launch(RunOptions *o, FlyDevice *dev, FlyModule *mod, uint8_t *stage,
                  FlyArgs **argsOut, FlyEmuTimingReport *report, FlyStrBuf *err) {
  for (size_t i = 0; i < o->numArgs; ++i)
    if (!runArgMaterialize(dev, &o->args[i], stage, err))
      return fail(err->data);
  for (size_t i = 0; i < o->numPreshuffles; ++i) {
    const RunPreshuffle *p = &o->preshuffles[i];
    if (!runArgPreshuffle(dev, runFindBuffer(o->args, o->numArgs, p->name), p, err))
      return fail(err->data);
  }
  FlyArgs *args = *argsOut = buildArgs(o, mod, err);
  if (!args)
    return fail(err->data);
  FlyLaunchConfig cfg = launchConfig(o);
  FlyLaunchResult result;
  bool ok;
  if (o->timing.on) {
    FlyEmuTimingOptions topt = {o->timing.gpu, o->timing.estimate, 0, 0, o->timing.bytes};
    ok = flyLaunchTimed(dev, mod, o->kernel, &cfg, args, &topt, report, &result);
  } else {
    ok = flyLaunch(dev, mod, o->kernel, &cfg, args, &result);
  }
  if (!ok)
    return reportFault(&result);
  if (o->stats)
    printStats(&result);
  if (o->timing.on) {
    FlyStrBuf text = {0};
    FlyEmuTimingWork work = {o->timing.flops, o->timing.bytes};
    flyEmuTimingReportFormatText(report, &work, &text);
    if (text.data)
      fputs(text.data, stdout);
    flyStrBufDestroy(&text);
  }
  return 0;
}

/* Every --check runs, so one failed check does not hide the others; an
 * error (unreadable reference, ...) stops at once. */
static int checkOutputs(RunOptions *o, FlyDevice *dev, uint8_t *stage, FlyStrBuf *err) {
  int rc = 0;
  for (size_t i = 0; i < o->numOutputs; ++i) {
    const RunOutput *out = &o->outputs[i];
    if (!out->check)
      continue;
    FlyStrBuf report = {0};
    int r = runOutputCheck(dev, runFindBuffer(o->args, o->numArgs, out->name), out, stage,
                           &report, err);
    if (r == 3)
      fprintf(stderr, "flyc-run: %s\n", report.data ? report.data : "out of memory");
    else if (report.data)
      fputs(report.data, stdout);
    flyStrBufDestroy(&report);
    if (r == 1)
      return fail(err->data);
    rc = r == 3 ? 1 : rc;
  }
  return rc;
}

/* The --out files and timing reports go to temporary files first; they
 * are renamed into place (commitOutputs) once everything else, --bench
 * too, has succeeded. */
static int writeOutputTemps(RunOptions *o, FlyDevice *dev, uint8_t *stage,
                            const FlyEmuTimingReport *report, FlyStrBuf *err) {
  bool ok = true;
  for (size_t i = 0; ok && i < o->numOutputs; ++i)
    if (!o->outputs[i].check)
      ok = runOutputWriteTemp(dev, runFindBuffer(o->args, o->numArgs, o->outputs[i].name),
                              &o->outputs[i], stage, err);
  for (size_t i = 0; ok && i < o->numReports; ++i) {
    FlyStrBuf text = {0};
    FlyEmuTimingWork work = {o->timing.flops, o->timing.bytes};
    if (o->reports[i].path == o->timing.json)
      flyEmuTimingReportFormatJson(report, &work, &text);
    else
      flyEmuTimingReportFormatSvg(report, &text);
    ok = text.data && !text.oom ? runOutputWriteTextTemp(&o->reports[i], text.data, text.len, err)
                   : (flyStrBufAppend(err, "out of memory"), false);
    flyStrBufDestroy(&text);
  }
  return ok ? 0 : fail(err->data);
}

/* All renamed with --timeout disarmed, so the set is not cut in half
 * (renames take no time). */
static int commitOutputs(RunOptions *o, FlyStrBuf *err) {
  bool ok = true;
  alarm(0);
  for (size_t i = 0; ok && i < o->numOutputs; ++i)
    if (!o->outputs[i].check)
      ok = runOutputCommit(&o->outputs[i], err);
  for (size_t i = 0; ok && i < o->numReports; ++i)
    ok = runOutputCommit(&o->reports[i], err);
  return ok ? 0 : fail(err->data);
}

/* Device work once the command line is valid. */
static int run(RunOptions *o, FlyDevice *dev, FlyStrBuf *err) {
  FlyModule *mod = flyModuleLoadFile(dev, o->code, err);
  if (!mod)
    return fail(err->data);
  if (o->list)
    return listKernels(mod);
  bool fault = false;
  FlyLaunchResult result;
  if (!validate(o, dev, mod, err, &fault, &result))
    return fault ? reportFault(&result) : fail(err->data);
  uint8_t *stage = flyAlloc(RUN_STAGE_BYTES);
  if (!stage)
    return fail(NULL);
  FlyArgs *args = NULL;
  FlyEmuTimingReport report;
  memset(&report, 0, sizeof report);
  int rc = launch(o, dev, mod, stage, &args, &report, err);
  rc = rc ? rc : checkOutputs(o, dev, stage, err);
  rc = rc ? rc : writeOutputTemps(o, dev, stage, &report, err);
  if (!rc && o->bench && runBench(o, dev, mod, args, o->timing.on ? &report : NULL, err))
    rc = fail(err->data);
  rc = rc ? rc : commitOutputs(o, err);
  for (size_t i = 0; i < o->numOutputs; ++i)
    runOutputDiscard(&o->outputs[i]);
  for (size_t i = 0; i < o->numReports; ++i)
    runOutputDiscard(&o->reports[i]);
  flyArgsDestroy(args);
  flyEmuTimingReportDestroy(&report);
  flyFree(stage);
  return rc;
}

/* FLYC_RUN_CHECK_HAZARDS=1 turns --check-hazards on (the test suite sets it
 * for every emulator run); 0 or empty leaves the command line's choice. */
static bool hazardsFromEnvironment(RunOptions *o, FlyStrBuf *err) {
  const char *v = getenv("FLYC_RUN_CHECK_HAZARDS");
  if (!v || !*v || strcmp(v, "0") == 0)
    return true;
  if (strcmp(v, "1") == 0) {
    o->checkHazards = true;
    return true;
  }
  flyStrBufAppendF(err, "FLYC_RUN_CHECK_HAZARDS must be 0 or 1, not '%s'", v);
  return false;
}

int main(int argc, char **argv) {
  for (int i = 1; i < argc; ++i)
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      fputs(usageText, stdout);
      return 0;
    }
  RunOptions o;
  FlyStrBuf err = {0};
  int rc = runOptionsInit(&o, argc) ? runCommandLineParse(&o, argc, argv, &err) : fail(NULL);
  if (!rc && !hazardsFromEnvironment(&o, &err))
    rc = 2;
  if (rc == 2)
    usage("%s", err.data ? err.data : "bad command line");
  if (!rc && o.timeout)
    armTimeout(&o); /* first: loading and filling count towards the limit too */
  FlyRuntime *rt = rc ? NULL : flyRuntimeCreate();
  if (!rc) {
    FlyDevice *dev = rt ? openDevice(&o, rt, &err) : NULL;
    rc = dev ? run(&o, dev, &err) : fail(err.data);
  }
  alarm(0);
  flyRuntimeDestroy(rt);
  runOptionsDestroy(&o);
  flyStrBufDestroy(&err);
  return rc;
}
