"""Comparison and ordering of strings (code-point order: UTF-8 byte order), `in`,
equality of lists of strings, and sorting."""
from typing import List


def order(words: List[str]) -> List[str]:
    out = sorted(words)
    lo = out[0]
    hi = out[0]
    for w in words:
        if w < lo:
            lo = w
        if w >= hi:
            hi = w
    return out + [lo, hi, str("é" > "z"), str("ab" in words), str(words == sorted(words))]


# run: order(["pear", "Apple", "apple", "é", "z", "", "ab", "abc", "日本"])
# run: order(["b", "a"])
