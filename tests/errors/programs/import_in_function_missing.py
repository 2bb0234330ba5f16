# Refused: importing a module that does not exist, inside a function (CPython raises
# ModuleNotFoundError when the statement runs; pts binds the name when compiling).
# call: f(1)
# error: 7: No module named 'no_such_module_pts'

def f(x):
    import no_such_module_pts
    return x
