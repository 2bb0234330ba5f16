"""Float accumulation order matters; Kahan compensated summation."""


def naive(n: int) -> float:
    s = 0.0
    for i in range(n):
        s += 0.1
    return s


def kahan(n: int) -> float:
    s = 0.0
    c = 0.0
    for i in range(n):
        y = 0.1 - c
        t = s + y
        c = (t - s) - y
        s = t
    return s


def harmonic_forward(n: int) -> float:
    s = 0.0
    for k in range(1, n + 1):
        s += 1.0 / k
    return s


def harmonic_backward(n: int) -> float:
    s = 0.0
    for k in range(n, 0, -1):
        s += 1.0 / k
    return s


def ten_tenths() -> bool:
    return naive(10) == 1.0


# run: naive(10)
# run: kahan(10)
# run: naive(1000)
# run: kahan(1000)
# run: harmonic_forward(1000)
# run: harmonic_backward(1000)
# run: ten_tenths()
