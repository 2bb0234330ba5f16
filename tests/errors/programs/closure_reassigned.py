# Refused: a variable a closure captured is assigned again after the closure is made
# (pts copies captured values; CPython's closure would see the new value).
# call: f(2)
# error: 9: 'k' is captured by the lambda at line 8 and assigned again at line 9

def f(x):
    k = 1
    add = lambda v: v + k
    k = 5
    return add(x)
