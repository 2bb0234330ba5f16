# Refused: an Optional int appended to a list of ints (only lists of objects, new lists
# and lists of Optionals take one).
# call: f(3)
# error: 13: 'v' may be None here (Optional[int]); test it with 'is not None' first


def f(n):
    xs = [1, 2]
    v = None
    for i in range(n):
        if i > 1:
            v = i
    xs.append(v)
    return len(xs)
