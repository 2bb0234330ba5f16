# Refused (not built yet): a tuple of run-time length as a set element or dict key.
# call: f([1, 2])
# error: 7: unhashable type: 'Tuple[int, ...]'

def f(xs):
    s = set()
    s.add(tuple(xs))
    return len(s)
