"""Lambdas that make lambdas: currying."""


def run(a: float, b: float) -> float:
    add = lambda x: lambda y: x + y
    mul = lambda x: lambda y: x * y
    inc = add(1.0)
    dbl = mul(2.0)
    return inc(a) + dbl(b) + add(a)(b) + mul(inc(a))(dbl(b))


# run: run(1.5, 2.0)
# run: run(-3.0, 0.25)
