/*===- fly_irdl.h - The dialect's IRDL source, compiled in ----------------===*/
#ifndef FLYC_FLY_IRDL_H
#define FLYC_FLY_IRDL_H
#include <stddef.h>
/// The text of fly.irdl.mlir (NUL-terminated) and its length.
extern const char *const flyIrdlText;
extern const size_t flyIrdlTextLength;
#endif
