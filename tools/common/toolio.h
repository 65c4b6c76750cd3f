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
/// never leaves a partial or truncated output behind; through a symbolic
/// link the linked file is replaced, and a device or FIFO is written in
/// place. Returns false with a one-line reason in `err`.
bool flyToolWriteOutput(const char *path, const void *data, size_t n, FlyStrBuf *err);

/// Creates directory `path` and any missing parents (as `mkdir -p`) and
/// checks that files can be created in it. Returns false with a one-line
/// reason in `err`.
bool flyToolMakeDirectory(const char *path, FlyStrBuf *err);

/// Flushes standard output at the end of a command; on a write error (a full
/// disk, a closed pipe) prints `TOOL: error: cannot write to standard
/// output: ...` and returns false, so the tool exits 1 instead of 0.
bool flyToolFlushStdout(const char *tool);

#endif /* FLYC_TOOLIO_H */
