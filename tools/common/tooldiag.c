/*===- tooldiag.c - Printing and capturing diagnostics ---------------------===*/
#include "tooldiag.h"

#include <stdarg.h>
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

static void printOne(FlyToolDiags *diags, const FlyToolDiag *d) {
  if (!diags->stream)
    return;
  if (d->file)
    fprintf(diags->stream, "%s:%u:%u: %s: %s\n", d->file, d->line, d->col,
            severityName(d->severity), d->message);
  else
    fprintf(diags->stream, "%s: %s: %s\n", diags->tool, severityName(d->severity), d->message);
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

static void handleOne(FlyToolDiags *diags, MlirDiagnostic diag) {
  FlyToolDiag d = {.severity = mlirDiagnosticGetSeverity(diag)};
  fileLoc(mlirDiagnosticGetLocation(diag), &d);
  FlyStrBuf msg = {0};
  mlirDiagnosticPrint(diag, appendToBuf, &msg);
  d.message = flyStrBufTake(&msg);
  if (!d.message)
    d.message = flyStrdup("out of memory");
  if (d.severity == MlirDiagnosticError)
    ++diags->numErrors;
  printOne(diags, &d);
  if (diags->capture)
    capture(diags, &d);
  flyFree(d.file);
  flyFree(d.message);
  for (intptr_t i = 0; i < mlirDiagnosticGetNumNotes(diag); ++i)
    handleOne(diags, mlirDiagnosticGetNote(diag, i));
}

static MlirLogicalResult handler(MlirDiagnostic diag, void *userData) {
  handleOne(userData, diag);
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
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s: error: ", diags->tool);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  ++diags->numErrors;
}
