"""A module-level list passed on to scripted callees: one appends to it, one keeps it in a
list of lists, and a chain of calls reaches a function that uses the global while the
functions between never name it (the hidden parameter is threaded through them)."""
from typing import List

ACC = [0.5]


def extend_by(xs: List[float], k: int) -> None:
    for i in range(k):
        xs.append(i * 0.25)


def innermost(x: float) -> int:
    ACC.append(x)
    return len(ACC)


def middle(x: float) -> int:
    return innermost(x) + innermost(x * 2.0)


def outer(x: float) -> int:
    return middle(x) * 2


def pass_global(k: int) -> float:
    del ACC[1:]
    extend_by(ACC, k)
    rows = [ACC, [9.0]]
    rows[0].append(1.0)
    return sum(ACC) + len(ACC) * 100.0


def through_chain(x: float) -> float:
    del ACC[1:]
    n = outer(x)
    return n + sum(ACC)


# run: pass_global(3)
# run: pass_global(0)
# run: through_chain(1.5)
