"""print of lists and tuples uses the repr of their elements."""
from typing import List


def show_lists(n: int) -> None:
    xs: List[int] = []
    print(xs)
    for i in range(n):
        xs.append(i * i - 3)
    print(xs)
    print([0.1, 1.0, -0.0, 1e-05, 1e20])
    print([True, False])
    print([x / 2 for x in xs])


def show_tuples(a: int, b: float) -> None:
    print((a, b))
    print((a,))
    print((True, a, b, None))
    t = (b, b * 2.0)
    print(t, "and", (a, a))


# run: show_lists(5)
# run: show_tuples(3, 0.5)
# run: show_tuples(-1, 1e100)
