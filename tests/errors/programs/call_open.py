# Refused: I/O is outside the language.
# call: f(1)
# error: 6: cannot call 'open': not a function pts can compile

def f(x):
    fh = open("data.txt")
    return x
