# Refused: what is raised must be an exception class or instance.
# call: f(1)
# error: 7: expected an exception class

def f(x):
    if x > 0:
        raise x
    return x
