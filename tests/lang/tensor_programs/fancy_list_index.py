"""A list display as an index is an array index, as in numpy: nanoGPT's x[:, [-1], :],
x[[0, 2]], x[[True, False, True]], writes x[[1, 3]] = v; lists of int variables."""
import numpy as np


def last_step(logits: np.ndarray):
    return logits[:, [-1], :]


def rows02(x: np.ndarray):
    return x[[0, 2]]


def mask_list(x: np.ndarray):
    return x[[True, False, True]]


def swap_first_last(x: np.ndarray):
    n = x.shape[0]
    x[[0, n - 1]] = x[[n - 1, 0]]
    return x


def pick_two(x: np.ndarray, i: int, j: int):
    return x[[i, j], 0]


def nested(x: np.ndarray):
    return x[[[0, 1], [1, 0]]]


# run: last_step(np.arange(24.0).reshape(2, 3, 4))
# run: last_step(np.arange(24, dtype=np.float32).reshape(2, 3, 4)[:, :1, :])
# run: rows02(np.arange(12.0).reshape(3, 4))
# run: rows02(np.arange(3))
# run: rows02(np.arange(2))
# run: mask_list(np.arange(9.0).reshape(3, 3))
# run: mask_list(np.arange(4.0))
# run: swap_first_last(np.arange(5.0))
# run: swap_first_last(np.arange(6).reshape(3, 2))
# run: pick_two(np.arange(12.0).reshape(4, 3), 3, -4)
# run: pick_two(np.arange(12.0).reshape(4, 3), 1, 4)
# run: nested(np.arange(6.0).reshape(2, 3))
