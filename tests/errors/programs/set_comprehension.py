# Refused: set comprehensions are not part of the language.
# call: f(4)
# error: 6: 'set comprehension' is not supported

def f(n):
    evens = {i for i in range(n) if i % 2 == 0}
    return n
