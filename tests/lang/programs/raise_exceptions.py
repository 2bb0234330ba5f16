"""raise of each supported exception type, with and without a message."""


def value_error(x: int) -> int:
    if x < 0:
        raise ValueError("negative input")
    return x


def runtime_error(n: int) -> int:
    for i in range(n):
        if i == 3:
            raise RuntimeError("reached three")
    return n


def index_error(i: int) -> int:
    if i > 2:
        raise IndexError("custom index error")
    return i


def zero_division(d: float) -> float:
    if d == 0.0:
        raise ZeroDivisionError("my own zero division")
    return 1.0 / d


def assertion_error(b: bool) -> bool:
    if not b:
        raise AssertionError("explicit assertion error")
    return b


def type_error(n: int) -> int:
    if n == 7:
        raise TypeError("seven is not allowed")
    return n * 2


def no_message(n: int) -> int:
    if n > 0:
        raise ValueError()
    return n


# run: value_error(-1)
# run: value_error(3)
# run: runtime_error(10)
# run: runtime_error(2)
# run: index_error(5)
# run: zero_division(0.0)
# run: zero_division(4.0)
# run: assertion_error(False)
# run: type_error(7)
# run: type_error(8)
# run: no_message(1)
