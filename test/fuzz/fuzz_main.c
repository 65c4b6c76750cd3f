/*===- fuzz_main.c - Replays inputs through a harness (no libFuzzer) ------===*
 *
 *   fuzz-NAME [-runs=0] [-OPTION...] FILE|DIR...
 *
 * Runs LLVMFuzzerTestOneInput once on each file, and on each regular file of
 * each directory (in name order), as libFuzzer does with -runs=0; options
 * starting with '-' are accepted and ignored, so the same RUN line works
 * with either driver. Prints the number of inputs run. A broken property
 * aborts inside the harness.
 *===----------------------------------------------------------------------===*/
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"
#include "flyc/support.h"

static int runFile(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "fuzz: cannot open %s\n", path);
    return 1;
  }
  FlyStrBuf b = {0};
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
    flyStrBufAppendN(&b, chunk, n);
  fclose(f);
  if (b.oom) {
    fprintf(stderr, "fuzz: out of memory reading %s\n", path);
    return 1;
  }
  LLVMFuzzerTestOneInput((const uint8_t *)(b.data ? b.data : ""), b.len);
  flyStrBufDestroy(&b);
  return 0;
}

static int byName(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static int runDir(const char *dir, size_t *count) {
  DIR *d = opendir(dir);
  if (!d) {
    fprintf(stderr, "fuzz: cannot open %s\n", dir);
    return 1;
  }
  char **names = NULL;
  size_t num = 0, cap = 0;
  int rc = 0;
  for (struct dirent *e; (e = readdir(d));) {
    if (e->d_name[0] == '.')
      continue;
    if (num == cap) {
      cap = cap ? 2 * cap : 64;
      char **p = flyRealloc(names, cap * sizeof *names);
      if (!p) {
        rc = 1;
        break;
      }
      names = p;
    }
    FlyStrBuf path = {0};
    flyStrBufAppendF(&path, "%s/%s", dir, e->d_name);
    names[num++] = flyStrBufTake(&path);
  }
  closedir(d);
  qsort(names, num, sizeof *names, byName);
  for (size_t i = 0; i < num; ++i) {
    struct stat st;
    if (!rc && names[i] && stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
      rc = runFile(names[i]);
      ++*count;
    }
    flyFree(names[i]);
  }
  flyFree(names);
  return rc;
}

int main(int argc, char **argv) {
  size_t count = 0;
  for (int i = 1; i < argc; ++i) {
    if (argv[i][0] == '-')
      continue;
    struct stat st;
    if (stat(argv[i], &st) != 0) {
      fprintf(stderr, "fuzz: no such file %s\n", argv[i]);
      return 1;
    }
    int rc = S_ISDIR(st.st_mode) ? runDir(argv[i], &count) : (++count, runFile(argv[i]));
    if (rc)
      return rc;
  }
  printf("fuzz: ran %zu inputs\n", count);
  return 0;
}
