"""bound_indices: mark the int indices of array element accesses that facts prove in range.

Requires: verified IR.  Invalidates: nothing but attributes (np.getitem / np.setitem gain or
strengthen a `bounds` attribute).  Keeps: everything else.

An int index `i` of `x[..., i, ...]` (a word `i` of an np.getitem / np.setitem pattern) costs
the backend a wrap (`i < 0: i + n`) and a bounds check that raises numpy's IndexError.  Both
are in the backend's code of the op, not in the IR, so eliminate_checks cannot delete them;
this pass instead writes what it proves into the op, one letter per `i` word, in order:
    bounds = "r n -"   r: 0 <= i < n (no wrap, no check)
                       n: i >= 0 (no wrap; one unsigned compare i >=u n raises the error,
                          which also catches an i that a wrapped i64 made negative)
                       -: nothing known (wrap and check, as without the attribute)
The backend (tensor_views.select) reads it; the interpreter, which indexes with numpy, has
no use for it.  Facts come from the same dominator-tree walk as eliminate_checks (edges,
checks, ranges, induction variables); the walk happens again each round, a letter only
ever grows stronger (- < n < r), so the rounds reach a fixpoint.

Lower bounds: constants, eliminate_checks' ranges (induction variables counting up from a
constant, comparisons with constants among the facts), sizes (`tuple.get (np.shape x), d`,
`list.len`) >= 0, and through add/sub (of operands bounded above too: no wrap),
floordiv/shr (by constants) and select.
Upper bounds are symbolic: `v <= T + k` for a value T and a constant k, from
- facts `lt v, y` / `le v, y` (either way round, or a negated `ge`/`gt`): v <= y - 1 / y,
  then y's own bounds;
- `add x, c` / `sub x, c` (c a constant): x's bounds shifted by c (a subtraction only where
  x is bounded below, so that it cannot wrap);
- `floordiv x, c` / `shr x, c` of an x >= 0: x's bounds;
- a loop counter that starts at s and only counts down by 1 under a fact `gt p, y` (the
  frontend's `for p in range(s, y, -1)`): s's bounds.
An index is below axis d's size n when some bound is `n + k` with k <= -1 and n is
`tuple.get (np.shape x), d` of the same array x (any np.shape of it: shapes never change).
    for j in range(1, n - 1): A[j + 1, 0]     (n = A.shape[0])
        j < n - 1  ->  j + 1 <= n - 1  ->  j + 1 < n, and j >= 1  ->  j + 1 >= 0  ->  "r"
Wrapping: the constants of a proof are at most 2**32 in size and a proof has at most DEPTH
steps; an axis size is below 2**62 (numpy's sizes index bytes with intp), so no sum along a
proof that ends in a size can wrap an i64.  A lower bound through `add x, y` asks for x
and y to be bounded above in the same way (else x + y could wrap negative); products are
not bounded at all (two sizes' product can wrap).
"""
from __future__ import annotations

from pts.ir.analysis import dominator_tree
from pts.ir.core import Block, BlockParam, Const, Function, Instr, Module, Value
from pts.ir.passes.eliminate_checks import (EQ, GT, LT, ORDERS, _const_int, _Facts, _mirror,
                                           loop_param_inputs)
from pts.ir.types import I64

DEPTH = 6
SLACK = 1 << 32          # the largest constant a proof adds or subtracts
MAX_BOUNDS = 24          # bounds kept per value (the search is a small tree, not a closure)
ACCESS = {"np.getitem": 1, "np.setitem": 2}   # op -> where its index operands start
STRENGTH = {"-": 0, "n": 1, "r": 2}


def run(module: Module) -> bool:
    changed = False
    for f in module:
        if f.blocks and mark(f):
            changed = True
    return changed


def _int_words(i: Instr):
    """(operand, array, axis) for each `i` word of an access's pattern (none when it also
    indexes with an array: numpy's advanced indexing checks its ints itself)."""
    start = ACCESS[i.op]
    if any(w in ("m", "a") for w in i.attrs.get("pattern", "").split()):
        return []
    ops = iter(i.args[start:])
    axis = 0
    out = []
    for word in i.attrs.get("pattern", "").split():
        if word == "n":
            continue
        if word == "i":
            out.append((next(ops), i.args[0], axis))
        else:
            for flag in word[1:]:
                if flag == "1":
                    next(ops)
        axis += 1
    return out


def _is_size(t, array: Value, axis: int) -> bool:
    """Is t `tuple.get (np.shape array), axis` (or ("size", array, axis), the size that a
    dominating access compared its index with)?"""
    if isinstance(t, tuple):
        return t[1] is array and t[2] == axis
    if not (isinstance(t, Instr) and t.op == "tuple.get" and _const_int(t.args[1]) == axis):
        return False
    s = t.args[0]
    return isinstance(s, Instr) and s.op == "np.shape" and s.args[0] is array


class _Bounds:
    def __init__(self, facts: _Facts):
        self.facts = facts
        self.down = _counting_down(facts)
        # index value -> [(array, axis)] of dominating accesses that passed with it, which
        # therefore know 0 <= index < size (only accesses whose index was >= 0: a wrapped
        # negative index passing says nothing about the value itself)
        self.passed: dict[Value, list] = {}

    # -- lower bounds -----------------------------------------------------------------------
    def lower(self, v: Value, depth: int = DEPTH) -> int | None:
        c = _const_int(v)
        if c is not None:
            return c
        best = self.facts.range(v, DEPTH)[0]
        if depth > 0 and isinstance(v, Instr) and v.type == I64:
            mine = self._lower_of_def(v, depth - 1)
            if mine is not None and (best is None or mine > best):
                best = mine
        return best

    def _lower_of_def(self, v: Instr, depth: int) -> int | None:
        op, args = v.op, v.args
        if op == "tuple.get" and isinstance(args[0], Instr) and args[0].op == "np.shape":
            return 0
        if op in ("add", "sub", "floordiv", "shr"):
            a, b = args
            la, lb = self.lower(a, depth), self.lower(b, depth)
            if la is None or lb is None:
                return None
            if op == "sub":
                # a - c >= la - c for a constant c; a - c cannot wrap below -2**63 when
                # la - c is a bound, nor (c < 0) above 2**63 - 1 when a is bounded above
                c = _const_int(b)
                if c is None or (c < 0 and not self.bounded_above(a, depth)):
                    return None
                return la - c
            if op == "add":
                # both bounded above (a size plus a little, or a constant): a + b cannot
                # wrap past 2**63 - 1 to a negative number
                if not (self.bounded_above(a, depth) and self.bounded_above(b, depth)):
                    return None
                return la + lb
            if lb > 0 and la >= 0:                 # floordiv, shr of x >= 0 by k > 0
                return la // lb if op == "floordiv" else la >> min(lb, 63)
            return None
        if op == "select":
            la, lb = self.lower(args[1], depth), self.lower(args[2], depth)
            return None if la is None or lb is None else min(la, lb)
        return None

    def bounded_above(self, v: Value, depth: int) -> bool:
        """Is v at most a size, a list length or a constant, plus at most DEPTH * SLACK?"""
        for t, k in self.upper(v, depth):
            if k > DEPTH * SLACK:
                continue
            if t is None and k < (1 << 62):
                return True
            if isinstance(t, tuple) or isinstance(t, Instr) and (t.op == "list.len" or (
                    t.op == "tuple.get" and isinstance(t.args[0], Instr)
                    and t.args[0].op == "np.shape")):
                return True
        return False

    # -- upper bounds -----------------------------------------------------------------------
    def upper(self, v: Value, depth: int = DEPTH) -> list[tuple[Value | None, int]]:
        """Pairs (T, k): v <= T + k (T None: v <= k)."""
        c = _const_int(v)
        if c is not None:
            return [(None, c)]
        out = [(v, 0)]
        if depth == 0:
            return out

        def extend(pairs, shift):
            for t, k in pairs:
                if len(out) >= MAX_BOUNDS:
                    return
                if (t, k + shift) not in out:
                    out.append((t, k + shift))

        facts = self.facts
        for u in facts.users.get(v, ()):
            truth = facts.known.get(u)
            if truth is None or u.op not in ORDERS or u.args[0].type != I64:
                continue
            a, b = u.args
            if a is v:
                rel, y = ORDERS[u.op], b
            elif b is v:
                rel, y = _mirror(ORDERS[u.op]), a
            else:
                continue
            if not truth:
                rel = ~rel & (LT | EQ | GT)
            if rel == LT:
                extend(self.upper(y, depth - 1), -1)        # v < y: v <= y - 1
            elif rel & GT == 0:
                extend(self.upper(y, depth - 1), 0)         # v <= y
        if isinstance(v, Instr) and v.type == I64 and len(v.args) == 2:
            op, (a, b) = v.op, v.args
            if op in ("add", "sub"):
                if op == "add" and _const_int(a) is not None:
                    a, b = b, a
                c = _const_int(b)
                if c is not None and abs(c) <= SLACK:
                    shift = c if op == "add" else -c
                    if shift <= 0:
                        lo = self.lower(a, depth - 1)
                        if lo is None or lo + shift < -(1 << 62):
                            shift = None                    # a + shift might wrap
                    if shift is not None:
                        extend(self.upper(a, depth - 1), shift)
            elif op in ("floordiv", "shr") and (c := _const_int(b)) is not None and \
                    (c >= 1 if op == "floordiv" else c >= 0):
                lo = self.lower(a, depth - 1)
                if lo is not None and lo >= 0:
                    extend(self.upper(a, depth - 1), 0)     # x >= 0: x // c <= x
        for x, d in self.passed.get(v, ()):
            extend([(("size", x, d), 0)], -1)                # x[v] passed: v <= size - 1
        for u in facts.users.get(v, ()):
            if u.op == "add" and u in self.passed and (c := _const_int(
                    u.args[1] if u.args[0] is v else u.args[0])) is not None and abs(c) <= SLACK:
                for x, d in self.passed[u]:
                    # x[v + c] passed: v + c was in [0, size) without wrapping (a wrapped
                    # sum is out of that range), so v <= size - 1 - c
                    extend([(("size", x, d), 0)], -1 - c)
        if isinstance(v, BlockParam) and v in self.down:
            extend(self.upper(self.down[v], depth - 1), 0)  # p counts down from its start
        return out

    def below_size(self, v: Value, array: Value, axis: int) -> bool:
        return any(k <= -1 and _is_size(t, array, axis) for t, k in self.upper(v))

    def letter(self, v: Value, array: Value, axis: int) -> str:
        lo = self.lower(v)
        if lo is None or lo < 0:
            return "-"
        return "r" if self.below_size(v, array, axis) else "n"


def _counting_down(facts: _Facts) -> dict[BlockParam, Value]:
    """Loop-header parameters entered with one value s and stepped by `add p, -1` (or
    `sub p, 1`) only under a fact `gt p, y` (so the step cannot wrap): p <= s."""
    idom, preds = facts.idom, facts.preds
    out: dict[BlockParam, Value] = {}
    for h in idom:
        for n, param in enumerate(h.params):
            if param.type != I64:
                continue
            entries, steps = loop_param_inputs(h, n, idom, preds)
            starts = set(entries)
            if len(starts) == 1 and steps and all(
                    _steps_down(param, a, h, idom, preds) for a in steps):
                out[param] = next(iter(starts))
    return out


def _steps_down(param: BlockParam, a: Value, header: Block, idom, preds) -> bool:
    if not (isinstance(a, Instr) and a.op in ("add", "sub") and a.block in idom):
        return False
    x, y = a.args
    if a.op == "add" and x is not param:
        x, y = y, x
    step = _const_int(y)
    if x is not param or step != (-1 if a.op == "add" else 1):
        return False
    b = a.block
    while b is not None and b is not header:
        if len(preds[b]) == 1:
            term = preds[b][0].terminator
            cond = term.args[0] if term.op == "cbr" else None
            if isinstance(cond, Instr) and cond.op in ORDERS and \
                    term.targets[0].block is not term.targets[1].block:
                taken = term.targets[0].block is b
                if cond.args[0] is param:
                    rel = ORDERS[cond.op]
                elif cond.args[1] is param:
                    rel = _mirror(ORDERS[cond.op])
                else:
                    rel = 0
                if rel and not taken:
                    rel = ~rel & (LT | EQ | GT)
                if rel == GT:
                    return True                    # p > y >= -2**63: p - 1 cannot wrap
        b = idom[b]
    return False


def mark(f: Function) -> bool:
    if not any(i.op in ACCESS for i in f.instructions()):
        return False                       # (the facts cost a little compile time)
    facts = _Facts(f)
    if not facts.idom:
        return False
    bounds = _Bounds(facts)
    children = dominator_tree(facts.idom)
    changed = False
    work: list = [("enter", f.entry)]
    while work:
        action, item = work.pop()
        if action == "leave":
            added, passed = item
            for v in added:
                del facts.known[v]
            for v in passed:
                bounds.passed[v].pop()
            continue
        block: Block = item
        added: list[Value] = []
        passed: list[Value] = []
        preds = facts.preds[block]
        if len(preds) == 1:
            term = preds[0].terminator
            if term.op == "cbr" and term.targets[0].block is not term.targets[1].block:
                facts.add(term.args[0], term.targets[0].block is block, added)
        for i in block.instrs:
            if i.op == "check":
                facts.add(i.args[0], False, added)
            elif i.op in ACCESS and isinstance(i.attrs.get("pattern"), str):
                words = _int_words(i)
                if not words:
                    continue
                old = i.attrs.get("bounds", "").split()
                if len(old) != len(words):
                    old = ["-"] * len(words)
                new = [max(o, bounds.letter(v, x, d), key=STRENGTH.get)
                       for o, (v, x, d) in zip(old, words)]
                if new != old and any(w != "-" for w in new):
                    i.attrs["bounds"] = " ".join(new)
                    changed = True
                for letter, (v, x, d) in zip(new, words):
                    if letter != "-":
                        bounds.passed.setdefault(v, []).append((x, d))
                        passed.append(v)
        work.append(("leave", (added, passed)))
        for c in reversed(children[block]):
            work.append(("enter", c))
    return changed
