"""repr(e) and type(e).__name__ of a caught exception, as logging code writes them:
`ValueError('bad -1')`, `ValueError()` for a class raised without a message, a KeyError's
repr holding its key's repr, a user class's own name, and errors raised by operations."""
from typing import Dict, List


class QuotaError(ValueError):
    pass


class HardQuotaError(QuotaError):
    pass


def describe(n: int, d: Dict[str, int], xs: List[int]) -> str:
    try:
        if n < 0:
            raise ValueError(f"bad {n}")
        if n == 1:
            raise QuotaError
        if n == 2:
            return str(d["zz"])
        if n == 3:
            raise HardQuotaError("over by 3")
        if n == 4:
            return str(xs[10])
        return str(10 // (n - 5))
    except Exception as e:
        return f"{type(e).__name__}: {e} | {repr(e)}"


def log_lines(ns: List[int]) -> List[str]:
    out: List[str] = []
    for n in ns:
        try:
            out.append(str(100 // n))
        except ZeroDivisionError as e:
            out.append(type(e).__name__)
    return out


def name_of_lookup_error(k: int) -> str:
    d = {1: "one"}
    try:
        return d[k]
    except LookupError as e:
        return repr(e) + " " + type(e).__name__


# run: describe(-1, {"a": 1}, [1])
# run: describe(1, {"a": 1}, [1])
# run: describe(2, {"a": 1}, [1])
# run: describe(3, {"a": 1}, [1])
# run: describe(4, {"a": 1}, [1])
# run: describe(5, {"a": 1}, [1])
# run: describe(7, {"a": 1}, [1])
# run: log_lines([5, 0, -3, 0])
# run: name_of_lookup_error(1)
# run: name_of_lookup_error(2)
