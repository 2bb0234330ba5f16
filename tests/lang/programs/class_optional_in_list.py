"""An Optional object appended to a list of objects (pyperformance deltablue's
`todo.append(c.output())`): the list holds Optionals; reading an attribute of a None item
raises CPython's AttributeError where it is read."""


class Var:
    def __init__(self, name):
        self.name = name
        self.next = None

    def link(self, other):
        self.next = other


def chain(n, broken):
    vs = [Var("v%d" % i) for i in range(n)]
    for i in range(n - 1):
        if i != broken:
            vs[i].link(vs[i + 1])
    return vs


def follow(n, broken):
    vs = chain(n, broken)
    todo = [vs[0]]
    names = []
    while len(todo):
        v = todo.pop(0)
        if v is None:
            names.append("-")
            continue
        names.append(v.name)
        todo.append(v.next)
    return names


def fresh(n):
    out = []
    for v in chain(n, 1):
        out.append(v.next)
    return [x.name if x is not None else None for x in out]


def deref(n, broken):
    vs = chain(n, broken)
    todo = [vs[0]]
    total = 0
    for i in range(n):
        v = todo.pop()
        total += len(v.name)
        todo.append(v.next)
    return total


# run: follow(4, 10)
# run: follow(4, 1)
# run: fresh(4)
# run: deref(3, 10)
# run: deref(3, 0)
