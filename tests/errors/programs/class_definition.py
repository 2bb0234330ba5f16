# Refused: a class statement inside a scripted function.
# call: f(2)
# error: 6: 'class' is not supported

def f(x):
    class Point:
        pass
    return x
