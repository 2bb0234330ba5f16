"""partition and rpartition give 3-tuples; an empty separator is a ValueError."""
from typing import Tuple


def parts(s: str, sep: str) -> Tuple[Tuple[str, str, str], Tuple[str, str, str]]:
    return s.partition(sep), s.rpartition(sep)


def key_value(line: str) -> str:
    k, _, v = line.partition("=")
    return k.strip() + ":" + v.strip()


# run: parts("a=b=c", "=")
# run: parts("abc", "x")
# run: parts("", "=")
# run: parts("abc", "")
# run: key_value(" name = pts ")
