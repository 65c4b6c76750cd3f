/*===- flyc - The flyc compiler driver --------------------------------------===*
 *
 *   flyc [options] IN.mlir -o OUT.hsaco     compile every gpu.module kernel
 *   flyc layout EXPR...                     the layout-algebra calculator
 *
 * Exit status: 0 success, 1 an error in the input or while compiling, 2 a
 * misused command line.
 *===----------------------------------------------------------------------===*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "../common/toolio.h"
#include "driver.h"
#include "flyc/chip.h"
#include "flyc/support.h"

static void printUsage(FILE *to) {
  fputs("usage: flyc [options] INPUT.mlir [-o OUTPUT]\n"
        "       flyc CODE.hsaco\n"
        "       flyc layout EXPR...\n"
        "\n"
        "Compiles every kernel in the input's gpu.module(s) to one AMDGPU code object.\n"
        "Given a code object (any compiler's), prints its --stats report instead.\n"
        "INPUT and OUTPUT may be '-' for standard input/output.\n"
        "\n"
        "options:\n"
        "  -o FILE               output file (default: INPUT with the emitted kind's\n"
        "                        extension; standard output for text kinds of '-' input)\n"
        "  --chip CHIP           gfx950 or gfx942 (default: the chip the input's\n"
        "                        #rocdl.target names, else gfx950)\n"
        "  --emit KIND           hsaco (default), isa, llvm, or mlir (after the fly\n"
        "                        lowering, before the conversion to LLVM)\n"
        "  -O0 .. -O3            optimisation level (default -O3)\n"
        "  --stats               print per-kernel resources read from the code object\n"
        "                        (VGPRs, AGPRs, SGPRs, LDS, scratch, occupancy) and the\n"
        "                        main loop's instruction mix and MFMA share; for kernels\n"
        "                        with a fly.model_launch, the timing model's main-loop\n"
        "                        cycles per iteration and MFMA-busy share\n"
        "  --print-pipeline      print the pass pipeline (replayable with fly-opt) for the\n"
        "                        chip (INPUT's, if given) and exit\n"
        "  --dump-after-each DIR write the IR after every pass below DIR\n"
        "  --time-stages         print each step's wall time to standard error, one\n"
        "                        'flyc: time STAGE MS ms' line per step\n"
        "  -v, --verbose         with each error, print its details: notes, the operation\n"
        "                        MLIR reports, LLVM's own output\n"
        "  --help                show this help\n"
        "  --version             show the version\n",
        to);
}

typedef struct Args {
  FlycOptions o;
  const char *chipName, *emitName;
  bool help, version;
} Args;

/* Returns 0 when parsed, 2 on misuse (message printed). */
static int parseArgs(int argc, char **argv, Args *args) {
  FlycOptions *o = &args->o;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    const char *next = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      args->help = true;
    } else if (!strcmp(a, "--version")) {
      args->version = true;
    } else if (!strcmp(a, "-o") || !strcmp(a, "--chip") || !strcmp(a, "--emit") ||
               !strcmp(a, "--dump-after-each")) {
      if (!next) {
        fprintf(stderr, "flyc: error: option '%s' needs a value\n", a);
        return 2;
      }
      const char **slot = !strcmp(a, "-o")       ? &o->output
                          : !strcmp(a, "--chip") ? &args->chipName
                          : !strcmp(a, "--emit") ? &args->emitName
                                                 : &o->dumpDir;
      *slot = next;
      ++i;
    } else if (!strncmp(a, "--chip=", 7)) {
      args->chipName = a + 7;
    } else if (!strncmp(a, "--emit=", 7)) {
      args->emitName = a + 7;
    } else if (a[0] == '-' && a[1] == 'O' && a[2] >= '0' && a[2] <= '3' && !a[3]) {
      o->optLevel = a[2] - '0';
    } else if (!strcmp(a, "--stats")) {
      o->stats = true;
    } else if (!strcmp(a, "--time-stages")) {
      o->timeStages = true;
    } else if (!strcmp(a, "--print-pipeline")) {
      o->printPipeline = true;
    } else if (!strcmp(a, "--verbose") || !strcmp(a, "-v")) {
      o->verbose = true;
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "flyc: error: unknown option '%s' (see flyc --help)\n", a);
      return 2;
    } else if (o->input) {
      fprintf(stderr, "flyc: error: more than one input file ('%s' and '%s')\n", o->input, a);
      return 2;
    } else {
      o->input = a;
    }
  }
  return 0;
}

/* Checks option values before anything is loaded; returns 0, 1 (an
 * unsupported chip) or 2 (misuse). */
static int checkValues(Args *args) {
  static const char *const emitNames[] = {"hsaco", "isa", "llvm", "mlir"};
  FlycOptions *o = &args->o;
  if (args->chipName && !(o->hasChip = flyChipParse(args->chipName, &o->chip))) {
    fprintf(stderr, "flyc: error: unsupported chip '%s' (supported: %s)\n", args->chipName,
            flyChipListNames());
    return 1;
  }
  if (args->emitName) {
    int k = 0;
    while (k < 4 && strcmp(args->emitName, emitNames[k]))
      ++k;
    if (k == 4) {
      fprintf(stderr, "flyc: error: unknown --emit kind '%s' (hsaco, isa, llvm, mlir)\n",
              args->emitName);
      return 2;
    }
    o->emit = (FlycEmit)k;
  }
  if (!o->input && !o->printPipeline) {
    fputs("flyc: error: no input file (see flyc --help)\n", stderr);
    return 2;
  }
  return 0;
}

static struct {
  double mainMs, cpuMs;
} startup;

static int run(int argc, char **argv) {
  if (argc >= 2 && !strcmp(argv[1], "layout"))
    return flycCmdLayout(argc - 1, argv + 1);
  Args args = {.o = {.optLevel = 3, .emit = FLYC_EMIT_HSACO}};
  int rc = parseArgs(argc, argv, &args);
  if (rc)
    return rc;
  if (args.help) {
    printUsage(stdout);
    return 0;
  }
  if (args.version) {
    printf("flyc %s (LLVM/MLIR 22)\n", FLYC_VERSION);
    return 0;
  }
  rc = checkValues(&args);
  args.o.mainMs = startup.mainMs;
  args.o.startupCpuMs = startup.cpuMs;
  return rc ? rc : flycLoadAndCompile(&args.o);
}

/* CPU time (user + system) the process has used so far: before main, that
 * is the exec and the dynamic loading of the executable itself. */
static double cpuMsSoFar(void) {
  struct rusage ru;
  if (getrusage(RUSAGE_SELF, &ru) != 0)
    return 0.0;
  return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
         (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
}

int main(int argc, char **argv) {
  startup.mainMs = flyClockMs();
  startup.cpuMs = cpuMsSoFar();
  int rc = run(argc, argv);
  bool flushed = flyToolFlushStdout("flyc");
  return rc ? rc : flushed ? 0 : 1;
}
