# A call that raises just before a `try` statement is not inside it: its exception leaves
# the function (the handler does not catch it), and a handler that reads its result runs
# only for the call inside the try.
def g(n: int) -> int:
    if n == 7:
        raise ValueError("seven")
    return 10 // n


def f(n: int) -> int:
    total = g(n)
    try:
        total += g(n - 1)
    except ZeroDivisionError:
        total += 100
    return total

# run: f(5)
# run: f(1)
# run: f(0)
