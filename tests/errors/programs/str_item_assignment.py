# Refused: strings are immutable.
# call: f("abc")
# error: 6: 'str' object does not support item assignment

def f(s: str):
    s[0] = "x"
    return s
