"""Module-level names rebound by scripted functions (`global`, frontend/global_rebind.py):
counters, running totals and flags that functions update and other functions read (in the
same call, also when the rebinding function is a callee), an Optional annotated at module
level, a str, a list rebound to a new list; the module sees each new value, also when the
call raises after rebinding."""
from typing import List, Optional

counter = 0
total: float = 0.0
best: Optional[int] = None
label = "start"
ROWS = [1, 2]


def tick(n: int) -> int:
    global counter
    counter += n
    return counter


def read_counter() -> int:
    return counter


def run_ticks(k: int) -> tuple:
    global counter
    counter = 0
    seen = []
    for i in range(k):
        tick(i)
        seen.append(read_counter())
    return (counter, seen)


def track(xs: List[float]) -> tuple:
    global total, best
    total = 0.0
    best = None
    for x in xs:
        total = total + x
        if best is None or int(x) > best:
            best = int(x)
    return (total, best)


def relabel(parts: List[str]) -> str:
    global label
    label = "start"
    for p in parts:
        label = label + "-" + p
    return label


def replace_rows(x: int) -> int:
    global ROWS
    ROWS = [1, 2]
    ROWS = [x] * x
    return len(ROWS) + sum(ROWS)


def fail_after(k: int) -> int:
    global counter
    counter = k
    if k > 2:
        raise ValueError("too big: " + str(counter))
    return counter


# run: run_ticks(5)
# run: run_ticks(0)
# run: track([2.5, 1.0, 7.9, -3.0])
# run: track([])
# run: relabel(["a", "bc"])
# run: replace_rows(3)
# run: fail_after(1)
# run: fail_after(5)
