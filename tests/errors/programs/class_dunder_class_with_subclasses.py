# Refused: `self.__class__` of a class that has subclasses is the object's run-time class,
# which pts does not know when compiling (a classmethod called on the object gets it).
# call: f(1)
# error: 11: 'self.__class__' is the run-time class of an object of Base, which has subclasses


class Base:
    UNIT = 1

    def step(self):
        return self.__class__.UNIT


class Derived(Base):
    UNIT = 2


def f(n):
    b = Base()
    return b.step() + n
