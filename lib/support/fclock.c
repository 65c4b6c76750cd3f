/*===- fclock.c - A monotonic clock for stage timings ----------------------===*/
#include <time.h>

#include "flyc/support.h"

double flyClockMs(void) {
  struct timespec ts;
  if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
    return 0.0;
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}
