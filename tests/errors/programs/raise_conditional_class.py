# Refused: an exception class chosen at run time (`raise U1 if i else U0`, Rosetta Code's
# "Exceptions/Catch an exception thrown in a nested call"); the message says so, where it
# used to say "expected an exception class" of an expression whose branches are classes.
# call: f(1)
# error: 13: the exception class must be named directly


class U0(Exception): pass
class U1(Exception): pass


def f(i: int):
    raise U1 if i else U0
