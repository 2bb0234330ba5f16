"""np.arange whose length is a nan or does not fit an int: numpy's ValueErrors, where native
code converted the length with an fptosi that is undefined for those (an empty array, or a
length Python could not take)."""
import numpy as np


def float_arange(a: float, b: float, step: float):
    return np.arange(a, b, step)


def stop_only(n: float):
    return np.arange(n)


# run: float_arange(0.0, math.inf, 1.0)
# run: float_arange(0.0, -math.inf, -1.0)
# run: float_arange(-math.inf, 0.0, 1.0)
# run: float_arange(0.0, 1e300, 1.0)
# run: float_arange(math.nan, 3.0, 1.0)
# run: float_arange(0.0, 3.0, math.nan)
# run: float_arange(0.0, 1.0, math.inf)
# run: float_arange(0.0, 3.0, -1.0)
# run: stop_only(math.nan)
# run: stop_only(math.inf)
# run: stop_only(2.5)
# run: float_arange(0.0, -1.0, math.inf)
# run: float_arange(1e-300, 2e-300, 1e300)
