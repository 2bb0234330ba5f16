# Refused: x += y where the float result cannot go into an int array (numpy's 'same_kind' rule).
# call: f(np.ones(3, dtype=np.int64), np.ones(3))
# error: 7: Cannot cast ufunc 'add' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'
import numpy as np

def f(x, y):
    x += y
    return x
