# Refused: a list added to a set (unhashable, as in CPython).
# call: f(1)
# error: 7: unhashable type: 'List[int]'

def f(x):
    seen = set()
    seen.add([x])
    return len(seen)
