# Refused: a generator kept as a value with a yield inside a try that has a finally clause
# (CPython runs the finally when an unfinished generator is closed or collected).
# call: f(3)
# error: 10: a yield in a try with a finally clause (or in a `with` block) is not supported

def g(n: int):
    try:
        for i in range(n):
            print(i)
            yield i
    finally:
        print("done")


def f(n: int) -> int:
    it = g(n)
    return next(it)
