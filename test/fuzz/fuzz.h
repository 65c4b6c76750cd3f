/*===- fuzz.h - What every fuzz harness of flyc provides ------------------===*
 *
 * Each harness defines libFuzzer's entry point. In a FLYC_FUZZ build (clang)
 * it links libFuzzer's own main and can search for new inputs; otherwise it
 * links fuzz_main.c, which only replays the inputs it is given, so that the
 * checked-in corpora run as regression tests in every build (corpus.test).
 * A harness returns 0 for every input and calls fuzzFail (abort) when an
 * input breaks a property the input path promises: one clear line for bad
 * input, no failure without a message, a result that reads back.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_FUZZ_H
#define FLYC_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/// Reports a broken property of the current input and aborts, so libFuzzer
/// (or the replay driver) keeps the input as a crash.
void fuzzFail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/// A NUL-terminated copy of the input (embedded NULs kept), or NULL when out
/// of memory; free with flyFree.
char *fuzzCopyText(const uint8_t *data, size_t size);

/// True when `msg` is one non-empty line: what every error must be.
int fuzzIsOneLine(const char *msg);

#endif /* FLYC_FUZZ_H */
