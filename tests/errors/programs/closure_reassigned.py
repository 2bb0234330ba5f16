# Refused: a variable a closure captured is assigned again after the closure is made and
# the closure is used as a value (passed to apply): pts copies captured values, CPython's
# closure would see the new value.  (Only called by its name, it reads them at each call:
# tests/lang/programs/fnv_late_binding_lambda_var.py.)
# call: f(2)
# error: 16: 'k' is captured by the lambda at line 15 and assigned again at line 16


def apply(g, v):
    return g(v)


def f(x):
    k = 1
    add = lambda v: v + k
    k = 5
    return apply(add, x)
