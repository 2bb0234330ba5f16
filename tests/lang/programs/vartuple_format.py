"""str/repr/print/f-strings of Tuple[T, ...] (`(1,)`, `()`), and `%` formatting with a
tuple of run-time length on the right: the count is checked at run time with CPython's
TypeError messages."""
from typing import List, Tuple


def show(xs: List[int]) -> str:
    t = tuple(xs)
    return str(t) + "|" + repr(t) + "|" + f"{t}|{t!r}|{len(t)}"


def show_str(words: List[str]) -> None:
    t = tuple(words)
    print(t)
    print(t, len(t))


def show_float(xs: List[float]) -> str:
    return f"{tuple(xs)}"


def percent(xs: List[int]) -> str:
    return "%d-%d" % tuple(xs)


def percent_str(words: List[str]) -> str:
    fmt = "%-5s|%5s"
    return fmt % tuple(words)


# run: show([])
# run: show([1])
# run: show([1, 2, 3])
# run: show_str(["a", "b'c"])
# run: show_str([])
# run: show_float([0.5, 1e20, -0.0])
# run: percent([1, 2])
# run: percent([1])
# run: percent([1, 2, 3])
# run: percent_str(["ab", "cd"])
# run: percent_str(["ab"])
