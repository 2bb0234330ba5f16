"""Keyword-only parameters with and without defaults."""


def scaled(x: float, *, scale: float = 1.0, shift: float = 0.0) -> float:
    return x * scale + shift


def clamp(x: float, *, lo: float, hi: float) -> float:
    return max(lo, min(hi, x))


def run(x: float) -> float:
    return (scaled(x) + scaled(x, scale=2.0) + scaled(x, shift=1.0, scale=3.0)
            + clamp(x, lo=0.0, hi=1.0) * 100.0 + clamp(hi=5.0, lo=-5.0, x=x))


# run: run(0.5)
# run: run(7.25)
# run: scaled(2.0)
