/*===- verify_ops.c - fly-verify: attributes, scheduling, shared memory, MMA -===*/
#include "verify_ops.h"

#include <stdio.h>
#include <string.h>

#include "flyc/dialect.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mma_atoms.h"
#include "passes.h"
#include "smem.h"

bool voFail(MlirOperation op, const char *fmt, ...) {
  FlyStrBuf b = {0};
  va_list ap;
  va_start(ap, fmt);
  flyStrBufAppendV(&b, fmt, ap);
  va_end(ap);
  mlirEmitError(mlirOperationGetLocation(op), b.data ? b.data : "out of memory");
  flyStrBufDestroy(&b);
  return false;
}

bool voIntAttr(MlirOperation op, const char *name, bool required, int64_t lo, int64_t hi,
               int64_t *out) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  if (mlirAttributeIsNull(a) && !required)
    return true;
  if (mlirAttributeIsNull(a))
    return voFail(op, "needs an integer attribute '%s' from %lld to %lld", name, (long long)lo,
                  (long long)hi);
  if (!mlirAttributeIsAInteger(a) || mlirIntegerAttrGetValueInt(a) < lo ||
      mlirIntegerAttrGetValueInt(a) > hi) {
    char *text = flyAttributeToString(a);
    voFail(op, "attribute '%s' must be an integer from %lld to %lld, not %s", name,
           (long long)lo, (long long)hi, text ? text : "this");
    flyFree(text);
    return false;
  }
  *out = mlirIntegerAttrGetValueInt(a);
  return true;
}

bool voStrAttr(MlirOperation op, const char *name, bool required, char **out) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  *out = NULL;
  if (mlirAttributeIsNull(a) && !required)
    return true;
  if (mlirAttributeIsNull(a))
    return voFail(op, "needs a string attribute '%s'", name);
  if (!mlirAttributeIsAString(a) || mlirStringAttrGetValue(a).length == 0)
    return voFail(op, "attribute '%s' must be a non-empty string", name);
  *out = flyOpGetStringAttr(op, name);
  return *out != NULL || voFail(op, "out of memory");
}

void voTypeText(MlirType t, char *buf, size_t cap) {
  char *s = flyTypeToString(t);
  snprintf(buf, cap, "%s", s ? s : "?");
  flyFree(s);
}

/*--- Attribute names ------------------------------------------------------------*/

#define ATOM "shape", "a", "b", "c", "swap_ab"

/* The attributes each fly op reads; every other name is a mistake. */
static const struct {
  const char *op;
  const char *attrs[10];
} knownAttrs[] = {
    {"get", {"mode"}},
    {"take", {"begin", "end"}},
    {"group", {"begin", "end"}},
    {"select", {"indices"}},
    {"coalesce", {"profile"}},
    {"complement", {"cotarget"}},
    {"recast", {"old_bits", "new_bits"}},
    {"mma_layout", {ATOM, "operand"}},
    {"shared_alloc", {"name", "fields"}},
    {"shared_field", {"field"}},
    {"sched_barrier", {"mask"}},
    {"sched_group_barrier", {"mask", "count", "sync_id"}},
    {"setprio", {"priority"}},
    {"waitcnt", {"vmcnt", "expcnt", "lgkmcnt"}},
    {"make_tensor", {"buffer"}},
    {"local_tile", {"tile"}},
    {"copy_to_lds", {"bytes", "threads", "mode"}},
    {"mma", {"shape"}},
    {"mma_scaled", {"shape", "opsel_a", "opsel_b"}},
    {"mma_fragment", {ATOM, "operand"}},
    {"gemm", {ATOM, "m_repeat", "n_repeat", "k_steps", "k_pack"}},
    {"gemm_fragments", {ATOM, "operand", "m_repeat", "n_repeat", "k_steps", "k_pack"}},
    {"gemm_store", {ATOM, "m_repeat", "n_repeat"}},
    {"gemm_scale", {ATOM, "m_repeat", "n_repeat"}},
    {"gemm_row_scales", {ATOM, "m_repeat", "n_repeat"}},
};

static bool knows(MlirOperation op, MlirStringRef attr) {
  for (size_t i = 0; i < sizeof knownAttrs / sizeof *knownAttrs; ++i) {
    if (!flyOpIs(op, knownAttrs[i].op))
      continue;
    for (int j = 0; j < 10 && knownAttrs[i].attrs[j]; ++j)
      if (strlen(knownAttrs[i].attrs[j]) == attr.length &&
          !memcmp(knownAttrs[i].attrs[j], attr.data, attr.length))
        return true;
    return false;
  }
  return false;
}

bool voCheckAttributeNames(MlirOperation op) {
  bool ok = true;
  for (intptr_t i = 0; i < mlirOperationGetNumAttributes(op); ++i) {
    MlirStringRef n = mlirIdentifierStr(mlirOperationGetAttribute(op, i).name);
    if (memchr(n.data, '.', n.length) || knows(op, n))
      continue;
    MlirStringRef o = mlirIdentifierStr(mlirOperationGetName(op));
    ok = voFail(op, "'%.*s' has no attribute '%.*s'", (int)o.length, o.data, (int)n.length,
                n.data);
  }
  return ok;
}

/*--- Scheduling and synchronisation ------------------------------------------------*/

static bool checkMask(MlirOperation op) {
  char *text;
  uint32_t mask;
  if (!voStrAttr(op, "mask", true, &text))
    return false;
  bool ok = flySchedMaskParse(text, &mask) ||
            voFail(op, "unknown scheduling mask '%s' (names: none alu valu salu mfma vmem "
                       "vmem_read vmem_write all_ds ds_read ds_write transcendental ldsdma, "
                       "joined by '|')", text);
  flyFree(text);
  return ok;
}

static bool verifySchedGroupBarrier(MlirOperation op) {
  int64_t v;
  bool ok = checkMask(op);
  ok &= voIntAttr(op, "count", true, 0, INT32_MAX, &v);
  ok &= voIntAttr(op, "sync_id", false, 0, INT32_MAX, &v);
  return ok;
}

static bool verifyWaitcnt(MlirOperation op) {
  int64_t v;
  bool ok = voIntAttr(op, "vmcnt", false, 0, 63, &v);
  ok &= voIntAttr(op, "expcnt", false, 0, 7, &v);
  ok &= voIntAttr(op, "lgkmcnt", false, 0, 15, &v);
  return ok;
}

static bool sameResultType(MlirOperation op, MlirValue like, const char *what) {
  MlirType want = mlirValueGetType(like);
  if (mlirOperationGetNumResults(op) == 1 &&
      mlirTypeEqual(mlirValueGetType(mlirOperationGetResult(op, 0)), want))
    return true;
  char t[160];
  voTypeText(want, t, sizeof t);
  return voFail(op, "the result type must be %s (%s)", t, what);
}

/*--- Shared memory ----------------------------------------------------------------*/

static bool verifySharedAlloc(MlirOperation op) {
  char *name = NULL, *fields = NULL;
  bool ok = voStrAttr(op, "name", false, &name) && voStrAttr(op, "fields", true, &fields);
  FlyStrBuf err = {0};
  FlySmemNode *root = ok ? flySmemParse(fields, &err) : NULL;
  if (ok && !root)
    ok = voFail(op, "%s", err.data ? err.data : "out of memory");
  flySmemDestroy(root);
  flyStrBufDestroy(&err);
  flyFree(name);
  flyFree(fields);
  return ok;
}

/* The expected view type of an array member. */
static void viewTypeText(const FlySmemNode *m, char *buf, size_t cap) {
  snprintf(buf, cap, "memref<%lldx%s, #gpu.address_space<workgroup>>", (long long)m->count,
           m->elem);
}

static bool viewFits(MlirType t, const FlySmemNode *m) {
  if (!mlirTypeIsAMemRef(t) || !mlirShapedTypeHasStaticShape(t))
    return false;
  int64_t n = 1;
  for (intptr_t i = 0; i < mlirShapedTypeGetRank(t); ++i)
    if (__builtin_mul_overflow(n, mlirShapedTypeGetDimSize(t, i), &n))
      return false;
  char elem[64], space[96];
  voTypeText(mlirShapedTypeGetElementType(t), elem, sizeof elem);
  char *s = flyAttributeToString(mlirMemRefTypeGetMemorySpace(t));
  snprintf(space, sizeof space, "%s", s ? s : "");
  flyFree(s);
  return n == m->count && !strcmp(elem, m->elem) &&
         !strcmp(space, "#gpu.address_space<workgroup>");
}

/* The array member a fly.shared_field views, or NULL after a located
 * error (an error of the alloc's fields only with `reportFields`: fly-verify
 * reports those at the alloc); *root and *path (to destroy, free) hold it
 * and the field's path. */
static const FlySmemNode *fieldMember(MlirOperation op, bool reportFields, FlySmemNode **root,
                                      char **path) {
  *root = NULL;
  *path = NULL;
  if (!voStrAttr(op, "field", true, path))
    return NULL;
  MlirValue s = mlirOperationGetOperand(op, 0);
  MlirOperation def = mlirValueIsAOpResult(s) ? mlirOpResultGetOwner(s) : (MlirOperation){NULL};
  char *fields = mlirOperationIsNull(def) || !flyOpIs(def, "shared_alloc")
                     ? NULL
                     : flyOpGetStringAttr(def, "fields");
  FlyStrBuf err = {0};
  *root = fields ? flySmemParse(fields, &err) : NULL;
  int64_t offset;
  const FlySmemNode *m = *root ? flySmemFind(*root, *path, &offset) : NULL;
  if (!fields) {
    voFail(op, "its operand must be a fly.shared_alloc");
  } else if (!*root) {
    if (reportFields)
      voFail(op, "%s", err.data ? err.data : "out of memory");
  } else if (!m || m == *root) {
    m = NULL;
    voFail(op, "shared struct has no member '%s'", *path);
  } else if (m->kind != FLY_SMEM_ARRAY) {
    voFail(op, "member '%s' is a %s: view one of its arrays", *path,
           m->kind == FLY_SMEM_STRUCT ? "struct" : "union");
    m = NULL;
  }
  flyStrBufDestroy(&err);
  flyFree(fields);
  return m;
}

static bool verifySharedField(MlirOperation op) {
  FlySmemNode *root;
  char *path;
  const FlySmemNode *m = fieldMember(op, false, &root, &path);
  bool ok = m != NULL;
  if (m && !viewFits(mlirValueGetType(mlirOperationGetResult(op, 0)), m)) {
    char want[160];
    viewTypeText(m, want, sizeof want);
    ok = voFail(op, "member '%s' is %s[%lld]: the result type must be %s (or another static "
                    "shape of %lld elements)",
                path, m->elem, (long long)m->count, want, (long long)m->count);
  }
  flySmemDestroy(root);
  flyFree(path);
  return ok;
}

bool voInferSharedField(FlyLayoutCtx *ctx, MlirOperation op, MlirType *out) {
  (void)ctx;
  FlySmemNode *root;
  char *path;
  const FlySmemNode *m = fieldMember(op, true, &root, &path);
  char want[160];
  if (m)
    viewTypeText(m, want, sizeof want);
  flySmemDestroy(root);
  flyFree(path);
  if (!m)
    return false;
  *out = mlirTypeParseGet(mlirOperationGetContext(op), mlirStringRefCreateFromCString(want));
  return !mlirTypeIsNull(*out) || voFail(op, "cannot build the type %s", want);
}

/*--- MMA ----------------------------------------------------------------------------*/

static bool vectorOf(MlirType t, char *elem, size_t cap, int64_t *len) {
  if (!mlirTypeIsAVector(t) || mlirShapedTypeGetRank(t) != 1)
    return false;
  voTypeText(mlirShapedTypeGetElementType(t), elem, cap);
  *len = mlirShapedTypeGetDimSize(t, 0);
  return true;
}

static bool verifyMma(MlirOperation op) {
  bool scaled = flyOpIs(op, "mma_scaled");
  char *shape;
  int64_t v, al, bl, cl;
  char a[32], b[32], c[32];
  if (!voStrAttr(op, "shape", true, &shape))
    return false;
  bool ok = !scaled || (voIntAttr(op, "opsel_a", false, 0, 3, &v) &&
                        voIntAttr(op, "opsel_b", false, 0, 3, &v));
  if (ok && (!vectorOf(mlirValueGetType(mlirOperationGetOperand(op, 0)), a, sizeof a, &al) ||
             !vectorOf(mlirValueGetType(mlirOperationGetOperand(op, 1)), b, sizeof b, &bl) ||
             !vectorOf(mlirValueGetType(mlirOperationGetOperand(op, 2)), c, sizeof c, &cl)))
    ok = voFail(op, "takes 1-D vectors A, B and C");
  const FlyMmaAtom *atom = ok ? flyMmaAtomFind(shape, a, b, c) : NULL;
  if (ok && !atom)
    ok = voFail(op, "no %s MFMA multiplies %s by %s into %s", shape, a, b, c);
  int abLen = atom ? flyMmaAtomAbLen(atom) : 0, cLen = atom ? flyMmaAtomCLen(atom) : 0;
  if (ok && (al != abLen || bl != abLen || cl != cLen))
    ok = voFail(op, "the %s %s MFMA takes %d elements of A and of B and %d accumulators per "
                    "lane", shape, a, abLen, cLen);
  if (ok && scaled && atom->format < 0)
    ok = voFail(op, "only the f8f6f4 forms (16x16x128, 32x32x64) take scales");
  MlirType i32 = mlirIntegerTypeGet(mlirOperationGetContext(op), 32);
  if (ok && scaled &&
      (!mlirTypeEqual(mlirValueGetType(mlirOperationGetOperand(op, 3)), i32) ||
       !mlirTypeEqual(mlirValueGetType(mlirOperationGetOperand(op, 4)), i32)))
    ok = voFail(op, "the scales are i32 (four E8M0 bytes each, chosen by opsel)");
  ok = ok && sameResultType(op, mlirOperationGetOperand(op, 2), "the accumulators' type");
  flyFree(shape);
  return ok;
}

/*--- The table ------------------------------------------------------------------------*/

static bool verifySchedBarrier(MlirOperation op) { return checkMask(op); }

static bool verifySetprio(MlirOperation op) {
  int64_t v;
  return voIntAttr(op, "priority", true, 0, 3, &v);
}

static bool verifyReadfirstlane(MlirOperation op) {
  return sameResultType(op, mlirOperationGetOperand(op, 0), "the operand's type");
}

typedef bool (*PlainCheck)(MlirOperation op);
typedef bool (*LayoutCheck)(FlyLayoutCtx *ctx, MlirOperation op);

static const struct {
  const char *op;
  PlainCheck plain;
  LayoutCheck layout;
} checks[] = {
    {"shared_alloc", verifySharedAlloc, NULL},
    {"shared_field", verifySharedField, NULL},
    {"sched_barrier", verifySchedBarrier, NULL},
    {"sched_group_barrier", verifySchedGroupBarrier, NULL},
    {"setprio", verifySetprio, NULL},
    {"waitcnt", verifyWaitcnt, NULL},
    {"readfirstlane", verifyReadfirstlane, NULL},
    {"mma", verifyMma, NULL},
    {"mma_scaled", verifyMma, NULL},
    {"make_tensor", NULL, voVerifyMakeTensor},
    {"local_tile", NULL, voVerifyLocalTile},
    {"load", NULL, voVerifyAccess},
    {"store", NULL, voVerifyAccess},
    {"copy_to_lds", NULL, voVerifyCopyToLds},
    {"mma_fragment", NULL, voVerifyFragment},
    {"gemm", NULL, voVerifyGemm},
    {"gemm_fragments", NULL, voVerifyGemmFragments},
    {"gemm_store", NULL, voVerifyGemmStore},
    {"gemm_scale", NULL, voVerifyGemmScale},
    {"gemm_row_scales", NULL, voVerifyGemmRowScales},
};

bool voVerifyOp(FlyLayoutCtx *ctx, MlirOperation op) {
  for (size_t i = 0; i < sizeof checks / sizeof *checks; ++i)
    if (flyOpIs(op, checks[i].op))
      return checks[i].plain ? checks[i].plain(op) : checks[i].layout(ctx, op);
  return true;
}
