"""The bisect module (stdlib/pybisect.py): bisect/bisect_left/bisect_right with lo and hi,
insort/insort_left into a list of floats and of strs, called directly, through an alias
(`bb = bisect.bisect`, as the Benchmarks Game's fasta does) and from a `from` import; a
negative lo raises CPython's ValueError."""
import bisect
from bisect import bisect_left, insort


def cumulative_pick(n: int) -> list:
    probs = [0.1, 0.35, 0.35, 0.7, 1.0]
    bb = bisect.bisect
    out = []
    for i in range(n):
        r = (i * 0.137) % 1.0
        out.append(bb(probs, r))
    return out


def positions(x: float) -> tuple:
    a = [1.0, 2.0, 2.0, 2.0, 3.5]
    return (bisect.bisect_left(a, x), bisect.bisect_right(a, x), bisect_left(a, x, 1, 3),
            bisect.bisect(a, x, 2))


def sorted_insert(n: int) -> list:
    a = [5]
    for i in range(n):
        insort(a, (i * 7) % 11)
        bisect.insort_left(a, (i * 3) % 5)
    return a


def words(w: str) -> int:
    a = ["apple", "kiwi", "pear"]
    bisect.insort(a, w)
    return a.index(w) * 10 + bisect.bisect_left(a, "m")


def bad_lo(x: int) -> int:
    return bisect.bisect([1, 2, 3], x, -1)


# run: cumulative_pick(12)
# run: positions(2.0)
# run: positions(0.5)
# run: positions(9.0)
# run: sorted_insert(6)
# run: words("fig")
# run: bad_lo(2)
