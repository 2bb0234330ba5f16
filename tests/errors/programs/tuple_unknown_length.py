# Refused: tuple() of an iterable whose length is only known at run time.
# call: f(3)
# error: 6: tuple() needs an iterable whose length pts knows when compiling

def f(n):
    t = tuple(range(n))
    return n
