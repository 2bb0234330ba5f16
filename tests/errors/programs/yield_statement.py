# Refused: generators are not part of the language.
# call: f(3)
# error: 8: 'yield' is not supported

def f(n):
    i = 0
    while i < n:
        yield i
        i += 1
