"""An empty list takes its item type from its first extend, as from its first append:
`chunk = []` then `chunk.extend([(k, d)])` (the Benchmarks Game's binary-trees builds its
chunks so), from a list, a generator expression, a range or a string."""
from typing import List


def chunks(n: int, size: int) -> List[List[int]]:
    out = []
    chunk = []
    for k in range(n):
        chunk.extend([k * k])
        if len(chunk) == size:
            out.append(chunk)
            chunk = []
    if chunk:
        out.append(chunk)
    return out


def pairs(n: int) -> int:
    chunk = []
    for k in range(n):
        chunk.extend([(k, 2 * k)])
    out = []
    out.extend(x for x, y in chunk if y > 2)
    return len(chunk) * 100 + sum(out)


def letters(s: str) -> List[str]:
    xs = []
    xs.extend(s)
    xs.extend(["!"])
    return xs


def from_range(n: int) -> List[int]:
    xs = []
    xs.extend(range(n, 0, -2))
    return xs


# run: chunks(7, 3)
# run: chunks(0, 3)
# run: pairs(5)
# run: pairs(0)
# run: letters("abc")
# run: from_range(7)
