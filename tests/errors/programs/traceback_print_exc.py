# Refused: traceback.print_exc() in a handler (fannkuch-redux's `except: import traceback;
# traceback.print_exc()`): pts keeps no tracebacks to print.
# call: f(0)
# error: 10: 'traceback.print_exc()' is not supported

def f(d):
    try:
        return 1 // d
    except:
        import traceback; traceback.print_exc()
    return 0
