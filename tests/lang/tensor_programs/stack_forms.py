"""np.stack on a new leading, middle, last and negative axis; from lists and tuples."""
import numpy as np


def stacks(a: np.ndarray, b: np.ndarray):
    return np.stack([a, b]), np.stack((a, b), axis=1), np.stack([a, b], axis=-1)


def stack_three(a: np.ndarray) -> np.ndarray:
    return np.stack([a, -a, a * a], axis=0)


def stack_rows(x: np.ndarray) -> np.ndarray:
    return np.stack([x[2], x[0], x[1]], axis=-2)


# run: stacks(np.arange(3.0), np.arange(3.0, 6.0))
# run: stacks(np.arange(6, dtype=np.int32).reshape(2, 3), np.ones((2, 3), np.int32))
# run: stacks(np.arange(3, dtype=np.float32), np.arange(3.0))
# run: stack_three(np.linspace(-1, 1, 4))
# run: stack_rows(np.arange(12.0).reshape(3, 4))
