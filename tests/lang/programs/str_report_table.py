"""A formatted report: headers, aligned columns, totals, percentages."""
from typing import List


def report(names: List[str], qty: List[int], price: List[float]) -> None:
    print(f"{'item':<10}|{'qty':>5}|{'price':>9}|{'share':>7}")
    print("-" * 34)
    total = 0.0
    for i in range(len(names)):
        total += qty[i] * price[i]
    for i in range(len(names)):
        amount = qty[i] * price[i]
        print(f"{names[i]:<10}|{qty[i]:>5d}|{price[i]:>9.2f}|{amount / total:>7.1%}")
    print(f"{'total':<10}|{sum_ints(qty):>5}|{total:>9,.2f}|")


def sum_ints(xs: List[int]) -> int:
    s = 0
    for x in xs:
        s += x
    return s


# run: report(["apple", "kiwi", "mango"], [3, 12, 1], [0.5, 0.25, 2.75])
