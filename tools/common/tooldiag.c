/*===- tooldiag.c - Printing and capturing diagnostics ---------------------===*/
#include "tooldiag.h"

#include <stdarg.h>
#include <stdbool.h>
#include <string.h>

static void appendToBuf(MlirStringRef s, void *userData) {
  flyStrBufAppendN(userData, s.data, s.length);
}

static const char *severityName(MlirDiagnosticSeverity s) {
  switch (s) {
  case MlirDiagnosticError:
    return "error";
  case MlirDiagnosticWarning:
    return "warning";
  case MlirDiagnosticNote:
    return "note";
  case MlirDiagnosticRemark:
    return "remark";
  }
  return "error";
}

/* Finds the innermost file:line:col inside names, call sites and fusions. */
static bool fileLoc(MlirLocation loc, FlyToolDiag *d) {
  if (mlirLocationIsAFileLineColRange(loc)) {
    MlirStringRef f = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
    FlyStrBuf b = {0};
    flyStrBufAppendN(&b, f.data, f.length);
    d->file = flyStrBufTake(&b);
    d->line = (unsigned)mlirLocationFileLineColRangeGetStartLine(loc);
    d->col = (unsigned)mlirLocationFileLineColRangeGetStartColumn(loc);
    return d->file != NULL;
  }
  if (mlirLocationIsAName(loc))
    return fileLoc(mlirLocationNameGetChildLoc(loc), d);
  if (mlirLocationIsACallSite(loc))
    return fileLoc(mlirLocationCallSiteGetCallee(loc), d);
  if (mlirLocationIsAFused(loc) && mlirLocationFusedGetNumLocations(loc) > 0) {
    MlirLocation first;
    mlirLocationFusedGetLocations(loc, &first);
    return fileLoc(first, d);
  }
  return false;
}

/* Prints `d` as one line: its message's first line only. The rest of a
 * multi-line message (a caret diagram, LLVM's verifier output, an operation
 * dump) is detail, printed below it only in verbose mode. A location at line
 * 0 (an implicit module) names just the file. */
static void printOne(FlyToolDiags *diags, const FlyToolDiag *d) {
  if (!diags->stream)
    return;
  const char *nl = strchr(d->message, '\n');
  int head = nl ? (int)(nl - d->message) : (int)strlen(d->message);
  if (d->file && d->line)
    fprintf(diags->stream, "%s:%u:%u: ", d->file, d->line, d->col);
  else if (d->file)
    fprintf(diags->stream, "%s: ", d->file);
  else
    fprintf(diags->stream, "%s: ", diags->tool);
  fprintf(diags->stream, "%s: %.*s\n", severityName(d->severity), head, d->message);
  if (diags->verbose && nl && nl[1])
    fprintf(diags->stream, "%s%s", nl + 1, nl[strlen(nl) - 1] == '\n' ? "" : "\n");
}

static void capture(FlyToolDiags *diags, FlyToolDiag *d) {
  if (diags->numCaptured == diags->capCaptured) {
    size_t cap = diags->capCaptured ? 2 * diags->capCaptured : 8;
    FlyToolDiag *p = flyRealloc(diags->captured, cap * sizeof(*p));
    if (!p)
      return;
    diags->captured = p;
    diags->capCaptured = cap;
  }
  diags->captured[diags->numCaptured++] = *d;
  *d = (FlyToolDiag){0};
}

static void handleOne(FlyToolDiags *diags, MlirDiagnostic diag, bool isNote) {
  FlyToolDiag d = {.severity = mlirDiagnosticGetSeverity(diag)};
  fileLoc(mlirDiagnosticGetLocation(diag), &d);
  FlyStrBuf msg = {0};
  mlirDiagnosticPrint(diag, appendToBuf, &msg);
  d.message = flyStrBufTake(&msg);
  if (!d.message)
    d.message = flyStrdup("out of memory");
  if (d.severity == MlirDiagnosticError)
    ++diags->numErrors;
  /* Notes (MLIR's "see current operation" dump of a whole function, a
   * previous definition) are detail: shown in verbose mode, always captured. */
  if (!isNote || diags->verbose)
    printOne(diags, &d);
  if (diags->capture)
    capture(diags, &d);
  flyFree(d.file);
  flyFree(d.message);
  for (intptr_t i = 0; i < mlirDiagnosticGetNumNotes(diag); ++i)
    handleOne(diags, mlirDiagnosticGetNote(diag, i), true);
}

static MlirLogicalResult handler(MlirDiagnostic diag, void *userData) {
  handleOne(userData, diag, false);
  return mlirLogicalResultSuccess();
}

void flyToolDiagsAttach(FlyToolDiags *diags, MlirContext ctx) {
  mlirContextAttachDiagnosticHandler(ctx, handler, diags, NULL);
}

void flyToolDiagsDestroy(FlyToolDiags *diags) {
  for (size_t i = 0; i < diags->numCaptured; ++i) {
    flyFree(diags->captured[i].file);
    flyFree(diags->captured[i].message);
  }
  flyFree(diags->captured);
  diags->captured = NULL;
  diags->numCaptured = diags->capCaptured = 0;
}

void flyToolError(FlyToolDiags *diags, const char *fmt, ...) {
  FlyStrBuf msg = {0};
  va_list ap;
  va_start(ap, fmt);
  flyStrBufAppendV(&msg, fmt, ap);
  va_end(ap);
  FlyToolDiag d = {.severity = MlirDiagnosticError,
                   .message = msg.data ? msg.data : (char *)"out of memory"};
  FlyToolDiags out = *diags;
  out.stream = stderr; /* tool errors print even while capturing */
  printOne(&out, &d);
  flyStrBufDestroy(&msg);
  ++diags->numErrors;
}
