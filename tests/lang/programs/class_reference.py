"""Objects are references: an alias sees every write; `is` / `is not` compare identity."""


class Counter:
    def __init__(self):
        self.n = 0

    def bump(self, k: int) -> int:
        self.n += k
        return self.n


def alias(k: int) -> int:
    a = Counter()
    b = a
    b.bump(k)
    a.bump(1)
    return a.n * 100 + b.n


def identity(k: int) -> bool:
    a = Counter()
    b = Counter()
    c = a if k > 0 else b
    return (c is a) and (c is not b)


def through_function(k: int) -> int:
    c = Counter()
    for i in range(k):
        add_to(c, i)
    return c.n


def add_to(c: Counter, v: int) -> None:
    c.n += v


# run: alias(5)
# run: identity(1)
# run: identity(-1)
# run: through_function(10)
