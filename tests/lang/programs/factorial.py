"""Factorial, recursive and iterative; binomial coefficients."""


def fact_rec(n: int) -> int:
    if n <= 1:
        return 1
    return n * fact_rec(n - 1)


def fact_iter(n: int) -> int:
    r = 1
    i = n
    while i > 1:
        r *= i
        i -= 1
    return r


def binom(n: int, k: int) -> int:
    if k < 0 or k > n:
        return 0
    k = min(k, n - k)
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r


def row_sum(n: int) -> int:
    s = 0
    for k in range(n + 1):
        s += binom(n, k)
    return s


# run: fact_rec(20)
# run: fact_iter(20)
# run: fact_iter(0)
# run: binom(30, 15)
# run: binom(5, 7)
# run: row_sum(30)
