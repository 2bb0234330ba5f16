"""Slicing with steps, negative steps, omitted and out-of-range bounds."""
from typing import List


def slices(s: str) -> List[str]:
    return [s[1:], s[:2], s[1:3], s[::2], s[::-1], s[-2:], s[:-2], s[5:1:-1], s[100:],
            s[-100:2], s[::3], s[1::-1], s[:], s[2:2], s[-1:-4:-1], s[True:]]


def var_slice(s: str, a: int, b: int, c: int) -> str:
    return s[a:b:c]


# run: slices("abcdefgh")
# run: slices("")
# run: slices("日本語テキスト")
# run: var_slice("abcdefgh", 1, 7, 2)
# run: var_slice("abcdefgh", 7, 0, -3)
# run: var_slice("abcdefgh", 0, 5, 0)
