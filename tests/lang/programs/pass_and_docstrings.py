"""Module docstring: pass statements and docstrings are no-ops."""


def nothing() -> None:
    """A function whose body is only a docstring."""


def only_pass():
    pass


def with_pass(n: int) -> int:
    """Docstring, then code."""
    total = 0
    for i in range(n):
        if i % 2 == 0:
            pass
        else:
            total += i
    while False:
        pass
    return total


# run: nothing()
# run: only_pass()
# run: with_pass(11)
