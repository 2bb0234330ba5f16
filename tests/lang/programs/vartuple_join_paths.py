"""A variable that is a tuple of one length on one path and of another length on another
is a Tuple[T, ...]; a function returning tuples of different lengths, and a generator
yielding them."""
from typing import List, Tuple


def pick(n: int) -> Tuple[int, ...]:
    if n > 0:
        t = (1, 2)
    else:
        t = (1, 2, 3)
    return t


def grow(n: int) -> str:
    t = ()
    for i in range(n):
        t = t + (i,)
    return f"{t} {len(t)}"


def returns(n: int):
    if n == 0:
        return ()
    if n == 1:
        return (1,)
    return (1, 2)


def use_returns(n: int) -> str:
    r = returns(n)
    return f"{r} {len(r)}"


def gen(n: int):
    for i in range(n):
        yield tuple(range(i))


def use_gen(n: int) -> List[Tuple[int, ...]]:
    return list(gen(n))


def gen_fixed(n: int):
    yield (1, 2)
    yield (3, 4, 5)
    yield tuple(range(n))


def use_gen_fixed(n: int) -> int:
    s = 0
    for t in gen_fixed(n):
        s = s * 10 + len(t)
    return s


# run: pick(1)
# run: pick(0)
# run: grow(0)
# run: grow(4)
# run: use_returns(0)
# run: use_returns(1)
# run: use_returns(2)
# run: use_gen(4)
# run: use_gen_fixed(6)
