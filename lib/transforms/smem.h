/*===- smem.h - Shared-memory struct layout (internal) --------------------===*
 *
 * Kernels declare their LDS as a struct of arrays, nested structs and
 * unions (unions let an epilogue staging area reuse the A ping-pong
 * buffers). The notation, an attribute of fly.shared_alloc:
 *
 *   fields := field (',' field)*
 *   field  := NAME ':' type ['align' N]
 *   type   := ELEM '[' N ']' | 'struct' '(' fields ')' | 'union' '(' fields ')'
 *
 * e.g. `a0: i8[8192] align 16, a1: i8[8192] align 16, c: bf16[64]`. Layout
 * follows C: fields in order, each at the next multiple of its alignment
 * (an array's default alignment is its element size, an aggregate's the
 * largest of its members'), unions overlay their members at offset 0, and an
 * aggregate's size is rounded up to its alignment.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_TRANSFORMS_SMEM_H
#define FLYC_TRANSFORMS_SMEM_H

#include <stdint.h>

#include "flyc/support.h"

/// The largest struct, member count or alignment the notation accepts (no
/// chip's LDS comes near it; it keeps every size and offset in range).
#define FLY_SMEM_MAX_BYTES INT64_C(2147483647)

typedef enum FlySmemKind { FLY_SMEM_ARRAY, FLY_SMEM_STRUCT, FLY_SMEM_UNION } FlySmemKind;

/// One member (or the root struct) with its computed placement.
typedef struct FlySmemNode {
  FlySmemKind kind;
  char name[64];
  char elem[24];     /* arrays: element type as MLIR prints it */
  int64_t elemBytes; /* arrays */
  int64_t count;     /* arrays */
  int64_t align;     /* bytes, a power of two */
  int64_t offset;    /* from the start of the enclosing aggregate */
  int64_t size;      /* bytes, rounded up to align */
  struct FlySmemNode *members;
  int numMembers;
} FlySmemNode;

/// Parses the member list `text` into a root struct and lays it out.
/// Returns NULL with one line in `err` on a syntax error, an unknown
/// element type, a non-power-of-two alignment, a duplicate name, or a struct
/// (or count or alignment) larger than FLY_SMEM_MAX_BYTES.
FlySmemNode *flySmemParse(const char *text, FlyStrBuf *err);

/// Releases a tree from flySmemParse (NULL is a no-op).
void flySmemDestroy(FlySmemNode *root);

/// Finds the member at the dotted `path` (e.g. "epilogue.c"); stores its
/// byte offset from the root in *offset. NULL when there is no such member.
const FlySmemNode *flySmemFind(const FlySmemNode *root, const char *path, int64_t *offset);

/// Appends "name B bytes at O, ..." for the root's members, for messages.
void flySmemDescribe(const FlySmemNode *root, FlyStrBuf *out);

#endif /* FLYC_TRANSFORMS_SMEM_H */
