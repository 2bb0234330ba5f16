"""concatenate and stack shape errors raise ValueError with numpy's messages."""
import numpy as np


def cat0(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.concatenate([a, b], axis=0)


def cat1(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.concatenate([a, b], axis=1)


def stack(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.stack([a, b])


# run: cat0(np.ones((2, 3)), np.ones((2, 2)))
# run: cat0(np.ones((2, 3)), np.ones((5, 3)))
# run: cat1(np.ones((2, 3)), np.ones((3, 3)))
# run: cat1(np.ones((2, 3)), np.ones((3, 2)))
# run: cat1(np.ones((2, 3), np.float32), np.ones((2, 2), np.float32))
# run: stack(np.ones(3), np.ones(2))
# run: stack(np.ones((2, 3)), np.ones((3, 2)))
