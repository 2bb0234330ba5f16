"""sorted with lambda keys: distance to a value captured from the caller, reverse."""
from typing import List


def nearest(xs: List[float], c: float) -> List[float]:
    return sorted(xs, key=lambda v: abs(v - c))


def by_digit_sum(xs: List[int]) -> List[int]:
    return sorted(xs, key=lambda n: sum(int(d) for d in str(abs(n))), reverse=True)


# run: nearest([1.0, 5.5, 3.0, 4.25, -2.0], 4.0)
# run: nearest([], 1.0)
# run: by_digit_sum([19, 5, 123, 99, -46, 10])
