# awk -v what=MNEMONIC [-v nth=N]: prints an assembly file without the N-th
# (default first) instruction MNEMONIC (matched with its operands, e.g.
# "s_waitcnt vmcnt(0)") of the first loop, the code from the first .LBB
# label on.
BEGIN { if (!nth) nth = 1 }
/^\.LBB[0-9_]+:/ { inloop = 1 }
inloop && !done {
  line = $0
  sub(/^[ \t]+/, "", line)
  sub(/[ \t]*(\/\/|;).*$/, "", line)
  if (line == what && ++seen == nth) { done = 1; next }
}
{ print }
END { if (!done) { print "delete-in-loop.awk: no " what " in the loop" > "/dev/stderr"; exit 1 } }
