"""An f-string in one runtime call: the fusion of its formatted fields into its concatenation.

`f"{name:<10}|{qty:>6d}|{price:10.2f}"` lowers to one `str.format` per field and a
`str.concatn` of the pieces (frontend/lower_strings.py): natively, three calls that each
make a string, and a fourth allocation that copies them.  Here, at code generation, a
`str.concatn` (or `str.concat`) whose operands include fields it alone reads becomes one
call of the runtime's `str.fmt` with a constant template — `"{:<10}|{:>6d}|{:10.2f}"
.format(name, qty, price)`, which is the same string by Python's definition of both —
formatted into one buffer and allocated once (runtime/c/str_methods.c format_template).
The IR is unchanged (the interpreter and eager Python run the fields one by one).

A field is fused when it is `str.format(x, spec)` with a constant spec or `str.from(x)`,
of an int, float or str (a bool for str.from), whose every user is that one
concatenation of at most 15 values, in its block, and whose spec Python accepts for the
type: the field cannot raise, so moving it to the concatenation, after the operands
between them are computed, changes nothing a program can see.  `str(i) + "," + str(j)`
fuses as an f-string does, but `s += str(i)` keeps growing s in place (str_codegen's
str.append, linear in a loop).  A fused field's own instruction emits nothing; other operands
of the concatenation become `{}` fields of the template (a str formats as itself).
"""
from __future__ import annotations

from llvmlite import ir

from pts.backend.llvm_types import PTR
from pts.ir.core import Const, Instr
from pts.ir.types import F64, I1, I64, STR

_SAMPLES = {I64: 0, F64: 0.0, STR: ""}
# a str_op site decodes at most 16 operands (runtime/c/str_internal.h SITE_MAX_ARGS): the
# template and 15 values
MAX_FIELDS = 16


def _users(fc) -> dict:
    users = fc.__dict__.get("str_users")
    if users is None:
        from pts.ir.analysis import uses
        users = fc.str_users = uses(fc.f)
    return users


def _spec_ok(spec: str, sample) -> bool:
    """Does Python format a value of sample's type with spec, for every value?  ('c' of an
    int depends on the value; braces cannot stand in a template's field.)"""
    if "{" in spec or "}" in spec or spec.endswith("c"):
        return False
    try:
        format(sample, spec)
    except (ValueError, TypeError):
        return False
    return True


def fused(fc, ins, owned) -> bool:
    """Is `ins` (str.format or str.from) a field its concatenation formats itself?
    owned(fc, cat): may concatenation cat grow its first operand in place (str_codegen)?"""
    memo = fc.__dict__.setdefault("fstr_fused", {})
    got = memo.get(ins)
    if got is None:
        got = memo[ins] = _fusable(fc, ins, owned)
    return got


def _fusable(fc, ins, owned) -> bool:
    t = ins.args[0].type
    if ins.op == "str.format":
        spec = ins.args[1]
        if not (isinstance(spec, Const) and spec.type == STR and t in _SAMPLES
                and _spec_ok(spec.value, _SAMPLES[t])):
            return False
    elif ins.op != "str.from" or t not in (I64, F64, I1):
        return False
    users = _users(fc).get(ins, ())
    if not users or any(u is not users[0] for u in users):
        return False
    cat = users[0]
    if not (cat.op in ("str.concat", "str.concatn") and cat.block is ins.block
            and sum(not isinstance(a, Const) for a in cat.args) < MAX_FIELDS):
        return False
    # `s += str(i)` grows s in place (str.append: linear in a loop), and keeps doing so;
    # a first operand that is itself a field is formatted here, not grown
    first = cat.args[0]
    if isinstance(first, Instr) and first.op in ("str.format", "str.from"):
        return True
    return not owned(fc, cat)


def _escape(s: str) -> str:
    return s.replace("{", "{{").replace("}", "}}")


def plan(fc, ins, vals: list, owned):
    """The concatenation `ins` as one str.fmt call: (instruction-like, template, values)
    for str_codegen to call, or None if none of its operands is a fused field."""
    parts = [a for a in ins.args if isinstance(a, Instr) and a.op in ("str.format", "str.from")
             and fused(fc, a, owned)]
    if not parts:
        return None
    template, args, types = [], [], []
    for a, v in zip(ins.args, vals):
        if isinstance(a, Const):
            template.append(_escape(a.value))
        elif isinstance(a, Instr) and a.op in ("str.format", "str.from") and fused(fc, a, owned):
            template.append("{:" + a.args[1].value + "}" if a.op == "str.format" else "{}")
            args.append(fc.v(a.args[0]))
            types.append(a.args[0].type)
        else:
            template.append("{}")
            args.append(v)
            types.append(STR)
    return _Fmt(ins, [STR] + types), "".join(template), args


def placeholder() -> ir.Value:
    """The value of a fused field's own instruction (nothing reads it)."""
    return ir.Constant(PTR, None)


class _Fmt:
    """What str_codegen.call reads of an instruction, for the str.fmt it emits."""

    def __init__(self, ins, types):
        self.op, self.span, self.type = "str.fmt", ins.span, STR
        self.args = [_Typed(t) for t in types]


class _Typed:
    def __init__(self, t):
        self.type = t
