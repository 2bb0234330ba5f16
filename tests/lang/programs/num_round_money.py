"""round() where programs print money and percentages (banker's rounding visible)."""
from typing import List


def cents(prices: List[float], qty: List[int]) -> List[float]:
    out: List[float] = []
    total = 0.0
    for p, q in zip(prices, qty):
        line = round(p * q, 2)
        total += line
        out.append(line)
    out.append(round(total, 2))
    out.append(round(total * 0.0825, 2))
    return out


def percent(a: int, b: int) -> str:
    return str(round(100 * a / b, 1)) + "%"


def nearest(xs: List[float], step: int) -> List[int]:
    return [round(x) * step for x in xs]


# run: cents([19.99, 5.005, 0.125, 2.675, 1.115], [3, 2, 7, 1, 9])
# run: percent(1, 3)
# run: percent(2, 3)
# run: nearest([0.5, 1.5, 2.5, -0.5, 3.49999], 10)
