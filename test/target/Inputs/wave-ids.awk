# Reads one i32 per line (linear thread id = line number - 1) of a 192-thread
# block and counts values other than 64*10^6 + lane*10^4 + wave*100 + 3.
{
  id = NR - 1
  want = 64 * 1000000 + (id % 64) * 10000 + int(id / 64) * 100 + 3
  if ($1 != want) { wrong++; if (wrong == 1) printf "first wrong: id %d got %d want %d\n", id, $1, want }
}
END { printf "%d values, %d wrong\n", NR, wrong + 0 }
