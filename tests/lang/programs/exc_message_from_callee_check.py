"""The message of an error from a callee's check is CPython's own, seen through str(e)."""


def avg(xs: list[int]) -> int:
    return sum_list(xs) // len(xs)


def sum_list(xs: list[int]) -> int:
    s = 0
    for x in xs:
        s += x
    return s


def report(xs: list[int]) -> int:
    try:
        return avg(xs)
    except ZeroDivisionError as e:
        print("empty:", str(e))
        return 0


# run: report([1, 2, 3])
# run: report([])
