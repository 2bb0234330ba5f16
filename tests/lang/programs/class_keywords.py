"""Constructors and methods with defaults and keyword arguments."""
class P:
    def __init__(self, x: float = 0.0, y: float = 0.0, name: str = "p"):
        self.x = x
        self.y = y
        self.name = name

    def moved(self, dx: float = 1.0, dy: float = 0.0) -> "P":
        return P(self.x + dx, self.y + dy, name=self.name + "'")


def kw(a: float) -> str:
    p = P(y=a)
    q = p.moved(dy=2.0)
    r = P()
    return q.name + str(q.x + q.y + r.x + p.y)


# run: kw(1.5)
# run: kw(-2.0)
