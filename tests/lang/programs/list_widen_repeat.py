"""pyperformance's spectral norm: `u = [1] * n`, then u holds floats.  pts has one element
type per list: the variable is a List[float], and the int list is built as floats (values
equal CPython's; only its printing would differ, so this program returns sums)."""
import math


def eval_A(i, j):
    return 1.0 / ((i + j) * (i + j + 1) // 2 + i + 1)


def times(u):
    return [sum(eval_A(i, j) * u_j for j, u_j in enumerate(u)) for i in range(len(u))]


def times_t(u):
    return [sum(eval_A(j, i) * u_j for j, u_j in enumerate(u)) for i in range(len(u))]


def norm(n: int) -> float:
    u = [1] * n
    v = u
    for _ in range(5):
        v = times_t(times(u))
        u = times_t(times(v))
    vBv = vv = 0
    for ue, ve in zip(u, v):
        vBv += ue * ve
        vv += ve * ve
    return math.sqrt(vBv / vv)


# run: norm(4)
# run: norm(12)
