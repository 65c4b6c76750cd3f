/*===- codeobj_msgpack.c - A small generic msgpack reader ------------------===*
 *
 * Two passes over the input: the first validates and counts nodes, the
 * second fills one node array (children of a container are contiguous).
 * Every length is checked against the bytes that remain, so a count can never
 * exceed the input size and the node array is at most one node per byte.
 *===----------------------------------------------------------------------===*/
#include "codeobj_msgpack.h"

#include <string.h>

enum { COMP_MAX_DEPTH = 32 };

typedef struct CompReader {
  const uint8_t *p, *end;
  CompNode *next;        /* bump allocator over the node array (fill pass) */
  size_t count;          /* nodes seen (count pass) */
  const char *error;
} CompReader;

static int fail(CompReader *r, const char *msg) {
  if (!r->error)
    r->error = msg;
  return 0;
}

static int take(CompReader *r, size_t n, const uint8_t **out) {
  if ((size_t)(r->end - r->p) < n)
    return fail(r, "truncated msgpack value");
  *out = r->p;
  r->p += n;
  return 1;
}

static uint64_t readBE(const uint8_t *p, unsigned n) {
  uint64_t v = 0;
  for (unsigned i = 0; i < n; ++i)
    v = (v << 8) | p[i];
  return v;
}

static int takeUInt(CompReader *r, unsigned n, uint64_t *v) {
  const uint8_t *p;
  if (!take(r, n, &p))
    return 0;
  *v = readBE(p, n);
  return 1;
}

static int parseValue(CompReader *r, CompNode *out, unsigned depth);

/* A container's `count` elements (2*count for maps) follow; each needs at
 * least one byte, which bounds the allocation. */
static int parseSeq(CompReader *r, CompNode *out, CompKind kind, uint64_t count,
                    unsigned depth) {
  uint64_t items = kind == COMP_MAP ? 2 * count : count;
  if (items > (uint64_t)(r->end - r->p))
    return fail(r, "msgpack container longer than its input");
  if (depth >= COMP_MAX_DEPTH)
    return fail(r, "msgpack nesting too deep");
  CompNode *children = NULL;
  if (out) {
    out->kind = kind;
    out->v.seq.count = (uint32_t)count;
    out->v.seq.items = children = r->next;
    r->next += items;
  }
  r->count += items;
  for (uint64_t i = 0; i < items; ++i)
    if (!parseValue(r, children ? &children[i] : NULL, depth + 1))
      return 0;
  return 1;
}

static int parseBytes(CompReader *r, CompNode *out, CompKind kind, uint64_t len) {
  const uint8_t *p;
  if (!take(r, len, &p))
    return 0;
  if (out) {
    out->kind = kind;
    out->v.str.ptr = (const char *)p;
    out->v.str.len = (uint32_t)len;
  }
  return 1;
}

static int setUInt(CompNode *out, uint64_t v) {
  if (out) {
    out->kind = COMP_UINT;
    out->v.u = v;
  }
  return 1;
}

static int setInt(CompNode *out, int64_t v) {
  if (out) {
    out->kind = v >= 0 ? COMP_UINT : COMP_INT;
    if (v >= 0)
      out->v.u = (uint64_t)v;
    else
      out->v.i = v;
  }
  return 1;
}

static int setSimple(CompNode *out, CompKind kind, int b) {
  if (out) {
    out->kind = kind;
    out->v.b = b;
  }
  return 1;
}

static int parseFloat(CompReader *r, CompNode *out, unsigned n) {
  uint64_t bits;
  if (!takeUInt(r, n, &bits))
    return 0;
  if (out) {
    out->kind = COMP_FLOAT;
    if (n == 4) {
      float f;
      uint32_t b32 = (uint32_t)bits;
      memcpy(&f, &b32, 4);
      out->v.f = f;
    } else {
      memcpy(&out->v.f, &bits, 8);
    }
  }
  return 1;
}

static int parseSigned(CompReader *r, CompNode *out, unsigned n) {
  uint64_t u;
  if (!takeUInt(r, n, &u))
    return 0;
  unsigned shift = 64 - 8 * n;
  int64_t v = shift ? (int64_t)(u << shift) >> shift : (int64_t)u;
  return setInt(out, v);
}

static int parseExt(CompReader *r, CompNode *out, uint64_t len) {
  const uint8_t *type;
  if (!take(r, 1, &type))
    return 0;
  return parseBytes(r, out, COMP_EXT, len);
}

/* Formats with a length or value in the following 1/2/4/8 bytes. */
static int parseTagged(CompReader *r, CompNode *out, uint8_t tag, unsigned depth) {
  static const unsigned widths[4] = {1, 2, 4, 8};
  uint64_t v;
  switch (tag) {
  case 0xc4: case 0xc5: case 0xc6:
    return takeUInt(r, widths[tag - 0xc4], &v) && parseBytes(r, out, COMP_BIN, v);
  case 0xc7: case 0xc8: case 0xc9:
    return takeUInt(r, widths[tag - 0xc7], &v) && parseExt(r, out, v);
  case 0xca: return parseFloat(r, out, 4);
  case 0xcb: return parseFloat(r, out, 8);
  case 0xcc: case 0xcd: case 0xce: case 0xcf:
    return takeUInt(r, widths[tag - 0xcc], &v) && setUInt(out, v);
  case 0xd0: case 0xd1: case 0xd2: case 0xd3:
    return parseSigned(r, out, widths[tag - 0xd0]);
  case 0xd4: case 0xd5: case 0xd6: case 0xd7: case 0xd8:
    return parseExt(r, out, 1u << (tag - 0xd4));
  case 0xd9: case 0xda: case 0xdb:
    return takeUInt(r, widths[tag - 0xd9], &v) && parseBytes(r, out, COMP_STR, v);
  case 0xdc: case 0xdd:
    return takeUInt(r, widths[tag - 0xdc + 1], &v) &&
           parseSeq(r, out, COMP_ARRAY, v, depth);
  case 0xde: case 0xdf:
    return takeUInt(r, widths[tag - 0xde + 1], &v) &&
           parseSeq(r, out, COMP_MAP, v, depth);
  default:
    return fail(r, "invalid msgpack type byte 0xc1");
  }
}

static int parseValue(CompReader *r, CompNode *out, unsigned depth) {
  const uint8_t *p;
  if (!take(r, 1, &p))
    return 0;
  uint8_t tag = *p;
  if (tag <= 0x7f)
    return setUInt(out, tag);
  if (tag >= 0xe0)
    return setInt(out, (int8_t)tag);
  if (tag <= 0x8f)
    return parseSeq(r, out, COMP_MAP, tag & 0xf, depth);
  if (tag <= 0x9f)
    return parseSeq(r, out, COMP_ARRAY, tag & 0xf, depth);
  if (tag <= 0xbf)
    return parseBytes(r, out, COMP_STR, tag & 0x1f);
  if (tag == 0xc0)
    return setSimple(out, COMP_NIL, 0);
  if (tag == 0xc2 || tag == 0xc3)
    return setSimple(out, COMP_BOOL, tag == 0xc3);
  return parseTagged(r, out, tag, depth);
}

CompNode *compParse(const uint8_t *data, size_t n, FlyStrBuf *err) {
  CompReader r = {data, data + n, NULL, 1, NULL};
  if (parseValue(&r, NULL, 0) && r.p != r.end)
    fail(&r, "trailing bytes after the msgpack value");
  if (r.error) {
    flyStrBufAppend(err, r.error);
    return NULL;
  }
  CompNode *nodes = flyCalloc(r.count, sizeof(CompNode));
  if (!nodes) {
    flyStrBufAppend(err, "out of memory");
    return NULL;
  }
  CompReader fill = {data, data + n, nodes + 1, 0, NULL};
  parseValue(&fill, nodes, 0);
  return nodes;
}

void compFree(CompNode *root) { flyFree(root); }

int compStrEq(const CompNode *n, const char *s) {
  size_t len = strlen(s);
  return n && n->kind == COMP_STR && n->v.str.len == len &&
         memcmp(n->v.str.ptr, s, len) == 0;
}

const CompNode *compMapGet(const CompNode *map, const char *key) {
  if (!map || map->kind != COMP_MAP)
    return NULL;
  for (uint32_t i = 0; i < map->v.seq.count; ++i)
    if (compStrEq(&map->v.seq.items[2 * i], key))
      return &map->v.seq.items[2 * i + 1];
  return NULL;
}

int compGetUInt(const CompNode *n, uint64_t *out) {
  if (!n || n->kind != COMP_UINT)
    return 0;
  *out = n->v.u;
  return 1;
}
