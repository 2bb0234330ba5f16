# Refused: generator expressions are not part of the language.
# call: f(4)
# error: 6: 'generator expression' is not supported

def f(n):
    gen = (i * i for i in range(n))
    return n
