# Refused: traceback functions other than print_exc() and format_exc(): pts keeps no frames
# to walk.
# call: f(0)
# error: 12: 'traceback.print_stack()' is not supported: pts keeps no frames
import traceback


def f(d):
    try:
        return 1 // d
    except ZeroDivisionError:
        traceback.print_stack()
    return 0
