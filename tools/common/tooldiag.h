/*===- tooldiag.h - How flyc's tools show diagnostics -------------------===*
 *
 * Tools (never the library) decide how diagnostics look: one line each,
 * `file:line:col: error: message` in the style of compilers (`tool: error:`
 * without a location). Only a message's first line is printed, and notes
 * are not: the rest (a caret diagram, LLVM's verifier output, MLIR's dump
 * of the current operation) is printed below it in verbose mode. A tool may
 * instead capture them, as fly-opt does to check expected-diagnostic
 * annotations.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_TOOLDIAG_H
#define FLYC_TOOLDIAG_H

#include <stdio.h>

#include "flyc/support.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

/// One captured diagnostic.
typedef struct FlyToolDiag {
  MlirDiagnosticSeverity severity;
  char *file; /* NULL when the location has no file */
  unsigned line, col;
  char *message;
} FlyToolDiag;

/// The handler's state: where to print (NULL = capture only), and counts.
typedef struct FlyToolDiags {
  const char *tool;  /* program name, for location-less messages */
  FILE *stream;      /* print here as they come, or NULL */
  int numErrors;
  FlyToolDiag *captured; /* all diagnostics, when `capture` is set */
  size_t numCaptured, capCaptured;
  int capture;
  int verbose;       /* also print messages' further lines and notes */
} FlyToolDiags;

/// Attaches the handler to `ctx`; `diags` must outlive the context's use.
void flyToolDiagsAttach(FlyToolDiags *diags, MlirContext ctx);

/// Releases captured diagnostics.
void flyToolDiagsDestroy(FlyToolDiags *diags);

/// Prints a tool-level error (no source location) the same way.
void flyToolError(FlyToolDiags *diags, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif /* FLYC_TOOLDIAG_H */
