"""zfill, ljust, rjust, center (with fill characters); a fill of two characters is a TypeError."""
from typing import List


def pads(s: str, w: int) -> List[str]:
    return [s.zfill(w), s.ljust(w), s.rjust(w), s.center(w), s.ljust(w, "."), s.rjust(w, "*"),
            s.center(w, "-"), "[" + s.center(w + 1) + "]"]


def bad_fill(s: str) -> str:
    return s.center(10, "ab")


# run: pads("42", 6)
# run: pads("-42", 6)
# run: pads("+7", 1)
# run: pads("héllo", 9)
# run: pads("", 3)
# run: bad_fill("x")
