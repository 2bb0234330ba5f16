# Refused: `yield` as an expression (values sent into a generator).
# call: f(3)
# error: 7: 'yield' is not supported

def f(n):
    while True:
        x = yield n
        n += x
