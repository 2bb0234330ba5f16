"""print() of an Optional prints None or the value."""
from typing import Optional


def show(x: Optional[int], y: Optional[float]) -> None:
    print(x, y)
    print("pair", (x, 1))


def show_local(n: int) -> int:
    v = None
    print(v)
    if n > 0:
        v = n
    print(v)
    return n


# run: show(1, 2.5)
# run: show(None, None)
# run: show_local(3)
# run: show_local(-3)
