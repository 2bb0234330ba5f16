"""A list of objects passed to a function that appends objects of other classes of the
hierarchy (pyperformance deltablue's `add_constraints_consuming_to(v, coll)`): the
caller's list holds the common base, also through an alias (`todo = sources`) and two
calls deep; the elements keep their own classes (methods dispatched on them)."""


class Node:
    def __init__(self, v):
        self.v = v

    def label(self):
        return "node%d" % self.v


class Leaf(Node):
    def label(self):
        return "leaf%d" % self.v


class Branch(Node):
    def __init__(self, v, kids):
        super().__init__(v)
        self.kids = kids

    def label(self):
        return "branch%d/%d" % (self.v, len(self.kids))


def add_leaves(coll, n):
    for i in range(n):
        coll.append(Leaf(i))


def add_more(coll, n):
    add_leaves(coll, n)
    coll.append(Node(-1))


def walk(v, kids, n):
    todo = [Branch(v, [0] * kids)]
    out = []
    while len(todo):
        d = todo.pop(0)
        out.append(d.label())
        if len(out) < n:
            add_leaves(todo, 2)
    return out


def aliased(n):
    sources = [Branch(7, [1, 2])]
    todo = sources
    add_more(todo, n)
    return [x.label() for x in sources], len(todo), len(sources)


# run: walk(1, 1, 5)
# run: walk(3, 0, 1)
# run: aliased(2)
# run: aliased(0)
