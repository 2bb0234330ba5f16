# Refused: with statements are not part of the language.
# call: f(1)
# error: 6: 'with' is not supported

def f(x):
    with open("data.txt") as fh:
        x = x + 1
    return x
