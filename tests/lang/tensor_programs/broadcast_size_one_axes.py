"""Broadcasting size-1 axes against each other: column x row, (2,1,4) x (3,1), size-0 axes."""
import numpy as np


def outer_add(a: np.ndarray, b: np.ndarray):
    return a + b


def outer_product(col: np.ndarray, row: np.ndarray) -> np.ndarray:
    return col * row


# run: outer_add(np.arange(3.0).reshape(3, 1), np.arange(4.0).reshape(1, 4))
# run: outer_add(np.arange(3.0).reshape(3, 1), np.arange(4.0))
# run: outer_add(np.arange(8.0).reshape(2, 1, 4), np.arange(3.0).reshape(3, 1))
# run: outer_add(np.arange(2.0).reshape(2, 1, 1, 1), np.arange(60.0).reshape(1, 3, 4, 5))
# run: outer_add(np.arange(6.0).reshape(1, 6), np.arange(5.0).reshape(5, 1, 1))
# run: outer_add(np.arange(4.0).reshape(1, 4), np.zeros((0, 1)))
# run: outer_add(np.zeros((0, 3)), np.arange(3.0))
# run: outer_add(np.ones((1, 1), np.float32), np.ones((1,), np.float32))
# run: outer_product(np.arange(1, 4, dtype=np.int32).reshape(3, 1), np.arange(1, 5, dtype=np.int32))
# run: outer_product(np.linspace(0, 1, 3)[:, None], np.linspace(1, 2, 4)[None, :])
