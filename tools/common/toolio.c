/*===- toolio.c - Reading inputs and writing outputs safely ---------------===*/
/* realpath is an X/Open interface in glibc's headers. */
#define _XOPEN_SOURCE 700

#include "toolio.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool flyToolReadInput(const char *path, FlyStrBuf *out, FlyStrBuf *err) {
  bool isStdin = strcmp(path, "-") == 0;
  FILE *f = isStdin ? stdin : fopen(path, "rb");
  if (!f) {
    flyStrBufAppendF(err, "cannot open '%s': %s", path, strerror(errno));
    return false;
  }
  struct stat st;
  if (!isStdin && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    fclose(f);
    flyStrBufAppendF(err, "cannot read '%s': Is a directory", path);
    return false;
  }
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
    flyStrBufAppendN(out, chunk, n);
  bool ok = !ferror(f) && !out->oom;
  if (!ok)
    flyStrBufAppendF(err, "cannot read '%s'", path);
  if (!isStdin)
    fclose(f);
  if (ok && !out->data)
    flyStrBufAppendN(out, "", 0);
  return ok;
}

static bool writeAll(FILE *f, const void *data, size_t n) {
  return fwrite(data, 1, n, f) == n && fflush(f) == 0;
}

/* A device, FIFO or socket cannot be replaced by a renamed file (that would
 * put a regular file in its place, e.g. over /dev/stdout): write into it. */
static bool writeInPlace(const char *path, const void *data, size_t n, FlyStrBuf *err) {
  FILE *f = fopen(path, "wb");
  bool ok = f && writeAll(f, data, n);
  int savedErrno = errno;
  if (f && fclose(f) != 0 && ok) {
    ok = false;
    savedErrno = errno;
  }
  if (!ok)
    flyStrBufAppendF(err, "cannot write '%s': %s", path, strerror(savedErrno));
  return ok;
}

/* Writes a temporary file next to `target` and renames it into place. */
static bool writeAndRename(const char *path, const char *target, const void *data, size_t n,
                           FlyStrBuf *err) {
  FlyStrBuf tmp = {0};
  flyStrBufAppendF(&tmp, "%s.tmp-XXXXXX", target);
  int fd = tmp.data ? mkstemp(tmp.data) : -1;
  if (fd >= 0) { /* mkstemp makes the file 0600; give it the usual mode */
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
  }
  FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
  bool ok = f && writeAll(f, data, n);
  int savedErrno = errno;
  if (f && fclose(f) != 0 && ok) {
    ok = false;
    savedErrno = errno;
  } else if (!f && fd >= 0) {
    close(fd);
  }
  if (ok && rename(tmp.data, target) != 0) {
    ok = false;
    savedErrno = errno;
  }
  if (!ok) {
    if (fd >= 0)
      unlink(tmp.data);
    flyStrBufAppendF(err, "cannot write '%s': %s", path, strerror(savedErrno));
  }
  flyStrBufDestroy(&tmp);
  return ok;
}

/* Set once a failed write to standard output has been reported. */
static bool stdoutFailed;

bool flyToolWriteOutput(const char *path, const void *data, size_t n, FlyStrBuf *err) {
  if (strcmp(path, "-") == 0) {
    if (writeAll(stdout, data, n))
      return true;
    flyStrBufAppendF(err, "cannot write to standard output: %s", strerror(errno));
    stdoutFailed = true;
    return false;
  }
  struct stat st;
  bool exists = stat(path, &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) {
    flyStrBufAppendF(err, "cannot write '%s': %s", path, strerror(EISDIR));
    return false;
  }
  if (exists && !S_ISREG(st.st_mode))
    return writeInPlace(path, data, n, err);
  /* Through a symbolic link, the file it names is replaced, not the link. */
  char *real = exists ? realpath(path, NULL) : NULL;
  bool ok = writeAndRename(path, real ? real : path, data, n, err);
  free(real);
  return ok;
}

bool flyToolFlushStdout(const char *tool) {
  if (fflush(stdout) == 0 && !ferror(stdout))
    return true;
  if (!stdoutFailed)
    fprintf(stderr, "%s: error: cannot write to standard output: %s\n", tool, strerror(errno));
  return false;
}

/* Creates `path` and its missing parents, like `mkdir -p`. */
static int makeDirs(char *path) {
  struct stat st;
  if (stat(path, &st) == 0)
    return S_ISDIR(st.st_mode) ? 0 : ENOTDIR;
  char *slash = strrchr(path, '/');
  while (slash && slash > path && slash[-1] == '/')
    --slash;
  if (slash && slash != path) {
    *slash = '\0';
    int rc = makeDirs(path);
    *slash = '/';
    if (rc)
      return rc;
  }
  if (mkdir(path, 0777) != 0 && errno != EEXIST)
    return errno;
  return 0;
}

bool flyToolMakeDirectory(const char *path, FlyStrBuf *err) {
  char *copy = flyStrdup(path);
  int rc = !*path ? ENOENT : copy ? makeDirs(copy) : ENOMEM;
  flyFree(copy);
  if (!rc && access(path, W_OK | X_OK) != 0)
    rc = errno;
  if (rc)
    flyStrBufAppendF(err, "cannot create directory '%s': %s", path, strerror(rc));
  return rc == 0;
}
