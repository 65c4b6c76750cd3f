/*===- emu_timing_report.c - The timing report as text, JSON and SVG -----===*
 *
 * Formatting only: every figure is in FlyEmuTimingReport already, except
 * TFLOPS and TB/s, which need the caller's count of the work
 * (gemm-optimization §8.1-8.2: flops / time, bytes / time).
 *===----------------------------------------------------------------------===*/
#include "flyc/emu.h"

#include <stdio.h>
#include <string.h>

static double pct(uint64_t part, uint64_t whole) {
  return whole ? 100.0 * (double)part / (double)whole : 0;
}

static void textHeader(const FlyEmuTimingReport *r, FlyStrBuf *out) {
  flyStrBufAppendF(out, "timing: gpu %s (%s, %u CUs, %u XCDs, %.2f GHz)%s\n", r->gpu, r->chip,
                   r->cus, r->xcds, r->clockGHz, r->estimate ? ", estimate" : "");
  flyStrBufAppendF(out,
                   "occupancy: %u waves/SIMD, %u workgroups/CU (limited by %s); %llu workgroups "
                   "in %u rounds\n",
                   r->wavesPerSimd, r->groupsPerCu, r->limiter, (unsigned long long)r->numGroups,
                   r->rounds);
  flyStrBufAppendF(out, "simulated: %u CUs ran %llu workgroups (%.4f of the device's busy CUs)\n",
                   r->simCus, (unsigned long long)r->simGroups, r->shareOfDevice);
  flyStrBufAppendF(out, "predicted: %.3f us for the whole grid (compute %.3f us, HBM bound %.3f us "
                   "for %llu bytes)\n", r->predictedUs, r->computeUs, r->hbmUs,
                   (unsigned long long)r->uniqueBytes);
  flyStrBufAppendF(out, "cycles: %llu\n", (unsigned long long)r->cycles);
}

static void textWork(const FlyEmuTimingReport *r, const FlyEmuTimingWork *w, FlyStrBuf *out) {
  double s = r->predictedUs * 1e-6;
  if (w && w->flops > 0 && s > 0)
    flyStrBufAppendF(out, "throughput: %.2f TFLOPS (%.0f flops)\n", w->flops / s / 1e12,
                     w->flops);
  if (w && w->bytes > 0 && s > 0)
    flyStrBufAppendF(out, "bandwidth: %.3f TB/s (%.0f bytes)\n", w->bytes / s / 1e12, w->bytes);
}

static void textStalls(const FlyEmuTimingReport *r, FlyStrBuf *out) {
  flyStrBufAppendF(out, "mfma utilization: %.2f%%\n", 100 * r->mfmaUtilization);
  flyStrBufAppendF(out, "stall cycles (%llu SIMD-cycles = %llu cycles x %u SIMDs x %u CUs):\n",
                   (unsigned long long)r->simdCycles, (unsigned long long)r->cycles, r->simds,
                   r->simCus);
  for (int c = 0; c < FLY_EMU_NUM_STALLS; ++c)
    flyStrBufAppendF(out, "  %-13s %12llu %6.2f%%\n", flyEmuStallGetName((FlyEmuStall)c),
                     (unsigned long long)r->stall[c], pct(r->stall[c], r->simdCycles));
}

static void textMemory(const FlyEmuTimingReport *r, FlyStrBuf *out) {
  flyStrBufAppendF(out,
                   "memory: %llu vector and %llu scalar requests; L1 %llu hits %llu misses, "
                   "L2 %llu hits %llu misses, MALL %llu hits %llu misses\n",
                   (unsigned long long)r->vmemRequests, (unsigned long long)r->smemRequests,
                   (unsigned long long)r->l1Hits, (unsigned long long)r->l1Misses,
                   (unsigned long long)r->l2Hits, (unsigned long long)r->l2Misses,
                   (unsigned long long)r->mallHits, (unsigned long long)r->mallMisses);
}

static void textPcs(const FlyEmuTimingReport *r, FlyStrBuf *out) {
  if (r->hasLoop && r->cyclesPerIteration <= 0)
    flyStrBufAppendF(out,
                     "main loop: pc 0x%llx..0x%llx, %u MFMAs, %llu iterations, no steady state "
                     "(no wave took its back-edge three times), %.1f LDS bank-conflict cycles "
                     "per iteration\n",
                     (unsigned long long)r->loopBegin, (unsigned long long)r->loopEnd,
                     r->loopMfmas, (unsigned long long)r->loopIterations,
                     r->loopLdsConflictPerIteration);
  else if (r->hasLoop)
    flyStrBufAppendF(out,
                     "main loop: pc 0x%llx..0x%llx, %u MFMAs, %llu iterations, %.1f cycles per "
                     "iteration (steady state), mfma-busy %.2f%% at %u waves/SIMD, "
                     "%.1f LDS bank-conflict cycles per iteration\n",
                     (unsigned long long)r->loopBegin, (unsigned long long)r->loopEnd,
                     r->loopMfmas, (unsigned long long)r->loopIterations, r->cyclesPerIteration,
                     100.0 * r->loopMfmaBusy, r->wavesPerSimd, r->loopLdsConflictPerIteration);
  else
    flyStrBufAppend(out, "main loop: none (no back-edge executed)\n");
  flyStrBufAppendF(out, "per-pc (%s):\n  %-8s %8s", r->hasLoop ? "main loop" : "every executed pc",
                   "pc", "issued");
  for (int c = 0; c < FLY_EMU_NUM_STALLS; ++c)
    flyStrBufAppendF(out, " %8.8s", flyEmuStallGetName((FlyEmuStall)c));
  flyStrBufAppendF(out, " %8s  instruction\n", "conflict");
  for (size_t i = 0; i < r->numPcs; ++i) {
    const FlyEmuTimingPc *p = &r->pcs[i];
    flyStrBufAppendF(out, "  0x%-6llx %8llu", (unsigned long long)p->pc,
                     (unsigned long long)p->issued);
    for (int c = 0; c < FLY_EMU_NUM_STALLS; ++c)
      flyStrBufAppendF(out, " %8llu", (unsigned long long)p->stall[c]);
    flyStrBufAppendF(out, " %8llu  %s\n", (unsigned long long)p->ldsConflictCycles, p->text);
  }
}

void flyEmuTimingReportFormatText(const FlyEmuTimingReport *r, const FlyEmuTimingWork *work,
                                  FlyStrBuf *out) {
  textHeader(r, out);
  textWork(r, work, out);
  textStalls(r, out);
  textMemory(r, out);
  textPcs(r, out);
}

/*--- JSON -------------------------------------------------------------------*/

static void jsonString(FlyStrBuf *out, const char *s) {
  flyStrBufAppend(out, "\"");
  for (; *s; ++s) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      flyStrBufAppendF(out, "\\%c", c);
    else if (c < 0x20)
      flyStrBufAppendF(out, "\\u%04x", c);
    else
      flyStrBufAppendN(out, s, 1);
  }
  flyStrBufAppend(out, "\"");
}

static void jsonStalls(FlyStrBuf *out, const uint64_t *stall) {
  flyStrBufAppend(out, "{");
  for (int c = 0; c < FLY_EMU_NUM_STALLS; ++c)
    flyStrBufAppendF(out, "%s\"%s\": %llu", c ? ", " : "", flyEmuStallGetName((FlyEmuStall)c),
                     (unsigned long long)stall[c]);
  flyStrBufAppend(out, "}");
}

static void jsonHeader(const FlyEmuTimingReport *r, FlyStrBuf *out) {
  flyStrBufAppend(out, "{\n  \"gpu\": ");
  jsonString(out, r->gpu);
  flyStrBufAppend(out, ",\n  \"chip\": ");
  jsonString(out, r->chip);
  flyStrBufAppendF(out, ",\n  \"cus\": %u,\n  \"xcds\": %u,\n  \"clock_ghz\": %.17g,\n", r->cus,
                   r->xcds, r->clockGHz);
  flyStrBufAppendF(out, "  \"occupancy\": {\"waves_per_simd\": %u, \"groups_per_cu\": %u, "
                   "\"limiter\": ", r->wavesPerSimd, r->groupsPerCu);
  jsonString(out, r->limiter);
  flyStrBufAppendF(out, "},\n  \"workgroups\": %llu,\n  \"rounds\": %u,\n  \"sim_cus\": %u,\n"
                   "  \"sim_groups\": %llu,\n  \"share_of_device\": %.17g,\n  \"estimate\": %s,\n",
                   (unsigned long long)r->numGroups, r->rounds, r->simCus,
                   (unsigned long long)r->simGroups, r->shareOfDevice,
                   r->estimate ? "true" : "false");
  flyStrBufAppendF(out, "  \"simds\": %u,\n  \"cycles\": %llu,\n  \"simd_cycles\": %llu,\n"
                   "  \"predicted_us\": %.17g,\n  \"compute_us\": %.17g,\n  \"hbm_us\": %.17g,\n"
                   "  \"unique_bytes\": %llu,\n  \"mfma_utilization\": %.17g,\n",
                   r->simds, (unsigned long long)r->cycles, (unsigned long long)r->simdCycles,
                   r->predictedUs, r->computeUs, r->hbmUs, (unsigned long long)r->uniqueBytes,
                   r->mfmaUtilization);
}

static void jsonBody(const FlyEmuTimingReport *r, const FlyEmuTimingWork *w, FlyStrBuf *out) {
  double s = r->predictedUs * 1e-6;
  if (w && w->flops > 0 && s > 0)
    flyStrBufAppendF(out, "  \"flops\": %.17g,\n  \"tflops\": %.17g,\n", w->flops,
                     w->flops / s / 1e12);
  if (w && w->bytes > 0 && s > 0)
    flyStrBufAppendF(out, "  \"bytes\": %.17g,\n  \"tbps\": %.17g,\n", w->bytes,
                     w->bytes / s / 1e12);
  flyStrBufAppend(out, "  \"stall_cycles\": ");
  jsonStalls(out, r->stall);
  flyStrBufAppendF(out, ",\n  \"memory\": {\"vmem_requests\": %llu, \"smem_requests\": %llu, "
                   "\"l1_hits\": %llu, \"l1_misses\": %llu, \"l2_hits\": %llu, \"l2_misses\": %llu, "
                   "\"mall_hits\": %llu, \"mall_misses\": %llu},\n",
                   (unsigned long long)r->vmemRequests, (unsigned long long)r->smemRequests,
                   (unsigned long long)r->l1Hits, (unsigned long long)r->l1Misses,
                   (unsigned long long)r->l2Hits, (unsigned long long)r->l2Misses,
                   (unsigned long long)r->mallHits, (unsigned long long)r->mallMisses);
  if (r->hasLoop)
    flyStrBufAppendF(out, "  \"main_loop\": {\"begin\": %llu, \"end\": %llu, \"mfmas\": %u, "
                     "\"iterations\": %llu, \"cycles_per_iteration\": %.17g, "
                     "\"mfma_cycles\": %llu, \"mfma_busy\": %.17g, "
                     "\"lds_conflict_cycles\": %llu, \"lds_conflict_per_iteration\": %.17g},\n",
                     (unsigned long long)r->loopBegin, (unsigned long long)r->loopEnd,
                     r->loopMfmas, (unsigned long long)r->loopIterations, r->cyclesPerIteration,
                     (unsigned long long)r->loopMfmaCycles, r->loopMfmaBusy,
                     (unsigned long long)r->loopLdsConflictCycles,
                     r->loopLdsConflictPerIteration);
  else
    flyStrBufAppend(out, "  \"main_loop\": null,\n");
  flyStrBufAppend(out, "  \"per_pc\": [");
  for (size_t i = 0; i < r->numPcs; ++i) {
    const FlyEmuTimingPc *p = &r->pcs[i];
    flyStrBufAppendF(out, "%s\n    {\"pc\": %llu, \"issued\": %llu, \"stall\": ", i ? "," : "",
                     (unsigned long long)p->pc, (unsigned long long)p->issued);
    jsonStalls(out, p->stall);
    flyStrBufAppendF(out, ", \"lds_conflict_cycles\": %llu, \"text\": ",
                     (unsigned long long)p->ldsConflictCycles);
    jsonString(out, p->text);
    flyStrBufAppend(out, "}");
  }
  flyStrBufAppendF(out, "\n  ],\n  \"timeline\": {\"begin\": %llu, \"end\": %llu, \"rows\": %u, "
                   "\"spans\": %zu}\n}\n", (unsigned long long)r->timelineBegin,
                   (unsigned long long)r->timelineEnd, r->timelineRows, r->numSpans);
}

void flyEmuTimingReportFormatJson(const FlyEmuTimingReport *r, const FlyEmuTimingWork *work,
                                  FlyStrBuf *out) {
  jsonHeader(r, out);
  jsonBody(r, work, out);
}

/*--- SVG --------------------------------------------------------------------*/

static const char *const kSpanColours[FLY_EMU_NUM_SPAN_CLASSES] = {
    "#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#bbbbbb", "#8c564b"};

enum { SVG_LABEL = 160, SVG_PLOT = 1200, SVG_ROW = 16, SVG_TOP = 40, SVG_LEGEND = 30 };

void flyEmuTimingReportFormatSvg(const FlyEmuTimingReport *r, FlyStrBuf *out) {
  uint64_t span = r->timelineEnd > r->timelineBegin ? r->timelineEnd - r->timelineBegin : 1;
  double scale = (double)SVG_PLOT / (double)span;
  unsigned height = SVG_TOP + r->timelineRows * SVG_ROW + SVG_LEGEND;
  flyStrBufAppendF(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                   "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%u\" "
                   "font-family=\"monospace\" font-size=\"11\">\n", SVG_LABEL + SVG_PLOT + 10,
                   height);
  flyStrBufAppendF(out, "<text x=\"4\" y=\"14\">%s (%s): one CU, cycles %llu..%llu</text>\n",
                   r->gpu, r->chip, (unsigned long long)r->timelineBegin,
                   (unsigned long long)r->timelineEnd);
  for (uint32_t row = 0; row < r->timelineRows; ++row) {
    unsigned y = SVG_TOP + row * SVG_ROW;
    flyStrBufAppendF(out, "<g class=\"wave\" data-row=\"%u\">\n<text x=\"4\" y=\"%u\">%s</text>\n",
                     row, y + 11, r->timelineRowName[row]);
    for (size_t i = 0; i < r->numSpans; ++i) {
      const FlyEmuTimingSpan *s = &r->spans[i];
      if (s->row != row)
        continue;
      double x = SVG_LABEL + (double)(s->begin - r->timelineBegin) * scale;
      double w = (double)(s->end - s->begin) * scale;
      flyStrBufAppendF(out, "<rect class=\"%s\" x=\"%.2f\" y=\"%u\" width=\"%.2f\" height=\"%d\" "
                       "fill=\"%s\"/>\n", flyEmuSpanClassGetName((FlyEmuSpanClass)s->cls), x, y + 2,
                       w > 0.2 ? w : 0.2, SVG_ROW - 4, kSpanColours[s->cls]);
    }
    flyStrBufAppend(out, "</g>\n");
  }
  unsigned ly = SVG_TOP + r->timelineRows * SVG_ROW + 10;
  flyStrBufAppend(out, "<g class=\"legend\">\n");
  for (int c = 0; c < FLY_EMU_NUM_SPAN_CLASSES; ++c)
    flyStrBufAppendF(out, "<rect x=\"%d\" y=\"%u\" width=\"12\" height=\"12\" fill=\"%s\"/>"
                     "<text x=\"%d\" y=\"%u\">%s</text>\n", SVG_LABEL + c * 100, ly, kSpanColours[c],
                     SVG_LABEL + c * 100 + 16, ly + 10, flyEmuSpanClassGetName((FlyEmuSpanClass)c));
  flyStrBufAppend(out, "</g>\n</svg>\n");
}
