# One of several builtins, chosen at run time.
from typing import List


def pick(c: bool) -> int:
    f = min if c else max
    return f(3, 7)


def both(n: int) -> List[int]:
    fs = [len, sum]
    return [f(list(range(n))) for f in fs]


def rounders(x: float) -> List[int]:
    out: List[int] = []
    for f in (round, int):
        out.append(f(x))
    return out


# run: pick(True)
# run: pick(False)
# run: both(4)
# run: rounders(2.7)
# run: rounders(-2.5)
