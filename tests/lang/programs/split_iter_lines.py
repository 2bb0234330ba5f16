"""`for line in s.splitlines()` walks the lines without a list (frontend/lower_split.py):
\\n, \\r\\n, \\r and str.splitlines' other boundaries (\\v \\f \\x1c-\\x1e, U+0085, U+2028,
U+2029), blank lines, no empty line after a final break, and break/else."""
from typing import List


def lines(s: str) -> List[str]:
    out: List[str] = []
    for line in s.splitlines():
        out.append("<" + line + ">")
    return out


def first_blank(s: str) -> int:
    k = 0
    for line in s.splitlines():
        if not line.strip():
            break
        k += 1
    else:
        k = -1
    return k


def ini(s: str) -> List[str]:
    return [line.split("=")[0].strip() for line in s.splitlines() if "=" in line]


# run: lines("a\nb\r\nc\rd")
# run: lines("a\n\nb\n")
# run: lines("")
# run: lines("\n")
# run: lines("\r\n\r\n")
# run: lines("x\x0by\x0cz\x1cw\x1dv\x1eu")
# run: lines("caf\u00e9\u0085na\u00efve\u2028r\u00e9sum\u00e9\u2029\u65e5\u672c")
# run: lines("tab\tand space stay ")
# run: first_blank("a\nb\n\nc")
# run: first_blank("a\nb")
# run: ini("[s]\nk = 1\n\nname=x\n")
