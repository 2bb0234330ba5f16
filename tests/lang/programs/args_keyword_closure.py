"""Keyword arguments to nested defs, lambdas and functions passed as values."""


def area(w: float, h: float) -> float:
    return w * h


def call_kw(f, a: float, b: float) -> float:
    return f(h=a, w=b)


def run(a: float, b: float) -> float:
    def box(w, h, depth=1.0):
        return w * h * depth
    rate = lambda amount, percent: amount * percent / 100.0
    return (box(h=a, w=b) + box(a, b, depth=3.0) + rate(percent=b, amount=a)
            + call_kw(area, a, b) + call_kw(box, a, 2.0))


# run: run(2.0, 3.0)
# run: run(0.5, -4.0)
