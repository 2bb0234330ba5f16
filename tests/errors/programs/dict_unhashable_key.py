# Refused: a list as a dict key (unhashable, as in CPython).
# call: f(1)
# error: 6: unhashable type: 'List[int]'

def f(x):
    table = {[x]: 2}
    return x
