"""A variable rebound to another type (int, then str, then a list): Python allows it, and
pts types each assignment's web of uses on its own (frontend/variable_webs.py)."""


def label(n: int) -> str:
    x = n * 2 + 1
    print(x)
    x = "odd" if x % 4 == 1 else "even"
    print(x)
    x = [x, x.upper()]
    return x[1] + str(len(x))


def param_again(n):
    total = n * 3
    n = str(n) + "!"
    return n * 2 + str(total)


# run: label(2)
# run: label(3)
# run: param_again(7)
