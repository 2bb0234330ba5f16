"""Fields that widen after other functions read them: `link` None in __init__, a Node once
relink stores one; `weight` None, a float once reweigh stores one; `kids` an empty list
filled with Leaf objects, then with Node objects (their common base).  Each widening is
found after readers were checked against the narrower type: the checker checks the program
again knowing them all (frontend.program.build, one more round for all of them)."""


class Base:
    def __init__(self, name: str):
        self.name = name


class Leaf(Base):
    def __init__(self, name: str):
        super().__init__(name)


class Node(Base):
    def __init__(self, name: str):
        super().__init__(name)
        self.link = None
        self.weight = None
        self.kids = []


def total(n):
    w = 0.0
    mine = n.weight
    if mine is not None:
        w += mine
    other = n.link
    if other is not None:
        theirs = other.weight
        if theirs is not None:
            w += theirs
    return w + len(n.kids)


def first_kid(n):
    if n.kids:
        return n.kids[0].name
    return "-"


def relink(a, b):
    a.link = b


def reweigh(n, f):
    n.weight = f


def adopt_leaf(n, name):
    n.kids.append(Leaf(name))


def adopt_node(n, k):
    n.kids.append(k)


def run(k: int) -> str:
    a = Node("a")
    b = Node("b")
    out = [str(total(a)), first_kid(a)]
    relink(a, b)
    reweigh(b, k / 4)
    adopt_leaf(a, "leaf")
    adopt_node(a, b)
    out.append(str(total(a)))
    out.append(first_kid(a))
    out.append(a.kids[1].name)
    relink(b, a)
    out.append(str(total(b)))
    return " ".join(out)


# run: run(3)
# run: run(10)
