"""A nested def reading the enclosing function's parameters and locals."""


def run(a: float, n: int) -> float:
    scale = a * 2.0
    offset = float(n)

    def f(x):
        return x * scale + offset

    total = 0.0
    for i in range(n):
        total += f(float(i))
    return total + f(a)


# run: run(1.5, 4)
# run: run(-0.5, 0)
