"""Float division, modulo and floor division by zero are caught as ZeroDivisionError."""


def ratio(a: float, b: float) -> float:
    try:
        return a / b
    except ZeroDivisionError as e:
        print(str(e))
        return 0.0


def modulo(a: float, b: float) -> float:
    try:
        return a % b
    except ZeroDivisionError as e:
        print(str(e))
        return -1.0


# run: ratio(1.0, 4.0)
# run: ratio(1.0, 0.0)
# run: ratio(1.0, -0.0)
# run: modulo(5.5, 2.0)
# run: modulo(5.5, 0.0)
