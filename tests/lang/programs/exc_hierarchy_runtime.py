"""NotImplementedError and RecursionError are RuntimeErrors; a handler for a sibling
class does not catch."""


def f(k: int) -> int:
    try:
        if k == 0:
            raise NotImplementedError("todo")
        if k == 1:
            raise ValueError("v")
        return 5
    except RuntimeError as e:
        print("runtime:", str(e))
        return 0


def sibling(k: int) -> int:
    try:
        if k == 0:
            raise ZeroDivisionError("z")
        raise OverflowError("o")
    except ZeroDivisionError:
        return 1


# run: f(0)
# run: f(1)
# run: f(2)
# run: sibling(0)
# run: sibling(1)
