"""`for x in s.split(sep)` and `s.split(sep, maxsplit)` as a loop over the pieces (no
list): empty fields, leading and trailing separators, multi-character separators,
maxsplit (0, negative, None as the separator), and an empty separator's ValueError."""
from typing import List


def fields(s: str, sep: str) -> List[str]:
    out: List[str] = []
    for f in s.split(sep):
        out.append("[" + f + "]")
    return out


def limited(s: str, sep: str, n: int) -> List[str]:
    out: List[str] = []
    for f in s.split(sep, n):
        out.append("[" + f + "]")
    return out


def ws_limited(s: str, n: int) -> List[str]:
    out: List[str] = []
    for f in s.split(None, n):
        out.append("[" + f + "]")
    return out


def csv_sum(s: str) -> int:
    total = 0
    for row in s.split(";"):
        for cell in row.split(","):
            if cell == "":
                continue
            total += int(cell)
    return total


def first_two(s: str) -> str:
    got = ""
    for k in s.split(",", 2):
        got += k + "|"
    return got


def empty_sep(s: str) -> int:
    n = 0
    for x in s.split(""):
        n += 1
    return n


# run: fields("a,b,,c", ",")
# run: fields(",a,", ",")
# run: fields("", ",")
# run: fields(",", ",")
# run: fields("abc", ",")
# run: fields("a::b::::c::", "::")
# run: fields("x--y-z---", "--")
# run: fields("\u00e9t\u00e9,\u00e0,\u65e5\u672c", ",")
# run: fields("a\u00e9b\u00e9c", "\u00e9")
# run: limited("a,b,c,d", ",", 2)
# run: limited("a,b,c,d", ",", 0)
# run: limited("a,b,c,d", ",", -1)
# run: limited("a,b,c,d", ",", 10)
# run: limited(",,", ",", 1)
# run: ws_limited("  a  b  c  ", 1)
# run: ws_limited("  a  b  c  ", 0)
# run: ws_limited("  a  b  c  ", 2)
# run: ws_limited("  a  b  c  ", 3)
# run: ws_limited("  a  b  c  ", -1)
# run: ws_limited("   ", 0)
# run: ws_limited("a\u3000\u3000b c", 1)
# run: csv_sum("1,2,,3;4;;5,6")
# run: first_two("a,b,c,d")
# run: empty_sep("abc")
