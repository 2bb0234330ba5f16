"""insert remove index count extend reverse clear, with CPython's errors."""
from typing import List


def edits(n: int) -> List[int]:
    xs = [1, 2, 3]
    xs.insert(0, n)
    xs.insert(-1, 10)
    xs.insert(100, 20)
    xs.insert(-100, 30)
    xs.remove(2)
    xs.extend([7, 8])
    xs.extend(range(3))
    xs.reverse()
    return xs


def lookups(v: int) -> int:
    xs = [5, 3, 5, 7, 5]
    return xs.index(5) * 1000 + xs.index(5, 1) * 100 + xs.index(5, -2) * 10 + xs.count(v)


def index_missing(v: int) -> int:
    xs = [1, 2, 3]
    return xs.index(v)


def index_window(v: int) -> int:
    xs = [1, 2, 3, 2]
    return xs.index(v, 0, 2)


def remove_missing(v: float) -> List[float]:
    xs = [1.0, 2.5]
    xs.remove(v)
    return xs


def clear_and_reuse(n: int) -> List[int]:
    xs = [1, 2]
    ys = xs
    xs.clear()
    ys.append(n)
    return xs


def extend_self(n: int) -> List[int]:
    xs = [n, n + 1]
    xs.extend(xs)
    return xs


def strs() -> List[str]:
    ws = ["b", "a"]
    ws.insert(1, "c")
    ws.extend(["d"])
    print(ws.index("a"), ws.count("b"))
    ws.remove("b")
    return ws


# run: edits(9)
# run: lookups(5)
# run: index_missing(2)
# run: index_missing(4)
# run: index_window(2)
# run: index_window(3)
# run: remove_missing(2.5)
# run: remove_missing(3.0)
# run: clear_and_reuse(4)
# run: extend_self(3)
# run: strs()
