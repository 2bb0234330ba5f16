"""An f-string formatter over records: widths, alignment, precision, signs, thousands."""
from typing import List


def table(n: int) -> str:
    names = ["apple", "banana", "kiwi", "crème", "日本茶"]
    out: List[str] = []
    for i in range(n):
        name = names[i % 5]
        qty = (i * 7919) % 1000 - 300
        price = (i % 17) * 1.25 + 0.005 * i
        out.append(f"{name:<10}|{qty:>6d}|{price:10.2f}|{qty:+05d}|{price * 1000:,.1f}|{name!r:^12}")
    return "\n".join(out)


def widths(x: float, w: int) -> str:
    return f"[{x:{w}.3f}] [{x:<{w}}] [{x:e}] [{x:g}] [{x:%}]"


# run: table(12)
# run: table(0)
# run: widths(3.14159, 12)
# run: widths(-0.001, 8)
