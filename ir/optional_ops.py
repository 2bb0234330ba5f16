"""The Optional ops of the op table (see ir.op_table for what an entry holds).

`optional<T>` is Python's Optional[T]: a T or None (T is never none nor optional).  The
frontend wraps a value where an Optional is stored, tests it where `x is None` is asked,
and unwraps it where a refinement proved it is not None; every op is total, so a value
never needs a check to be unwrapped (the refinement is the check).

Operand types -> result type:
  opt.none     () -> optional<T>               None; T is the declared one
  opt.some     (T) -> optional<T>              the value, as an Optional
  opt.is_none  (optional<T>) -> i1             x is None
  opt.get      (optional<T>) -> T              the value (unspecified when x is None: the
                                               frontend unwraps only where x is not None)

The interpreter holds an Optional as the Python value itself or None, so `opt.some` and
`opt.get` are the identity there; natively it is `{i1 present, T}` (backend.optional_ops).
"""
from __future__ import annotations

from pts.ir.op_table import PURE, OpUse, define
from pts.ir.types import I1, NONE, OptionalType, Type


def _payload_ok(t: Type) -> bool:
    return t != NONE and not isinstance(t, OptionalType)


def _none(use: OpUse) -> Type:
    use.arity(0)
    t = use.declared_result()
    if not isinstance(t, OptionalType) or not _payload_ok(t.elem):
        use.fail(f"expected () -> optional<T>, found -> {t}")
    return t


def _some(use: OpUse) -> Type:
    use.arity(1)
    if not _payload_ok(use.types[0]):
        use.fail(f"expected a value that is not None nor Optional, found {use.types[0]}")
    return OptionalType(use.types[0])


def _optional(use: OpUse) -> OptionalType:
    use.arity(1)
    t = use.types[0]
    if not isinstance(t, OptionalType):
        use.fail(f"expected an optional, found {t}")
    return t


define("opt.none", PURE, lambda: None, _none)
define("opt.some", PURE, lambda v: v, _some)
define("opt.is_none", PURE, lambda v: v is None, lambda use: (_optional(use), I1)[1])
define("opt.get", PURE, lambda v: v, lambda use: _optional(use).elem)
