"""Index-based scanning with while and find: all occurrences, longest common prefix."""
from typing import List


def occurrences(s: str, sub: str) -> List[int]:
    out: List[int] = []
    i = s.find(sub)
    while i >= 0:
        out.append(i)
        i = s.find(sub, i + 1)
    return out


def common_prefix(words: List[str]) -> str:
    if not words:
        return ""
    prefix = words[0]
    for w in words:
        while not w.startswith(prefix):
            prefix = prefix[:-1]
    return prefix


# run: occurrences("abababa", "aba")
# run: occurrences("mississippi", "ss")
# run: occurrences("", "a")
# run: common_prefix(["flower", "flow", "flight"])
# run: common_prefix(["naïve", "naïvety"])
# run: common_prefix([])
