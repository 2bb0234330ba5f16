# Appending an array the trace computed to a module-level list (a Python side effect the
# compiled code cannot repeat); the error is at the traced function (found when it returns).
# error: 9: stores an array it computed in item
import numpy as np

HISTORY = []


def f(x):
    HISTORY.append(x.sum())
    return x * 2.0


TRACE = f
INPUTS = (np.ones(3),)
