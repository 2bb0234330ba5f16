"""np.flip (all axes or one), np.roll (flattened or along an axis, any shift), np.repeat
(flattened or along an axis), np.tile with an int: numpy's values and dtypes."""
import numpy as np


def flip_all(x: np.ndarray):
    return np.flip(x)


def flip_rows(x: np.ndarray):
    return np.flip(x, axis=0), np.flip(x, -1)


def roll_flat(x: np.ndarray, s: int):
    return np.roll(x, s)


def roll_axis(x: np.ndarray, s: int):
    return np.roll(x, s, axis=1)


def repeat(x: np.ndarray, r: int):
    return np.repeat(x, r)


def repeat_rows(x: np.ndarray, r: int):
    return np.repeat(x, r, axis=0)


def tile(x: np.ndarray, r: int):
    return np.tile(x, r)


# run: flip_all(np.arange(5.0))
# run: flip_all(np.arange(6).reshape(2, 3))
# run: flip_rows(np.arange(6.0).reshape(3, 2))
# run: roll_flat(np.arange(5.0), 2)
# run: roll_flat(np.arange(5.0), -7)
# run: roll_flat(np.arange(6).reshape(2, 3), 1)
# run: roll_flat(np.zeros(0), 3)
# run: roll_axis(np.arange(8.0).reshape(2, 4), -1)
# run: repeat(np.arange(3.0), 2)
# run: repeat(np.arange(4).reshape(2, 2), 3)
# run: repeat(np.arange(3.0), 0)
# run: repeat(np.arange(3.0), -1)
# run: repeat_rows(np.arange(4.0).reshape(2, 2), 2)
# run: tile(np.arange(3.0), 3)
# run: tile(np.arange(4).reshape(2, 2), 2)
