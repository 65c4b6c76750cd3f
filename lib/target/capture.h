/*===- capture.h - Keeping upstream's own stderr output out of sight (internal) -===*
 *
 * Some upstream calls print to standard error themselves instead of
 * returning a message: LLVM's IR verifier inside mlirTranslateModuleToLLVMIR,
 * LLVM's command-line parser for pass options inside MLIR's pipeline parser.
 * Around such a call, file descriptor 2 is pointed at an anonymous temporary
 * file and what was written is handed back, so it can become part of a
 * diagnostic (its detail lines) instead of loose text on the terminal.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_TARGET_CAPTURE_H
#define FLYC_TARGET_CAPTURE_H

#include <stdbool.h>
#include <stdio.h>

#include "flyc/support.h"

typedef struct FlyCapture {
  FILE *file; /* NULL when capturing could not start: output then passes through */
  int savedFd;
} FlyCapture;

/// Starts capturing standard error into `c`.
void flyCaptureBegin(FlyCapture *c);

/// Stops capturing and appends what was written (trailing new lines cut) to
/// `out`.
void flyCaptureEnd(FlyCapture *c, FlyStrBuf *out);

/// Appends to `out` the first non-empty line of `text` (leading ": " and
/// white space cut): the one-line summary of upstream output.
void flyCaptureFirstLine(const char *text, FlyStrBuf *out);

#endif /* FLYC_TARGET_CAPTURE_H */
