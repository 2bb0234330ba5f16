"""Integer format specs: width, alignment, fill, sign, zero padding, bases."""
from typing import List


def widths(ns: List[int]) -> List[str]:
    out: List[str] = []
    for n in ns:
        out.append(f"[{n:>5d}][{n:<5}][{n:^7}][{n:05d}][{n:+d}][{n: d}][{n:*>8}][{n:=+8}]")
        out.append(f"[{n:x}][{n:#x}][{n:X}][{n:#o}][{n:b}][{n:#010b}][{n + 32:c}]" if n >= 0 else
                   f"[{n:x}][{n:#x}][{n:o}][{n:b}]")
    return out


def with_floats(n: int) -> str:
    return f"{n:.2f}|{n:e}|{n:%}|{n:g}"


# run: widths([0, 7, -7, 42, 65, 255, 1000000, -123456])
# run: with_floats(3)
# run: with_floats(-12345)
