# Refused: a range object as a function's result (ranges are values inside scripted code only).
# call: f(3)
# error: 7: returning a range object is not supported

def f(n):
    r = range(n)
    return r
