"""repr() of strings: quote choice, escapes, non-ASCII kept, non-printables escaped."""
from typing import List


def reprs(xs: List[str]) -> List[str]:
    out: List[str] = []
    for s in xs:
        out.append(repr(s))
        out.append(ascii(s))
    return out


def control() -> List[str]:
    return [repr("\n\t\r\\"), repr("\x00\x7f\x1b"), repr("\u200b"), repr("it's \"x\"")]


# run: reprs(["plain", "it's", 'say "hi"', "both ' and \"", "tab\there", "é ü ß", "日本", "😀", ""])
# run: control()
