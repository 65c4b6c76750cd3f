/*===- driver.h - flyc's commands (internal to the tool) --------------------===*
 *
 * flyc is two pieces. The `flyc` executable parses and checks the command
 * line and runs the layout calculator; it links neither MLIR nor LLVM, so
 * `flyc layout` starts in about a millisecond. Compiling (and reporting on
 * code objects) is done by the compiler library, libflyc-compiler.so in the
 * `lib` folder next to the executable's `bin` folder, which links MLIR and
 * LLVM and is loaded with dlopen only when needed (loader.c).
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_DRIVER_H
#define FLYC_DRIVER_H

#include <stdbool.h>
#include <stddef.h>

#include "flyc/chip.h"

/// What --emit asks for.
typedef enum FlycEmit { FLYC_EMIT_HSACO, FLYC_EMIT_ISA, FLYC_EMIT_LLVM, FLYC_EMIT_MLIR } FlycEmit;

/// The parsed and checked command line of `flyc [options] INPUT`; strings
/// point into argv.
typedef struct FlycOptions {
  const char *input, *output, *dumpDir;
  bool hasChip; /* --chip was given: `chip` holds it */
  FlyChip chip;
  FlycEmit emit;
  int optLevel;
  bool stats, printPipeline, verbose;
  /* --time-stages: the executable's measurements, which the library prints
   * with its own (milliseconds; mainMs on flyClockMs's clock). */
  bool timeStages;
  double startupCpuMs; /* CPU time the process used before main */
  double mainMs;       /* when main started */
  double loadMs;       /* loading the compiler library (dlopen) */
} FlycOptions;

/// The compiler library's entry point, found with dlsym under this name. It
/// runs one compilation (or the report of a code object) and returns the
/// exit status (0, 1 or 2). `optionsSize` is sizeof(FlycOptions) in the
/// caller, so that a library from another build is refused, not misread.
#define FLYC_COMPILER_ENTRY "flycCompilerRun"
typedef int (*FlycCompilerEntry)(const FlycOptions *options, size_t optionsSize);
int flycCompilerRun(const FlycOptions *options, size_t optionsSize);

/// Loads the compiler library next to the running executable and calls its
/// entry point; returns its exit status, or 1 after one error line when the
/// library cannot be loaded (loader.c).
int flycLoadAndCompile(const FlycOptions *options);

/// `flyc layout EXPR` (cmd_layout.c); argv[0] is "layout".
int flycCmdLayout(int argc, char **argv);

#endif /* FLYC_DRIVER_H */
