# Methods of str named on the class: `map(str.upper, words)`, `key=str.lower`,
# `str.strip(w)`.
from typing import List


def upper_all(s: str) -> List[str]:
    return list(map(str.upper, s.split()))


def case_blind(s: str) -> List[str]:
    return sorted(s.split(), key=str.lower)


def stripped(s: str) -> List[str]:
    return [str.strip(w) for w in s.split(",")]


def apply_all(s: str) -> str:
    out = ""
    for f in (str.upper, str.lower, str.title):
        out += f(s) + "|"
    return out


# run: upper_all("ab cd e")
# run: case_blind("b A c B a")
# run: stripped(" a , b,c ")
# run: apply_all("hello world")
