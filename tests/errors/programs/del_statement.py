# Refused: del of a variable (del works on list items and slices only).
# call: f(1)
# error: 7: 'del' is only supported on list items and slices and dict items

def f(x):
    y = x + 1
    del y
    return x
