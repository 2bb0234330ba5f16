# Refused: a generator function called from Python through pts (it can only be iterated
# over inside a scripted function).
# call: f(3)
# error: 9: a generator function can only be iterated over inside a scripted function

def f(n):
    i = 0
    while i < n:
        yield i
        i += 1
