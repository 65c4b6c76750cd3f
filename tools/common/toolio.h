/*===- toolio.h - Reading inputs and writing outputs safely ---------------===*/
#ifndef FLYC_TOOLIO_H
#define FLYC_TOOLIO_H

#include <stdbool.h>
#include <stddef.h>

#include "flyc/support.h"

/// Reads the whole file `path` ("-" = standard input) into `out`. On failure
/// returns false with a one-line reason (e.g. "cannot open 'x': No such file
/// or directory") in `err`.
bool flyToolReadInput(const char *path, FlyStrBuf *out, FlyStrBuf *err);

/// Writes `n` bytes to `path` ("-" = standard output). A file is written to a
/// temporary in the same directory and renamed into place, so a failure
/// never leaves a partial or truncated output behind. Returns false with a
/// one-line reason in `err`.
bool flyToolWriteOutput(const char *path, const void *data, size_t n, FlyStrBuf *err);

/// Creates directory `path` and any missing parents (as `mkdir -p`) and
/// checks that files can be created in it. Returns false with a one-line
/// reason in `err`.
bool flyToolMakeDirectory(const char *path, FlyStrBuf *err);

#endif /* FLYC_TOOLIO_H */
