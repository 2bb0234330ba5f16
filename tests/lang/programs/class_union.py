"""Union[A, B] of classes (their common base) refined by isinstance in if/elif, an
expression tree of subclasses evaluated by overridden methods, Optional of a base class
holding a subclass."""
from typing import List, Optional, Union


class Expr:
    def value(self) -> float:
        return 0.0


class Num(Expr):
    def __init__(self, v: float):
        self.v = v

    def value(self) -> float:
        return self.v


class Add(Expr):
    def __init__(self, a: Expr, b: Expr):
        self.a = a
        self.b = b

    def value(self) -> float:
        return self.a.value() + self.b.value()


class Mul(Expr):
    def __init__(self, a: Expr, b: Expr):
        self.a = a
        self.b = b

    def value(self) -> float:
        return self.a.value() * self.b.value()


def describe(e: Union[Num, Add, Mul]) -> str:
    if isinstance(e, Num):
        return "num " + str(e.v)
    elif isinstance(e, Add):
        return "add"
    return "mul"


def evaluate(n: int) -> float:
    e: Expr = Num(1.0)
    for i in range(1, n + 1):
        if i % 2 == 0:
            e = Add(e, Num(i))
        else:
            e = Mul(e, Num(0.5 * i))
    return e.value()


def kinds(n: int) -> str:
    es: List[Union[Num, Add]] = [Num(2.0), Add(Num(1.0), Num(2.0))]
    out = ""
    for x in es:
        out += describe(x) + ";"
    m: Optional[Expr] = Mul(Num(2.0), Num(3.0)) if n > 0 else None
    if m is not None:
        out += describe(m) + str(m.value())
    return out


# run: evaluate(5)
# run: evaluate(0)
# run: kinds(1)
# run: kinds(0)
