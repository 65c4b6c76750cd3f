/*===- msgpack-test.c - The code-object reader's msgpack decoder ----------===*
 *
 * Hand-made documents for every msgpack type family (spec:
 * github.com/msgpack/msgpack/blob/master/spec.md), then malformed ones.
 *===----------------------------------------------------------------------===*/
// RUN: %testbin/codeobj-msgpack-test | FileCheck %s
// CHECK-LABEL: @scalars
// CHECK: positive fixint: uint 5
// CHECK: negative fixint: int -3
// CHECK: uint8: uint 200
// CHECK: uint16: uint 258
// CHECK: uint32: uint 16909060
// CHECK: uint64: uint 18446744073709551615
// CHECK: int8: int -128
// CHECK: int16: int -32768
// CHECK: int32: int -2147483648
// CHECK: int64: int -9223372036854775808
// CHECK: int8 positive: uint 5
// CHECK: float32: float 1.5
// CHECK: float64: float -0.25
// CHECK: nil: nil
// CHECK: true: bool 1
// CHECK: false: bool 0
// CHECK-LABEL: @strings
// CHECK: fixstr: str 'abc'
// CHECK: str8: str 'hello'
// CHECK: str16: str 'xy'
// CHECK: str32: str 'z'
// CHECK: bin8: bin 3 bytes
// CHECK: fixext1: ext 1 bytes
// CHECK: ext8: ext 2 bytes
// CHECK-LABEL: @containers
// CHECK: map: map 2 {.a: uint 1, .b: array 2 [uint 2, str 'c']}
// CHECK: array16 of maps: array 2 [map 1 {k: nil}, map 0 {}]
// CHECK: map32 lookup .b: array 2 [uint 2, str 'c']
// CHECK: missing key: (none)
// CHECK-LABEL: @malformed
// CHECK: empty: error: truncated msgpack value
// CHECK: 0xc1: error: invalid msgpack type byte 0xc1
// CHECK: short uint32: error: truncated msgpack value
// CHECK: short string: error: truncated msgpack value
// CHECK: huge array: error: msgpack container longer than its input
// CHECK: huge map: error: msgpack container longer than its input
// CHECK: trailing byte: error: trailing bytes after the msgpack value
// CHECK: deep nesting: error: msgpack nesting too deep
// CHECK: 32 levels: array 1 [
// CHECK: @done failures=0

#include "codeobj_msgpack.h"

#include <stdio.h>
#include <string.h>

static int failures;

static void printNode(const CompNode *n, int depth);

static void printSeq(const CompNode *n, int depth) {
  int isMap = n->kind == COMP_MAP;
  printf("%s %u %c", isMap ? "map" : "array", n->v.seq.count, isMap ? '{' : '[');
  for (uint32_t i = 0; i < n->v.seq.count; ++i) {
    if (i)
      printf(", ");
    if (isMap) {
      const CompNode *k = &n->v.seq.items[2 * i];
      printf("%.*s: ", (int)k->v.str.len, k->v.str.ptr);
      printNode(&n->v.seq.items[2 * i + 1], depth + 1);
    } else {
      printNode(&n->v.seq.items[i], depth + 1);
    }
  }
  printf("%c", isMap ? '}' : ']');
}

static void printNode(const CompNode *n, int depth) {
  if (depth > 3) {
    printf("...");
    return;
  }
  switch (n->kind) {
  case COMP_NIL: printf("nil"); break;
  case COMP_BOOL: printf("bool %d", n->v.b); break;
  case COMP_INT: printf("int %lld", (long long)n->v.i); break;
  case COMP_UINT: printf("uint %llu", (unsigned long long)n->v.u); break;
  case COMP_FLOAT: printf("float %g", n->v.f); break;
  case COMP_STR: printf("str '%.*s'", (int)n->v.str.len, n->v.str.ptr); break;
  case COMP_BIN: printf("bin %u bytes", n->v.str.len); break;
  case COMP_EXT: printf("ext %u bytes", n->v.str.len); break;
  default: printSeq(n, depth); break;
  }
}

static void show(const char *label, const void *bytes, size_t n) {
  FlyStrBuf err = {0};
  CompNode *root = compParse(bytes, n, &err);
  printf("%s: ", label);
  if (root)
    printNode(root, 0);
  else
    printf("error: %s", err.data ? err.data : "(none)");
  printf("\n");
  if (!root == !err.data)
    ++failures; /* exactly one of a tree and a message */
  compFree(root);
  flyStrBufDestroy(&err);
}

#define SHOW(label, ...)                                                        \
  do {                                                                          \
    static const unsigned char doc[] = {__VA_ARGS__};                           \
    show(label, doc, sizeof doc);                                               \
  } while (0)

static void scalars(void) {
  printf("@scalars\n");
  SHOW("positive fixint", 0x05);
  SHOW("negative fixint", 0xfd);
  SHOW("uint8", 0xcc, 200);
  SHOW("uint16", 0xcd, 1, 2);
  SHOW("uint32", 0xce, 1, 2, 3, 4);
  SHOW("uint64", 0xcf, 255, 255, 255, 255, 255, 255, 255, 255);
  SHOW("int8", 0xd0, 0x80);
  SHOW("int16", 0xd1, 0x80, 0);
  SHOW("int32", 0xd2, 0x80, 0, 0, 0);
  SHOW("int64", 0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0);
  SHOW("int8 positive", 0xd0, 5);
  SHOW("float32", 0xca, 0x3f, 0xc0, 0, 0);
  SHOW("float64", 0xcb, 0xbf, 0xd0, 0, 0, 0, 0, 0, 0);
  SHOW("nil", 0xc0);
  SHOW("true", 0xc3);
  SHOW("false", 0xc2);
}

static void strings(void) {
  printf("@strings\n");
  SHOW("fixstr", 0xa3, 'a', 'b', 'c');
  SHOW("str8", 0xd9, 5, 'h', 'e', 'l', 'l', 'o');
  SHOW("str16", 0xda, 0, 2, 'x', 'y');
  SHOW("str32", 0xdb, 0, 0, 0, 1, 'z');
  SHOW("bin8", 0xc4, 3, 1, 2, 3);
  SHOW("fixext1", 0xd4, 7, 9);
  SHOW("ext8", 0xc7, 2, 7, 1, 2);
}

static void containers(void) {
  printf("@containers\n");
  SHOW("map", 0x82, 0xa2, '.', 'a', 0x01, 0xa2, '.', 'b', 0x92, 0x02, 0xa1, 'c');
  SHOW("array16 of maps", 0xdc, 0, 2, 0x81, 0xa1, 'k', 0xc0, 0x80);
  static const unsigned char map32[] = {0xdf, 0, 0, 0, 2, 0xa2, '.', 'a', 0x01,
                                        0xa2, '.', 'b', 0x92, 0x02, 0xa1, 'c'};
  FlyStrBuf err = {0};
  CompNode *root = compParse(map32, sizeof map32, &err);
  printf("map32 lookup .b: ");
  if (root)
    printNode(compMapGet(root, ".b"), 0);
  printf("\nmissing key: %s\n", root && !compMapGet(root, ".zz") ? "(none)" : "FOUND?");
  uint64_t u = 0;
  if (!root || !compGetUInt(compMapGet(root, ".a"), &u) || u != 1 ||
      compGetUInt(compMapGet(root, ".b"), &u))
    ++failures;
  compFree(root);
  flyStrBufDestroy(&err);
}

static void malformed(void) {
  printf("@malformed\n");
  show("empty", "", 0);
  SHOW("0xc1", 0xc1);
  SHOW("short uint32", 0xce, 1, 2);
  SHOW("short string", 0xa5, 'a', 'b');
  SHOW("huge array", 0xdd, 0xff, 0xff, 0xff, 0xff, 0x01);
  SHOW("huge map", 0xdf, 0x7f, 0xff, 0xff, 0xff, 0x01, 0x02);
  SHOW("trailing byte", 0x01, 0x02);
  unsigned char deep[40], ok[33];
  memset(deep, 0x91, sizeof deep - 1);
  deep[sizeof deep - 1] = 0x01;
  show("deep nesting", deep, sizeof deep);
  memset(ok, 0x91, sizeof ok - 1);
  ok[sizeof ok - 1] = 0x01;
  show("32 levels", ok, sizeof ok);
}

int main(void) {
  scalars();
  strings();
  containers();
  malformed();
  printf("@done failures=%d\n", failures);
  return failures != 0;
}
