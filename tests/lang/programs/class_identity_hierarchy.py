"""Identity of objects across one class hierarchy and Optional fields: `a == b` of classes
without __eq__ is `a is b` (object.__eq__), a base-class variable and a subclass one may be
the same object, and an Optional field compares with an object (None is no object), as
pyperformance deltablue's `if self.determined_by == constraint:`."""


class Constraint:
    def __init__(self, strength: int):
        self.strength = strength


class Stay(Constraint):
    def __init__(self, strength: int):
        super().__init__(strength)


class Edit(Constraint):
    def __init__(self, strength: int):
        super().__init__(strength)


class Var:
    def __init__(self):
        self.determined_by = None

    def set(self, c):
        self.determined_by = c

    def drop(self, c) -> bool:
        if self.determined_by == c:
            self.determined_by = None
            return True
        return False


def run(k: int) -> str:
    s = Stay(k)
    e = Edit(k + 1)
    v = Var()
    out = [v.drop(s), v.determined_by is None]
    v.set(s)
    out.append(v.drop(e))
    out.append(v.determined_by is s)
    out.append(v.determined_by != e)
    base: Constraint = s
    out.append(base is s)
    out.append(base == e)
    out.append(v.drop(s))
    out.append(v.determined_by == s)
    v.set(e)
    out.append(s is not v.determined_by)
    return " ".join(str(x) for x in out)


# run: run(1)
