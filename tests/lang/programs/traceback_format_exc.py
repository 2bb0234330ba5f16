"""traceback.format_exc() in an except clause: the text of the exception being handled
(first and last lines: pts keeps only the frame that raised, CPython all of them)."""
import traceback
from typing import List


def divide(a: int, b: int) -> int:
    return a // b


def first_last(a: int, b: int) -> List[str]:
    try:
        return [str(divide(a, b))]
    except ZeroDivisionError:
        lines = traceback.format_exc().splitlines()
        return [lines[0], lines[-1], str(len(lines) > 2)]


def from_raise(n: int) -> str:
    try:
        if n > 2:
            raise ValueError(f"n is {n}")
        if n < 0:
            raise KeyError
        return "fine"
    except Exception:
        text = traceback.format_exc()
        return text.splitlines()[-1] + "|" + str(text.endswith("\n"))


def bare(xs: List[int], i: int) -> str:
    try:
        return str(xs[i])
    except:
        import traceback
        return traceback.format_exc().splitlines()[-1]


# run: first_last(7, 2)
# run: first_last(7, 0)
# run: from_raise(1)
# run: from_raise(5)
# run: from_raise(-1)
# run: bare([1, 2], 1)
# run: bare([1, 2], 5)
