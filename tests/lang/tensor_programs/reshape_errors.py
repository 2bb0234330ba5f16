"""Impossible reshapes raise ValueError; numpy prints -1 as 'newaxis' in the message."""
import numpy as np


def to(x: np.ndarray, a: int, b: int) -> np.ndarray:
    return x.reshape(a, b)


def to_tuple(x: np.ndarray, a: int) -> np.ndarray:
    return x.reshape((a,))


# run: to(np.arange(6.0), 2, 3)
# run: to(np.arange(6.0), 4, 2)
# run: to(np.arange(6.0), 4, -1)
# run: to(np.arange(6.0), -1, -1)
# run: to(np.arange(6.0), -1, 0)
# run: to(np.zeros(0), 0, -1)
# run: to_tuple(np.arange(6, dtype=np.int32).reshape(2, 3), 7)
