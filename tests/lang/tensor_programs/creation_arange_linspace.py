"""np.arange with 1-3 arguments, int and float, negative step, dtype=; np.linspace with and
without endpoint of integers, num=1, dtype=np.float32."""
import numpy as np


def aranges(n: int):
    return np.arange(n), np.arange(2, n), np.arange(n, 0, -2), np.arange(n, dtype=np.float32)


def float_aranges(a: float, b: float, step: float):
    return np.arange(a, b, step)


def spaces(n: int):
    return np.linspace(0, 1, n), np.linspace(-1.0, 1.0, n), np.linspace(2, 3, n, dtype=np.float32)


def int_bounds():
    return np.linspace(0, 10, 6), np.linspace(0, 1, 1), np.linspace(5, 5, 3)


def empty_ranges():
    return np.arange(0), np.arange(5, 2), np.linspace(0, 1, 0)


def int32_arange(n: int) -> np.ndarray:
    return np.arange(n, dtype=np.int32) * 3


# run: aranges(7)
# run: aranges(0)
# run: float_aranges(0.0, 1.0, 0.25)
# run: float_aranges(0.0, 1.0, 0.1)
# run: float_aranges(1.0, -1.0, -0.5)
# run: spaces(5)
# run: spaces(2)
# run: int_bounds()
# run: empty_ranges()
# run: int32_arange(5)
