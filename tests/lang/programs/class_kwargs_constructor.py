"""Constructors that take `**kwargs` and pass them on to the base class's `__init__`
(`SimpleSurface.__init__(self, **kwargs)`, pyperformance raytrace): `f(**kwargs)` spreads
the function's own keyword mapping, its keys known when compiling."""


class Surface:
    def __init__(self, **kwargs):
        self.colour = kwargs.get('colour', (1.0, 1.0, 1.0))
        self.shine = kwargs.get('shine', 0.2)


class Checker(Surface):
    def __init__(self, **kwargs):
        Surface.__init__(self, **kwargs)
        self.other = kwargs.get('other', (0.0, 0.0, 0.0))
        self.size = kwargs.get('size', 1)


def describe(**kw) -> str:
    return str(len(kw)) + str(kw.get("a", 0)) + str(kw.get("extra", -1))


def forward(**kw) -> str:
    return describe(**kw) + describe(extra=1, **kw)


def forwarded() -> str:
    return forward(a=1, b=2)


def run(s: float) -> str:
    a = Surface(colour=(s, 0.0, 1.0))
    b = Checker(shine=s, size=3)
    c = Checker()
    return str((a.colour, a.shine, b.colour, b.shine, b.other, b.size, c.size))


# run: run(0.5)
# run: forwarded()
