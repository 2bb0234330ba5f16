# Refused: a local annotated with an unknown type.
# call: f(1)
# error: 6: unknown type 'Foo'

def f(x):
    y: Foo = x
    return x
