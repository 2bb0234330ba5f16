"""Summary statistics written with fsum, isqrt, comb, erf (normal CDF), lgamma (log of
binomials)."""
import math
from typing import List


def describe(xs: List[float]) -> List[float]:
    n = len(xs)
    mean = math.fsum(xs) / n
    var = math.fsum([(x - mean) ** 2 for x in xs]) / (n - 1)
    return [mean, var, math.sqrt(var), 0.5 * (1.0 + math.erf((xs[0] - mean) / math.sqrt(2.0 * var)))]


def log_binomial(n: int, k: int) -> List[float]:
    exact = math.log(math.comb(n, k))
    approx = math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
    return [exact, approx, 1.0 if math.fabs(exact - approx) < 1e-9 else 0.0]


def binomial_pmf(n: int, p: float) -> List[float]:
    return [math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


# run: describe([2.5, 3.1, 4.7, 1.2, 9.9, 0.3, 5.5])
# run: log_binomial(50, 20)
# run: binomial_pmf(10, 0.3)
