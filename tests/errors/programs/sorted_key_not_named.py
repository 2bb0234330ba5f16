# Refused: a bound method as a key (functions, lambdas and builtins are values; methods not).
# call: f([3, 1, 2])
# error: 6: sorted()'s key must be a function (a def, a lambda or a builtin

def f(xs):
    return sorted(xs, key=xs.copy)
