# Refused: a user exception class with methods (its instances are more than a message).
# call: f(1)
# error: 12: exception class Coded must derive from one exception class and hold nothing


class Coded(ValueError):
    def __init__(self, code):
        self.code = code


def f(x):
    raise Coded(x)
