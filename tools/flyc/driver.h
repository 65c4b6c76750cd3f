/*===- driver.h - flyc's compile command (internal to the tool) -----------===*/
#ifndef FLYC_DRIVER_H
#define FLYC_DRIVER_H

#include <stdbool.h>

/// The parsed command line of `flyc [options] INPUT`.
typedef struct FlycOptions {
  const char *input, *output, *chipName, *emitName, *dumpDir;
  int optLevel;
  bool stats, printPipeline, help, version, verbose;
} FlycOptions;

/// Runs one compilation; returns the exit status (0, 1 or 2).
int flycCompile(const FlycOptions *options);

/// `flyc layout EXPR` (tools/flyc/cmd_layout.c); argv[0] is "layout".
int flycCmdLayout(int argc, char **argv);

#endif /* FLYC_DRIVER_H */
