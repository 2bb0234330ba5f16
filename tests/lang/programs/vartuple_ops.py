"""Operations on variable-length tuples: slicing (steps), iteration, `in`, count/index,
comparisons (also with fixed tuples), `+`, `*` by a run-time count, builtins over them."""
from typing import List, Tuple


def slices(n: int) -> str:
    t = tuple(range(n))
    return f"{t[1:]} {t[::2]} {t[::-1]} {t[-2:]} {t[5:1:-2]} {t[:0]}"


def slice_step_zero(n: int) -> Tuple[int, ...]:
    t = tuple(range(n))
    return t[::0]


def membership(xs: List[int], v: int) -> str:
    t = tuple(xs)
    return f"{v in t} {v not in t} {t.count(v)}"


def find(xs: List[int], v: int) -> int:
    return tuple(xs).index(v)


def compare(a: List[int], b: List[int]) -> str:
    s = tuple(a)
    t = tuple(b)
    return f"{s == t} {s != t} {s < t} {s <= t} {s > t} {s >= t}"


def compare_fixed(a: List[int]) -> str:
    s = tuple(a)
    return f"{s == (1, 2)} {s < (1, 2)} {(1, 2) <= s} {s != ()}"


def concat(a: List[int], b: List[int]) -> Tuple[int, ...]:
    s = tuple(a)
    t = tuple(b)
    return s + t + (7,) + ()


def concat_fixed_first(a: List[int]) -> Tuple[int, ...]:
    return (0, 1) + tuple(a)


def repeat(a: List[int], n: int) -> str:
    s = tuple(a)
    return f"{s * n} {n * s} {(1, 2) * n} {s * 0}"


def builtins_over(xs: List[int]) -> str:
    t = tuple(xs)
    return (f"{sorted(t)} {sum(t)} {min(t)} {max(t)} {any(t)} {all(t)} {list(t)} "
            f"{tuple(t)} {list(reversed(t))} {list(enumerate(t))} {list(zip(t, t[1:]))}")


def truth(xs: List[int]) -> str:
    t = tuple(xs)
    return "yes" if t else "no"


def augmented(n: int) -> Tuple[int, ...]:
    t = tuple(range(0))
    for i in range(n):
        t += (i,)
    t *= 2
    return t


# run: slices(0)
# run: slices(7)
# run: slice_step_zero(3)
# run: membership([1, 2, 1, 3], 1)
# run: membership([], 1)
# run: find([5, 6, 7], 7)
# run: find([5, 6, 7], 8)
# run: compare([1, 2], [1, 2])
# run: compare([1, 2], [1, 3])
# run: compare([1, 2, 3], [1, 2])
# run: compare([], [0])
# run: compare_fixed([1, 2])
# run: compare_fixed([1])
# run: compare_fixed([])
# run: concat([1, 2], [3])
# run: concat([], [])
# run: concat_fixed_first([5])
# run: repeat([1, 2], 3)
# run: repeat([1, 2], -1)
# run: repeat([], 2)
# run: builtins_over([3, 1, 2])
# run: builtins_over([0, 5])
# run: truth([])
# run: truth([0])
# run: augmented(4)
# run: augmented(0)
