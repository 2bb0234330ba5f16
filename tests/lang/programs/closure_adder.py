"""make_adder(k) returns a lambda that captured k; each closure keeps its own k."""


def make_adder(k: int):
    return lambda x: x + k


def run(n: int) -> int:
    add2 = make_adder(2)
    add10 = make_adder(10)
    total = 0
    for i in range(n):
        total += add2(i) * add10(i)
    return total + make_adder(n)(n)


# run: run(4)
# run: run(0)
