/* example.h - the ending the C examples share: print the module the
 * program built to stdout, or its front-end error (FILE:LINE: error: ...)
 * to stderr, and release the program. Returns the exit status. */
#ifndef FLYC_EXAMPLE_H
#define FLYC_EXAMPLE_H

#include <stdio.h>

#include "flyc/frontend.h"

static int examplePrint(FlyProgram *p) {
  FlyStrBuf out = {0};
  int rc = 0;
  if (!flyProgramPrint(p, &out)) {
    fprintf(stderr, "%s\n", flyProgramGetError(p));
    rc = 1;
  } else {
    fputs(out.data, stdout);
  }
  flyStrBufDestroy(&out);
  flyProgramDestroy(p);
  return rc;
}

#endif
