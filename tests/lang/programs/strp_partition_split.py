"""partition/rpartition, split and rsplit with maxsplit, splitlines."""
from typing import List


def parts(s: str, sep: str) -> str:
    a, b, c = s.partition(sep)
    d, e, f = s.rpartition(sep)
    return f"{a!r} {b!r} {c!r} / {d!r} {e!r} {f!r}"


def splits(s: str) -> List[str]:
    return s.split(",", 1) + s.rsplit(",", 1) + s.split(None, 2) + s.rsplit(None, 1) + s.rsplit(",")


def lines(s: str) -> List[str]:
    return s.splitlines()


def empty_sep(s: str) -> str:
    a, b, c = s.partition("")
    return a


# run: parts("key=value=more", "=")
# run: parts("novalue", "=")
# run: parts("clé→valeur", "→")
# run: splits("a,b , c,,d ")
# run: splits("  one  two three  ")
# run: splits("")
# run: lines("one\ntwo\r\nthree\rfour\x0bfive\n")
# run: lines("")
# run: empty_sep("abc")
