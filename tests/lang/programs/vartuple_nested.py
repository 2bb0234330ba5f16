"""Tuple[T, ...] inside containers and of containers: lists of them (sorted, max, `in`),
tuples of tuples, tuples of lists, and a list of rows zipped back."""
from typing import List, Tuple


def sort_rows(n: int) -> List[Tuple[int, ...]]:
    rows = [tuple(range(i, 0, -1)) for i in range(n)]
    rows.sort()
    return rows


def biggest(n: int) -> str:
    rows = [tuple(j * i % 5 for j in range(i)) for i in range(n)]
    return f"{max(rows)} {min(rows)} {(0, 2, 4) in rows} {rows.index(())}"


def of_tuples(n: int) -> str:
    t = tuple((i, i * i) for i in range(n))
    s = 0
    for a, b in t:
        s += a * b
    return f"{t} {s}"


def of_lists(n: int) -> str:
    t = tuple([i] * i for i in range(n))
    return f"{t} {len(t)} {sum(len(x) for x in t)}"


def tuple_of_tuples(n: int) -> Tuple[Tuple[int, ...], ...]:
    return tuple(tuple(range(i)) for i in range(n))


# run: sort_rows(4)
# run: biggest(5)
# run: of_tuples(4)
# run: of_tuples(0)
# run: of_lists(4)
# run: tuple_of_tuples(3)
