"""version_loops: an inner counted loop whose array indices no fact proves in range runs in
a copy without index checks when one test before the loop shows that every index it could
compute is in range (loop versioning), and whose arrays' last axes are indexed with a
stride of 1 when the same test shows those strides are 1; otherwise the original, checked
loop runs.

Requires: verified IR, after bound_indices (a late pass: it runs once; another round would
version the checked original again).  Invalidates: the block list, CFG, predecessors and
dominators (new blocks).  Keeps: the original loop's blocks and instructions.

bound_indices proves an index in range from facts (`x.shape`, `range` bounds).  SciMark's
FFT indexes its array with `2 * (b + a + dual)` for `b in range(0, n, 2 * dual)`, where n
comes from an int argument: nothing relates it to the array's size, so every access keeps
its negative-index wrap and its IndexError check (1.5x Numba's time with them, 0.95x
without).  Here the loop is matched in the shape lowering gives `for iv in range(s, hi,
st)`:

    ^h(.., %iv, ..):  %c = lt %iv, %hi  (st > 0; `gt` for a constant st < 0; for a run-time
                      st, `select (gt st, 0), (lt %iv, %hi), (gt %iv, %hi)`)
                      cbr %c, ^body, ^exit
    back edges:       br ^h(.., add %iv, %st, ..)        entry: one edge from outside

with %hi and %st defined outside the loop, and no nested loop.  An index `a*iv + b` (a a
constant, b a sum of constant multiples of values defined outside the loop: add, sub, mul
and shl by constants) of an array defined outside the loop takes, over the iterations, the
values between its value at the first iteration (iv = s) and at the last one (iv = s +
((hi - 1 - s) // st) * st), since it is monotone in iv.  A new block on the entry edge tests
those two values against 0 and the axis's size for every such index, and branches to a copy
of the loop whose accesses say `r` (in range: no wrap, no check; see bound_indices) for those
indices, or to the original.  The copy executes exactly the original's instructions, so the
results are the same either way; an index that would be out of range makes the test fail
and the original loop raise numpy's IndexError at the iteration CPython would.  The test
skips iterations that exit early (break) or accesses that a branch skips: it asks about
a superset of the indices, which only ever sends a loop to the checked original.

Unit strides: an array argument's strides are run-time values (a view x[::2] is as good an
argument as x), so every element access multiplies its index by a stride; in a loop that
reads neighbours (laplace2d's A[j, i - 1], A[j, i + 1]) LLVM then keeps one pointer per
access stepping by the stride, and spills them (1.12x Numba's time, whose arrays are typed
C-contiguous; 1.02x with the stride known).  For every array defined outside the loop that
it accesses element by element (an int index per axis) with a last index that changes in
the loop, the test also asks `np.unit_stride x` (x.strides[-1] == x.itemsize), and the
copy's element accesses of x say `unit` (the backend then uses a stride of 1 for the last
axis).  A loop whose indices are all proven already is versioned on the strides alone.  A
strided array sends the loop to the original, which keeps the checks the test would have
dropped (strided arguments to element loops are rare; a third copy would cost compile time
for them all).

Wrapping: the test also asks that every value it reads (s, hi, st, the values of the b's)
lie within +-2**40 and the proof's constants are small (|coefficients| <= 2**8, constants
<= 2**32 in size); then no sum or product in the test, or in the loop's own index
arithmetic, can wrap an i64, so the values it computes are the ones the loop computes.
"""
from __future__ import annotations

from pts.ir.analysis import dominates, dominators, natural_loops
from pts.ir.core import Block, BlockParam, Const, Function, Instr, Module, Target, const
from pts.ir.passes.bound_indices import ACCESS, _int_words
from pts.ir.passes.interleave_loops import _Cloner, _new_block
from pts.ir.ops import result_type
from pts.ir.types import I1, I64

LIMIT = 1 << 40          # every value the test reads lies within +-LIMIT
MAX_COEF = 1 << 8        # |a| and |coefficients| of a proof
MAX_CONST = 1 << 32      # |constant terms|
MAX_INSTRS = 400         # code growth: the loop is copied once


def run(module: Module) -> bool:
    changed = False
    for f in module:
        done: set[Block] = set()
        while f.blocks and _version_one(f, done):
            changed = True
    return changed


def _version_one(f: Function, done: set) -> bool:
    loops = natural_loops(dominators(f))
    for h, body in loops.items():
        if h in done:
            continue
        done.add(h)
        if any(b in loops and b is not h for b in body):
            continue                                    # not an inner loop
        shape = _match(f, h, body)
        if shape is None:
            continue
        blocks = [b for b in f.blocks if b in body]
        accesses = _candidates(blocks, shape["iv"])
        units = _unit_candidates(blocks)
        if accesses or units:
            done.add(_transform(f, h, body, shape, accesses, units))
            return True
    return False


# ---------------------------------------------------------------- the loop's shape

def _outside(v, body: set) -> bool:
    return isinstance(v, Const) or v.block not in body


def _match(f: Function, h: Block, body: set):
    """{iv, k, hi, st, up, entry} for a counted loop, or None."""
    term = h.terminator
    if term is None or term.op != "cbr" or not h.params:
        return None
    if sum(len(b.instrs) for b in body) > MAX_INSTRS:
        return None
    inside, exit_t = term.targets
    if inside.block not in body or exit_t.block in body:
        return None
    cond = term.args[0]
    if not isinstance(cond, Instr) or cond.block is not h:
        return None
    selector = None
    if cond.op == "select":
        selector, up_cmp, down_cmp = cond.args
        if not (isinstance(up_cmp, Instr) and up_cmp.op == "lt" and isinstance(down_cmp, Instr)
                and down_cmp.op == "gt" and up_cmp.args == down_cmp.args):
            return None
        cmp = up_cmp
    elif cond.op in ("lt", "gt"):
        cmp = cond
    else:
        return None
    iv, hi = cmp.args
    if not (isinstance(iv, BlockParam) and iv.block is h and iv.type == I64
            and _outside(hi, body)):
        return None
    k = h.params.index(iv)
    preds = f.predecessors()[h]
    entries = [p for p in preds if p not in body]
    if len(entries) != 1 or sum(t.block is h for t in entries[0].terminator.targets) != 1:
        return None
    st = None
    for p in preds:
        if p in body:
            for t in p.terminator.targets:
                if t.block is h:
                    nxt = t.args[k]
                    if not (isinstance(nxt, Instr) and nxt.op == "add" and nxt.args[0] is iv
                            and _outside(nxt.args[1], body)):
                        return None
                    if st is not None and nxt.args[1] is not st:
                        return None
                    st = nxt.args[1]
    if st is None:
        return None
    c = st.value if isinstance(st, Const) else None
    if selector is not None:
        # the selector must be `gt st, 0`: the test then asks for st > 0 (the `lt` loop)
        if not (isinstance(selector, Instr) and selector.op == "gt" and selector.args[0] is st
                and isinstance(selector.args[1], Const) and selector.args[1].value == 0):
            return None
        up = True
    elif cond.op == "lt":
        if c is None or c <= 0:
            return None
        up = True
    else:
        if c is None or c >= 0:
            return None
        up = False
    if c is not None and abs(c) > MAX_CONST:
        return None
    after = _read_after(f, body)
    if after is None:
        return None
    return {"after": after, "iv": iv, "k": k, "hi": hi, "st": st, "up": up, "runtime_step": selector is not None,
            "entry": entries[0]}


def _read_after(f: Function, body: set):
    """The loop's values read after it, as [] or (exit block, values); None when they
    cannot become parameters of the one exit block (see _pass_out)."""
    values: list = []
    for b in f.blocks:
        if b not in body:
            for i in b.instrs:
                values.extend(v for v in i.operands() if not _outside(v, body)
                              and v not in values)
    if not values:
        return []
    exits = {(b, t.block) for b in body for t in b.terminator.targets if t.block not in body}
    targets = {e for _, e in exits}
    if len(targets) != 1:
        return None
    (e,) = targets
    if any(p not in body for p in f.predecessors()[e]):
        return None
    idom = dominators(f)
    for x, _ in exits:
        for v in values:
            if not dominates(idom, v.block, x):
                return None                      # not defined on every way out
    return e, values


def _pass_out(f: Function, body: set, after) -> None:
    """The loop's values read after it become parameters of its exit block, passed on every
    exit edge: each copy of the loop then passes its own."""
    if not after:
        return
    e, values = after
    mapping = {v: e.add_param(BlockParam(v.type, v.name and v.name + ".out")) for v in values}
    for b in body:
        for t in b.terminator.targets:
            if t.block is e:
                t.args = list(t.args) + list(values)
    for b in f.blocks:
        if b not in body:
            for i in b.instrs:
                i.replace_uses(mapping)


# ---------------------------------------------------------------- affine indices

def _affine(v, iv, body: set, depth: int = 8):
    """v as (a, {leaf: coefficient}, constant) with v = a*iv + sum + constant, the leaves
    defined outside the loop; None when it is not that (or its numbers are not small)."""
    if isinstance(v, Const):
        if isinstance(v.value, bool) or not isinstance(v.value, int) or abs(v.value) > MAX_CONST:
            return None
        return 0, {}, v.value
    if v is iv:
        return 1, {}, 0
    if _outside(v, body):
        return (0, {v: 1}, 0) if v.type == I64 else None
    if depth == 0 or not isinstance(v, Instr) or v.type != I64:
        return None
    if v.op in ("add", "sub"):
        x, y = (_affine(a, iv, body, depth - 1) for a in v.args)
        if x is None or y is None:
            return None
        sign = 1 if v.op == "add" else -1
        terms = dict(x[1])
        for leaf, c in y[1].items():
            terms[leaf] = terms.get(leaf, 0) + sign * c
        return _small(x[0] + sign * y[0], terms, x[2] + sign * y[2])
    if v.op in ("mul", "shl"):
        x, y = v.args
        if v.op == "mul" and isinstance(x, Const):
            x, y = y, x
        if not isinstance(y, Const) or isinstance(y.value, bool) or not isinstance(y.value, int):
            return None
        m = y.value if v.op == "mul" else (1 << y.value if 0 <= y.value < 8 else None)
        x = _affine(x, iv, body, depth - 1)
        if x is None or m is None:
            return None
        return _small(x[0] * m, {leaf: c * m for leaf, c in x[1].items()}, x[2] * m)
    return None


def _small(a: int, terms: dict, k: int):
    terms = {leaf: c for leaf, c in terms.items() if c}
    if abs(a) > MAX_COEF or abs(k) > MAX_CONST or any(abs(c) > MAX_COEF for c in terms.values()):
        return None
    # every partial sum of the loop's own index arithmetic is within this bound: no wrap
    if (abs(a) + sum(abs(c) for c in terms.values())) * LIMIT + abs(k) >= 1 << 62:
        return None
    return a, terms, k


def _candidates(blocks: list, iv) -> list:
    """[(access, word index, array, axis, affine)] for the unproven int indices of arrays
    defined outside the loop (blocks: the loop's, in the function's order)."""
    body = set(blocks)
    out = []
    for b in blocks:
        for i in b.instrs:
            if i.op not in ACCESS:
                continue
            words = _int_words(i)
            letters = i.attrs.get("bounds", " ".join("-" * len(words))).split()
            for w, ((v, array, axis), letter) in enumerate(zip(words, letters)):
                if letter == "r" or not _outside(array, body):
                    continue
                form = _affine(v, iv, body)
                if form is not None:
                    out.append((i, w, array, axis, form))
    return out


def _unit_candidates(blocks: list) -> list:
    """The arrays defined outside the loop that it reads or writes element by element
    (every axis an int index) with a last index that changes in the loop, in order of first
    access: the copy indexes their last axis with a stride of 1 when the test finds it so."""
    body = set(blocks)
    out: dict = {}
    for b in blocks:
        for i in b.instrs:
            if i.op not in ACCESS or not isinstance(i.attrs.get("pattern"), str):
                continue
            words = _int_words(i)
            array = i.args[0]
            rank = getattr(array.type, "rank", 0)
            if not rank or len(words) != rank or len(i.attrs["pattern"].split()) != rank \
                    or not _outside(array, body) or _outside(words[-1][0], body):
                continue
            out[array] = None
    return list(out)


# ---------------------------------------------------------------- the transform

class _Test:
    """The test block's instructions."""

    def __init__(self, block: Block, span):
        self.block, self.span = block, span

    def op(self, name: str, args: list, typ=I64):
        return self.block.append(Instr(name, args, typ, span=self.span))

    def within(self, v, conds: list) -> None:
        conds.append(self.op("le", [const(-LIMIT), v], I1))
        conds.append(self.op("le", [v, const(LIMIT)], I1))

    def affine(self, form, iv_value):
        a, terms, k = form
        total = None
        for v, c in [(iv_value, a), *terms.items()]:
            if c:
                v = v if c == 1 else self.op("mul", [v, const(c)])
                total = v if total is None else self.op("add", [total, v])
        if total is None:
            return const(k)
        return self.op("add", [total, const(k)]) if k else total


def _transform(f: Function, h: Block, body: set, shape: dict, accesses: list,
               units: list) -> Block:
    span = h.terminator.span
    _pass_out(f, body, shape["after"])
    k, hi, st = shape["k"], shape["hi"], shape["st"]
    entry_term = shape["entry"].terminator
    test = _new_block(f, h.name + ".version", [(p.type, p.name) for p in h.params])
    for t in entry_term.targets:
        if t.block is h:
            t.block = test
    T = _Test(test, span)
    s = test.params[k]
    conds: list = []
    for v in (s, hi, st) if accesses else ():
        if not isinstance(v, Const):
            T.within(v, conds)
    # (in a fixed order, not a set's: the printed IR is the kernel library's key)
    for leaf in dict.fromkeys(leaf for *_, form in accesses for leaf in form[1]):
        T.within(leaf, conds)
    for array in units:
        conds.append(T.op("np.unit_stride", [array], I1))
    if accesses:
        _test_bounds(T, conds, shape, s, accesses)
    ok = conds[0]
    for c in conds[1:]:
        ok = T.op("and", [ok, c], I1)
    fast_h, copies = _copy_loop(f, h, body, accesses, units)
    test.append(Instr("cbr", [ok], targets=[Target(fast_h, list(test.params)),
                                            Target(h, list(test.params))], span=span))
    # the test and the copy just before the original loop
    new = [test] + copies
    rest = [b for b in f.blocks if b not in new]
    at = rest.index(h)
    f.blocks[:] = rest[:at] + new + rest[at:]
    return fast_h


def _test_bounds(T: _Test, conds: list, shape: dict, s, accesses: list) -> None:
    """Append to conds: every index of `accesses` at the first and the last iteration lies
    within [0, its axis's size)."""
    hi, st = shape["hi"], shape["st"]
    # the last iteration's iv: s + ((hi - 1 - s) // st) * st counting up, s - ((s - hi - 1)
    # // -st) * -st counting down (an empty loop gives a value the test may refuse: harmless)
    if shape["runtime_step"]:
        conds.append(T.op("gt", [st, const(0)], I1))
        step = T.op("select", [conds[-1], st, const(1)])
    else:
        step = st if shape["up"] else const(-st.value)
    if shape["up"]:
        span_ = T.op("sub", [T.op("sub", [hi, const(1)]), s])
    else:
        span_ = T.op("sub", [T.op("sub", [s, hi]), const(1)])
    if isinstance(step, Const) and step.value == 1:
        whole = span_
    else:
        whole = T.op("mul", [T.op("floordiv", [span_, step]), step])
    last = T.op("add" if shape["up"] else "sub", [s, whole])
    shapes: dict = {}
    sizes: dict = {}
    tested: set = set()
    for _, _, array, axis, form in accesses:
        key = (array, axis, form[0], frozenset(form[1].items()), form[2])
        if key in tested:
            continue
        tested.add(key)
        if array not in shapes:
            shapes[array] = T.op("np.shape", [array], result_type("np.shape", [array.type]))
            shapes[array].attrs["static"] = "{}"
        if (array, axis) not in sizes:
            sizes[array, axis] = T.op("tuple.get", [shapes[array], const(axis)])
        ends = [T.affine(form, s)] + ([T.affine(form, last)] if form[0] else [])
        for v in ends:
            conds.append(T.op("le", [const(0), v], I1))
            conds.append(T.op("lt", [v, sizes[array, axis]], I1))


def _copy_loop(f: Function, h: Block, body: set, accesses: list, units: list):
    """A copy of the loop whose accesses of `accesses` say `r`, and whose element accesses
    of the arrays `units` say `unit`: (its header, its blocks)."""
    order = [b for b in f.blocks if b in body]
    copies: dict[Block, Block] = {}
    cl = _Cloner({})
    for b in order:
        c = _new_block(f, b.name + ".fast", [(p.type, p.name) for p in b.params])
        copies[b] = c
        cl.map.update(zip(b.params, c.params))
    proven: dict[Instr, set] = {}
    for i, w, *_ in accesses:
        proven.setdefault(i, set()).add(w)
    # definitions before uses: copy in dominator order (the blocks' order may not be one)
    idom = dominators(f)
    depth = {b: _depth(idom, b) for b in order}
    for b in sorted(order, key=lambda b: depth[b]):
        for i in b.instrs:
            c = cl.instr(i, copies[b])
            if i.op in ACCESS and i.args[0] in units and \
                    len(i.attrs.get("pattern", "").split()) == len(_int_words(i)):
                c.attrs["unit"] = "1"
            if i in proven:
                n = len(_int_words(i))
                letters = i.attrs.get("bounds", " ".join("-" * n)).split()
                c.attrs["bounds"] = " ".join("r" if w in proven[i] else x
                                             for w, x in enumerate(letters))
    for b in order:
        for t in copies[b].terminator.targets:
            if t.block in copies:
                t.block = copies[t.block]
            t.args = [cl.v(a) for a in t.args]
        for i in copies[b].instrs:
            i.args = [cl.v(a) for a in i.args]
    return copies[h], [copies[b] for b in order]


def _depth(idom: dict, b: Block) -> int:
    d = 0
    while idom.get(b) is not None:
        b, d = idom[b], d + 1
    return d
