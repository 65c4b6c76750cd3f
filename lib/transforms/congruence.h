/*===- congruence.h - What is known about an index value's residues --------===*
 *
 * A vector access through a swizzled or padded layout is one contiguous
 * access only when its first element sits far enough from a swizzle block's
 * (or the layout's contiguous run's) end; with a run-time coordinate the
 * compiler must prove that. This module derives, from the arith ops that
 * compute an index, a congruence x = rem (mod mod): `col = 16 * (tid % 8)`
 * is 0 mod 16, an scf.for induction variable from 0 by 2 is 0 mod 2. It
 * assumes what index arithmetic on coordinates and offsets means: values
 * are non-negative and do not wrap. Prefix: cg.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_TRANSFORMS_CONGRUENCE_H
#define FLYC_TRANSFORMS_CONGRUENCE_H

#include <stdint.h>

#include "mlir-c/IR.h"

/// x = rem (mod mod). mod == 0: x == rem exactly; mod == 1: nothing known.
/// For mod > 0, 0 <= rem < mod.
typedef struct CgCongruence {
  int64_t rem, mod;
} CgCongruence;

/// The exact value c.
CgCongruence cgExact(int64_t c);
/// Nothing known.
CgCongruence cgUnknown(void);
/// x + y, x * y.
CgCongruence cgAdd(CgCongruence x, CgCongruence y);
CgCongruence cgMul(CgCongruence x, CgCongruence y);
/// x % c and x / c for a constant c > 0 (unsigned semantics).
CgCongruence cgRem(CgCongruence x, int64_t c);
CgCongruence cgDiv(CgCongruence x, int64_t c);
/// What both x and y satisfy (for a value that is one or the other).
CgCongruence cgJoin(CgCongruence x, CgCongruence y);
/// What the ops that compute `v` say about it (a bounded walk up its
/// definitions: constants, add/sub/mul/shl, div/rem/shr/and by constants,
/// casts, select, scf.for induction variables).
CgCongruence cgOfValue(MlirValue v);
/// The largest h dividing `period` such that x mod h is known, with that
/// residue in *rem (h == period when x is exact or mod is a multiple of it).
int64_t cgKnownModulo(CgCongruence x, int64_t period, int64_t *rem);

#endif /* FLYC_TRANSFORMS_CONGRUENCE_H */
