/*===- link.c - ld.lld as a subprocess ---------------------------------------===*
 *
 * lld has no C API, so the code object is linked by running LLVM 22's ld.lld
 * on temporary files. Everything happens in a private temporary directory
 * that is removed afterwards, whatever the outcome.
 *===----------------------------------------------------------------------===*/
#include "link.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mlir-c/Diagnostics.h"

#ifndef FLYC_DEFAULT_LLD
#define FLYC_DEFAULT_LLD "/usr/lib/llvm-22/bin/ld.lld"
#endif

extern char **environ;

typedef struct TempDir {
  char dir[256];
  char obj[300];
  char out[300];
  char log[300];
} TempDir;

static bool tempDirCreate(TempDir *t) {
  const char *base = getenv("TMPDIR");
  snprintf(t->dir, sizeof t->dir, "%s/flyc-link-XXXXXX", base && *base ? base : "/tmp");
  if (!mkdtemp(t->dir))
    return false;
  snprintf(t->obj, sizeof t->obj, "%s/kernel.o", t->dir);
  snprintf(t->out, sizeof t->out, "%s/kernel.hsaco", t->dir);
  snprintf(t->log, sizeof t->log, "%s/lld.log", t->dir);
  return true;
}

static void tempDirRemove(const TempDir *t) {
  unlink(t->obj);
  unlink(t->out);
  unlink(t->log);
  rmdir(t->dir);
}

static bool writeFile(const char *path, const char *data, size_t n) {
  FILE *f = fopen(path, "wb");
  if (!f)
    return false;
  bool ok = fwrite(data, 1, n, f) == n;
  return (fclose(f) == 0) && ok;
}

static bool readFile(const char *path, FlyStrBuf *out) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return false;
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
    flyStrBufAppendN(out, chunk, n);
  bool ok = !ferror(f);
  fclose(f);
  return ok && !out->oom;
}

/* Runs ld.lld with stdout/stderr sent to the log file; returns its exit
 * status, or -1 when it could not be started (errno set). */
static int runLld(const char *lld, const TempDir *t) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, t->log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  /* posix_spawn takes mutable strings; keep the flags in writable arrays. */
  char shared[] = "-shared", noUndef[] = "--no-undefined", dashO[] = "-o";
  char *argv[] = {(char *)lld, shared, noUndef, (char *)t->obj, dashO, (char *)t->out, NULL};
  pid_t pid;
  int rc = posix_spawn(&pid, lld, &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) {
    errno = rc;
    return -1;
  }
  int status;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR)
      return -1;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static void emitLinkError(MlirLocation loc, const char *lld, const TempDir *t, int status) {
  FlyStrBuf msg = {0};
  if (status < 0) {
    flyStrBufAppendF(&msg, "cannot run the linker '%s': %s", lld, strerror(errno));
  } else {
    FlyStrBuf log = {0};
    readFile(t->log, &log);
    while (log.len && log.data[log.len - 1] == '\n')
      log.data[--log.len] = '\0';
    /* The first line is the summary; the whole log is the detail. */
    const char *text = log.data ? log.data : "";
    const char *nl = strchr(text, '\n');
    int head = nl ? (int)(nl - text) : (int)strlen(text);
    flyStrBufAppendF(&msg, "ld.lld failed (exit %d): %.*s", status, head, text);
    if (nl)
      flyStrBufAppendF(&msg, "\n%s", text);
    flyStrBufDestroy(&log);
  }
  mlirEmitError(loc, msg.data ? msg.data : "link failed");
  flyStrBufDestroy(&msg);
}

MlirLogicalResult flyLinkCodeObject(const FlyStrBuf *obj, const char *lldPath, MlirLocation loc,
                                    FlyStrBuf *out) {
  const char *lld = lldPath ? lldPath : FLYC_DEFAULT_LLD;
  TempDir t;
  if (!tempDirCreate(&t)) {
    FlyStrBuf msg = {0};
    const char *base = getenv("TMPDIR");
    flyStrBufAppendF(&msg, "cannot create a temporary directory in '%s' for linking: %s",
                     base && *base ? base : "/tmp", strerror(errno));
    mlirEmitError(loc, msg.data ? msg.data : "cannot create a temporary directory for linking");
    flyStrBufDestroy(&msg);
    return mlirLogicalResultFailure();
  }
  MlirLogicalResult r = mlirLogicalResultFailure();
  if (!writeFile(t.obj, obj->data, obj->len)) {
    mlirEmitError(loc, "cannot write the temporary object file for linking");
  } else {
    int status = runLld(lld, &t);
    if (status != 0)
      emitLinkError(loc, lld, &t, status);
    else if (!readFile(t.out, out))
      mlirEmitError(loc, "cannot read the linked code object");
    else
      r = mlirLogicalResultSuccess();
  }
  tempDirRemove(&t);
  return r;
}
