# Refused: a conditional raise whose chosen branch is not an exception class
# (`raise U1 if i else U0` itself is `if i: raise U1` / `else: raise U0`: it compiles);
# the message points at the branch.
# call: f(1)
# error: 12: expected an exception class


class U1(Exception): pass


def f(i: int):
    raise U1 if i else len
