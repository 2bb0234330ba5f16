"""BaseException and Exception catch builtin and user classes alike."""


class Custom(LookupError):
    pass


def f(k: int) -> int:
    try:
        if k == 0:
            raise Custom("custom")
        if k == 1:
            raise AssertionError("assert")
        if k == 2:
            raise StopIteration("stop")
        return 0
    except BaseException as e:
        print(str(e))
        return 1


def lookup(k: int) -> int:
    try:
        raise Custom("c")
    except LookupError:
        return 7


# run: f(0)
# run: f(1)
# run: f(2)
# run: f(3)
# run: lookup(0)
