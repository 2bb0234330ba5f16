# Refused: a field that starts None and is given an empty dict that no compiled code fills:
# pts needs its item types (annotate it in the class body).
# call: f()
# error: 6: the type of field 'seen' of Log is not known

class Log:
    def __init__(self):
        self.seen = None

    def start(self):
        self.seen = {}


def f():
    g = Log()
    g.start()
    return 1
