/*===- flyc/layout.h - CuTe layout algebra in plain C --------------------===*
 *
 * Hierarchical integer tuples, layouts `shape:stride`, swizzles `S<B,M,S>`,
 * composed layouts `inner o offset o outer`, tilers `[L1|L2|...]`, and the
 * operations of CuTe's layout algebra with exactly the semantics of pycute
 * (NVIDIA/cutlass python/pycute/layout.py and int_tuple.py); the operations
 * pycute lacks (flat_divide, flat_product, blocked_product, raked_product,
 * make_ordered_layout, recast, tile_to_shape, ...) follow CuTe C++
 * (include/cute/layout.hpp). docs/layout-algebra.md describes each one.
 *
 * Ownership: a FlyLayoutCtx is an arena. Every value created in it is
 * immutable and lives until flyLayoutCtxDestroy; there is no per-value free.
 * A value may be an operand of an operation in another context as long as
 * its own context outlives the results (results may share parts of it).
 *
 * Errors: a fallible function returns NULL (or a non-zero status) and records
 * one line in the context, read with flyLayoutCtxGetError. The library never
 * prints and never exits.
 *
 * Leaves: a leaf is a static integer, a dynamic integer (`?`, known only at
 * run time), or a scaled basis element (`3E1`, used by identity layouts for
 * strides that produce coordinates). Structural operations accept all three;
 * size-like results of dynamic tuples are dynamic; operations that need
 * values fail with "... requires a static ..." messages.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_LAYOUT_H
#define FLYC_LAYOUT_H

#include "flyc/support.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An arena owning every value created in it, plus the last error message.
typedef struct FlyLayoutCtx FlyLayoutCtx;
/// A hierarchical tuple of integers: a leaf or a tuple of FlyIntTuples.
typedef struct FlyIntTuple FlyIntTuple;
/// A layout: congruent shape and stride int tuples.
typedef struct FlyLayout FlyLayout;
/// A tiler: one layout, or a by-mode list of tilers where a mode may be `_`.
typedef struct FlyTiler FlyTiler;
/// A swizzle functor S<B,M,S>.
typedef struct FlySwizzle FlySwizzle;
/// inner o offset o outer: x -> inner(offset + outer(x)).
typedef struct FlyComposedLayout FlyComposedLayout;

/// The kind of a leaf of an int tuple.
typedef enum FlyLeafKind {
  FLY_LEAF_INT = 0,       ///< a static integer
  FLY_LEAF_DYNAMIC = 1,   ///< an integer known only at run time, printed `?`
  FLY_LEAF_BASIS = 2,     ///< value * E<path...>, printed `vEi` or `vEi.j`
  FLY_LEAF_UNDERSCORE = 3 ///< the slicing wildcard `_` (coordinates only)
} FlyLeafKind;

/*---- Context ------------------------------------------------------------*/

/// Creates an empty context; NULL when out of memory. Destroy it with
/// flyLayoutCtxDestroy.
FlyLayoutCtx *flyLayoutCtxCreate(void);
/// Releases the context and every value created in it.
void flyLayoutCtxDestroy(FlyLayoutCtx *ctx);
/// The message of the first error since the last clear ("" when none). The
/// string is owned by the context and valid until the next call on it.
const char *flyLayoutCtxGetError(const FlyLayoutCtx *ctx);
/// Forgets the recorded error.
void flyLayoutCtxClearError(FlyLayoutCtx *ctx);

/*---- Int tuples ---------------------------------------------------------*/

/// The static integer leaf `v`.
const FlyIntTuple *flyIntTupleCreateInt(FlyLayoutCtx *ctx, int64_t v);
/// A dynamic leaf `?`.
const FlyIntTuple *flyIntTupleCreateDynamic(FlyLayoutCtx *ctx);
/// The basis leaf scale*E<path[0],...,path[depth-1]> (1 <= depth <= 8,
/// 0 <= path[i] <= 64).
const FlyIntTuple *flyIntTupleCreateBasis(FlyLayoutCtx *ctx, int64_t scale,
                                          int depth, const int *path);
/// The tuple (elems[0],...,elems[rank-1]); rank may be 0 or 1.
const FlyIntTuple *flyIntTupleCreate(FlyLayoutCtx *ctx, int rank,
                                     const FlyIntTuple *const *elems);
/// Non-zero for a leaf.
int flyIntTupleIsLeaf(const FlyIntTuple *t);
/// The kind of leaf `t` (FLY_LEAF_INT for tuples, which have no kind).
FlyLeafKind flyIntTupleGetLeafKind(const FlyIntTuple *t);
/// The value of an integer leaf, or the scale of a basis leaf (0 otherwise).
int64_t flyIntTupleGetValue(const FlyIntTuple *t);
/// The basis path of a basis leaf: returns its depth, stores it in path[]
/// (room for 8 entries).
int flyIntTupleGetBasis(const FlyIntTuple *t, int *path);
/// rank: number of elements of a tuple; 1 for a leaf.
/// Example: rank((2,(3,4))) = 2.
int flyIntTupleGetRank(const FlyIntTuple *t);
/// Element i of a tuple, or the leaf itself for i == 0; NULL if out of range.
const FlyIntTuple *flyIntTupleGetElem(const FlyIntTuple *t, int i);
/// depth: 0 for a leaf, 1 + max depth of the elements for a tuple.
/// Example: depth(4) = 0, depth((2,(3,4))) = 2.
int flyIntTupleGetDepth(const FlyIntTuple *t);
/// Non-zero when every leaf is a static integer.
int flyIntTupleIsStatic(const FlyIntTuple *t);
/// Structural equality (same tree, same leaves).
int flyIntTupleEqual(const FlyIntTuple *a, const FlyIntTuple *b);
/// Product of all leaves: (2,(3,4)) -> 24; `?` if any leaf is dynamic; fails
/// on a basis leaf.
const FlyIntTuple *flyIntTupleProduct(FlyLayoutCtx *ctx, const FlyIntTuple *t);
/// flatten: the leaves as one flat tuple; a leaf stays a leaf.
/// Example: flatten((2,(3,4))) = (2,3,4).
const FlyIntTuple *flyIntTupleFlatten(FlyLayoutCtx *ctx, const FlyIntTuple *t);
/// take<b,e>: elements [b,e) as a tuple. Example: take((2,3,4),1,3) = (3,4).
const FlyIntTuple *flyIntTupleTake(FlyLayoutCtx *ctx, const FlyIntTuple *t,
                                   int begin, int end);
/// select<i...>: the listed elements in order. select((2,3,4),{2,0}) = (4,2).
const FlyIntTuple *flyIntTupleSelect(FlyLayoutCtx *ctx, const FlyIntTuple *t,
                                     int n, const int *idx);
/// append: (t..., x). A leaf t counts as the 1-tuple (t).
/// Example: append((2,3),4) = (2,3,4).
const FlyIntTuple *flyIntTupleAppend(FlyLayoutCtx *ctx, const FlyIntTuple *t,
                                     const FlyIntTuple *x);
/// prepend: (x, t...). prepend((2,3),4) = (4,2,3).
const FlyIntTuple *flyIntTuplePrepend(FlyLayoutCtx *ctx, const FlyIntTuple *t,
                                      const FlyIntTuple *x);
/// group<b,e>: elements [b,e) replaced by one tuple of them.
/// Example: group((2,3,4,5),1,3) = (2,(3,4),5).
const FlyIntTuple *flyIntTupleGroup(FlyLayoutCtx *ctx, const FlyIntTuple *t,
                                    int begin, int end);
/// Column-major exclusive prefix product congruent to `shape`:
/// (4,(2,3)) -> (1,(4,8)). Requires a static shape.
const FlyIntTuple *flyIntTuplePrefixProduct(FlyLayoutCtx *ctx,
                                            const FlyIntTuple *shape);
/// idx2crd (pycute): the coordinate of index `idx` in `shape` under `stride`
/// (NULL: the compact column-major strides), colexicographic. Every mode,
/// including the last, is reduced modulo its extent.
/// Example: idx2crd(5,(2,4)) = (1,2); idx2crd(11,(2,(2,2))) = (1,(1,0)).
const FlyIntTuple *flyIntTupleIdx2Crd(FlyLayoutCtx *ctx, const FlyIntTuple *idx,
                                      const FlyIntTuple *shape,
                                      const FlyIntTuple *stride);
/// The wildcard leaf `_` that slice and dice read as "keep this mode".
const FlyIntTuple *flyIntTupleCreateUnderscore(FlyLayoutCtx *ctx);
/// Parses an int tuple: `4`, `-2`, `?`, `_`, `2E1`, `(2,(3,4))`, `(4)`, `()`.
/// Integers may be any int64_t value.
const FlyIntTuple *flyIntTupleParse(FlyLayoutCtx *ctx, const char *text);
/// Prints canonically: no spaces, every tuple in parentheses (the 1-tuple
/// `(4)` is not the leaf `4`), so flyIntTupleParse gives back the same tuple.
void flyIntTuplePrint(const FlyIntTuple *t, FlyStrBuf *out);

/*---- Layouts --------------------------------------------------------------*/

/// The layout shape:stride; fails unless the two are congruent and every
/// static shape leaf is a positive integer.
const FlyLayout *flyLayoutCreate(FlyLayoutCtx *ctx, const FlyIntTuple *shape,
                                 const FlyIntTuple *stride);
/// shape with column-major compact strides: (4,(2,3)) -> (4,(2,3)):(1,(4,8)).
const FlyLayout *flyLayoutCreateCompact(FlyLayoutCtx *ctx,
                                        const FlyIntTuple *shape);
/// make_layout(modes...): the layout whose top modes are `modes` (a tuple
/// even for n == 1). make_layout(4:1, 2:4) = (4,2):(1,4).
const FlyLayout *flyLayoutCreateFromModes(FlyLayoutCtx *ctx, int n,
                                          const FlyLayout *const *modes);
/// The shape (not owned; lives in the context).
const FlyIntTuple *flyLayoutGetShape(const FlyLayout *l);
/// The stride (not owned; lives in the context).
const FlyIntTuple *flyLayoutGetStride(const FlyLayout *l);
/// rank: 1 for an integer shape, else the number of top modes.
int flyLayoutGetRank(const FlyLayout *l);
/// depth of the shape. depth((2,(3,4)):(1,(2,6))) = 2.
int flyLayoutGetDepth(const FlyLayout *l);
/// Structural equality of shapes and strides.
int flyLayoutEqual(const FlyLayout *a, const FlyLayout *b);
/// size: product of the shape. size((4,8):(1,4)) = 32; `?` when dynamic.
const FlyIntTuple *flyLayoutSize(FlyLayoutCtx *ctx, const FlyLayout *l);
/// cosize (pycute): L(size-1)+1. cosize((4,8):(1,8)) = 60. Requires static.
const FlyIntTuple *flyLayoutCosize(FlyLayoutCtx *ctx, const FlyLayout *l);
/// get<i>: mode i. get<1>((4,(2,3)):(1,(4,8))) = (2,3):(4,8).
const FlyLayout *flyLayoutGet(FlyLayoutCtx *ctx, const FlyLayout *l, int i);
/// take<b,e> on shape and stride: take<1,3>((2,3,4):(1,2,6)) = (3,4):(2,6).
const FlyLayout *flyLayoutTake(FlyLayoutCtx *ctx, const FlyLayout *l, int begin,
                               int end);
/// select<i...>: select<2,0>((2,3,4):(1,2,6)) = (4,2):(6,1).
const FlyLayout *flyLayoutSelect(FlyLayoutCtx *ctx, const FlyLayout *l, int n,
                                 const int *idx);
/// flatten: flatten((2,(3,4)):(1,(2,6))) = (2,3,4):(1,2,6).
const FlyLayout *flyLayoutFlatten(FlyLayoutCtx *ctx, const FlyLayout *l);
/// append a mode: append(4:1, 2:4) = (4,2):(1,4).
const FlyLayout *flyLayoutAppend(FlyLayoutCtx *ctx, const FlyLayout *l,
                                 const FlyLayout *mode);
/// prepend a mode: prepend(4:1, 2:4) = (2,4):(4,1).
const FlyLayout *flyLayoutPrepend(FlyLayoutCtx *ctx, const FlyLayout *l,
                                  const FlyLayout *mode);
/// group<b,e>: group<0,2>((2,3,4):(1,2,6)) = ((2,3),4):((1,2),6).
const FlyLayout *flyLayoutGroup(FlyLayoutCtx *ctx, const FlyLayout *l,
                                int begin, int end);
/// crd2idx (pycute): the index of coordinate `crd` (an integer, or a tuple
/// congruent to a prefix of the shape's structure). An integer coordinate
/// against a tuple mode is split colexicographically; the last mode takes the
/// remainder unreduced. crd2idx(5,(4,8):(1,4)) = 5; crd2idx((1,2),(4,8):(2,8))
/// = 18. With basis strides the result is a coordinate tuple.
const FlyIntTuple *flyLayoutCrd2Idx(FlyLayoutCtx *ctx, const FlyIntTuple *crd,
                                    const FlyLayout *l);
/// Evaluates a static layout at a flat index: L(i), as crd2idx(i, L).
/// Returns 0 on success. (4,8):(8,1) at 5, the coordinate (1,1), is 9.
int flyLayoutEval(FlyLayoutCtx *ctx, const FlyLayout *l, int64_t i,
                  int64_t *out);
/// coalesce (pycute): flatten, drop size-1 modes, merge mode pairs with
/// shape0*stride0 == stride1; same function and size. A single resulting mode
/// is returned with an integer shape; all-size-1 gives 1:0.
/// Example: coalesce((2,(1,6)):(1,(6,2))) = 12:1.
const FlyLayout *flyLayoutCoalesce(FlyLayoutCtx *ctx, const FlyLayout *l);
/// coalesce by mode: profile is a tuple; mode i with a tuple profile entry is
/// coalesced by mode recursively, with a leaf entry coalesced whole; modes
/// beyond the profile are kept. coalesce((2,(1,6)):(1,(6,2)),(1,1)) =
/// (2,6):(1,2).
const FlyLayout *flyLayoutCoalesceByMode(FlyLayoutCtx *ctx, const FlyLayout *l,
                                         const FlyIntTuple *profile);
/// filter: stride-0 modes become size 1, then coalesce.
/// Example: filter((4,2):(0,1)) = 2:1.
const FlyLayout *flyLayoutFilter(FlyLayoutCtx *ctx, const FlyLayout *l);
/// composition (pycute): R = (A o B_0, A o B_1, ...) by mode of B, so R is
/// compatible with B, and R_i(c) = A(B_i(c)) for B_i(c) inside A's domain.
/// Fails ("inadmissible composition") when a stride of B neither divides nor
/// is divided by a mode extent of coalesce(A). Shapes are not checked for
/// divisibility (pycute): composition((4,3):(1,5),6:1) = 4:1.
/// Example: composition((6,2):(8,2), (4,3):(3,1)) = ((2,2),3):((24,2),8).
const FlyLayout *flyLayoutComposition(FlyLayoutCtx *ctx, const FlyLayout *a,
                                      const FlyLayout *b);
/// composition with a tiler: a layout tiler composes whole; a by-mode tiler
/// composes mode i of A with tiler mode i (`_` keeps the mode), modes of A
/// past the tiler are kept. composition((4,8):(8,1),[2:2|4:1]) = (2,4):(16,1).
const FlyLayout *flyLayoutCompositionTiler(FlyLayoutCtx *ctx,
                                           const FlyLayout *a,
                                           const FlyTiler *t);
/// complement (pycute) with target `cotarget` (1 means "no target": the
/// result then only fills the gaps below cosize). Sorted by stride, the modes
/// of A and of the result interleave to cover [0, max(cotarget, ...)).
/// complement(4:2) = 2:1; complement((2,2):(1,6),24) = (3,2):(2,12).
const FlyLayout *flyLayoutComplement(FlyLayoutCtx *ctx, const FlyLayout *l,
                                     int64_t cotarget);
/// right_inverse (pycute): R such that A(R(i)) == i for i < size(R); follows
/// the chain of strides 1, s0*d0, ... from stride 1. right_inverse((4,2):(2,1))
/// = (2,4):(4,1); right_inverse of a layout without stride 1 is 1:0.
const FlyLayout *flyLayoutRightInverse(FlyLayoutCtx *ctx, const FlyLayout *l);
/// left_inverse (pycute): right_inverse((A, complement(A))); L(A(c)) == c
/// for injective A. left_inverse((4,2):(2,1)) = (2,4):(4,1).
const FlyLayout *flyLayoutLeftInverse(FlyLayoutCtx *ctx, const FlyLayout *l);
/// logical_divide: composition(A, (T, complement(T, size(A)))), by mode for a
/// by-mode tiler. logical_divide(24:1, 4:2) = (4,(2,3)):(2,(1,8)).
const FlyLayout *flyLayoutLogicalDivide(FlyLayoutCtx *ctx, const FlyLayout *a,
                                        const FlyTiler *t);
/// zipped_divide: ((tile modes...),(rest modes...)).
/// zipped_divide((8,8):(1,8),[2:1|4:1]) = ((2,4),(4,2)):((1,8),(2,32)).
const FlyLayout *flyLayoutZippedDivide(FlyLayoutCtx *ctx, const FlyLayout *a,
                                       const FlyTiler *t);
/// tiled_divide: ((tile modes...), rest modes...).
/// tiled_divide((8,8):(1,8),[2:1|4:1]) = ((2,4),4,2):((1,8),2,32).
const FlyLayout *flyLayoutTiledDivide(FlyLayoutCtx *ctx, const FlyLayout *a,
                                      const FlyTiler *t);
/// flat_divide: (tile modes..., rest modes...).
/// flat_divide((8,8):(1,8),[2:1|4:1]) = (2,4,4,2):(1,8,2,32).
const FlyLayout *flyLayoutFlatDivide(FlyLayoutCtx *ctx, const FlyLayout *a,
                                     const FlyTiler *t);
/// logical_product: (A, composition(complement(A, size(A)*cosize(B)), B)),
/// by mode for a by-mode tiler. logical_product(2:1, 3:1) = (2,3):(1,2).
const FlyLayout *flyLayoutLogicalProduct(FlyLayoutCtx *ctx, const FlyLayout *a,
                                         const FlyTiler *t);
/// zipped_product: ((A modes...),(repetition modes...)).
/// zipped_product((2,2):(1,2),4:1) = ((2,2),4):((1,2),4).
const FlyLayout *flyLayoutZippedProduct(FlyLayoutCtx *ctx, const FlyLayout *a,
                                        const FlyTiler *t);
/// tiled_product: ((A modes...), repetition modes...).
/// tiled_product((2,2):(1,2),[2:1|3:1]) = ((2,2),2,2):((1,2),2,1).
const FlyLayout *flyLayoutTiledProduct(FlyLayoutCtx *ctx, const FlyLayout *a,
                                       const FlyTiler *t);
/// flat_product: (A modes..., repetition modes...).
/// flat_product((2,2):(1,2),(2,2):(1,2)) = (2,2,2,2):(1,2,4,8).
const FlyLayout *flyLayoutFlatProduct(FlyLayoutCtx *ctx, const FlyLayout *a,
                                      const FlyTiler *t);
/// blocked_product (CuTe): both padded to rank R = max(rank A, rank B) with
/// 1:0 modes, P = logical_product(A', B'), then CuTe's zip(P[0], P[1]):
/// mode i is (P[0][i], P[1][i]); for R = 1 an integer-shaped P[0] gives the
/// one mode (P[0], P[1]) and a 1-tuple P[0] needs a 1-tuple P[1]. Fails,
/// as CuTe does, when the halves do not zip or P has fewer than
/// size(A)*size(B) points. blocked_product((2,5):(5,1),(3,4):(1,3)) =
/// ((2,3),(5,4)):((5,10),(1,30)); blocked_product(4:1,3:1) = ((4,3)):((1,4)).
const FlyLayout *flyLayoutBlockedProduct(FlyLayoutCtx *ctx, const FlyLayout *a,
                                         const FlyLayout *b);
/// raked_product (CuTe): as blocked_product with zip(P[1], P[0]).
/// raked_product((2,5):(5,1),(3,4):(1,3)) = ((3,2),(4,5)):((10,5),(30,1));
/// raked_product(6:3,12:1) fails (P[1] = (3,4):(1,18) against 6:3).
const FlyLayout *flyLayoutRakedProduct(FlyLayoutCtx *ctx, const FlyLayout *a,
                                       const FlyLayout *b);
/// make_ordered_layout (CuTe compact_order): compact strides assigned in
/// increasing `order`; a mode's stride is the product of the extents of the
/// modes with a smaller order (equal orders share a start), and an extent-1
/// mode has stride 0 (CuTe's compact_col_major).
/// make_ordered_layout((4,8,2),(1,0,2)) = (4,8,2):(8,1,32);
/// make_ordered_layout((4,1,2),(2,0,1)) = (4,1,2):(2,0,1).
const FlyLayout *flyLayoutMakeOrdered(FlyLayoutCtx *ctx,
                                      const FlyIntTuple *shape,
                                      const FlyIntTuple *order);
/// make_identity_layout: shape with basis strides, mapping a coordinate to
/// itself. make_identity_layout((4,8)) = (4,8):(1E0,1E1).
const FlyLayout *flyLayoutMakeIdentity(FlyLayoutCtx *ctx,
                                       const FlyIntTuple *shape);
/// recast (CuTe recast_layout): re-types a layout of `oldBits`-wide elements
/// as `newBits`-wide elements. With newBits/oldBits = u/d in lowest terms it
/// applies upcast<u> (stride-1 modes: shape divided by u; other strides
/// divided by u; fails when neither divides the other) then downcast<d>
/// (stride +-1 modes: shape times d; other strides times d; needs a stride
/// +1 mode, as CuTe's has_int1). recast((4,8):(1,4),16,32) = (2,8):(1,2);
/// recast((4,8):(1,4),32,16) = (8,8):(1,8).
const FlyLayout *flyLayoutRecast(FlyLayoutCtx *ctx, const FlyLayout *l,
                                 int oldBits, int newBits);
/// tile_to_shape (CuTe): blocked_product of `block` (padded to the rank of
/// `shape`) with the compact column-major layout (as make_ordered_layout
/// builds it: a count of 1 has stride 0) of the tuple of per-mode
/// repetition counts size(shape_i)/size(block_i), which must divide exactly
/// (a tuple even for an integer shape: tile_to_shape(4:1,8) =
/// ((4,(2))):((1,(4)))).
/// tile_to_shape((2,2):(1,2),(4,6)) = ((2,2),(2,3)):((1,4),(2,8)).
const FlyLayout *flyLayoutTileToShape(FlyLayoutCtx *ctx, const FlyLayout *block,
                                      const FlyIntTuple *shape);
/// slice (pycute slice_): keeps the modes whose coordinate entry is `_`,
/// always as a tuple of them. slice((_,2),(4,8):(1,4)) = (4):(1);
/// slice(_,(4,8):(1,4)) = ((4,8)):((1,4)) (pycute; CuTe gives the layout).
const FlyLayout *flyLayoutSlice(FlyLayoutCtx *ctx, const FlyIntTuple *crd,
                                const FlyLayout *l);
/// dice (CuTe): keeps the modes whose coordinate entry is NOT `_`, as a
/// tuple of them; an integer coordinate keeps the whole layout as it is.
/// dice((_,2),(4,8):(1,4)) = (8):(4); dice(2,(4,8):(1,4)) = (4,8):(1,4).
const FlyLayout *flyLayoutDice(FlyLayoutCtx *ctx, const FlyIntTuple *crd,
                               const FlyLayout *l);
/// Parses `shape:stride`; a bare shape gets column-major compact strides.
const FlyLayout *flyLayoutParse(FlyLayoutCtx *ctx, const char *text);
/// Prints `shape:stride` canonically (see flyIntTuplePrint): `4:1` has an
/// integer shape, `(4):(1)` a 1-tuple; flyLayoutParse reads either back.
void flyLayoutPrint(const FlyLayout *l, FlyStrBuf *out);

/*---- Tilers
 * -----------------------------------------------------------------*/

/// A tiler that is one layout.
const FlyTiler *flyTilerCreateLayout(FlyLayoutCtx *ctx, const FlyLayout *l);
/// A by-mode tiler; a NULL entry is `_` (leave the mode alone).
const FlyTiler *flyTilerCreateByMode(FlyLayoutCtx *ctx, int rank,
                                     const FlyTiler *const *modes);
/// The wildcard tiler `_`: operations leave the layout as it is (a divide
/// or product by `_` has the tile 1:0).
const FlyTiler *flyTilerCreateUnderscore(FlyLayoutCtx *ctx);
/// The layout of a layout tiler, NULL for a by-mode or wildcard tiler.
const FlyLayout *flyTilerGetLayout(const FlyTiler *t);
/// The number of modes of a by-mode tiler; 0 for a layout tiler and for `_`.
int flyTilerGetRank(const FlyTiler *t);
/// Mode i of a by-mode tiler; NULL for a `_` mode or an index out of range.
const FlyTiler *flyTilerGetMode(const FlyTiler *t, int i);
/// Parses `L`, `_`, or `[T1|T2|...]` (entries may be `_` or nested lists).
/// (The calculator also reads a tuple `(2,4)` in tiler position as
/// `[2:1|4:1]`; this parser reads it as the layout `(2,4):(1,2)`.)
const FlyTiler *flyTilerParse(FlyLayoutCtx *ctx, const char *text);
/// Prints canonically; flyTilerParse reads the text back to the same tiler.
void flyTilerPrint(const FlyTiler *t, FlyStrBuf *out);

/*---- Swizzles and composed layouts ----------------------------------------*/

/// S<B,M,S>: y = x ^ ((x & (((1<<B)-1) << (M+max(S,0)))) >> S) (negative S
/// shifts left). Fails unless B >= 0, M >= 0, |S| >= B.
const FlySwizzle *flySwizzleCreate(FlyLayoutCtx *ctx, int bits, int base,
                                   int shift);
/// Applies the swizzle to an offset. S<3,4,3>(0x270) = 0x230.
int64_t flySwizzleApply(const FlySwizzle *s, int64_t x);
/// B, M and S.
void flySwizzleGetParams(const FlySwizzle *s, int *bits, int *base, int *shift);
/// Parses `S<B,M,S>`.
const FlySwizzle *flySwizzleParse(FlyLayoutCtx *ctx, const char *text);
/// Prints `S<B,M,S>`.
void flySwizzlePrint(const FlySwizzle *s, FlyStrBuf *out);
/// inner o offset o outer with a swizzle as the inner function.
const FlyComposedLayout *flyComposedLayoutCreate(FlyLayoutCtx *ctx,
                                                 const FlySwizzle *inner,
                                                 int64_t offset,
                                                 const FlyLayout *outer);
/// inner o offset o outer with a layout as the inner function.
const FlyComposedLayout *
flyComposedLayoutCreateWithLayout(FlyLayoutCtx *ctx, const FlyLayout *inner,
                                  int64_t offset, const FlyLayout *outer);
/// The swizzle of the inner function, or NULL when it is a layout.
const FlySwizzle *flyComposedLayoutGetSwizzle(const FlyComposedLayout *c);
/// The layout of the inner function, or NULL when it is a swizzle.
const FlyLayout *flyComposedLayoutGetInner(const FlyComposedLayout *c);
/// The offset.
int64_t flyComposedLayoutGetOffset(const FlyComposedLayout *c);
/// The outer layout.
const FlyLayout *flyComposedLayoutGetOuter(const FlyComposedLayout *c);
/// inner(offset + outer(crd)). S<1,0,1> o 0 o 4:1 at 2 is 3.
const FlyIntTuple *flyComposedLayoutCrd2Idx(FlyLayoutCtx *ctx,
                                            const FlyIntTuple *crd,
                                            const FlyComposedLayout *c);
/// composition(C, B) = inner o offset o composition(outer, B) (CuTe).
/// composition(S<3,4,3> o 0 o (8,64):(64,1), [4:1|8:1])
///   = S<3,4,3> o 0 o (4,8):(64,1).
const FlyComposedLayout *flyComposedLayoutCompose(FlyLayoutCtx *ctx,
                                                  const FlyComposedLayout *c,
                                                  const FlyTiler *b);
/// Parses `S<3,4,3> o 0 o (8,64):(64,1)` or `L o 0 o L`.
const FlyComposedLayout *flyComposedLayoutParse(FlyLayoutCtx *ctx,
                                                const char *text);
/// Prints `inner o offset o outer`; flyComposedLayoutParse reads it back.
void flyComposedLayoutPrint(const FlyComposedLayout *c, FlyStrBuf *out);

/*---- Showing layouts ------------------------------------------------------*/

/// Appends `l` and then its values as a grid, as CuTe's print_layout draws
/// them: rows are the coordinates of mode 0, columns those of mode 1 (a
/// rank-1 layout is one row), cell (m, n) is l(m, n). Fails (1, error in
/// the context) for a dynamic layout, basis strides, rank above 2, more
/// than 256 columns or more than 16384 cells. (2,3):(3,1) gives rows 0 1 2 and 3 4 5.
int flyLayoutFormatTable(FlyLayoutCtx *ctx, const FlyLayout *l, FlyStrBuf *out);
/// The same for a composed layout (its outer layout gives the grid):
/// S<1,0,1> o 0 o (2,2):(2,1) gives rows 0 1 and 3 2.
int flyComposedLayoutFormatTable(FlyLayoutCtx *ctx, const FlyComposedLayout *c,
                                 FlyStrBuf *out);
/// Appends which thread and value own each element of a rows x cols tile
/// under the thread-value layout `tv` ((thread, value) -> m + n * rows,
/// CuTe's column-major tile index): cell (m, n) is `T<t>V<v>` for the first
/// owner, `.` for none, and a closing line counts the elements owned twice
/// and the unowned ones when there are any. Fails for a `tv` of rank other
/// than 2, an index outside the tile, or a tile too large to show (as for
/// flyLayoutFormatTable).
/// (2,2):(2,1) over 2x2: T0V0 T1V0 / T0V1 T1V1.
int flyLayoutFormatTv(FlyLayoutCtx *ctx, const FlyLayout *tv, int64_t rows, int64_t cols,
                      FlyStrBuf *out);

/*---- Calculator
 * ----------------------------------------------------------------*/

/// Evaluates one calculator expression such as `composition(8:2,(2,2):(2,1))`
/// (docs/layout-algebra.md lists the calls) and appends the canonical result
/// to `out`. Returns 0 on success; on failure returns 1 and the context's
/// error holds one line saying what is wrong.
int flyLayoutEvalExpr(FlyLayoutCtx *ctx, const char *text, FlyStrBuf *out);

#ifdef __cplusplus
}
#endif

#endif /* FLYC_LAYOUT_H */
