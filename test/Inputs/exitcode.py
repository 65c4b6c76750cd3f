# Runs a command, passes its output through, and prints "exit: N" on its own
# line to stdout so tests can check the exact exit status (lit's `not` only
# tells zero from non-zero).
import subprocess
import sys

r = subprocess.run(sys.argv[1:])
sys.stdout.flush()
print(f"exit: {r.returncode}")
