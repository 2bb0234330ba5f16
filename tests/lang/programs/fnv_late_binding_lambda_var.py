# A lambda kept in a variable and only called by its name reads its captured variables
# at each call (it is a nested def): late binding as in CPython.


def scaled(n: int) -> int:
    g = lambda x: x * m
    m = 3
    first = g(2)
    m = n
    return first + g(2)


def name_of(n: int) -> str:
    h = lambda: n
    return h.__name__ + str(h())


# run: scaled(4)
# run: name_of(7)
