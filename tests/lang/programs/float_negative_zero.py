"""-0.0 is kept, printed and returned with its sign."""
import math
from typing import List


def neg_zero() -> float:
    return -0.0


def negate(x: float) -> float:
    return -x


def zeros() -> List[float]:
    z = 0.0
    nz = -z
    return [nz, z + nz, nz + nz, nz * 1.0, z * -1.0, nz - z, abs(nz), nz / 3.0, 0.0 * -5]


def sign_of_zero(x: float) -> float:
    # atan2 sees the sign of a zero x
    return math.atan2(0.0, x)


def show() -> None:
    print(-0.0, 0.0, -0.0 == 0.0, -0.0 < 0.0)


# run: neg_zero()
# run: negate(0.0)
# run: negate(-0.0)
# run: zeros()
# run: sign_of_zero(-0.0)
# run: sign_of_zero(0.0)
# run: show()
