"""`super(C, self).__init__()` (Python 2 spelling, pyperformance deltablue) where the base
is `object` (does nothing) and where it is a user class; `super(C, self).m()` of a method."""


class Base(object):
    def __init__(self, x: int):
        super(Base, self).__init__()
        self.x = x

    def describe(self) -> str:
        return "base " + str(self.x)


class Child(Base):
    def __init__(self, x: int, y: int):
        super(Child, self).__init__(x * 2)
        self.y = y

    def describe(self) -> str:
        return "child " + str(self.y) + " of " + super(Child, self).describe()


class Plain:
    def __init__(self):
        super().__init__()
        self.n = 0


def run(a: int, b: int) -> str:
    c = Child(a, b)
    p = Plain()
    p.n += a
    return c.describe() + " / " + Base(b).describe() + " / " + str(p.n)


# run: run(3, 4)
# run: run(-1, 0)
