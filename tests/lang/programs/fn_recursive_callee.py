"""A recursive function passed as a value (its return annotated), and a function that
calls the one it is given on smaller inputs."""


def fact(n: int) -> int:
    if n <= 1:
        return 1
    return n * fact(n - 1)


def fib(n: int) -> int:
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def total(f, n: int) -> int:
    s = 0
    for i in range(n):
        s += f(i)
    return s


def run(n: int) -> int:
    return total(fact, n) * 1000 + total(fib, n)


# run: run(5)
# run: run(12)
