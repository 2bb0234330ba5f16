# Refused: f-strings are not part of the language.
# call: f(3)
# error: 6: 'f-string' is not supported

def f(x):
    print(f"x = {x}")
    return x
