"""isinstance refines a union of unrelated classes: to the tested class where it holds,
to the other classes where it does not (so a field only one class has is read there)."""
from typing import List, Union


class Num:
    def __init__(self, v: int):
        self.v = v


class Neg:
    def __init__(self, inner: Num):
        self.inner = inner


class Pair:
    def __init__(self, a: int, b: int):
        self.a = a
        self.b = b


def value(x: Union[Num, Neg, Pair]) -> int:
    if isinstance(x, Num):
        return x.v
    elif isinstance(x, Neg):
        return -x.inner.v
    return x.a * x.b


def evaluate(n: int) -> List[int]:
    items: List[Union[Num, Neg, Pair]] = []
    for i in range(n):
        k = i % 3
        if k == 0:
            items.append(Num(i))
        elif k == 1:
            items.append(Neg(Num(i)))
        else:
            items.append(Pair(i, i + 1))
    return [value(x) for x in items]


def count_pairs(n: int) -> int:
    xs = [Num(1), Pair(2, 3), Neg(Num(4)), Pair(5, 6)] * n
    c = 0
    for x in xs:
        if not isinstance(x, Pair):
            continue
        c += x.b - x.a
    return c + sum(1 for x in xs if isinstance(x, (Num, Neg)))


# run: evaluate(7)
# run: evaluate(0)
# run: count_pairs(3)
