# Refused: dict comprehensions are not part of the language.
# call: f(4)
# error: 6: 'dict comprehension' is not supported

def f(n):
    squares = {i: i * i for i in range(n)}
    return n
