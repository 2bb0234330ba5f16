# Refused: a keyword print() does not take, with CPython's message.
# call: f()
# error: 7: 'fle' is an invalid keyword argument for print()


def f() -> None:
    print(1, fle=None)
