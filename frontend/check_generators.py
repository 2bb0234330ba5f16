"""Type checking of generator objects as values (a mixin of check.FunctionChecker).

A call of a generator function where its result is kept, not iterated where it is written
(`g = gen(n)`, `Random = genRandom()`, `f(gen())`, `[gen(), gen()]`), makes an object of
the generator's frame class (frontend.generator_frames): the call is that class's
constructor call (check_classes.call_class).  A generator iterated where it is written
(`for x in gen(n)`, `sum(gen(n))`) is still inlined into the loop (check_iter).

Inside a generator's frame, a `for` around a yield over a value that is neither range(...)
nor a generator call (`for x in xs`, `for x in it`) steps with two marked calls
(`frame_iter`, generator_frames.for_loop) that become, for a generator object, its
`_pts_advance()` and its `_pts_value`, else `i < len(xs)` and `xs[i]`.

`next(g)` is the method call `g.__next__()`, `next(g, d)` is `g._pts_next_or(d)` (the
frame's value, else d), `iter(g)` is `g._pts_iter()` (g itself).  `next(obj)` of an object
of any user class with `__next__` is its `__next__()` too, as in CPython.
"""
from __future__ import annotations

from pts.frontend import ast as A
from pts.frontend.generator_frames import frame_class, is_frame_class
from pts.ir.types import ObjType, py_name


class GeneratorChecks:

    def generator_value(self, e: A.Call, pyfunc, f: A.Expr):
        """`gen(args)` kept as a value: a new frame object."""
        return self.call_class(e, frame_class(pyfunc, f), f)

    def call_next_iter(self, e: A.Call, name: str):
        """next(g), next(g, default), iter(g): rewritten into the frame's method calls (the
        node is checked again as such)."""
        if e.keywords or not e.args or len(e.args) > (2 if name == "next" else 1):
            raise self.error(f"{name}() takes {'1 or 2 arguments' if name == 'next' else '1 argument'} here",
                             e)
        obj = e.args[0]
        t = self.expr(obj)
        cls = self.program.classes[t.name].cls if isinstance(t, ObjType) and \
            t.name in self.program.classes else None
        if cls is None or not hasattr(cls, "__next__"):
            raise self.error(f"{name}() of {py_name(t)} is not supported (pts takes next() and "
                             f"iter() of generator objects and of objects whose class has "
                             f"__next__)", obj)
        if name == "iter" or len(e.args) == 2:
            if not is_frame_class(cls):
                raise self.error(f"{name}() of a {cls.__name__} object is not supported "
                                 f"(only of generator objects)", e)
            method, args = ("_pts_iter", []) if name == "iter" else ("_pts_next_or", [e.args[1]])
        else:
            method, args = "__next__", []
        e.func = A.Attribute(obj, method, span=e.func.span)
        e.args = args
        return self.expr(e)

    def frame_iter_call(self, e: A.Call):
        """A marked step of a `for` in a generator frame (see the module docstring): the
        node becomes what the iterated value's type needs, then is checked as such."""
        seq, idx = e.args
        t = self.expr(seq)
        span = e.span
        frame = isinstance(t, ObjType) and t.name in self.program.classes and \
            is_frame_class(self.program.classes[t.name].cls)
        kind = e.frame_iter
        e.__dict__.clear()
        if kind == "more" and frame:
            e.__class__ = A.Call
            e.__init__(A.Attribute(seq, "_pts_advance", span=span), [], span=span)
        elif kind == "more":
            e.__class__ = A.Compare
            e.__init__(idx, ["<"], [A.Call(A.Name("len", span=span), [seq], span=span)],
                       span=span)
        elif frame:
            e.__class__ = A.Attribute
            e.__init__(seq, "_pts_value", span=span)
        else:
            e.__class__ = A.Subscript
            e.__init__(seq, idx, span=span)
        return self.expr(e)
