/*===- fint.c - Integer helpers shared by the subsystems -------------------===*/
#include "flyc/support.h"

int64_t flyGcd64(int64_t a, int64_t b) {
  a = a < 0 ? -a : a;
  b = b < 0 ? -b : b;
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}
