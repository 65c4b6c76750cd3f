/*===- run_bench.c - flyc-run --bench: time repeated launches --------------===*
 *
 * After the checked run (whose buffers --check and --out see), N more
 * launches are timed with the same arguments. On HIP, warm-up launches come
 * first and, before every launch, a flush buffer twice the size of the
 * device's L2 (all XCDs) plus Infinity Cache is overwritten outside the
 * timed interval, so the figure is not that of inputs left in a cache by
 * the launch before. On the emulator the figure is the CU timing model's
 * prediction for the product (--gpu, default the chip's flagship;
 * docs/timing.md), from one simulated launch, since it is deterministic:
 * the same command with --device emu and --device hip gives predicted and
 * measured. Rates follow the seed's gemm-optimization §8.1-8.2: TFLOPS =
 * flops / s / 1e12, TB/s = bytes / s / 1e12, from the median (or the
 * prediction).
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

static void printRates(const RunTiming *w, double us, const char *at) {
  if (w->flops <= 0 && w->bytes <= 0)
    return;
  double s = us * 1e-6;
  printf("bench:");
  if (w->flops > 0)
    printf(" %.4g TFLOPS", w->flops / s / 1e12);
  if (w->bytes > 0)
    printf("%s %.4g TB/s", w->flops > 0 ? "," : "", w->bytes / s / 1e12);
  printf(" at the %s\n", at);
}

static void printTimes(const RunOptions *o, const FlyDevice *dev, double *times,
                       unsigned warmup, uint64_t flush) {
  qsort(times, o->bench, sizeof *times, compareDouble);
  unsigned n = o->bench;
  double median = n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
  printf("bench: kernel %s on hip (%s): %u timed launches after %u warm-up ones", o->kernel,
         flyDeviceGetDescription(dev), n, warmup + 1);
  if (flush)
    printf(", %llu bytes written before each to flush L2 and the Infinity Cache",
           (unsigned long long)flush);
  else
    printf(", caches not flushed");
  printf("\nbench: median %.3f us, min %.3f us (HIP events)\n", median, times[0]);
  printRates(&o->timing, median, "median");
}

/* HIP: warm-up, flush, N timed launches. */
static int benchHip(const RunOptions *o, FlyDevice *dev, FlyModule *mod, const FlyArgs *args,
                    const FlyLaunchConfig *launch, FlyStrBuf *err) {
  FlyBenchConfig cfg = {RUN_BENCH_HIP_WARMUP, o->bench, {0, 0}};
  uint64_t flush = o->haveFlush ? o->flush : flushBytes(dev);
  if (flush && !flyDeviceAlloc(dev, flush, &cfg.flush, err))
    return 1;
  double *times = flyCalloc(o->bench, sizeof *times);
  if (!times) {
    flyDeviceFree(dev, cfg.flush);
    flyStrBufAppend(err, "out of memory");
    return 1;
  }
  FlyLaunchResult result;
  bool ok = flyLaunchBench(dev, mod, o->kernel, launch, args, &cfg, times, &result);
  flyDeviceFree(dev, cfg.flush);
  if (ok)
    printTimes(o, dev, times, cfg.warmup, flush);
  else
    flyLaunchResultFormat(&result, err);
  flyFree(times);
  return ok ? 0 : 1;
}

static void printPrediction(const RunOptions *o, const FlyEmuTimingReport *r) {
  printf("bench: kernel %s on emu (%s): the timing model's prediction for %s, not a "
         "measurement\n", o->kernel, r->chip, r->gpu);
  printf("bench: predicted %.3f us (timing model)\n", r->predictedUs);
  printRates(&o->timing, r->predictedUs, "prediction");
}

/* The emulator: the prediction of --timing's run, or of one timed launch. */
static int benchEmu(const RunOptions *o, FlyDevice *dev, FlyModule *mod, const FlyArgs *args,
                    const FlyLaunchConfig *launch, const FlyEmuTimingReport *known,
                    FlyStrBuf *err) {
  if (known) {
    printPrediction(o, known);
    return 0;
  }
  FlyEmuTimingOptions topt = {o->timing.gpu, false, 0, 0, o->timing.bytes};
  FlyEmuTimingReport report;
  FlyLaunchResult result;
  bool ok = flyLaunchTimed(dev, mod, o->kernel, launch, args, &topt, &report, &result);
  if (ok)
    printPrediction(o, &report);
  else
    flyLaunchResultFormat(&result, err);
  flyEmuTimingReportDestroy(&report);
  return ok ? 0 : 1;
}

int runBench(const RunOptions *o, FlyDevice *dev, FlyModule *mod, const FlyArgs *args,
             const FlyEmuTimingReport *known, FlyStrBuf *err) {
  /* Timed runs check no hazards: the check changes how the emulator runs. */
  FlyLaunchConfig launch = {{o->grid[0], o->grid[1], o->grid[2]},
                            {o->block[0], o->block[1], o->block[2]}, o->lds, false, 0};
  if (flyDeviceGetBackend(dev) == FLY_BACKEND_HIP)
    return benchHip(o, dev, mod, args, &launch, err);
  return benchEmu(o, dev, mod, args, &launch, known, err);
}
