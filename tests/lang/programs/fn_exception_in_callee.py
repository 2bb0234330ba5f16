"""An exception raised inside a function called through a value is caught by the caller."""


def checked_sqrt(x: float) -> float:
    if x < 0.0:
        raise ValueError("negative input")
    return x ** 0.5


def safe(f, x: float) -> float:
    try:
        return f(x)
    except ValueError:
        return -1.0


def run(x: float) -> float:
    return safe(checked_sqrt, x) + safe(checked_sqrt, -x) * 10.0


def unsafe(x: float) -> float:
    f = checked_sqrt
    return f(x)


# run: run(4.0)
# run: run(0.0)
# run: unsafe(-1.0)
