/*===- parse.c - Parsing flyc's input, with a diagnostic for every failure ===*
 *
 * MLIR's parser reports every syntax error except one: an op of an IRDL
 * dialect written in custom form (`fly.rank %l : ...`; IRDL ops have no
 * custom syntax) makes it fail silently. flyModuleParse notices a failure
 * that produced no error and reports it at the first custom-form fly op of
 * the text, or at the start of the input.
 *===----------------------------------------------------------------------===*/
#include "flyc/dialect.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "mlir-c/Diagnostics.h"

static MlirLogicalResult countError(MlirDiagnostic d, void *userData) {
  if (mlirDiagnosticGetSeverity(d) == MlirDiagnosticError)
    ++*(int *)userData;
  return mlirLogicalResultFailure(); /* not handled: the tool's handler shows it */
}

static bool isIdent(char c) { return isalnum((unsigned char)c) || c == '_' || c == '.'; }

/* The first `fly.NAME` that is neither quoted ("fly.x"), a type (!fly.x),
 * an attribute (#fly.x) nor part of a longer name; NULL if none. Comments
 * are skipped. */
static const char *findCustomFlyOp(const char *s, size_t n, size_t *len) {
  for (size_t i = 0; i + 4 <= n; ++i) {
    if (s[i] == '/' && i + 1 < n && s[i + 1] == '/') {
      while (i < n && s[i] != '\n')
        ++i;
      continue;
    }
    if (memcmp(s + i, "fly.", 4) || (i > 0 && (isIdent(s[i - 1]) || strchr("\"!#", s[i - 1]))))
      continue;
    size_t e = i + 4;
    while (e < n && isIdent(s[e]))
      ++e;
    if (e > i + 4) {
      *len = e - i;
      return s + i;
    }
  }
  return NULL;
}

static void reportSilentFailure(MlirContext ctx, MlirStringRef text, const char *name) {
  size_t len = 0;
  const char *op = findCustomFlyOp(text.data, text.length, &len);
  unsigned line = 1, col = 1;
  for (const char *p = text.data; op && p < op; ++p) {
    if (*p == '\n')
      ++line, col = 1;
    else
      ++col;
  }
  MlirLocation loc = mlirLocationFileLineColGet(ctx, mlirStringRefCreateFromCString(name),
                                                op ? line : 1, op ? col : 1);
  char msg[256];
  if (op)
    snprintf(msg, sizeof msg,
             "'%.*s' is written in custom form; fly ops are written in MLIR's generic form, "
             "e.g. \"%.*s\"(...) : (...) -> (...)",
             (int)len, op, (int)len, op);
  else
    snprintf(msg, sizeof msg, "the input cannot be parsed");
  mlirEmitError(loc, msg);
}

MlirModule flyModuleParse(MlirContext ctx, MlirStringRef text, const char *sourceName) {
  int errors = 0;
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(ctx, countError, &errors, NULL);
  MlirModule m;
  if (sourceName && strcmp(sourceName, "-") != 0)
    m = mlirModuleCreateParseFromFile(ctx, mlirStringRefCreateFromCString(sourceName));
  else
    m = mlirModuleCreateParse(ctx, text);
  mlirContextDetachDiagnosticHandler(ctx, id);
  if (mlirModuleIsNull(m) && errors == 0)
    reportSilentFailure(ctx, text, sourceName ? sourceName : "-");
  return m;
}
