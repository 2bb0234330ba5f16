"""Integer + - * // % ** and precedence."""


def arith(a: int, b: int) -> int:
    return a + b * 2 - (a - b) * 3 + a * a // (b + 1) - b % 7 + 2 ** 5


def precedence(x: int) -> int:
    # ** binds tighter than unary minus; unary minus tighter than *
    return -x ** 2 + (-x) ** 2 + x * -3 - -x + 10 - 4 - 3


def many_ops(n: int) -> int:
    total = 0
    for i in range(1, n):
        total = total + i * 3 - i // 2 + i % 5 - (i - 1) * (i + 1) // i
    return total


# run: arith(17, 5)
# run: arith(-4, 9)
# run: precedence(3)
# run: precedence(-7)
# run: many_ops(200)
