"""Default and keyword arguments of called functions; string arguments fold as constants."""


def scale(x: float, factor: float = 2.0, offset: int = 0) -> float:
    return x * factor + offset


def pick(x: float, mode: str = "double") -> float:
    if mode == "double":
        return 2.0 * x
    elif mode == "square":
        return x * x
    return x


def calls(x: float) -> float:
    a = scale(x)
    b = scale(x, 3.0)
    c = scale(x, offset=5)
    d = scale(factor=0.5, x=x)
    e = pick(x) + pick(x, "square") + pick(x, mode="other")
    return a + b + c + d + e


# run: calls(1.5)
# run: calls(-2.0)
