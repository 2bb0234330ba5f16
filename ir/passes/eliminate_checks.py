"""eliminate_checks: delete `check`s that cannot fire, from value ranges and dominating facts.

Requires: verified IR.  Invalidates: operands (a decided condition is written as a constant;
a `select` on a decided condition reads the chosen value), instruction lists (decided
comparisons and never-firing checks go) and the CFG (a `cbr` on a decided condition becomes
a `br`, which may leave blocks unreachable for simplify_cfg).  Keeps: the spans of
surviving instructions.

The walk goes down the dominator tree keeping *facts*: i1 values known true or false at
this point.  Facts come from
- edges: a block whose only predecessor ends in `cbr %c, ^this, ^other` knows %c (and
  `^other, ^this` knows not %c);
- checks: after `check %c, ...` the program only goes on when %c was false;
- and they split: `and a, b` true gives a and b true, `or a, b` false gives both false,
  `not a` gives a.
Ranges of i64 values: constants; `list.len` >= 0; `btoi` in [0, 1]; `mod x, k` in [0, k)
and `and x, k` in [0, k] for constants k >= 0; a select of two ranged values; comparisons
with constants among the facts (`lt %i, 10` true: %i <= 9); and induction variables:
a block parameter %i of a loop header ^h (the frontend's `for i in range(a, b)` and
counting `while` loops) whose arguments on entering edges are constants and on back edges
are `add %i, c` (c > 0 constant) is >= the smallest entering constant, provided no add
can wrap: each add sits where a dominating edge fact bounds %i from above
(`lt %i, x`: %i + 1 <= x; for c > 1, x must be a constant with x + c - 1 < 2**63, or a
list length, which is far below 2**63 - 2**32).
A comparison of i64 values x, y is decided by the orders {x<y, x==y, x>y} still possible
given their ranges and the facts comparing x and y (either way round):
    check (eq %i, 0), ZeroDivisionError     with %i >= 2                  ->  (deleted)
    %j = select (lt %i, 0), (add %i, %n), %i with %i >= 0                 ->  %j := %i
    check (or (lt %i, 0), (ge %i, %n)), IndexError  under `lt %i, %n`     ->  (deleted)
    check %c, ...  dominated by the same  check %c, ...                   ->  (deleted)
The range of a list index is only known against the *same* `list.len` value; number_values
merges two lengths of a list that nothing resizes in between, which is what lets
`for i in range(len(xs)): xs[i]` lose its IndexError check.  Floats are never reasoned about (nan breaks orders).
"""
from __future__ import annotations

from pts.ir.analysis import dominates, dominator_tree, dominators, uses
from pts.ir.core import Block, BlockParam, Const, Function, Instr, Module, Value
from pts.ir.types import I1, I64

LT, EQ, GT = 1, 2, 4
ORDERS = {"lt": LT, "le": LT | EQ, "eq": EQ, "ne": LT | GT, "gt": GT, "ge": GT | EQ}
COMPARE = set(ORDERS)
MAX = (1 << 63) - 1
DEPTH = 6                  # how deep decide/range look through operands
LIST_LEN_SLACK = 1 << 32   # steps this small cannot wrap a counter bounded by a list length


def run(module: Module) -> bool:
    changed = False
    for f in module:
        if eliminate(f):
            changed = True
    return changed


def _mirror(orders: int) -> int:
    """x R y as y R' x:  < <-> >."""
    return (orders & EQ) | (LT if orders & GT else 0) | (GT if orders & LT else 0)


def _const_int(v: Value) -> int | None:
    if isinstance(v, Const) and v.type == I64 and type(v.value) is int:
        return v.value
    return None


class _Facts:
    def __init__(self, f: Function):
        self.f = f
        self.idom = dominators(f)
        self.users = uses(f)
        self.known: dict[Value, bool] = {}
        self.replace: dict[Value, Value] = {}
        self.preds: dict[Block, list[Block]] = {b: [] for b in self.idom}
        for b in self.idom:
            for s in b.successors():
                self.preds[s].append(b)
        self.lower = induction_lower_bounds(f, self.idom, self.preds)

    # -- facts ------------------------------------------------------------------------------
    def add(self, v: Value, truth: bool, added: list) -> None:
        """Record v == truth (and what follows by and/or/not)."""
        v = self.replace.get(v, v)
        if isinstance(v, Const) or v in self.known:
            return
        self.known[v] = truth
        added.append(v)
        if isinstance(v, Instr) and v.type == I1:
            if (v.op == "and" and truth) or (v.op == "or" and not truth):
                for a in v.args:
                    self.add(a, truth, added)     # a and b -> a, b ;  not (a or b) -> not a, not b
            elif v.op == "not":
                self.add(v.args[0], not truth, added)

    # -- deciding i1 values -----------------------------------------------------------------
    def decide(self, v: Value, depth: int = DEPTH) -> bool | None:
        v = self.replace.get(v, v)
        if isinstance(v, Const):
            return v.value if v.type == I1 else None
        known = self.known.get(v)
        if known is not None or depth == 0 or not isinstance(v, Instr) or v.type != I1:
            return known
        op = v.op
        if op == "not":
            d = self.decide(v.args[0], depth - 1)
            return None if d is None else not d
        if op in ("and", "or"):
            absorbing = op == "or"               # x or true -> true ; x and false -> false
            ds = [self.decide(a, depth - 1) for a in v.args]
            if absorbing in ds:
                return absorbing
            if all(d is not None for d in ds):
                return not absorbing
            return None
        if op in COMPARE and v.args[0].type == I64:
            possible = self.orders(self.value(v.args[0], depth - 1),
                                   self.value(v.args[1], depth - 1), depth - 1)
            wanted = ORDERS[op]
            if possible & ~wanted == 0:
                return True
            if possible & wanted == 0:
                return False
        return None

    def value(self, v: Value, depth: int) -> Value:
        """v, seeing through replacements and selects on decided conditions."""
        for _ in range(depth + 1):
            v = self.replace.get(v, v)
            if not (isinstance(v, Instr) and v.op == "select"):
                break
            c = self.decide(v.args[0], depth)
            if c is None:
                break
            v = v.args[1] if c else v.args[2]
        return v

    def orders(self, x: Value, y: Value, depth: int) -> int:
        """The orders between x and y (LT|EQ|GT bits) that the facts leave possible."""
        if x is y:
            return EQ
        possible = LT | EQ | GT
        (xlo, xhi), (ylo, yhi) = self.range(x, depth), self.range(y, depth)
        if xlo is not None and yhi is not None:
            if xlo > yhi:
                possible &= GT
            elif xlo == yhi:
                possible &= GT | EQ
        if xhi is not None and ylo is not None:
            if xhi < ylo:
                possible &= LT
            elif xhi == ylo:
                possible &= LT | EQ
        if xlo is not None and xhi is not None and ylo is not None and yhi is not None \
                and (xhi < ylo or yhi < xlo):
            possible &= ~EQ
        if isinstance(x, Const) or isinstance(y, Const):
            return possible
        for u in self.users.get(x, ()):
            truth = self.known.get(u)
            if truth is None or u.op not in ORDERS:
                continue
            a, b = (self.replace.get(w, w) for w in u.args)
            if a is x and b is y:
                rel = ORDERS[u.op]
            elif a is y and b is x:
                rel = _mirror(ORDERS[u.op])
            else:
                continue
            possible &= rel if truth else ~rel
        return possible

    def range(self, v: Value, depth: int) -> tuple[int | None, int | None]:
        """Bounds lo <= v <= hi (None: unbounded) from v's definition and the facts."""
        c = _const_int(v)
        if c is not None:
            return c, c
        lo = hi = None
        if isinstance(v, BlockParam):
            lo = self.lower.get(v)
        elif isinstance(v, Instr) and depth > 0:
            op, args = v.op, v.args
            if op == "list.len":
                lo = 0
            elif op == "btoi":
                lo, hi = 0, 1
            elif op == "mod" and (k := _const_int(args[1])) is not None and k > 0:
                lo, hi = 0, k - 1                  # Python: x % k in [0, k) for k > 0
            elif op == "and" and v.type == I64 and any(
                    (k := _const_int(a)) is not None and k >= 0 for a in args):
                lo, hi = 0, max(_const_int(a) for a in args if _const_int(a) is not None)
            elif op == "select" and self.decide(args[0], depth - 1) is None:
                (alo, ahi), (blo, bhi) = self.range(args[1], depth - 1), self.range(args[2], depth - 1)
                lo = None if alo is None or blo is None else min(alo, blo)
                hi = None if ahi is None or bhi is None else max(ahi, bhi)
        # comparisons with constants among the facts
        for u in self.users.get(v, ()):
            truth = self.known.get(u)
            if truth is None or u.op not in ORDERS:
                continue
            a, b = (self.replace.get(w, w) for w in u.args)
            if a is v and (k := _const_int(b)) is not None:
                rel = ORDERS[u.op]
            elif b is v and (k := _const_int(a)) is not None:
                rel = _mirror(ORDERS[u.op])
            else:
                continue
            if not truth:
                rel = ~rel & (LT | EQ | GT)
            # v is in the union of (-inf, k-1] (LT), [k, k] (EQ), [k+1, inf) (GT) that rel allows
            if not rel & LT:
                new = k if rel & EQ else k + 1
                lo = new if lo is None else max(lo, new)
            if not rel & GT:
                new = k if rel & EQ else k - 1
                hi = new if hi is None else min(hi, new)
        return lo, hi


def induction_lower_bounds(f: Function, idom, preds) -> dict[BlockParam, int]:
    """Loop-header parameters that start at constants and only grow, without wrapping:
    parameter -> its smallest value."""
    bounds: dict[BlockParam, int] = {}
    for h in idom:
        for n, param in enumerate(h.params):
            if param.type != I64:
                continue
            entries, steps = loop_param_inputs(h, n, idom, preds)
            starts = [_const_int(v) for v in entries]
            if steps and starts and None not in starts and all(
                    _grows_without_wrapping(param, a, h, idom, preds) for a in steps):
                bounds[param] = min(starts)
    return bounds


def loop_param_inputs(h: Block, n: int, idom, preds) -> tuple[list[Value], list[Value]]:
    """The values loop header h's n-th parameter takes: (from the edges that enter the
    loop, from its back edges)."""
    entries, steps = [], []
    for p in set(preds[h]):
        for t in p.terminator.targets:
            if t.block is not h:
                continue
            if dominates(idom, h, p):
                steps.append(t.args[n])             # a back edge
            else:
                entries.append(t.args[n])
    return entries, steps


def _grows_without_wrapping(param: BlockParam, a: Value, header: Block, idom, preds) -> bool:
    """Is `a` = add param, c (c > 0) at a place where param + c cannot wrap?"""
    if not (isinstance(a, Instr) and a.op == "add" and a.block in idom):
        return False
    x, y = a.args
    if x is not param:
        x, y = y, x
    step = _const_int(y)
    if x is not param or step is None or step <= 0:
        return False
    b = a.block
    while b is not None and b is not header:
        bound = _upper_bound_on_entry(b, param, preds)
        if bound is not None:
            kind, limit = bound           # param < limit
            if step == 1:
                return True               # param < limit <= 2**63 - 1: param + 1 fits
            if kind == "list.len" and step <= LIST_LEN_SLACK:
                return True
            if kind == "const" and limit + step - 1 <= MAX:
                return True
        b = idom[b]
    return False


def _upper_bound_on_entry(b: Block, param: BlockParam, preds):
    """(kind, limit) when b is entered only by an edge that knows param < limit."""
    if len(preds[b]) != 1:
        return None
    term = preds[b][0].terminator
    if term.op != "cbr" or term.targets[0].block is term.targets[1].block:
        return None
    cond, taken = term.args[0], term.targets[0].block is b
    if not isinstance(cond, Instr) or cond.op not in ORDERS or cond.args[0].type != I64:
        return None
    x, y = cond.args
    if x is param:
        rel, limit = ORDERS[cond.op], y
    elif y is param:
        rel, limit = _mirror(ORDERS[cond.op]), x
    else:
        return None
    if not taken:
        rel = ~rel & (LT | EQ | GT)
    if rel != LT:                         # only param < limit bounds param + 1
        return None
    if (k := _const_int(limit)) is not None:
        return "const", k
    if isinstance(limit, Instr) and limit.op == "list.len":
        return "list.len", limit
    return "value", limit


def eliminate(f: Function) -> bool:
    if not f.blocks:
        return False
    facts = _Facts(f)
    if not facts.idom:
        return False
    children = dominator_tree(facts.idom)
    replace = facts.replace
    changed = False
    work: list = [("enter", f.entry)]
    while work:
        action, item = work.pop()
        if action == "leave":
            for v in item:
                del facts.known[v]
            continue
        block: Block = item
        added: list[Value] = []
        preds = facts.preds[block]
        if len(preds) == 1:
            term = preds[0].terminator
            if term.op == "cbr" and term.targets[0].block is not term.targets[1].block:
                facts.add(term.args[0], term.targets[0].block is block, added)
        kept = []
        for i in block.instrs:
            i.replace_uses(replace)
            for n, a in enumerate(i.args):
                if (truth := facts.known.get(a)) is not None:
                    i.args[n] = Const(I1, truth)       # %c known here -> true | false
                    changed = True
            if i.op == "check":
                if facts.decide(i.args[0]) is False:
                    changed = True                     # check that cannot fire -> (nothing)
                    continue
                kept.append(i)
                facts.add(i.args[0], False, added)     # past the check, the condition is false
                continue
            if i.op == "cbr":
                d = facts.decide(i.args[0])
                if d is not None:
                    # cbr (decided true), ^t, ^f -> br ^t ;  (decided false) -> br ^f
                    i.op, i.args, i.targets = "br", [], [i.targets[0 if d else 1]]
                    changed = True
            elif i.op == "select":
                d = facts.decide(i.args[0])
                if d is not None:
                    replace[i] = i.args[1] if d else i.args[2]   # select (decided), a, b -> a | b
                    continue
            elif i.type == I1 and (i.op in ORDERS or i.op in ("and", "or", "not")):
                d = facts.decide(i)
                if d is not None:
                    replace[i] = Const(I1, d)          # decided comparison -> true | false
                    continue
            kept.append(i)
        block.instrs = kept
        work.append(("leave", added))
        for c in reversed(children[block]):
            work.append(("enter", c))
    f.replace_uses(replace)
    return changed or bool(replace)
