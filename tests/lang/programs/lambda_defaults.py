"""Lambda and nested-def parameters with literal defaults, passed by keyword too."""


def run(x: float) -> float:
    power = lambda v, k=2: v ** k
    def shifted(v, by=1.0, *, scale=1.0):
        return (v + by) * scale
    return power(x) + power(x, 3) + power(x, k=1) + shifted(x) + shifted(x, 2.0) \
        + shifted(x, scale=10.0) + shifted(by=0.5, v=x)


# run: run(2.0)
# run: run(-1.5)
