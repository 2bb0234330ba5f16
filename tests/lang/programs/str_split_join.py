"""split, rsplit (with and without a separator, with maxsplit), join, splitlines."""
from typing import List


def splits(s: str) -> List[str]:
    return [str(s.split()), str(s.split(",")), str(s.split(",", 1)), str(s.rsplit(",", 1)),
            str(s.split(None, 1)), str(s.rsplit()), str(s.split(", ")), str(s.splitlines())]


def joins(words: List[str]) -> List[str]:
    return [",".join(words), "".join(words), " -- ".join(words), "x".join([])]


def bad_sep(s: str) -> List[str]:
    return s.split("")


# run: splits("a,b,,c")
# run: splits("  leading and   trailing  ")
# run: splits("")
# run: splits("one, two, three\nfour")
# run: joins(["a", "b", "c"])
# run: joins([])
# run: bad_sep("abc")
