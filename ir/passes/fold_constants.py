"""fold_constants: evaluate what is known at compile time and apply algebraic identities.

Requires: verified IR.  Invalidates: operands (uses are rewritten), the CFG (a `cbr` on a
constant becomes a `br`; the untaken edge disappears, which may leave blocks unreachable
for simplify_cfg) and block parameter lists.  Keeps: spans of surviving instructions.

Rewrites, repeated per function until none applies:
- a PURE op (`ops.OPS[op].effect == PURE`) of constants -> `Const(result type,
  evaluate(*values))`, unless `evaluate` raises or the result is not an i1/i64/f64 scalar
  (f32 is not folded: Python computes in double precision);
- the identities listed at `simplify` below: ints only where floats differ (-0.0, nan, inf);
- `check false, ...` -> deleted (it can never raise);
- `cbr true, ^a(x), ^b(y)` -> `br ^a(x)`, and `cbr false` -> `br ^b(y)`;
- `np.transpose(np.transpose(x, p), q)` -> x when q undoes p (x.T.T -> x): the backward
  sweep of x.T @ y makes these (ir.tensor_derivatives' transpose of a product);
- a block parameter whose incoming arguments are all one value v (or the parameter
  itself, around a loop) -> v, and the parameter and its arguments are dropped.
A folded or simplified instruction is deleted (it is pure, so nothing else can see it).
"""
from __future__ import annotations

from pts.ir import ops
from pts.ir.analysis import reverse_postorder
from pts.ir.core import Block, Const, Function, Instr, Module, Value
from pts.ir.types import F64, I1, I64

INTS = (I64, I1)


def run(module: Module) -> bool:
    changed = False
    for f in module:
        while fold_function(f):
            changed = True
    return changed


def fold_function(f: Function) -> bool:
    changed = False
    replace: dict[Value, Value] = {}
    for b in reverse_postorder(f):
        kept = []
        for i in b.instrs:
            i.replace_uses(replace)
            if i.op == "check" and _is_const(i.args[0], False):
                changed = True               # check false, ... -> (nothing)
                continue
            if i.op == "cbr" and isinstance(i.args[0], Const):
                # cbr true, ^a, ^b -> br ^a ;  cbr false, ^a, ^b -> br ^b
                taken = i.targets[0] if i.args[0].value else i.targets[1]
                i.op, i.args, i.targets = "br", [], [taken]
                changed = True
            new = fold(i) if i.has_result else None
            if new is None:
                new = simplify(i) if i.has_result else None
            if new is not None:
                replace[i] = new
                changed = True
                continue
            kept.append(i)
        b.instrs = kept
    f.replace_uses(replace)
    if forward_block_params(f):
        changed = True
    return changed


def fold(i: Instr) -> Const | None:
    """A PURE op of constants -> the constant it computes."""
    info = ops.OPS.get(i.op)
    if info is None or info.effect != ops.PURE or info.evaluate is None:
        return None
    if not all(isinstance(a, Const) for a in i.args):
        return None
    try:
        value = info.evaluate(*(a.value for a in i.args))
    except Exception:                      # leave it to run time (and its checks)
        return None
    return make_const(i.type, value)


def make_const(t, value) -> Const | None:
    if t == I1 and isinstance(value, bool):
        return Const(I1, value)
    if t == I64 and isinstance(value, int) and not isinstance(value, bool):
        if -(1 << 63) <= value < (1 << 63):
            return Const(I64, value)
        return None
    if t == F64 and isinstance(value, (int, float)) and not isinstance(value, bool):
        return Const(F64, float(value))
    return None


def _is_const(v: Value, value) -> bool:
    """Is v the constant `value` (bools and ints compared by type too)?"""
    return (isinstance(v, Const) and type(v.value) is type(value) and v.value == value)


def _same(a: Value, b: Value) -> bool:
    if isinstance(a, Const) and isinstance(b, Const):
        return a.key() == b.key()
    return a is b


def simplify(i: Instr) -> Value | None:
    """An algebraic identity that makes `i` an existing value or a constant."""
    op, args, t = i.op, i.args, i.type
    if op in ("add", "sub", "mul") and t == I64:
        x, y = args
        if op == "add" and _is_const(y, 0):
            return x                                   # x+0 -> x
        if op == "add" and _is_const(x, 0):
            return y                                   # 0+x -> x
        if op == "sub" and _is_const(y, 0):
            return x                                   # x-0 -> x
        if op == "sub" and x is y:
            return Const(I64, 0)                       # x-x -> 0
        if op == "mul" and _is_const(y, 1):
            return x                                   # x*1 -> x
        if op == "mul" and _is_const(x, 1):
            return y                                   # 1*x -> x
        if op == "mul" and (_is_const(x, 0) or _is_const(y, 0)):
            return Const(I64, 0)                       # x*0 -> 0
    if op in ("and", "or") and t in INTS:
        x, y = args
        if x is y:
            return x                                   # x&x -> x ; x|x -> x
        for a, b in ((x, y), (y, x)):
            if t == I1 and op == "and" and _is_const(b, True):
                return a                               # x and true -> x
            if t == I1 and op == "and" and _is_const(b, False):
                return Const(I1, False)                # x and false -> false
            if t == I1 and op == "or" and _is_const(b, False):
                return a                               # x or false -> x
            if t == I1 and op == "or" and _is_const(b, True):
                return Const(I1, True)                 # x or true -> true
            if t == I64 and op == "and" and _is_const(b, 0):
                return Const(I64, 0)                   # x&0 -> 0
            if t == I64 and op == "and" and _is_const(b, -1):
                return a                               # x&-1 -> x
            if t == I64 and op == "or" and _is_const(b, 0):
                return a                               # x|0 -> x
    if op == "not" and isinstance(args[0], Instr) and args[0].op == "not":
        return args[0].args[0]                         # not not x -> x
    if op == "select":
        c, x, y = args
        if _is_const(c, True):
            return x                                   # select true, x, y -> x
        if _is_const(c, False):
            return y                                   # select false, x, y -> y
        if _same(x, y):
            return x                                   # select c, x, x -> x
    if op in ("eq", "ne", "lt", "le", "gt", "ge") and args[0] is args[1] \
            and args[0].type in INTS:
        # x==x, x<=x, x>=x -> true ; x!=x, x<x, x>x -> false   (ints: no nan)
        return Const(I1, op in ("eq", "le", "ge"))
    if op == "tuple.get" and isinstance(args[0], Instr) and args[0].op == "tuple" \
            and isinstance(args[1], Const):
        return args[0].args[args[1].value]             # tuple.get (tuple a0..an), k -> ak
    if op == "np.transpose" and isinstance(args[0], Instr) and args[0].op == "np.transpose":
        # transpose(transpose(x, p), q) -> x when p then q puts every axis back (x.T.T):
        # both are views of x with x's strides, so reads and writes through them agree
        inner = args[0]
        p, q = _permutation(inner), _permutation(i)
        x = inner.args[0]
        if p is not None and q is not None and x.type == t \
                and all(p[q[k]] == k for k in range(len(q))):
            return x
    return None


def _permutation(i: Instr) -> tuple[int, ...] | None:
    """The axes of a one-operand np.transpose (numpy's default: reversed), None if unknown."""
    rank = getattr(i.type, "rank", None)
    if len(i.args) != 1 or rank is None:
        return None
    st = i.static()
    if set(st) - {"axes"}:
        return None
    axes = st.get("axes")
    if axes is None:
        return tuple(reversed(range(rank)))
    axes = tuple(axes) if isinstance(axes, (tuple, list)) else (axes,)
    if len(axes) != rank:
        return None
    perm = tuple(a % rank for a in axes)
    return perm if sorted(perm) == list(range(rank)) else None


def forward_block_params(f: Function) -> bool:
    """^b(%p) reached only with one value v (or %p itself) -> use v, drop %p."""
    incoming: dict[Block, list] = {b: [] for b in f.blocks}
    for b in f.blocks:
        term = b.terminator
        for t in term.targets if term else []:
            incoming.setdefault(t.block, []).append(t)
    replace: dict[Value, Value] = {}
    for b in f.blocks[1:]:
        targets = incoming.get(b)
        if not targets or not b.params:
            continue
        drop = []
        for n, p in enumerate(b.params):
            values = [t.args[n] for t in targets if t.args[n] is not p]
            if not values or not all(_same(v, values[0]) for v in values):
                continue
            v = values[0]
            if getattr(v, "block", None) is b:     # defined in b itself: b is unreachable
                continue
            replace[p] = v
            drop.append(n)
        if drop:
            b.params = [p for n, p in enumerate(b.params) if n not in drop]
            for t in targets:
                t.args = [a for n, a in enumerate(t.args) if n not in drop]
    f.replace_uses(replace)
    return bool(replace)
