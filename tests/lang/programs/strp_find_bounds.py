"""find/rfind/index/rindex/count/startswith/endswith with start and end bounds, on ASCII
and non-ASCII text (bounds and results are code-point positions)."""
from typing import List


def probe(s: str, sub: str) -> List[int]:
    out: List[int] = []
    for a in range(-3, len(s) + 2, 2):
        out.append(s.find(sub, a))
        out.append(s.rfind(sub, a))
        out.append(s.count(sub, a))
        out.append(s.find(sub, 0, a))
        out.append(1 if s.startswith(sub, a) else 0)
        out.append(1 if s.endswith(sub, 0, a) else 0)
    return out


def where(s: str, sub: str) -> int:
    return s.index(sub, 1) * 100 + s.rindex(sub, 0, len(s) - 1)


# run: probe("abcabcab", "ab")
# run: probe("héllo wörld héllo", "é")
# run: probe("日本語日本語", "本語")
# run: probe("aaa", "")
# run: where("xabxabx", "ab")
# run: where("abc", "zz")
