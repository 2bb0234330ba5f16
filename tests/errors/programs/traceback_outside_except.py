# Refused: traceback.print_exc() with no exception being handled (CPython prints
# "NoneType: None"); inside an except clause it prints the handled exception.
# call: f(0)
# error: 10: traceback.print_exc() outside an except clause is not supported
import traceback


def f(d):
    if d == 0:
        traceback.print_exc()
    return d
