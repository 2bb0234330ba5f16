# Refused: a string indexed by a float.
# call: f("abc")
# error: 6: string indices must be integers, not 'float'

def f(s: str):
    return s[1.5]
