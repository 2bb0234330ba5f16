# Refused: a function of a numpy submodule (np.random, np.linalg): the message names the
# module, where it used to say "np.random can only be called" (found by tests/realworld,
# the NumPy MNIST tutorial's np.random.seed(1)).
# call: f(np.arange(3.0))
# error: 10: numpy.random is not supported: pts compiles no function of the numpy.random module
import numpy as np


def f(x: np.ndarray):
    np.random.seed(1)
    return x
