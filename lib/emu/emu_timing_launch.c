/*===- emu_timing_launch.c - Timed launches over the whole grid -----------===*
 *
 * flyEmuLaunchTimed: the product and the grid plan (occupancy, placement of
 * workgroups on XCDs and CUs, the simulated subset), then
 *   - by default every workgroup the subset does not simulate runs on the
 *     functional path (emumRunGroups, all worker threads), so outputs are
 *     complete, and the subset's workgroups run in the timing model;
 *   - with `estimate` only the subset runs, with MFMA arithmetic skipped.
 * The prediction is the subset's time: XCDs receive workgroups round robin,
 * so each XCD's CUs see the same mix of work (docs/timing.md).
 *===----------------------------------------------------------------------===*/
#include "emu_timing.h"

#include <stdio.h>
#include <string.h>

static const char *const kStallNames[FLY_EMU_NUM_STALLS] = {
    "mfma", "vmcnt", "lgkmcnt", "barrier", "mfma_dep", "issue",
    "lds_conflict", "valu", "salu", "other", "idle"};

static const char *const kSpanNames[FLY_EMU_NUM_SPAN_CLASSES] = {
    "mfma", "valu", "vmem", "lds", "salu", "wait", "barrier"};

const char *flyEmuStallGetName(FlyEmuStall cause) {
  return (unsigned)cause < FLY_EMU_NUM_STALLS ? kStallNames[cause] : "?";
}

const char *flyEmuSpanClassGetName(FlyEmuSpanClass cls) {
  return (unsigned)cls < FLY_EMU_NUM_SPAN_CLASSES ? kSpanNames[cls] : "?";
}

void flyEmuTimingReportDestroy(FlyEmuTimingReport *report) {
  if (!report)
    return;
  flyFree(report->pcs);
  flyFree(report->spans);
  report->pcs = NULL;
  report->spans = NULL;
  report->numPcs = report->numSpans = 0;
}

/* The product a timed launch models; NULL with `fault` when unknown or of
 * another chip than the device's. */
static const FlyHwProduct *pickProduct(const FlyEmuDevice *dev, const char *kernel,
                                       const char *name, FlyEmuFault *fault) {
  FlyChip chip = flyEmuDeviceGetChip(dev);
  if (!name)
    return flyHwProductDefault(chip);
  const FlyHwProduct *p = flyHwProductFind(name);
  if (!p)
    emumInvalid(fault, kernel, "unknown GPU '%s' (expected one of %s)", name,
                flyHwProductListNames());
  else if (p->chip != chip)
    emumInvalid(fault, kernel, "GPU %s carries %s, but the code object is for %s", p->name,
                flyHwChipGet(p->chip)->name, flyChipGetInfo(flyEmuDeviceGetChip(dev))->name);
  else
    return p;
  return NULL;
}

static bool planLaunch(const FlyHwProduct *product, const FlyKernelInfo *k,
                       const EmumDispatch *d, const FlyEmuTimingOptions *o, EmuGridPlan *plan,
                       FlyEmuFault *fault) {
  /* The descriptor's allocation decides (the hardware reads it): with
   * AGPRs, the arch VGPRs and what the allocation holds above their
   * 4-aligned end; without, the allocation itself, unless the descriptor's
   * accum_offset splits it (hand-written code objects whose metadata gives
   * only the combined .vgpr_count): AGPRs from accum_offset up. */
  FlyVgprUsage v = flyKernelInfoGetVgprUsage(k);
  uint32_t archEnd = (v.arch + 3) & ~3u;
  uint32_t vgprs = v.acc ? v.arch : v.allocated;
  uint32_t agprs = v.acc ? (v.allocated > archEnd ? v.allocated - archEnd : v.acc) : 0;
  if (!v.acc && v.accumOffset < v.allocated) {
    vgprs = v.accumOffset;
    agprs = v.allocated - v.accumOffset;
  }
  EmuGridKernel gk = {d->wavesPerGroup, vgprs, agprs, k->sgprCount, d->ldsSize,
                      d->scratchLaneBytes};
  uint64_t groups = (uint64_t)d->grid[0] * d->grid[1] * d->grid[2];
  uint32_t maxSim = o->maxSimCus;
  if (!maxSim && o->estimate) {
    /* The estimate simulates a quarter of one XCD (at least one CU). */
    uint32_t perXcd = product->cus / product->xcds;
    maxSim = perXcd / 4 ? perXcd / 4 : 1;
  }
  const char *why = NULL;
  if (emuGridPlanMake(product, &gk, groups, maxSim, plan, &why))
    return true;
  emumInvalid(fault, k->name, "the kernel cannot run on %s: %s", product->name,
              why ? why : "it does not fit a CU");
  return false;
}

static bool isSimulated(void *ctx, uint64_t wg) { return emuTmIsSimulated(ctx, wg); }

static void fillHeader(FlyEmuTimingReport *r, const EmuGridPlan *plan, bool estimate) {
  const FlyHwProduct *p = plan->product;
  snprintf(r->gpu, sizeof r->gpu, "%s", p->name);
  snprintf(r->chip, sizeof r->chip, "%s", plan->chip->name);
  r->cus = p->cus;
  r->xcds = p->xcds;
  r->clockGHz = p->clockGHz;
  r->groupsPerCu = plan->groupsPerCu;
  r->wavesPerSimd = plan->wavesPerSimd;
  snprintf(r->limiter, sizeof r->limiter, "%s", plan->limiter ? plan->limiter : "");
  r->numGroups = plan->numGroups;
  r->rounds = plan->rounds;
  r->shareOfDevice = plan->shareOfDevice;
  r->estimate = estimate;
}

/* The timed part: the subset's workgroups in the timing model. */
static bool runTimed(FlyEmuDevice *dev, const EmumDispatch *d, const EmuGridPlan *plan,
                     const FlyEmuTimingOptions *o, FlyEmuTimingReport *r, FlyEmuFault *fault,
                     FlyEmuStats *st) {
  EmuMemSys *ms = emuMsCreate(plan);
  EmuTmConfig cfg = {dev, d, plan, ms, o->timelineIterations, o->uniqueBytes};
  EmuTm *tm = ms ? emuTmCreate(&cfg) : NULL;
  bool ok = tm && emuTmRun(tm, fault, st);
  if (!tm)
    emumInvalid(fault, d->kernel->name, "out of memory for the timing model");
  if (ok && !emuTmFillReport(tm, r)) {
    emumInvalid(fault, d->kernel->name, "out of memory for the timing report");
    ok = false;
  }
  emuTmDestroy(tm);
  emuMsDestroy(ms);
  return ok;
}

bool flyEmuLaunchTimed(FlyEmuDevice *dev, FlyEmuModule *mod, const FlyEmuLaunchDesc *desc,
                       const FlyEmuTimingOptions *options, FlyEmuTimingReport *report,
                       FlyEmuFault *fault, FlyEmuStats *stats) {
  static const FlyEmuTimingOptions defaults = {0};
  const FlyEmuTimingOptions *o = options ? options : &defaults;
  FlyEmuStats local;
  FlyEmuStats *st = stats ? stats : &local;
  memset(st, 0, sizeof *st);
  memset(report, 0, sizeof *report);
  const FlyKernelInfo *k = emumLaunchKernel(dev, mod, desc, fault);
  const FlyHwProduct *product = k ? pickProduct(dev, k->name, o->gpu, fault) : NULL;
  if (!product)
    return false;
  EmumDispatch d;
  emumInitDispatch(dev, mod, k, desc, &d);
  EmuGridPlan plan;
  if (!planLaunch(product, k, &d, o, &plan, fault))
    return false;
  d.env.skipMfmaMath = o->estimate;
  double t0 = emumNow();
  bool ok = emumDispatchPrepare(dev, &d, desc, fault);
  if (ok && !o->estimate)
    ok = emumRunGroups(dev, &d, isSimulated, &plan, fault, st);
  fillHeader(report, &plan, o->estimate);
  ok = ok && runTimed(dev, &d, &plan, o, report, fault, st);
  st->seconds = emumNow() - t0;
  emumDispatchRelease(dev, &d);
  if (!ok)
    flyEmuTimingReportDestroy(report);
  return ok;
}
