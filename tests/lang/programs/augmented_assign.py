"""Every augmented operator, on names and on list elements."""
from typing import List


def int_ops(x: int) -> List[int]:
    out: List[int] = []
    a = x
    a += 7
    out.append(a)
    a -= 3
    out.append(a)
    a *= -5
    out.append(a)
    a //= 4
    out.append(a)
    a %= 13
    out.append(a)
    a **= 3
    out.append(a)
    a &= 0xFF0
    out.append(a)
    a |= 5
    out.append(a)
    a ^= 0x3C
    out.append(a)
    a <<= 3
    out.append(a)
    a >>= 2
    out.append(a)
    return out


def float_ops(x: float) -> List[float]:
    out: List[float] = []
    a = x
    a += 1.5
    out.append(a)
    a -= 0.25
    out.append(a)
    a *= -2.0
    out.append(a)
    a /= 3.0
    out.append(a)
    a //= 0.5
    out.append(a)
    a %= 1.75
    out.append(a)
    a **= 2.0
    out.append(a)
    a += 1
    out.append(a)
    return out


def int_to_float_div(n: int) -> float:
    x = 1.0
    x /= n
    return x


def element_ops(xs: List[int]) -> List[int]:
    xs[0] += 10
    xs[1] -= 10
    xs[2] *= 3
    xs[-1] //= 2
    xs[-2] %= 4
    return xs


def element_float(xs: List[float], i: int) -> List[float]:
    xs[i] /= 4.0
    xs[i - 1] **= 2.0
    return xs


# run: int_ops(10)
# run: int_ops(-10)
# run: float_ops(2.0)
# run: float_ops(-7.25)
# run: int_to_float_div(8)
# run: element_ops([1, 2, 3, 4, 5])
# run: element_float([1.5, 3.0, 5.0], 2)
# run: element_ops([1, 2, 3])
