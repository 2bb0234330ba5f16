# Drawing from a numpy Generator while tracing (the generator is made outside).
# error: 9: Generator.normal() of a numpy random generator while tracing
import numpy as np

rng = np.random.default_rng(0)


def f(x):
    noise = rng.normal(0.0, 1.0, size=x.shape)
    return x + noise


TRACE = f
INPUTS = (np.ones((2, 3)),)
