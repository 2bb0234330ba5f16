"""numpy 2's promotion (NEP 50) through a trace: float32 with Python floats stays float32,
with a float64 array becomes float64; astype; an int array's floor division."""
import numpy as np

rng = np.random.default_rng(12)


def f(x32, x64, i):
    return x32 * 2.5, x32 + x64, x64.astype(np.float32), i // 3, i % 4, (i * 1.5).dtype == np.float64


TRACE = f
INPUTS = [(rng.standard_normal(5).astype(np.float32), rng.standard_normal(5),
           rng.integers(-20, 20, 5)),
          (rng.standard_normal(9).astype(np.float32), rng.standard_normal(9),
           rng.integers(-20, 20, 9))]

