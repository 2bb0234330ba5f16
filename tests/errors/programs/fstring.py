# Refused: an array formatted in an f-string (only numbers, None, strings, lists and tuples).
# call: f(np.arange(3.0))
# error: 8: cannot format a value of type Tensor
import numpy as np


def f(x: np.ndarray):
    return f"x = {x}"
