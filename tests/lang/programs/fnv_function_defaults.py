# Functions as default values (binary-trees' `make_check(itde, make=make_tree,
# check=check_tree)`), builtins too.
from typing import List, Tuple


def double(x: int) -> int:
    return 2 * x


def inc(x: int) -> int:
    return x + 1


def both(x: int, first=double, then=inc) -> int:
    return then(first(x))


def measure(xs: List[str], size=len) -> int:
    return sum(size(x) for x in xs)


def pair(t: Tuple[int, int], f=max) -> int:
    return f(t[0], t[1])


def run(n: int) -> List[int]:
    return [both(n), both(n, inc), both(n, then=double), measure(["ab", "c"]), pair((n, 4))]


# run: run(3)
# run: run(10)
