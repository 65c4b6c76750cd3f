/*===- lt.h - Internals shared by the layout-algebra sources -------------===*
 *
 * The value structs behind the opaque handles of flyc/layout.h, the arena,
 * and the helpers that more than one source file of lib/layout uses. Every
 * name here starts with `flyLt` and is internal to flyc_layout.
 *
 * Errors: a failing function records one message in the context (the first
 * one wins until the next flyLtMark) and returns NULL. Arithmetic helpers
 * record overflow the same way, so an operation checks `flyLtFailedSince`
 * once at the end instead of after every multiplication.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_LAYOUT_LT_H
#define FLYC_LAYOUT_LT_H

#include "flyc/layout.h"

#include <stdint.h>

#define FLY_LT_MAX_BASIS 8
/* The largest index of a basis element E<i,...> (what the notation reads). */
#define FLY_LT_MAX_BASIS_INDEX 64

struct FlyIntTuple {
  int rank;         /* number of elements; -1 for a leaf */
  FlyLeafKind kind; /* leaves only */
  int64_t value;    /* integer value, or scale of a basis leaf */
  int basisDepth;   /* basis leaves: length of basisPath */
  int basisPath[FLY_LT_MAX_BASIS];
  const FlyIntTuple **elems;
};

struct FlyLayout {
  const FlyIntTuple *shape;
  const FlyIntTuple *stride;
};

struct FlyTiler {
  const FlyLayout *layout; /* non-NULL: the tiler is one layout */
  int rank;                /* by-mode list: number of modes; 0 for `_` */
  const FlyTiler **modes;  /* by-mode list; a NULL mode is `_` (keep) */
};

struct FlySwizzle {
  int bits, base, shift;
};

struct FlyComposedLayout {
  const FlySwizzle *swizzle; /* inner function: a swizzle, or ...        */
  const FlyLayout *inner;    /* ... a layout (exactly one is non-NULL)   */
  int64_t offset;
  const FlyLayout *outer;
};

/* ---- context (ctx.c) ---- */
void *flyLtAlloc(FlyLayoutCtx *ctx, size_t size);
/// Prefixes the recorded error with `prefix` (naming the operation that a
/// failing inner step belonged to); returns NULL.
void *flyLtPrefixError(FlyLayoutCtx *ctx, const char *prefix);
/// Records a formatted error unless one is already recorded; returns NULL.
void *flyLtFail(FlyLayoutCtx *ctx, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/// The number of failures recorded so far, to compare after an operation.
unsigned flyLtMark(const FlyLayoutCtx *ctx);
int flyLtFailedSince(const FlyLayoutCtx *ctx, unsigned mark);
int64_t flyLtMul(FlyLayoutCtx *ctx, int64_t a, int64_t b);
int64_t flyLtAdd(FlyLayoutCtx *ctx, int64_t a, int64_t b);
/// Python's floor division and modulo (pycute's `//` and `%`), and ceiling
/// division. A zero divisor records an error (Python's ZeroDivisionError;
/// the operations check their divisors first, so this is a safety net) and
/// gives 0; a quotient that does not fit (INT64_MIN / -1) records an
/// overflow.
int64_t flyLtFloorDiv(FlyLayoutCtx *ctx, int64_t a, int64_t b);
int64_t flyLtFloorMod(FlyLayoutCtx *ctx, int64_t a, int64_t b);
int64_t flyLtCeilDiv(FlyLayoutCtx *ctx, int64_t a, int64_t b);

/* ---- int tuples (inttuple.c) ---- */
const FlyIntTuple *flyLtInt(FlyLayoutCtx *ctx, int64_t v);
const FlyIntTuple *flyLtTuple(FlyLayoutCtx *ctx, int rank,
                              const FlyIntTuple *const *elems);
/// The int tuples `t` holds as leaves (depth-first), or NULL with an error
/// when one is not a static integer. *n receives the count.
int64_t *flyLtFlatInts(FlyLayoutCtx *ctx, const FlyIntTuple *t, int *n,
                       const char *what);
/// Builds a flat tuple of `n` integers; n == 1 gives the plain integer.
const FlyIntTuple *flyLtIntsToTuple(FlyLayoutCtx *ctx, const int64_t *v, int n);
int flyLtIsStatic(const FlyIntTuple *t);
/// Number of leaves.
int flyLtLeafCount(const FlyIntTuple *t);

/* ---- layouts (layout.c) ---- */
const FlyLayout *flyLtLayout(FlyLayoutCtx *ctx, const FlyIntTuple *shape,
                             const FlyIntTuple *stride);
/// Mode i of a layout; a layout with an integer shape is its own mode 0.
const FlyLayout *flyLtMode(FlyLayoutCtx *ctx, const FlyLayout *l, int i);
/// A layout whose modes are `modes` (always a tuple, even for n == 1).
const FlyLayout *flyLtMakeLayout(FlyLayoutCtx *ctx, int n,
                                 const FlyLayout *const *modes);
/// Checks that `l` has static integer shape and stride, naming `op`.
int flyLtRequireStatic(FlyLayoutCtx *ctx, const FlyLayout *l, const char *op);

/* ---- complement (complement.c) ---- */
enum {
  /// Keep pycute's extent-0 gap for a mode that overlaps the ones below it.
  FLY_LT_COMPLEMENT_EMPTY = 1,
  /// Accept a target below 1 (the last extent is then 0 or negative).
  FLY_LT_COMPLEMENT_ANY_TARGET = 2
};
/// pycute's complement; with no flags, flyLayoutComplement.
const FlyLayout *flyLtComplement(FlyLayoutCtx *ctx, const FlyLayout *l,
                                 int64_t cotarget, unsigned flags);

/* ---- by-mode helpers (divide.c) ---- */
typedef const FlyLayout *(*FlyLtBinOp)(FlyLayoutCtx *, const FlyLayout *,
                                       const FlyLayout *);
/// Applies `op` mode by mode for a by-mode tiler (pycute's chain over modes),
/// or directly for a layout tiler.
const FlyLayout *flyLtByMode(FlyLayoutCtx *ctx, const FlyLayout *a,
                             const FlyTiler *t, FlyLtBinOp op,
                             const char *opName);
/// pycute's hier_unzip: gathers ((tiles...),(rests...,untouched modes...)).
const FlyLayout *flyLtHierUnzip(FlyLayoutCtx *ctx, const FlyLayout *a,
                                const FlyTiler *t, FlyLtBinOp op,
                                const char *opName);
/// (result[0], result[1][0], result[1][1], ...) (pycute tiled_*) or, when
/// `flat`, CuTe's result(repeat<R0>(_), repeat<R1>(_)): the modes of each
/// half, a half of rank 1 kept whole (flat_divide(4:1,[8:1]) has depth 2).
const FlyLayout *flyLtUnpack(FlyLayoutCtx *ctx, const FlyLayout *r, int flat);

/* ---- notation (notation.c) ---- */
/// A cursor over text being parsed; errors name the 1-based column.
typedef struct FlyLtParser {
  FlyLayoutCtx *ctx;
  const char *text;
  size_t pos;
  int depth; /* nesting of '(' and '[', bounded to keep recursion shallow */
} FlyLtParser;

void flyLtSkipSpace(FlyLtParser *p);
/// Consumes `c` (after spaces) if it is next; returns whether it did.
int flyLtAccept(FlyLtParser *p, char c);
/// Records "syntax error at column N: expected WHAT, found ..."; NULL.
void *flyLtSyntaxError(FlyLtParser *p, const char *what);
const FlyIntTuple *flyLtParseTuple(FlyLtParser *p);
/// After a parsed shape: `:stride`, or compact strides when no ':' follows.
const FlyLayout *flyLtParseLayoutAfter(FlyLtParser *p,
                                       const FlyIntTuple *shape);
const FlyTiler *flyLtParseTiler(FlyLtParser *p);
const FlySwizzle *flyLtParseSwizzle(FlyLtParser *p);
/// After a parsed inner function: ` o OFFSET o LAYOUT`.
const FlyComposedLayout *flyLtParseComposedAfter(FlyLtParser *p,
                                                 const FlySwizzle *swizzle,
                                                 const FlyLayout *inner);
/// Whether ` o ` (the composition operator) comes next.
int flyLtAtComposeOp(FlyLtParser *p);

#endif /* FLYC_LAYOUT_LT_H */
