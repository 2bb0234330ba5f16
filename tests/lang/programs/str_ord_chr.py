"""ord and chr, across ASCII, Latin-1, CJK and astral code points; their errors."""
from typing import List


def roundtrip(s: str) -> List[int]:
    out: List[int] = []
    for c in s:
        k = ord(c)
        out.append(k)
        if chr(k) != c:
            out.append(-1)
    return out


def make(ks: List[int]) -> str:
    s = ""
    for k in ks:
        s += chr(k)
    return s


def bad_ord(s: str) -> int:
    return ord(s)


def bad_chr(k: int) -> str:
    return chr(k)


# run: roundtrip("aZ~é日😀")
# run: make([72, 105, 33, 233, 26085, 128512])
# run: bad_ord("ab")
# run: bad_ord("")
# run: bad_chr(-1)
# run: bad_chr(1114112)
# run: bad_chr(1114111)
