"""float16 arithmetic bit for bit as numpy: each ufunc computes in float32 and rounds its
result to float16, so a chain (which pts fuses into one loop) rounds after every op;
overflow to inf past 65504, subnormals, division, floor division and remainder, sqrt."""
import numpy as np


def chain(a: np.ndarray, b: np.ndarray, c: np.ndarray):
    return a * b + c


def long_chain(a: np.ndarray):
    return ((a * 3.1 - 0.7) / 1.3 + a * a) * 0.5


def ops(a: np.ndarray, b: np.ndarray):
    return a / b, a // b, a % b, np.sqrt(np.abs(a)), -a, a ** 2


def tiny(a: np.ndarray):
    return a * 0.001, a / 4096.0, a * 1000.0


def mixed(a: np.ndarray, b: np.ndarray):
    return a + b, a * b


# run: chain(np.linspace(-3, 3, 13).astype(np.float16), np.linspace(0.1, 7, 13).astype(np.float16), np.linspace(5, -5, 13).astype(np.float16))
# run: chain(np.array([300.0, 255.9, 0.1], dtype=np.float16), np.array([300.0, 256.0, 0.3], dtype=np.float16), np.array([0.0, 1.0, 0.2], dtype=np.float16))
# run: long_chain(np.linspace(-20, 20, 41).astype(np.float16))
# run: ops(np.array([7.0, -7.5, 0.1, 100.0, 65504.0], dtype=np.float16), np.array([2.0, 2.0, 0.03, -3.0, 0.5], dtype=np.float16))
# run: tiny(np.array([1.0, 0.5, 3.0e-5, 70.0], dtype=np.float16))
# run: mixed(np.array([0.1, 2.5, 1000.0], dtype=np.float16), np.array([3, -2, 100], dtype=np.int8))
# run: mixed(np.array([0.1, 2.5, 1000.0], dtype=np.float16), np.array([0.1, 2.5, 1000.0], dtype=np.float32))
