"""Strings through the iteration builtins: enumerate over a str, sorted and join of
strings, generator expressions of str, a str Optional result, and a caught ValueError."""
from typing import List, Optional


def letters(s: str) -> int:
    n = 0
    for i, c in enumerate(s):
        if c.isalpha():
            n += i
    return n


def longest(words: List[str]) -> str:
    best = ""
    for w in sorted(words):
        if len(w) > len(best):
            best = w
    return best


def first_digit(s: str) -> Optional[str]:
    for c in s:
        if c.isdigit():
            return c
    return None


def parse_or(s: str, d: int) -> int:
    try:
        return int(s)
    except ValueError as e:
        print(f"bad {s!r}: {str(e)}")
        return d


def joined(words: List[str]) -> str:
    return "-".join(w.upper() for w in words if w)


# run: letters("ab1c")
# run: letters("")
# run: longest(["pear", "fig", "banana", "kiwi"])
# run: longest([])
# run: first_digit("ab3c")
# run: first_digit("abc")
# run: parse_or("12", 0)
# run: parse_or("x1", 7)
# run: joined(["a", "", "bc"])
# run: joined([])
