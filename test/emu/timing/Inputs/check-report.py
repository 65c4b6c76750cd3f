#!/usr/bin/env python3
"""Checks a flyc-run --timing-json report (and optionally its SVG) for
internal consistency, then any expectations given on the command line.

  check-report.py REPORT.json [--svg FILE.svg]
      [--expect KEY=VALUE]            exact value (KEY: dotted path, e.g. stall.mfma)
      [--range KEY=LO:HI]             LO <= value <= HI
      [--within KEY=OTHER.json:TOL]   |value - OTHER's value| <= TOL
      [--pc PREFIX K CAUSE LO HI]     the K-th (1-based) per-pc row whose text
                                      starts with PREFIX has LO <= stall[CAUSE] <= HI
      [--pc-diff PREFIX K1 K2 CAUSE D] stall[CAUSE] of row K2 minus row K1 is D

Consistency (always): the stall causes sum to cycles x SIMDs x simulated CUs;
mfma_utilization = stall.mfma / simd_cycles; compute_us = cycles / clock;
predicted_us = max(compute_us, hbm_us); tflops/tbps follow from it; per-pc
stalls are within the totals; the SVG is XML with one row per timeline row,
each with spans, and a legend of the seven classes. Prints one line per
failure and exits 1, else prints "report ok".
"""
import json
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
CAUSES = ["mfma", "vmcnt", "lgkmcnt", "barrier", "mfma_dep", "issue", "lds_conflict",
          "valu", "salu", "other", "idle"]
errors = []


def fail(msg):
    errors.append(msg)


def lookup(j, key):
    """A dotted path; "stall.CAUSE" is stall_cycles[CAUSE]."""
    if key.startswith("stall."):
        return j["stall_cycles"][key[6:]]
    v = j
    for part in key.split("."):
        v = v[part]
    return v


def close(a, b, rel=1e-9):
    return abs(a - b) <= rel * max(1.0, abs(a), abs(b))


def consistency(j):
    st = j["stall_cycles"]
    if sorted(st) != sorted(CAUSES):
        fail("stall causes %s" % sorted(st))
    total = sum(st.values())
    want = j["cycles"] * j["simds"] * j["sim_cus"]
    if total != j["simd_cycles"] or total != want:
        fail("causes sum to %d, simd_cycles %d, cycles x simds x CUs %d" %
             (total, j["simd_cycles"], want))
    util = st["mfma"] / total if total else 0
    if not close(util, j["mfma_utilization"], 1e-12):
        fail("mfma_utilization %r != mfma/total %r" % (j["mfma_utilization"], util))
    us = j["cycles"] / (j["clock_ghz"] * 1e3)
    if not close(us, j["compute_us"]):
        fail("compute_us %r != cycles / clock %r" % (j["compute_us"], us))
    if not close(j["predicted_us"], max(j["compute_us"], j["hbm_us"])):
        fail("predicted_us %r != max(compute, hbm)" % j["predicted_us"])
    if "tflops" in j and not close(j["tflops"], j["flops"] / (j["predicted_us"] * 1e6)):
        fail("tflops %r inconsistent" % j["tflops"])
    if "tbps" in j and not close(j["tbps"], j["bytes"] / (j["predicted_us"] * 1e6)):
        fail("tbps %r inconsistent" % j["tbps"])
    for c in CAUSES:
        s = sum(p["stall"][c] for p in j["per_pc"])
        if s > st[c]:
            fail("per-pc %s stalls %d exceed the total %d" % (c, s, st[c]))
    loop = j["main_loop"]
    if loop:
        busy = loop["mfma_cycles"] * j["occupancy"]["waves_per_simd"]
        busy = min(1.0, busy / loop["cycles_per_iteration"]) if loop["cycles_per_iteration"] else 0
        if not close(busy, loop["mfma_busy"]):
            fail("main_loop.mfma_busy %r != mfma_cycles x waves/SIMD / cycles_per_iteration %r"
                 % (loop["mfma_busy"], busy))
        if loop["mfmas"] and not loop["mfma_cycles"]:
            fail("main loop has %d MFMAs but no MFMA cycles" % loop["mfmas"])
    for p in j["per_pc"]:
        if not p["text"]:
            fail("per-pc row at %d has no instruction text" % p["pc"])


def check_svg(path, j):
    root = ET.parse(path).getroot()
    if root.tag != SVG + "svg":
        fail("%s: root is %s" % (path, root.tag))
    rows = [g for g in root.iter(SVG + "g") if g.get("class") == "wave"]
    if len(rows) != j["timeline"]["rows"] or not rows:
        fail("SVG has %d wave rows, the report %d" % (len(rows), j["timeline"]["rows"]))
    for g in rows:
        if not g.findall(SVG + "rect"):
            fail("SVG row %s has no spans" % g.get("data-row"))
    legend = [g for g in root.iter(SVG + "g") if g.get("class") == "legend"]
    names = [t.text for g in legend for t in g.iter(SVG + "text")]
    if names != ["mfma", "valu", "vmem", "lds", "salu", "wait", "barrier"]:
        fail("SVG legend %s" % names)


def pc_row(j, prefix, k):
    rows = [p for p in j["per_pc"] if p["text"].startswith(prefix)]
    if len(rows) < k:
        fail("fewer than %d per-pc rows start with %r" % (k, prefix))
        return None
    return rows[k - 1]


def main(argv):
    j = json.load(open(argv[1]))
    consistency(j)
    i = 2
    while i < len(argv):
        opt = argv[i]
        if opt == "--svg":
            check_svg(argv[i + 1], j)
            i += 2
        elif opt in ("--expect", "--range", "--within"):
            key, val = argv[i + 1].split("=", 1)
            got = lookup(j, key)
            if opt == "--expect" and not close(got, float(val)):
                fail("%s is %r, expected %s" % (key, got, val))
            if opt == "--range":
                lo, hi = (float(x) for x in val.split(":"))
                if not lo <= got <= hi:
                    fail("%s is %r, expected %s..%s" % (key, got, lo, hi))
            if opt == "--within":
                other, tol = val.rsplit(":", 1)
                ref = lookup(json.load(open(other)), key)
                if abs(got - ref) > float(tol):
                    fail("%s is %r, %r in %s (tolerance %s)" % (key, got, ref, other, tol))
            i += 2
        elif opt == "--pc":
            prefix, k, cause, lo, hi = argv[i + 1:i + 6]
            row = pc_row(j, prefix, int(k))
            if row and not float(lo) <= row["stall"][cause] <= float(hi):
                fail("%s #%s: %s stall %d, expected %s..%s" %
                     (prefix, k, cause, row["stall"][cause], lo, hi))
            i += 6
        elif opt == "--pc-diff":
            prefix, k1, k2, cause, d = argv[i + 1:i + 6]
            a, b = pc_row(j, prefix, int(k1)), pc_row(j, prefix, int(k2))
            if a and b and b["stall"][cause] - a["stall"][cause] != int(d):
                fail("%s #%s - #%s: %s stall %d - %d, expected a difference of %s" %
                     (prefix, k2, k1, cause, b["stall"][cause], a["stall"][cause], d))
            i += 6
        else:
            fail("unknown option %s" % opt)
            break
    for e in errors:
        print("check-report: " + e)
    if not errors:
        print("report ok")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
