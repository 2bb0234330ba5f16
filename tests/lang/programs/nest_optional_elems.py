"""Lists of Optionals: None elements, tests per element, `x or default`."""
from typing import List, Optional


def firsts(xs: List[Optional[int]]) -> int:
    s = 0
    for x in xs:
        if x is not None:
            s += x
        else:
            s += 100
    return s


def build(n: int) -> List[Optional[float]]:
    out: List[Optional[float]] = []
    for i in range(n):
        if i % 2 == 0:
            out.append(None)
        else:
            out.append(i * 1.5)
    return out


def show() -> None:
    xs: List[Optional[int]] = [1, None, 3]
    xs[1] = 2
    xs.append(None)
    print(xs, len(xs))


# run: firsts([1, None, 5, None])
# run: build(5)
# run: show()
