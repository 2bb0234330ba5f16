# Refused: x += y where the result has more axes than x (numpy: non-broadcastable output).
# call: f(np.ones(3), np.ones((2, 3)))
# error: 7: would broadcast Tensor[float64, 1-d] to 2 dimensions
import numpy as np

def f(x, y):
    x += y
    return x
