"""Each kind of division by zero raises ZeroDivisionError with CPython's own message."""


def int_floordiv(a: int, b: int) -> int:
    return a // b


def int_mod(a: int, b: int) -> int:
    return a % b


def int_truediv(a: int, b: int) -> float:
    return a / b


def float_truediv(a: float, b: float) -> float:
    return a / b


def float_floordiv(a: float, b: float) -> float:
    return a // b


def float_mod(a: float, b: float) -> float:
    return a % b


def mixed_truediv(a: int, b: float) -> float:
    return a / b


def zero_to_negative_power(x: float) -> float:
    return x ** -1.0


def after_prints(n: int) -> int:
    total = 0
    for i in range(n, -1, -1):
        print("dividing by", i)
        total += 100 // i
    return total


# run: int_floordiv(7, 0)
# run: int_floordiv(0, 0)
# run: int_mod(-7, 0)
# run: int_truediv(7, 0)
# run: float_truediv(7.0, 0.0)
# run: float_truediv(7.0, -0.0)
# run: float_truediv(0.0, 0.0)
# run: float_floordiv(7.0, 0.0)
# run: float_mod(7.0, 0.0)
# run: mixed_truediv(7, 0.0)
# run: zero_to_negative_power(0.0)
# run: after_prints(3)
# run: int_floordiv(7, 3)
# run: float_mod(7.0, 3.0)
