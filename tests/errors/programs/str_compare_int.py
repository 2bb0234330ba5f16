# Refused: ordering a str against an int (CPython raises TypeError).
# call: f("abc")
# error: 6: '<' not supported between instances of 'str' and 'int'

def f(s: str):
    return s < 1
