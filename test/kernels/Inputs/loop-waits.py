#!/usr/bin/env python3
"""Reads AMDGPU assembly (flyc --emit isa) on stdin and prints, for the main
loop (the loop with the most MFMAs: a label that a later branch jumps back
to, up to that branch, as ../shared/docs/hot-loop-model.md defines it), how
often it waits on vector memory and how many barriers it has:
  main loop: N mfma, N s_barrier, N vmcnt waits, N vmcnt waits before an mfma,
  N on this stage's loads
A "vmcnt wait before an mfma" is an s_waitcnt with a vmcnt field that is
followed by an MFMA before the next barrier: a wait in the middle of the
compute. One "on this stage's loads" is such a wait whose count is below the
vector-memory instructions issued since the last barrier (or the loop's
start, which follows one), so it waits for a load issued in the same stage
— one a loop that prefetches a stage ahead never has; the others wait only
for loads of earlier stages (with three LDS stages, B's fragments loaded in
the previous stage, which the barrier's wait leaves in flight). With --f32,
it also counts the loop's f32 multiplies, adds and FMAs by lanes (a v_pk_*
instruction does two), the block-scale GEMM's promote, and of those the
lanes that lie between a barrier and the MFMA before it (going round the
loop's back edge), the promotes a wave runs before it can meet the barrier:
  ..., N f32 mul, N f32 add, N f32 fma, N before a barrier
With --loads, it also counts the loop's vector-memory loads by width (the
LDS DMA apart), the MXFP4 GEMM's B fragments, scale words and A copies:
  ..., loads: N dword, N dwordx2, N dwordx4, N lds"""
import re
import sys

lines = [l.split(';')[0].strip() for l in sys.stdin]
labels = {l[:-1]: i for i, l in enumerate(lines) if re.match(r'^\.?\w+:$', l)}
best = None
for i, l in enumerate(lines):
    m = re.match(r'^s_(?:c)?branch\w*\s+(\S+)$', l)
    if not m or m.group(1) not in labels or labels[m.group(1)] > i:
        continue
    body = lines[labels[m.group(1)]:i + 1]
    n = sum(1 for x in body if x.startswith(('v_mfma', 'v_smfmac')))
    if best is None or n > best[0] or (n == best[0] and len(body) > len(best[1])):
        best = (n, body)
if best is None:
    print('main loop: none')
    sys.exit(0)
n, body = best
barriers = sum(1 for x in body if x.startswith('s_barrier'))
waits = [k for k, x in enumerate(body) if x.startswith('s_waitcnt') and 'vmcnt' in x]
VMEM = ('buffer_', 'global_', 'flat_', 'scratch_')


def issued_in_stage(k):
    """Vector-memory instructions between the last barrier and body[k]."""
    count = 0
    for x in reversed(body[:k]):
        if x.startswith('s_barrier'):
            break
        count += x.startswith(VMEM)
    return count


early = same = 0
for k in waits:
    for x in body[k + 1:]:
        if x.startswith('s_barrier'):
            break
        if x.startswith(('v_mfma', 'v_smfmac')):
            early += 1
            m = re.search(r'vmcnt\((\d+)\)', body[k])
            same += m is not None and int(m.group(1)) < issued_in_stage(k)
            break
extra = ''
if '--f32' in sys.argv[1:]:
    def f32(x, ops=('mul', 'add', 'fma')):
        """The f32 lanes instruction x computes of the operations `ops`."""
        if x.startswith(tuple(f'v_pk_{op}_f32' for op in ops)):
            return 2
        return 1 if x.startswith(tuple(f'v_{op}_f32' for op in ops)) else 0
    def lanes(op):
        return sum(f32(x, (op,)) for x in body)
    before = 0
    for k, x in enumerate(body):
        if not x.startswith('s_barrier'):
            continue
        for y in reversed(body[k + 1:] + body[:k]):  # back from the barrier, cyclically
            if y.startswith(('v_mfma', 'v_smfmac', 's_barrier')):
                break
            before += f32(y)
    extra = (f', {lanes("mul")} f32 mul, {lanes("add")} f32 add, {lanes("fma")} f32 fma, '
             f'{before} before a barrier')
if '--loads' in sys.argv[1:]:
    loads = [x.split()[0] for x in body if x.startswith(('buffer_load', 'global_load'))]
    dma = sum(1 for x in body if x.startswith(('buffer_load', 'global_load')) and
              re.search(r'\blds\b', x))
    def width(w):
        return sum(1 for x in loads if x.endswith('_' + w)) - (dma if w == 'dwordx4' else 0)
    extra += (f', loads: {width("dword")} dword, {width("dwordx2")} dwordx2, '
              f'{width("dwordx4")} dwordx4, {dma} lds')
print(f'main loop: {n} mfma, {barriers} s_barrier, {len(waits)} vmcnt waits, '
      f'{early} vmcnt waits before an mfma, {same} on this stage\'s loads{extra}')
