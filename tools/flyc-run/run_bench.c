/*===- run_bench.c - flyc-run --bench: time repeated launches --------------===*
 *
 * After the checked run (whose buffers --check and --out see), N more
 * launches are timed with the same arguments. On HIP, warm-up launches come
 * first and, before every launch, a flush buffer twice the size of the
 * device's L2 (all XCDs) plus Infinity Cache is overwritten outside the
 * timed interval, so the figure is not that of inputs left in a cache by
 * the launch before. On the emulator the time is its wall time: a figure
 * about the emulator, never printed as a GPU time. Rates follow the seed's
 * gemm-optimization §8.1-8.2: TFLOPS = flops / s / 1e12, TB/s = bytes / s /
 * 1e12, from the median.
 *===----------------------------------------------------------------------===*/
#include "run.h"

#include "flyc/hw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Warm-up launches on HIP (clocks up, code and TLBs warm); the checked run
 * before the benchmark is one more. The emulator has neither. */
enum { RUN_BENCH_HIP_WARMUP = 3 };

static int compareDouble(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Bytes to write between launches so that no input survives in the caches:
 * twice L2 (per XCD, times the XCDs of the chip's flagship product) plus the
 * Infinity Cache, because neither is exactly LRU. */
static uint64_t flushBytes(const FlyDevice *dev) {
  FlyChip chip;
  if (!flyChipParse(flyDeviceGetChipName(dev), &chip))
    return 0;
  const FlyHwChip *hw = flyHwChipGet(chip);
  const FlyHwProduct *product = flyHwProductDefault(chip);
  if (!hw || !product)
    return 0;
  return 2 * ((uint64_t)product->xcds * hw->mem.l2.bytes + hw->mem.mall.bytes);
}

static void printRates(const RunWork *w, double us, bool gpu) {
  if (w->flops <= 0 && w->bytes <= 0)
    return;
  double s = us * 1e-6;
  printf("bench:");
  if (w->gemm[0])
    printf(" gemm %s:", w->gemm);
  if (w->flops > 0)
    printf(" %.4g TFLOPS", w->flops / s / 1e12);
  if (w->bytes > 0)
    printf("%s %.4g TB/s", w->flops > 0 ? "," : "", w->bytes / s / 1e12);
  printf(" at the median%s\n", gpu ? "" : " (of the emulator, not a GPU figure)");
}

static void printTimes(const RunOptions *o, const FlyDevice *dev, double *times,
                       unsigned warmup, uint64_t flush) {
  bool gpu = flyDeviceGetBackend(dev) == FLY_BACKEND_HIP;
  qsort(times, o->bench, sizeof *times, compareDouble);
  unsigned n = o->bench;
  double median = n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
  printf("bench: kernel %s on %s (%s): %u timed launches after %u warm-up ones", o->kernel,
         flyBackendGetName(flyDeviceGetBackend(dev)), flyDeviceGetDescription(dev), n,
         warmup + 1);
  if (flush)
    printf(", %llu bytes written before each to flush L2 and the Infinity Cache",
           (unsigned long long)flush);
  else if (gpu)
    printf(", caches not flushed");
  printf("\nbench: median %.3f us, min %.3f us (%s)\n", median, times[0],
         gpu ? "HIP events" : "emulator wall time, not a GPU time");
  printRates(&o->work, median, gpu);
}

int runBench(const RunOptions *o, FlyDevice *dev, FlyModule *mod, const FlyArgs *args,
             FlyStrBuf *err) {
  bool gpu = flyDeviceGetBackend(dev) == FLY_BACKEND_HIP;
  FlyBenchConfig cfg = {gpu ? RUN_BENCH_HIP_WARMUP : 0, o->bench, {0, 0}};
  uint64_t flush = !gpu ? 0 : o->haveFlush ? o->flush : flushBytes(dev);
  if (flush && !flyDeviceAlloc(dev, flush, &cfg.flush, err))
    return 1;
  double *times = flyCalloc(o->bench, sizeof *times);
  if (!times) {
    flyDeviceFree(dev, cfg.flush);
    flyStrBufAppend(err, "out of memory");
    return 1;
  }
  FlyLaunchConfig launch = {{o->grid[0], o->grid[1], o->grid[2]},
                            {o->block[0], o->block[1], o->block[2]}, o->lds};
  FlyLaunchResult result;
  bool ok = flyLaunchBench(dev, mod, o->kernel, &launch, args, &cfg, times, &result);
  flyDeviceFree(dev, cfg.flush);
  if (ok)
    printTimes(o, dev, times, cfg.warmup, flush);
  else
    flyLaunchResultFormat(&result, err);
  flyFree(times);
  return ok ? 0 : 1;
}
