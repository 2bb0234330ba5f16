"""Deduplicate a list keeping first occurrences (set + list)."""
from typing import List


def dedupe(xs: List[int]) -> List[int]:
    seen = set()
    out = []
    for x in xs:
        if x not in seen:
            seen.add(x)
            out.append(x)
    return out


def dedupe_str(xs: List[str]) -> List[str]:
    return sorted(set(xs))


# run: dedupe([3, 1, 3, 2, 1])
# run: dedupe([])
# run: dedupe_str(["b", "a", "b"])
