/*===- link.c - ld.lld as a subprocess ---------------------------------------===*
 *
 * lld has no C API, so the code object is linked by running LLVM 22's ld.lld
 * on temporary files. Everything happens in a private temporary directory
 * that is removed afterwards, whatever the outcome.
 *
 * Most of ld.lld's time is its own start (Debian's ld.lld loads the shared
 * libLLVM.so: about 20 ms, against well under 1 ms of linking), so the
 * linker is started before code generation (flyLinkStart) with a pipe as
 * its standard input and /dev/stdin as its input object: it loads while
 * LLVM generates code on the other core, then waits for the object.
 * flyLinkFinish writes the object into the pipe (ld.lld reads a pipe to its
 * end like a file), closes it and collects the code object; flyLinkAbort
 * ends a linker whose object never came. Should the compiler end abruptly,
 * the pipe's write end closes with it: the linker reads an empty object and
 * exits rather than waiting for ever.
 *===----------------------------------------------------------------------===*/
#include "link.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <time.h>
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

/* Starts ld.lld with stdout/stderr sent to the log file, on t->obj, or with
 * `in` >= 0 on its standard input (which becomes `in`); 0, or the
 * posix_spawn error. */
static int spawnLld(const char *lld, const TempDir *t, int in, pid_t *pid) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, t->log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  if (in >= 0)
    posix_spawn_file_actions_adddup2(&fa, in, 0);
  /* posix_spawn takes mutable strings; keep the flags in writable arrays. */
  char shared[] = "-shared", noUndef[] = "--no-undefined", dashO[] = "-o";
  char stdinPath[] = "/dev/stdin";
  char *argv[] = {(char *)lld, shared, noUndef, in >= 0 ? stdinPath : (char *)t->obj, dashO,
                  (char *)t->out, NULL};
  int rc = posix_spawn(pid, lld, &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  return rc;
}

/* ld.lld's exit status (128 + signal when killed), or -1 (errno set). */
static int reap(pid_t pid) {
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

struct FlyLinkJob {
  TempDir t;
  const char *lld;
  pid_t pid;
  int fd;           /* the write end of the linker's standard input, or -1 */
  int spawnError;   /* posix_spawn's error (the linker never ran), or 0 */
  bool haveDir;
};

FlyLinkJob *flyLinkStart(const char *lldPath) {
  FlyLinkJob *j = flyCalloc(1, sizeof *j);
  if (!j)
    return NULL;
  j->lld = lldPath ? lldPath : FLYC_DEFAULT_LLD;
  j->fd = -1;
  j->haveDir = tempDirCreate(&j->t);
  int p[2];
  if (!j->haveDir || pipe(p) != 0) {
    flyLinkAbort(j); /* flyLinkFinish reports it without a pre-started linker */
    return NULL;
  }
  /* Only the child's standard input keeps the read end; the write end is
   * the compiler's alone. */
  fcntl(p[0], F_SETFD, FD_CLOEXEC);
  fcntl(p[1], F_SETFD, FD_CLOEXEC);
  j->spawnError = spawnLld(j->lld, &j->t, p[0], &j->pid);
  if (j->spawnError)
    j->pid = 0; /* unspecified after a failed posix_spawn */
  close(p[0]);
  j->fd = p[1];
  return j;
}

void flyLinkAbort(FlyLinkJob *j) {
  if (!j)
    return;
  if (j->pid > 0) {
    kill(j->pid, SIGKILL);
    reap(j->pid);
  }
  if (j->fd >= 0)
    close(j->fd);
  if (j->haveDir)
    tempDirRemove(&j->t);
  flyFree(j);
}

/* Writes the object into the linker's standard input with SIGPIPE blocked
 * in this thread (a linker that ends without reading must not end the
 * compiler); a SIGPIPE raised here is consumed before it is unblocked. */
static bool writePipe(int fd, const char *data, size_t n) {
  sigset_t pipeSet, old;
  sigemptyset(&pipeSet);
  sigaddset(&pipeSet, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipeSet, &old);
  bool ok = true;
  while (ok && n > 0) {
    ssize_t w = write(fd, data, n);
    if (w < 0 && errno == EINTR)
      continue;
    ok = w > 0;
    if (ok) {
      data += w;
      n -= (size_t)w;
    }
  }
  if (!ok && errno == EPIPE) {
    struct timespec none = {0, 0};
    sigtimedwait(&pipeSet, NULL, &none);
  }
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  return ok;
}

/* Without a pre-started linker (no pipe could be made): the object as a
 * file and ld.lld run on it now. */
static MlirLogicalResult linkNow(const FlyStrBuf *obj, const char *lld, MlirLocation loc,
                                 FlyStrBuf *out) {
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
  pid_t pid;
  int rc;
  if (!writeFile(t.obj, obj->data, obj->len)) {
    mlirEmitError(loc, "cannot write the temporary object file for linking");
  } else if ((rc = spawnLld(lld, &t, -1, &pid)) != 0) {
    errno = rc;
    emitLinkError(loc, lld, &t, -1);
  } else {
    int status = reap(pid);
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

MlirLogicalResult flyLinkFinish(FlyLinkJob *j, const FlyStrBuf *obj, const char *lldPath,
                                MlirLocation loc, FlyStrBuf *out) {
  if (!j)
    return linkNow(obj, lldPath ? lldPath : FLYC_DEFAULT_LLD, loc, out);
  MlirLogicalResult r = mlirLogicalResultFailure();
  if (j->spawnError) {
    errno = j->spawnError;
    emitLinkError(loc, j->lld, &j->t, -1);
    flyLinkAbort(j);
    return r;
  }
  bool written = writePipe(j->fd, obj->data, obj->len);
  close(j->fd); /* the end of the object */
  j->fd = -1;
  int status = reap(j->pid);
  j->pid = 0;
  if (status != 0)
    emitLinkError(loc, j->lld, &j->t, status);
  else if (!written)
    mlirEmitError(loc, "cannot pass the object to the linker");
  else if (!readFile(j->t.out, out))
    mlirEmitError(loc, "cannot read the linked code object");
  else
    r = mlirLogicalResultSuccess();
  flyLinkAbort(j);
  return r;
}
