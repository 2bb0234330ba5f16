"""np.sign floor ceil abs: floats keep their dtype, ints keep theirs (numpy 2: floor(int) is int)."""
import numpy as np


def rounders(x: np.ndarray):
    return np.floor(x), np.ceil(x)


def signs(x: np.ndarray):
    return np.sign(x), np.abs(x)


def frac(x: np.ndarray) -> np.ndarray:
    return x - np.floor(x)


# run: rounders(np.array([-2.5, -1.5, -0.5, -0.0, 0.0, 0.5, 1.5, 2.5]))
# run: rounders(np.linspace(-2, 2, 9).astype(np.float32))
# run: rounders(np.arange(-3, 4, dtype=np.int32))
# run: rounders(np.arange(-3, 4))
# run: signs(np.array([-2.5, -0.0, 0.0, 3.0, np.nan, -np.inf]))
# run: signs(np.arange(-3, 4, dtype=np.int32))
# run: signs(np.array([-7, 0, 7]))
# run: frac(np.linspace(-2, 2, 11))
# run: frac(np.linspace(-2, 2, 11).astype(np.float32))
