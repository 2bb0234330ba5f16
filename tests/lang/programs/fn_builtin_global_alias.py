"""A module global bound to a builtin (`xrange = range`, the Benchmarks Game's Python 2/3
idiom) is that builtin in scripted code."""
import sys

if sys.version_info < (3, 0):
    pass
else:
    xrange = range
    izip = zip
biggest = max


def total(n: int) -> int:
    s = 0
    for i in xrange(n):
        s += i
    for a, b in izip([1, 2, 3], [4, 5, 6]):
        s += a * b
    return s + biggest(3, n)


# run: total(5)
# run: total(0)
