"""All kinds of parameters at once: positional with defaults, *args, keyword-only,
**kwargs; called with every combination."""


def f(a, b=2, *rest, c, d=4, **kw) -> int:
    t = a * 1000 + b * 100 + c * 10 + d + len(rest) * 10000 + len(kw) * 100000
    for r in rest:
        t += r
    return t + kw.get("e", 0)


def run(n: int) -> int:
    return (f(n, c=1) + f(n, 3, c=1) + f(n, 3, 5, 6, c=2, d=0) + f(c=3, a=n)
            + f(n, 1, 2, c=0, e=7) + f(n, c=0, z=1, e=2))


# run: run(1)
# run: run(9)
