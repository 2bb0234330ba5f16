"""Lists of lists of str: words by length, joined back."""
from typing import List


def by_length(words: List[str]) -> List[List[str]]:
    longest = 0
    for w in words:
        longest = max(longest, len(w))
    groups: List[List[str]] = [[] for _ in range(longest + 1)]
    for w in words:
        groups[len(w)].append(w)
    return groups


def joined(words: List[str]) -> str:
    out = ""
    for g in by_length(words):
        out += ",".join(g) + ";"
    return out


# run: by_length(["a", "bb", "cc", "d", "eee"])
# run: joined(["x", "yy", "", "zzz"])
