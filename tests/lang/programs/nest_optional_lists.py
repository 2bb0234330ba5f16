"""Lists holding Optional lists, and Optional list parameters."""
from typing import List, Optional


def lengths(m: List[Optional[List[int]]]) -> List[int]:
    out: List[int] = []
    for row in m:
        if row is None:
            out.append(-1)
        else:
            out.append(len(row))
    return out


def first_or_empty(m: Optional[List[List[int]]]) -> List[int]:
    if m is None or not m:
        return []
    return m[0]


# run: lengths([[1, 2], None, []])
# run: first_or_empty(None)
# run: first_or_empty([[3, 4], [5]])
# run: first_or_empty([])
