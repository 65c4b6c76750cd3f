/*===- flyc-layout-calc.c - Runs `flyc layout` without the full driver ----===*
 *
 * The calculator's command-line function, linked alone so that its lit
 * tests do not need the MLIR-linked flyc binary.
 *===----------------------------------------------------------------------===*/
#include "driver.h"

/* argv[0] stands in for the "layout" word of `flyc layout EXPR`. */
int main(int argc, char **argv) { return flycCmdLayout(argc, argv); }
