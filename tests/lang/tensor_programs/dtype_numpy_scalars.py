"""numpy scalars of the small dtypes as values: np.uint8(x) and elements read from arrays;
their arithmetic wraps in the dtype (np.uint8(250) + np.uint8(10) is 4), a Python int meets
them as a weak scalar, np.uint8(300) raises numpy 2's OverflowError; loops over pixels."""
import numpy as np


def wrap(a: int, b: int):
    x = np.uint8(a)
    y = np.uint8(b)
    return x + y, x - y, x * y, x // np.uint8(3), -np.int8(a - 128)


def make(n: int):
    return np.uint8(n)


def signed(n: int):
    return np.int8(n), np.int16(n), np.uint16(n), np.uint32(n)


def element_sum(x: np.ndarray):
    total = np.uint8(0)
    for i in range(x.shape[0]):
        total = total + x[i]
    return total


def element_promote(x: np.ndarray, y: np.ndarray):
    return x[0] + y[0], x[0] * 2, x[0] + 0.5, float(x[0]), int(x[0])


def halves(a: float):
    h = np.float16(a)
    return h, h * h, h + np.float16(1.0), h / 3


# run: wrap(250, 10)
# run: wrap(3, 200)
# run: make(255)
# run: make(256)
# run: make(-1)
# run: signed(-128)
# run: signed(200)
# run: signed(-40000)
# run: element_sum(np.array([100, 100, 100], dtype=np.uint8))
# run: element_promote(np.array([200], dtype=np.uint8), np.array([-100], dtype=np.int8))
# run: element_promote(np.array([0.1], dtype=np.float16), np.array([3], dtype=np.int8))
# run: halves(0.1)
# run: halves(300.0)


def text(x: np.ndarray):
    return str(x[0]), f"{x[1]}|{x[1]:5d}|{x[0]:x}"


# run: text(np.array([200, 7], dtype=np.uint8))
# run: text(np.array([-100, 7], dtype=np.int16))
