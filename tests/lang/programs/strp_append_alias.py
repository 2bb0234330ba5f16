"""`s += t` in loops grows s in place where nothing else can see s (native code): these
loops keep, compare, return and interleave the strings being grown, and must see exactly
CPython's values."""
from typing import List


def kept(n: int) -> str:
    s = "x"
    keep: List[str] = []
    for i in range(n):
        t = s
        s += "ab"
        keep.append(t)
    return ",".join(keep) + "|" + s


def read_between(n: int) -> str:
    s = ""
    total = 0
    for i in range(n):
        total += len(s)
        if s.endswith("é"):
            total += 100
        s += "é" if i % 2 else "a"
    return f"{total} {s} {len(s)}"


def two_builders(n: int) -> str:
    a = ""
    b = "start:"
    for i in range(n):
        a += str(i)
        b += a[-1:]
        a += ","
    return a + "|" + b


def grow(n: int, piece: str) -> str:
    s = ""
    for _ in range(n):
        s += piece
    return s


def grow_twice(n: int) -> str:
    s = grow(n, "日")
    t = s
    for _ in range(n):
        s += "!"
    return t + "|" + s + "|" + grow(n, "ab")


def branchy(n: int) -> str:
    s = "<"
    i = 0
    while i < n:
        if i % 3 == 0:
            s = s + "a" + str(i)
        elif i % 3 == 1:
            s += "b"
        else:
            s = "[" + s + "]"
        i += 1
    return s


# run: kept(5)
# run: kept(0)
# run: read_between(9)
# run: two_builders(12)
# run: grow(3000, "xy")
# run: grow_twice(5)
# run: branchy(10)
