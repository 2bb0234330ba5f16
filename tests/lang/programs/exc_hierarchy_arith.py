"""`except ArithmeticError` catches a ZeroDivisionError from `//` in a called function."""


def reciprocal_floor(n: int) -> int:
    return 1000 // n


def safe(n: int) -> int:
    try:
        return reciprocal_floor(n)
    except ArithmeticError as e:
        print("arith:", str(e))
        return 0


# run: safe(7)
# run: safe(0)
