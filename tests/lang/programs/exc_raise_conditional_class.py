"""`raise A if cond else B`: the class chosen at run time (Rosetta Code's nested-call task),
with and without messages, nested conditionals and a `from` cause."""


class U0(Exception): pass
class U1(Exception): pass
class U2(U1): pass


def baz(i: int):
    raise U1 if i else U0


def pick(i: int) -> str:
    try:
        raise U2("two") if i == 2 else (U1("one") if i == 1 else ValueError("zero"))
    except U2 as e:
        return "U2 " + str(e)
    except U1 as e:
        return "U1 " + str(e)
    except ValueError as e:
        return "ValueError " + str(e)


def foo() -> int:
    caught = 0
    for i in range(2):
        try:
            baz(i)
        except U0:
            print("Function foo caught exception U0")
            caught += 1
    return caught


def escapes(i: int) -> int:
    try:
        baz(i)
    except U0:
        return 0
    return 1


def cause(i: int) -> str:
    try:
        raise (KeyError if i else IndexError)("k") from None
    except LookupError as e:
        return type(e).__name__


# run: pick(0)
# run: pick(1)
# run: pick(2)
# run: escapes(0)
# run: escapes(1)
# run: foo()
# run: cause(0)
# run: cause(1)
