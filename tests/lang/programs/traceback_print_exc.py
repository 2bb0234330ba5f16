"""traceback.print_exc() in an except clause writes to stderr (what it writes:
tests/lang/test_traceback.py) and the program goes on; print(..., file=sys.stderr) too,
while print(..., file=sys.stdout) (or file=None) is an ordinary print."""
import sys
import traceback
from typing import List


def parse_all(words: List[str]) -> List[int]:
    out = []
    for w in words:
        try:
            out.append(int(w))
        except ValueError:
            traceback.print_exc()
            out.append(-1)
    return out


def report(n: int) -> int:
    print("checking", n, file=sys.stdout)
    print("plain", file=None)
    print("note:", n, [n, n * 2], (n, "x"), file=sys.stderr)
    print("a", "b", sep="-", end="!\n", file=sys.stderr)
    return n + 1


# run: parse_all(["1", "x", "30", "4.5"])
# run: parse_all([])
# run: report(3)
