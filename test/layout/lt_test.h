/*===- lt_test.h - Shared helpers of the layout property tests ------------===*
 *
 * Each test program prints `@testName` before a case (matched by
 * CHECK-LABEL), one `FAIL:` line per failed check, and a summary; it exits
 * non-zero when any check failed.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_TEST_LT_TEST_H
#define FLYC_TEST_LT_TEST_H

#include "flyc/layout.h"

#include <stdint.h>

/// Starts a case: prints `@name`.
void ltBegin(const char *name);
/// Records one check; prints `FAIL: <what>` when `ok` is zero. Returns ok.
int ltCheck(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/// Ends a case: prints `<name>: <n> checks, <f> failures`.
void ltEnd(void);
/// Exit status for main: 0 when no check failed.
int ltExitCode(void);

/// Parses a layout or aborts the test with a FAIL line (test inputs are
/// always valid).
const FlyLayout *ltLayout(FlyLayoutCtx *ctx, const char *text);
/// Parses an int tuple the same way.
const FlyIntTuple *ltTuple(FlyLayoutCtx *ctx, const char *text);
/// Canonical text of a layout, valid until the next call.
const char *ltStr(const FlyLayout *l);
/// Canonical text of an int tuple, valid until the next call.
const char *ltTupleStr(const FlyIntTuple *t);
/// size of a static layout.
int64_t ltSize(FlyLayoutCtx *ctx, const FlyLayout *l);
/// L(i) for a static layout.
int64_t ltEval(FlyLayoutCtx *ctx, const FlyLayout *l, int64_t i);
/// Non-zero when L is injective on [0, size).
int ltInjective(FlyLayoutCtx *ctx, const FlyLayout *l);
/// Non-zero when the flat modes of L sorted by stride (size-1 and stride-0
/// modes aside) each start at a multiple of where the previous one ends:
/// the condition under which complement(L) exists (CuTe complement).
int ltComplementAdmissible(FlyLayoutCtx *ctx, const FlyLayout *l);
/// Non-zero when L1 and L2 take the same multiset of values over their
/// domains.
int ltSameValues(FlyLayoutCtx *ctx, const FlyLayout *l1, const FlyLayout *l2);
/// Checks that `tiled` and `flat` regroup the rank-2 `zipped` as
/// (zipped[0], zipped[1][0], ...) (pycute tiled_divide/tiled_product) and
/// (zipped[0](repeat<R0>(_)), zipped[1](repeat<R1>(_))) (CuTe flat_divide/
/// flat_product): a half of rank R >= 2 contributes its R modes, a half of
/// rank 1 stays one mode (CuTe's repeat<1>(_) is `_`, not `(_)`).
void ltCheckRegroup(FlyLayoutCtx *ctx, const FlyLayout *zipped,
                    const FlyLayout *tiled, const FlyLayout *flat,
                    const char *what);
/// The tilers the regroup properties apply to A with operands t0 and t1:
/// the layout t0, the one-mode list [t0], and for rank(A) >= 2 also
/// [t0|t1], [_|t1] and [t0|_]. Returns how many it stored in out (<= 5).
int ltTilerVariants(FlyLayoutCtx *ctx, const FlyLayout *a, const FlyLayout *t0,
                    const FlyLayout *t1, const FlyTiler **out);
/// Checks the zipped result of A and tiler t against the logical one (NULL
/// when an operation failed): they fail together; for a layout tiler they
/// are equal; for a list of k modes zipped[0][i] is logical[i][0] and
/// zipped[1][i] is logical[i][1] (1:0 and A[i] for a `_` mode), and
/// zipped[1][i] is A[i] for the modes i >= k the tiler does not reach.
void ltCheckZipped(FlyLayoutCtx *ctx, const FlyLayout *a, const FlyTiler *t,
                   const FlyLayout *logical, const FlyLayout *zipped,
                   const char *what);
/*---- references written from pycute's definitions, independent of the
 * library's code (they read layouts through the accessors only) ----*/

enum { LT_MAX_MODES = 64 };
/// The flat leaves of a static layout: shapes s[], strides d[]; returns n.
int ltFlatModes(const FlyLayout *l, int64_t *s, int64_t *d);
/// pycute's coalesce of a static layout as flat modes: size-1 modes
/// dropped, neighbours with s0*d0 == d1 merged, 1:0 when nothing is left.
int ltCoalescedModes(const FlyLayout *l, int64_t *s, int64_t *d);
/// A(x) for any x >= 0, inside A's domain and past it: past the domain the
/// last flat leaf of extent > 1 takes the unreduced rest (the extension that
/// pycute's composition gives A through coalesce(A)).
int64_t ltEvalExtended(const FlyLayout *l, int64_t x);
/// The same for flat modes s:d (extents may be 0 or below: the last one is
/// not read).
int64_t ltEvalModes(const int64_t *s, const int64_t *d, int n, int64_t x);
/// pycute's complement(A, target), coalesced, as flat modes; its extents
/// may be 0 (a mode that overlaps the ones below it) or, for a target below
/// 1, the last one 0 or negative. Returns the count, or 0 when pycute's
/// assertion fails (a sorted mode ends below where the ones before it end).
int ltComplementModes(const FlyLayout *a, int64_t target, int64_t *s,
                      int64_t *d);
/// pycute's composition of A with one integer-shaped mode s:d of B, as
/// conditions: returns 0 when pycute rejects it (an extent of coalesce(A),
/// but the last, that neither divides nor is divided by the running
/// stride), else 1 with *keepsSize = whether every step divides the rest of
/// the shape exactly (otherwise the result has fewer than s points; CuTe's
/// "Shape Divisibility Condition").
int ltCompositionWalk(const FlyLayout *a, int64_t s, int64_t d,
                      int *keepsSize);
/// The same with coalesce(A) given as flat modes; an extent of 0 before the
/// last mode is pycute's ZeroDivisionError (rejected).
int ltCompositionWalkModes(const int64_t *as, const int64_t *ad, int n,
                           int64_t s, int64_t d, int *keepsSize);
/// The same over every leaf mode of B: admissible and keeps size(B) when
/// every leaf does.
int ltCompositionAdmissible(const FlyLayout *a, const FlyLayout *b,
                            int *keepsSize);
/// Non-zero when complement(L) must fail: after dropping stride-0 and
/// size-1 modes and sorting by (stride, shape), a mode starts below the end
/// of the one before it (stride < end), a stride is negative, or the first
/// stride is below 1.
int ltComplementOverlaps(const FlyLayout *l);
/// The smallest non-negative integer that a static layout does not take.
int64_t ltImageMex(FlyLayoutCtx *ctx, const FlyLayout *l);

/// Checks that evaluating `expr` prints `want` (or, if want starts with
/// "error: ", fails with that message).
void ltExpect(FlyLayoutCtx *ctx, const char *expr, const char *want);

/// The domain of small layouts the properties quantify over: every flat
/// rank-1, rank-2 and rank-3 layout over small shapes and strides (strides
/// include 0), and nested ((a,b),c) layouts. `maxRank` limits it.
const FlyLayout **ltDomain(FlyLayoutCtx *ctx, int maxRank, int *n);
/// A smaller set of layouts used as the second operand of binary ops.
const FlyLayout **ltOperands(FlyLayoutCtx *ctx, int *n);

#endif
