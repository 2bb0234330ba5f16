# Refused: scripted functions cannot rebind module globals.
# call: f(3)
# error: 9: 'global' is not supported

counter = 0


def f(x):
    global counter
    counter += x
    return counter
