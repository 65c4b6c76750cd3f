"""Writes the bytes spelled in hex (spaces ignored) to a file:
usage: unhex.py OUT HEX..."""
import sys

open(sys.argv[1], "wb").write(bytes.fromhex("".join(sys.argv[2:])))
