"""A closure over a value computed in the enclosing function; defaults on the closure."""


def run(n: int) -> int:
    base = n * n

    def combine(a, b=1, *, weight=2):
        return base + a * weight + b

    return combine(1) + combine(2, 3) + combine(4, weight=10) + combine(b=0, a=5)


# run: run(3)
# run: run(-2)
