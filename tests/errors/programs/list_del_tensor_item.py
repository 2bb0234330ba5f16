# Refused: del on something that is not a list item or slice.
# call: f(3)
# error: 7: 'del' is only supported on list items and slices and dict items

def f(n):
    t = (n, n)
    del t[0]
    return n
