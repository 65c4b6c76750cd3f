"""Prints the smallest and largest byte of a file and how many of the
values between them occur: usage: byte_range.py FILE."""
import sys

data = open(sys.argv[1], "rb").read()
lo, hi = min(data), max(data)
print(f"{len(data)} bytes in [{lo}, {hi}], {len(set(data))} of the {hi - lo + 1} values in it")
