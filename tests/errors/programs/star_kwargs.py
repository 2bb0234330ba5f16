# Refused: keyword-variadic parameters are not part of the language.
# call: f(1)
# error: 5: '**kwargs' is not supported

def f(x, **kwargs):
    return x
