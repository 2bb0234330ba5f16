"""count of ints, floats (int keys in a float list), bools and str."""
from typing import List


def counts(n: int) -> List[int]:
    xs = [i % 3 for i in range(n)]
    fs = [0.0, 1.0, 1.0, 2.5]
    bs = [True, False, True]
    ss = ["a", "b", "a", ""]
    return [xs.count(0), xs.count(7), fs.count(1), fs.count(2.5), bs.count(True), ss.count("a"),
            ss.count("")]


# run: counts(10)
