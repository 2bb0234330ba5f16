"""Generator objects of scripted code that reach Python (frontend.generator_frames): a
module-level generator pts took over (`Random = genRandom()`), or one a scripted function
returns.  Python's `next(g)` and `for x in g` on such an object run the frame's compiled
step, natively, so Python and scripted code advance one generator."""
from __future__ import annotations

from pts.frontend import generator_frames

_NEXT: dict = {}          # frame class -> its scripted `__next__`


def run_next(frame):
    """`next(frame)`: the frame's next value, or StopIteration."""
    cls = type(frame)
    fn = _NEXT.get(cls)
    if fn is None:
        from pts.api import ScriptFunction
        fn = _NEXT[cls] = ScriptFunction(cls.__dict__["__next__"], backend="native")
    return fn(frame)


generator_frames.RUN_METHOD = run_next
