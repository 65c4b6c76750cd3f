/*===- mma_atoms.h - The MFMA atoms flyc knows (internal) -----------------===*
 *
 * One row per MFMA instruction form flyc emits: the operand types as
 * fly.mma sees them (vectors of the element type), the ROCDL op and the
 * operand types that op takes, and its thread-value layouts; its shape,
 * chips and passes are the hardware table's row of the form.
 * A TV layout maps (lane, value) to the column-major index of the operand's
 * tile: A is M x K, B is N x K, C/D is M x N (CDNA3/CDNA4 ISA guides §7.1;
 * gfx950-isa-facts.md §1; the f8f6f4 fp8/bf8 operands are split in two
 * 16-byte chunks, §1.3).
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_TRANSFORMS_MMA_ATOMS_H
#define FLYC_TRANSFORMS_MMA_ATOMS_H

#include <stdbool.h>
#include <stddef.h>

#include "flyc/chip.h"
#include "flyc/layout.h"
#include "flyc/hw.h"

/// How the atom's A/B operands reach the ROCDL op.
typedef enum FlyMmaPacking {
  FLY_MMA_AS_IS = 0,  /* the vector type the op takes */
  FLY_MMA_I64 = 1,    /* 8 bytes packed into one i64 */
  FLY_MMA_I32X = 2,   /* packed into vector<N x i32> */
  FLY_MMA_I16X = 3,   /* bf16 reinterpreted as vector<N x i16> */
} FlyMmaPacking;

typedef struct FlyMmaAtom {
  const char *mnemonic; /* the form: its row of the hardware table (flyc/hw.h) */
  const char *aElem;    /* MLIR element type of A (and B unless bElem) */
  const char *bElem;    /* NULL: same as A */
  const char *rocdlOp;
  FlyMmaPacking packing;
  int format;           /* f8f6f4: CBSZ/BLGP format code of A/B, else -1 */
  const char *tvA, *tvB, *tvC; /* thread-value layouts, CuTe notation */
} FlyMmaAtom;

/// The atoms and their count.
const FlyMmaAtom *flyMmaAtomTable(size_t *count);

/// The hardware table's row of the atom's form: shape, operand types,
/// chips and passes.
const FlyHwMfma *flyMmaAtomHw(const FlyMmaAtom *atom);
/// Elements per lane of A and of B (M*K*blocks / 64), accumulator registers
/// per lane (M*N*blocks / 64), and the accumulator's MLIR type ("f32",
/// "i32"), all from the form.
int flyMmaAtomAbLen(const FlyMmaAtom *atom);
int flyMmaAtomCLen(const FlyMmaAtom *atom);
const char *flyMmaAtomCElem(const FlyMmaAtom *atom);

/// Finds the atom of `shape` whose A/B element types are `aElem`/`bElem`
/// (MLIR spellings) and whose accumulator is `cElem`; NULL when unknown.
/// The fp8 element spelling selects the chip family's form: f8E4M3FN/f8E5M2
/// (OCP, gfx950) or f8E4M3FNUZ/f8E5M2FNUZ (gfx942).
const FlyMmaAtom *flyMmaAtomFind(const char *shape, const char *aElem, const char *bElem,
                                 const char *cElem);

/// The f8f6f4 format code (CBSZ/BLGP) of an element type, or -1.
int flyMmaFormatOf(const char *elem);

/// How many elements of an A/B element type one byte of memory holds: 2
/// for fp4 (f4E2M1FN, packed two per byte, the even k in the low nibble),
/// 1 for whole-byte types; 0 for types no byte holds a whole number of
/// (fp6), which the tiled ops do not take.
int flyMmaElemsPerByte(const char *elem);

/// True when `chip` has the atom: the hardware table gives its form passes
/// there, and for the CDNA3 fp8 forms the chip's fp8 flavour is the atom's.
bool flyMmaAtomOnChip(const FlyMmaAtom *atom, FlyChip chip);

/// Whether the atom, with B of type `bElem` (NULL: A's), may run with its
/// operands exchanged (`swap_ab`): the instruction then takes B's fragments
/// as its A operand and A's as its B, and computes C transposed. That needs
/// a square atom (M = N) whose A and B fragments each fit the other slot:
/// one element type and one TV layout, or, for the f8f6f4 forms, whose A
/// and B formats are chosen per slot (CBSZ, BLGP), two formats each of
/// whose rows lays A and B out alike (a8w4: fp8 A, fp4 B).
bool flyMmaAtomSwappable(const FlyMmaAtom *atom, const char *bElem);

/// The accumulator layout of a swapped atom: the atom's C layout with rows
/// and columns exchanged, (M,M):(M,1) o tvC, so each lane's registers lie
/// along a row of C (the same for every B format of an f8f6f4 form).
/// NULL when the atom is not swappable with B of its own type.
/// Example (16x16): ((16,4),4):((16,4),1) becomes ((16,4),4):((1,64),16):
/// lane l holds row l%16, columns 4*(l/16) .. 4*(l/16)+3.
const FlyLayout *flyMmaAtomSwappedTvC(FlyLayoutCtx *ctx, const FlyMmaAtom *atom);

#endif /* FLYC_TRANSFORMS_MMA_ATOMS_H */
