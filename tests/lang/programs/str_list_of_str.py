"""List[str] values: literals, append, indexing, assignment, ==, in, pop, len."""
from typing import List


def ops(extra: str) -> List[str]:
    xs: List[str] = ["b", "a"]
    xs.append(extra)
    xs[0] = xs[0] + "!"
    ys = ["b!", "a", extra]
    out: List[str] = [str(xs == ys), str(xs != ["b!"]), str(extra in xs), str(len(xs))]
    last = xs.pop()
    out.append(last)
    out.append(str(xs))
    zs = xs * 2 + [last]
    out.append(repr(zs))
    return out


def param(words: List[str]) -> str:
    words.append("end")
    return "-".join(words)


# run: ops("c")
# run: ops("")
# run: param(["x", "y"])
# run: param([])
