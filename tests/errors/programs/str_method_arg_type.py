# Refused: a str where a method takes an int.
# call: f("abc")
# error: 6: str.zfill() argument must be int, not str

def f(s: str):
    return s.zfill("5")
