"""in / not in: substrings, and strings in lists of strings."""
from typing import List


def contains(s: str, sub: str, xs: List[str]) -> List[bool]:
    return [sub in s, sub not in s, "" in s, s in xs, sub in xs, sub not in xs, "é" in s]


# run: contains("hello", "ell", ["a", "hello"])
# run: contains("hello", "xyz", ["xyz"])
# run: contains("", "", [])
# run: contains("café", "é", ["café"])
