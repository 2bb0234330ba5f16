# Refused: an exception variable is only str(e) (print(e), f"{e}"), repr(e),
# type(e).__name__ or raise e (e.args, storing it: no).
# call: f(1)
# error: 11: the exception 'e' can only be used as str(e), repr(e), type(e).__name__ or in 'raise e'

def f(x):
    try:
        y = 10 // x
    except ZeroDivisionError as e:
        y = 0
        print(e.args)
    return y
