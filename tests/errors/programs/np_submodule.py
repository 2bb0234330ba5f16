# Refused: a function of a numpy submodule pts does not compile (np.linalg): the message
# names the module, where it used to say "np.linalg can only be called" (found by
# tests/realworld, the NumPy MNIST tutorial's np.random.seed(1), which compiles now:
# stdlib/pynprandom.py).
# call: f(np.arange(3.0))
# error: 11: numpy.linalg is not supported: pts compiles no function of the numpy.linalg module
import numpy as np


def f(x: np.ndarray):
    return np.linalg.norm(x)
