"""np.exp log log1p expm1 sqrt tanh sin cos on float32/float64, and on ints (float64 result)."""
import numpy as np


def exp_log(x: np.ndarray):
    return np.exp(x), np.log(x)


def small(x: np.ndarray):
    return np.log1p(x), np.expm1(x)


def roots(x: np.ndarray) -> np.ndarray:
    return np.sqrt(x) + np.sqrt(x * 4.0)


def trig(x: np.ndarray) -> np.ndarray:
    return np.sin(x) * np.sin(x) + np.cos(x) * np.cos(x)


def waves(x: np.ndarray):
    return np.sin(x), np.cos(x), np.tanh(x)


def domain(x: np.ndarray):
    return np.sqrt(x), np.log(x)


# run: exp_log(np.linspace(0.5, 4.0, 8))
# run: exp_log(np.linspace(0.5, 4.0, 8).astype(np.float32))
# run: exp_log(np.arange(1, 6))
# run: exp_log(np.arange(1, 6, dtype=np.int32))
# run: small(np.array([1e-10, 1e-5, 0.1, 1.0, -0.5]))
# run: small(np.array([1e-6, 1e-3, 0.1, 1.0, -0.5], dtype=np.float32))
# run: roots(np.arange(10.0))
# run: roots(np.arange(10, dtype=np.float32).reshape(2, 5))
# run: trig(np.linspace(-3, 3, 13))  # rtol=1e-14
# run: waves(np.linspace(-6, 6, 25))
# run: waves(np.linspace(-6, 6, 25).astype(np.float32))
# run: waves(np.arange(-4, 5, dtype=np.int32))
# run: domain(np.array([-1.0, 0.0, 1.0, 4.0, np.inf, np.nan]))
# run: domain(np.array([-1.0, 0.0, 1.0, 4.0], dtype=np.float32))
