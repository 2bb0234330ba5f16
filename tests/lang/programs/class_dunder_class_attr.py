"""`self.__class__.NAME` of a class with no subclasses (pyperformance deltablue's
Strength.next_weaker): the class's attributes, constants and objects set after it."""


class Level:
    LOW = None
    HIGH = None
    SCALE = 10

    def __init__(self, rank, name):
        self.rank = rank
        self.name = name

    def other(self):
        if self.rank == 0:
            return self.__class__.HIGH
        return self.__class__.LOW

    def scaled(self):
        return self.rank * self.__class__.SCALE


Level.LOW = Level(0, "low")
Level.HIGH = Level(1, "high")


def flip(k):
    lv = Level.LOW if k == 0 else Level.HIGH
    return lv.other().name, lv.other().other().name, lv.scaled()


# run: flip(0)
# run: flip(1)
