"""Slicing with steps, ASCII and non-ASCII, every bound form."""
from typing import List


def cuts(s: str) -> List[str]:
    return [s[1:], s[:3], s[-3:], s[::2], s[::-1], s[1:-1:3], s[5:1:-1], s[-100:100],
            s[3:3], s[::-3], s[len(s):]]


# run: cuts("abcdefghij")
# run: cuts("héllo wörld ½")
# run: cuts("日本語のテキスト")
# run: cuts("")
# run: cuts("x")
