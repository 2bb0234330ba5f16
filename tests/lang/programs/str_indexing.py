"""s[i] with positive and negative indices."""
from typing import List


def chars(s: str) -> List[str]:
    out: List[str] = []
    for i in range(len(s)):
        out.append(s[i])
        out.append(s[-1 - i])
    return out


def at(s: str, i: int) -> str:
    return s[i]


# run: chars("abc")
# run: chars("")
# run: at("hello", 4)
# run: at("hello", -5)
# run: at("hello", 5)
# run: at("hello", -6)
# run: at("", 0)
