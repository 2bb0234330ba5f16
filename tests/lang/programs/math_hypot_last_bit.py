"""math.hypot gives CPython's bits: its own algorithm (vector_norm), not libm's hypot, which
differs in the last bit for ~0.5% of inputs (found by differential fuzzing).  Also the
special values, subnormals, and the largest magnitudes."""
import math
from typing import List


def hypot(a: float, b: float) -> float:
    return math.hypot(a, b)


def hypot_int(a: int, b: int) -> float:
    return math.hypot(a, b)


def many(n: int) -> float:
    s = 0.0
    for i in range(n):
        s += math.hypot(i * 0.37 - 5.0, 3.1 - i * 0.11)
    return s


def specials() -> List[float]:
    return [math.hypot(math.inf, math.nan), math.hypot(math.nan, -math.inf), math.hypot(math.nan, 1.0),
            math.hypot(0.0, -0.0), math.hypot(-3.0, 0.0), math.hypot(1e308, 1e308),
            math.hypot(5e-324, 5e-324), math.hypot(1.7976931348623157e308, 1.0)]


# run: hypot(-1.706, -5.412)
# run: hypot(-5.953, -8.939)
# run: hypot(-2.313, 7.029)
# run: hypot(0.883, 1.713)
# run: hypot(-3.832, -8.741)
# run: hypot(2.033, -9.422)
# run: hypot(1.19302949508566e-309, 1.063822563659813e-309)
# run: hypot(1.1522153634616e-310, 9.888708964214e-311)
# run: hypot(1.32392127412425e-309, 6.89440987280855e-310)
# run: hypot(3e-320, 4e-320)
# run: hypot(1.1125369292536007e-308, 8.691694759794e-311)
# run: hypot(1e300, 1e-300)
# run: hypot_int(3, 4)
# run: hypot_int(123456789, 987654321)
# run: many(1000)
# run: specials()
