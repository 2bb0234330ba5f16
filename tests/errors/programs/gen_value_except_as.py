# Refused: a generator kept as a value that yields inside an except clause naming the
# exception (the clause runs after the try, where the exception is no longer at hand).
# call: f(3)
# error: 10: a yield in an except clause that names the exception (`as`) or re-raises it

def g(n: int):
    try:
        yield 10 // n
    except ZeroDivisionError as e:
        yield str(e)


def f(n: int) -> str:
    it = g(n)
    return str(next(it))
