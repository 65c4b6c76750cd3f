/*===- modulechip.c - The chip a module names in its ROCDL target ----------===*
 *
 * A gpu.module may record the chip it is for with MLIR's standard ROCDL
 * target attribute, `gpu.module @k [#rocdl.target<chip = "gfx942">] {...}`
 * (what `gemm-gen --chip gfx942` writes), so the IR compiles for the chip it
 * was written for without a --chip. The MLIR C API has no accessors for the
 * attribute's fields, so its printed form is read: the printer omits the
 * fields left at their defaults (O = 2, triple "amdgcn-amd-amdhsa", chip
 * "gfx900", no features, abi "600", no flags, no link files), so any field
 * but `chip` that appears was set to something flyc would have to honour.
 * flyc rejects those instead: the optimisation level is the command line's
 * -O, the triple is always amdgcn-amd-amdhsa, and features, ABI versions,
 * flags and device-library links are not supported.
 *===----------------------------------------------------------------------===*/
#include <string.h>

#include "flyc/target.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"

static void emitErrorF(MlirLocation loc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void emitErrorF(MlirLocation loc, const char *fmt, ...) {
  FlyStrBuf b = {0};
  va_list ap;
  va_start(ap, fmt);
  flyStrBufAppendV(&b, fmt, ap);
  va_end(ap);
  mlirEmitError(loc, b.data ? b.data : "out of memory");
  flyStrBufDestroy(&b);
}

static void appendToBuf(MlirStringRef s, void *userData) {
  flyStrBufAppendN(userData, s.data, s.length);
}

/* One `key = value` of the printed attribute; `value` is raw text. */
typedef struct Field {
  const char *key, *value;
  size_t keyLen, valueLen;
} Field;

/* Reads the next field at `*p` (inside the angle brackets); the value ends
 * at a comma or `>` outside brackets and strings. */
static bool nextField(const char **p, Field *f) {
  const char *s = *p;
  while (*s == ' ' || *s == ',')
    ++s;
  f->key = s;
  while ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_')
    ++s;
  f->keyLen = (size_t)(s - f->key);
  if (!f->keyLen || strncmp(s, " = ", 3))
    return false;
  s += 3;
  f->value = s;
  int depth = 0;
  bool inString = false;
  for (; *s && (inString || depth > 0 || (*s != ',' && *s != '>')); ++s) {
    if (inString && *s == '\\' && s[1])
      ++s;
    else if (*s == '"')
      inString = !inString;
    else if (!inString && strchr("<([{", *s))
      ++depth;
    else if (!inString && strchr(">)]}", *s))
      --depth;
  }
  f->valueLen = (size_t)(s - f->value);
  *p = s;
  return true;
}

static bool keyIs(const Field *f, const char *key) {
  return f->keyLen == strlen(key) && !strncmp(f->key, key, f->keyLen);
}

/* Why flyc refuses a field other than `chip`. */
static void rejectField(const Field *f, MlirLocation loc) {
  const char *why = keyIs(f, "O")          ? "the optimisation level is flyc's -O option"
                    : keyIs(f, "triple")   ? "flyc always compiles for amdgcn-amd-amdhsa"
                    : keyIs(f, "features") ? "flyc does not support target features"
                    : keyIs(f, "abi")      ? "flyc does not support other ABI versions"
                    : keyIs(f, "link")     ? "flyc does not link device libraries"
                                           : "flyc does not support target flags";
  emitErrorF(loc, "this gpu.module's #rocdl.target sets %.*s = %.*s, which flyc cannot honour (%s): "
                  "remove it",
             (int)f->keyLen, f->key, (int)f->valueLen, f->value, why);
}

/* Reads the chip out of one printed `#rocdl.target` or `#rocdl.target<...>`. */
static MlirLogicalResult parseRocdlTarget(const char *text, MlirLocation loc, FlyChip *chip) {
  static const char prefix[] = "#rocdl.target";
  const char *p = text + sizeof prefix - 1;
  if (*p != '<') {
    emitErrorF(loc, "this gpu.module's #rocdl.target names no chip (upstream's default is gfx900); "
                    "flyc needs chip = \"gfx950\" or \"gfx942\"");
    return mlirLogicalResultFailure();
  }
  ++p;
  Field f;
  bool haveChip = false;
  MlirLogicalResult r = mlirLogicalResultSuccess();
  while (*p && *p != '>' && mlirLogicalResultIsSuccess(r)) {
    if (!nextField(&p, &f)) {
      emitErrorF(loc, "cannot read the gpu.module's target attribute '%s'", text);
      return mlirLogicalResultFailure();
    }
    if (!keyIs(&f, "chip")) {
      rejectField(&f, loc);
      r = mlirLogicalResultFailure();
      continue;
    }
    char name[32] = "";
    if (f.valueLen >= 2 && f.valueLen - 2 < sizeof name && f.value[0] == '"')
      memcpy(name, f.value + 1, f.valueLen - 2);
    if (!flyChipParse(name, chip)) {
      emitErrorF(loc, "this gpu.module's #rocdl.target names chip %.*s, which flyc does not "
                      "support (supported: %s)",
                 (int)f.valueLen, f.value, flyChipListNames());
      r = mlirLogicalResultFailure();
    }
    haveChip = true;
  }
  if (mlirLogicalResultIsSuccess(r) && !haveChip) {
    emitErrorF(loc, "this gpu.module's #rocdl.target names no chip (upstream's default is gfx900); "
                    "flyc needs chip = \"gfx950\" or \"gfx942\"");
    r = mlirLogicalResultFailure();
  }
  return r;
}

/* The chip one gpu.module names: `*named` is false without a target. */
static MlirLogicalResult readModuleChip(MlirOperation gm, bool *named, FlyChip *chip) {
  *named = false;
  MlirLocation loc = mlirOperationGetLocation(gm);
  MlirAttribute targets =
      mlirOperationGetAttributeByName(gm, mlirStringRefCreateFromCString("targets"));
  if (mlirAttributeIsNull(targets) || !mlirAttributeIsAArray(targets) ||
      mlirArrayAttrGetNumElements(targets) == 0)
    return mlirLogicalResultSuccess();
  if (mlirArrayAttrGetNumElements(targets) > 1) {
    emitErrorF(loc, "this gpu.module has %ld targets; flyc compiles one code object for one "
                    "chip, so give it one #rocdl.target",
               (long)mlirArrayAttrGetNumElements(targets));
    return mlirLogicalResultFailure();
  }
  FlyStrBuf text = {0};
  mlirAttributePrint(mlirArrayAttrGetElement(targets, 0), appendToBuf, &text);
  MlirLogicalResult r = mlirLogicalResultFailure();
  if (!text.data) {
    emitErrorF(loc, "out of memory");
  } else if (strncmp(text.data, "#rocdl.target", 13) ||
             (text.data[13] && text.data[13] != '<')) {
    emitErrorF(loc, "this gpu.module's target %s is not a #rocdl.target; flyc compiles for AMD "
                    "GPUs only", text.data);
  } else {
    r = parseRocdlTarget(text.data, loc, chip);
    *named = mlirLogicalResultIsSuccess(r);
  }
  flyStrBufDestroy(&text);
  return r;
}

static bool isGpuModule(MlirOperation op) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return n.length == 10 && !memcmp(n.data, "gpu.module", 10);
}

MlirLogicalResult flyTargetResolveChip(MlirModule module, const FlyChip *requested,
                                       FlyChip *chip) {
  bool any = false;
  FlyChip first = FLY_CHIP_GFX950;
  MlirLogicalResult r = mlirLogicalResultSuccess();
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    bool named;
    FlyChip c;
    if (!isGpuModule(op))
      continue;
    if (mlirLogicalResultIsFailure(readModuleChip(op, &named, &c))) {
      r = mlirLogicalResultFailure();
    } else if (named && requested && c != *requested) {
      emitErrorF(mlirOperationGetLocation(op),
                 "this gpu.module's #rocdl.target is for %s, but %s was requested",
                 flyChipGetInfo(c)->name, flyChipGetInfo(*requested)->name);
      r = mlirLogicalResultFailure();
    } else if (named && any && c != first) {
      emitErrorF(mlirOperationGetLocation(op),
                 "this gpu.module's #rocdl.target is for %s, but an earlier gpu.module's is for "
                 "%s: one code object is for one chip",
                 flyChipGetInfo(c)->name, flyChipGetInfo(first)->name);
      r = mlirLogicalResultFailure();
    } else if (named && !any) {
      any = true;
      first = c;
    }
  }
  *chip = any ? first : requested ? *requested : FLY_CHIP_GFX950;
  return r;
}
