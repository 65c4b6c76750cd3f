/*===- expect.h - Checking expected-diagnostic annotations ----------------===*
 *
 * MLIR's -verify-diagnostics convention, for fly-opt: a comment
 *   // expected-error@+1 {{substring of the message}}
 * expects an error on the next line (@-N above, @+N below, no @ = the same
 * line); expected-warning, expected-note and expected-remark likewise. Every
 * annotation must be matched by a diagnostic and every diagnostic by an
 * annotation.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_EXPECT_H
#define FLYC_EXPECT_H

#include <stdbool.h>

#include "../common/tooldiag.h"

/// Compares the diagnostics captured in `diags` with the annotations in
/// `text` (the input named `inputName`); prints each mismatch to stderr and
/// returns true when there is none.
bool flyExpectVerify(const char *inputName, const char *text, const FlyToolDiags *diags);

#endif /* FLYC_EXPECT_H */
