"""int8 and int16 arithmetic wraps in the dtype as numpy's does: sums, products,
negation and abs of the minimum, shifts (arithmetic for signed, logical for unsigned)."""
import numpy as np


def arith(a: np.ndarray, b: np.ndarray):
    return a + b, a - b, a * b, -a, np.abs(a)


def square_twice(a: np.ndarray):
    s = a * a
    return s * s


def shifts(a: np.ndarray, k: int):
    return a << k, a >> k, ~a


def bits(a: np.ndarray, b: np.ndarray):
    return a & b, a | b, a ^ b


# run: arith(np.array([100, -128, 127, -5], dtype=np.int8), np.array([100, -1, 1, 7], dtype=np.int8))
# run: arith(np.array([30000, -32768, 1000], dtype=np.int16), np.array([30000, 1, -1000], dtype=np.int16))
# run: arith(np.array([200, 0, 255], dtype=np.uint8), np.array([100, 1, 255], dtype=np.uint8))
# run: arith(np.array([60000, 0], dtype=np.uint16), np.array([6000, 1], dtype=np.uint16))
# run: arith(np.array([4000000000, 0], dtype=np.uint32), np.array([400000000, 1], dtype=np.uint32))
# run: square_twice(np.array([3, 7, -12, 100], dtype=np.int8))
# run: square_twice(np.array([300, -7, 1000], dtype=np.int16))
# run: shifts(np.array([-128, -3, 5, 127], dtype=np.int8), 2)
# run: shifts(np.array([200, 3, 255], dtype=np.uint8), 3)
# run: shifts(np.array([60000, 3], dtype=np.uint16), 9)
# run: bits(np.array([0xF0, 0x0F, 0xAA], dtype=np.uint8), np.array([0x3C, 0xFF, 0x55], dtype=np.uint8))
# run: bits(np.array([-1, 5, -100], dtype=np.int16), np.array([255, -2, 7], dtype=np.int16))
