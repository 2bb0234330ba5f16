"""CJK and astral-plane characters (emoji): code points, not bytes or UTF-16 units."""
from typing import List


def info(s: str) -> List[str]:
    out: List[str] = [str(len(s))]
    for i in range(len(s)):
        out.append(s[i] + ":" + str(ord(s[i])))
    out.append(s[::2])
    out.append(f"[{s:^10}]")
    out.append(repr(s))
    return out


# run: info("日本語")
# run: info("a😀b🎉")
# run: info("한국어 텍스트")
