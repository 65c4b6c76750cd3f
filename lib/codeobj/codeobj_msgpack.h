/*===- codeobj_msgpack.h - A small generic msgpack reader ------------------===*
 *
 * Decodes a msgpack document (https://github.com/msgpack/msgpack/blob/master/
 * spec.md) into a tree of nodes: nil, bool, int, uint, float, str/bin,
 * array, map. Strings point into the input (not NUL-terminated). The tree is
 * one allocation; depth and element counts are bounded by the input size so
 * hostile input can neither overflow the stack nor ask for huge blocks.
 * Prefix: comp (code-object msgpack).
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_CODEOBJ_MSGPACK_H
#define FLYC_CODEOBJ_MSGPACK_H

#include <stddef.h>
#include <stdint.h>

#include "flyc/support.h"

typedef enum CompKind {
  COMP_NIL, COMP_BOOL, COMP_INT, COMP_UINT, COMP_FLOAT, COMP_STR, COMP_BIN,
  COMP_ARRAY, COMP_MAP, COMP_EXT,
} CompKind;

typedef struct CompNode CompNode;
struct CompNode {
  CompKind kind;
  union {
    int b;
    int64_t i;
    uint64_t u;
    double f;
    struct { const char *ptr; uint32_t len; } str;   /* STR, BIN, EXT */
    struct { CompNode *items; uint32_t count; } seq; /* ARRAY; MAP holds 2*count */
  } v;
};

/// Parses `n` bytes holding exactly one msgpack value. Returns the root
/// (release with compFree) or NULL after appending an error to `err`.
CompNode *compParse(const uint8_t *data, size_t n, FlyStrBuf *err);

/// Releases a tree from compParse.
void compFree(CompNode *root);

/// Map lookup by string key; NULL when `map` is not a map or has no such key.
const CompNode *compMapGet(const CompNode *map, const char *key);

/// Converts an integer node to uint64; returns 0 (and leaves *out) on
/// anything that is not a non-negative integer.
int compGetUInt(const CompNode *n, uint64_t *out);

/// Returns 1 when `n` is a string equal to `s`.
int compStrEq(const CompNode *n, const char *s);

#endif /* FLYC_CODEOBJ_MSGPACK_H */
