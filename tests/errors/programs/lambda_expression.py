# Refused: lambda is not part of the language.
# call: f(2)
# error: 6: 'lambda' is not supported

def f(x):
    double = lambda y: y * 2
    return double(x)
