# Refused: keyword arguments to str methods.
# call: f("a,b")
# error: 6: keyword arguments are not supported here

def f(s: str):
    return s.split(sep=",")
