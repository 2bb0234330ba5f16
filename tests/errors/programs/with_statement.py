# Refused: `with open(...)` (files are not part of the language; `with` over user context managers is).
# call: f(1)
# error: 6: cannot call 'open': not a function pts can compile

def f(x):
    with open("data.txt") as fh:
        x = x + 1
    return x
