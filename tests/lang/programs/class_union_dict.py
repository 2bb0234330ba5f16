"""Objects of unrelated classes as the values of one dict (and dict keys by identity),
their shared method called on the values; a dunder (`__str__`, `__len__`, `+`) of each
class runs for the object's class."""


class Word:
    def __init__(self, s: str):
        self.s = s

    def size(self) -> int:
        return len(self.s)

    def __str__(self) -> str:
        return "Word(" + self.s + ")"

    def __len__(self) -> int:
        return len(self.s)

    def __add__(self, n: int) -> int:
        return len(self.s) + n


class Count:
    def __init__(self, n: int):
        self.n = n

    def size(self) -> int:
        return self.n

    def __repr__(self) -> str:
        return f"Count({self.n})"

    def __len__(self) -> int:
        return self.n

    def __add__(self, n: int) -> int:
        return self.n * 10 + n


def table(k: int) -> str:
    d = {}
    d["a"] = Word("hello")
    d["b"] = Count(k)
    d["c"] = Word("")
    parts = []
    for name, v in d.items():
        truth = "yes" if v else "no"
        parts.append(f"{name}={v} size={v.size()} len={len(v)} +1={v + 1} {truth}")
    return "; ".join(parts)


def by_identity(n: int) -> int:
    objs = [Word("x"), Count(3), Word("yy")]
    seen = {}
    for i in range(n):
        o = objs[i % 3]
        seen[o] = seen.get(o, 0) + i
    return sum(seen[o] * (j + 1) for j, o in enumerate(objs) if o in seen)


# run: table(0)
# run: table(4)
# run: by_identity(0)
# run: by_identity(7)
