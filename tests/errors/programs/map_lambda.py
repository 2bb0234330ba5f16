# Refused: lambda (map takes a named function).
# call: f([1, 2])
# error: 6: 'lambda' is not supported

def f(xs):
    return list(map(lambda x: x + 1, xs))
