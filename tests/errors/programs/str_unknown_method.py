# Refused: a method str does not have.
# call: f("abc")
# error: 6: 'str' object has no attribute 'reverse'

def f(s: str):
    return s.reverse()
