"""A conditional expression choosing a function; min/max over two functions' results."""


def area(r: float) -> float:
    return 3.0 * r * r


def perimeter(r: float) -> float:
    return 6.0 * r


def measure(r: float, want_area: bool) -> float:
    f = area if want_area else perimeter
    return f(r) + (perimeter if r > 1.0 else area)(r)


# run: measure(2.0, True)
# run: measure(0.5, False)
