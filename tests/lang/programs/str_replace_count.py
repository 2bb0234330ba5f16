"""replace (with a count) and count (with bounds)."""
from typing import List


def replaces(s: str) -> List[str]:
    return [s.replace("a", "o"), s.replace("an", "AN", 1), s.replace("", "-"), s.replace("zz", "y"),
            s.replace("a", ""), s.replace("a", "b", 0), s.replace("a", "b", -1)]


def counts(s: str, sub: str) -> List[int]:
    return [s.count(sub), s.count(sub, 2), s.count(sub, 1, 5), s.count(""), s.count(sub, -3)]


# run: replaces("banana")
# run: replaces("")
# run: counts("banana", "a")
# run: counts("aaaa", "aa")
# run: counts("", "x")
