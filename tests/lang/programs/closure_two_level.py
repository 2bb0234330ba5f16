"""Nested defs two deep: the innermost reads variables of both enclosing functions."""


def run(a: int, b: int) -> int:
    def outer(x):
        c = x + a

        def inner(y):
            return y * c + b

        return inner(x) + inner(1)

    return outer(2) + outer(b)


# run: run(3, 4)
# run: run(-1, 0)
