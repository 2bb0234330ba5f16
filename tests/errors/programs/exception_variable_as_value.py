# Refused: an exception variable is only str(e) (print(e), f"{e}") or raise e (repr(e),
# e.args: no).
# call: f(1)
# error: 11: the exception 'e' can only be used as str(e) or in 'raise e'

def f(x):
    try:
        y = 10 // x
    except ZeroDivisionError as e:
        y = 0
        print(repr(e))
    return y
