# Refused: del of a list item (only dict items can be deleted).
# call: f(1)
# error: 7: 'del' of an item of List[int] is not supported

def f(x):
    xs = [1, 2, 3]
    del xs[x]
    return len(xs)
