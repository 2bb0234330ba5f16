# Refused: a numpy.random function pts does not compile names the ones it does.
# call: f(3)
# error: 8: np.random.beta is not supported: pts compiles the global generator's seed
import numpy as np


def f(n: int):
    return np.random.beta(1.0, 2.0, n)
