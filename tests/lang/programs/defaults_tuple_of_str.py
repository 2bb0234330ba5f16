"""Defaults that fold into a scripted caller: tuples of strs and numbers (a list default
is passed only from Python, as the function's own object: tests/lang/test_list_defaults.py)."""


def with_defaults(n: int, names=("a", "b"), scale=2.0) -> str:
    first, second = names
    return (first if n % 2 == 0 else second) * int(scale)


def caller(n: int) -> str:
    return with_defaults(n) + with_defaults(n + 1, scale=3.0) + with_defaults(n, ("x", "y"))


# run: with_defaults(1)
# run: with_defaults(2)
# run: caller(0)
