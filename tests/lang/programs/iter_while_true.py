"""`while True:` and `while 1:` loops that leave only through return or break."""


def first_square_over(n: int) -> int:
    i = 0
    while True:
        if i * i > n:
            return i
        i += 1


def collatz(n: int) -> int:
    steps = 0
    while 1:
        if n == 1:
            return steps
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1


def with_break(n: int) -> int:
    k = 0
    while 1:
        k += 1
        if k >= n:
            break
    return k


def float_true(n: int) -> int:
    while 1.0:
        n -= 1
        if n < 0:
            return n


# run: first_square_over(50)
# run: collatz(27)
# run: with_break(5)
# run: float_true(3)
