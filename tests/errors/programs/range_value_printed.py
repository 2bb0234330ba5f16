# Refused: printing a range object.
# call: f(3)
# error: 7: printing a range object is not supported

def f(n):
    r = range(n)
    print(r)
    return n
