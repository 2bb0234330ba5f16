# Refused: a numpy submodule's function read as a value (np.linalg.norm), named as a module.
# call: f(np.arange(3.0))
# error: 8: numpy.linalg is not supported
import numpy as np


def f(x: np.ndarray):
    return np.linalg.norm(x)
