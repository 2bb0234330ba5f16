"""recognize_convolutions: a convolution written as numpy's im2col -> the library's conv2d.

Requires: verified IR.  Invalidates: the block of a rewritten product (split: a test, the
two paths, a join).  Adds the library's conv2d (pts.stdlib.nn.conv2d, lowered by the
compiler: `provide`) and its callees to the module when it has none of that dtype yet.

What numpy users write for a stride-1 convolution of a (N, C, H, W) array X with a
(O, T*C) weight W (bench/trace.py's Conv2d):

    cols = np.concatenate([X[:, :, i:i + oh, j:j + ow] for (i, j) in taps], axis=1)
    out = W @ cols.reshape(n, T * C, oh * ow)

copies every pixel T times into cols (n x T*C x oh x ow: ~300 MB for MyConv's last layer
at batch 128) before one product.  The library's conv2d (stdlib/nn.py) computes the same
sums a chunk of columns at a time without ever holding cols.  So

    %tap_k = np.getitem %X, a_k, a_k + L, b_k, b_k + M {pattern = "s000 s000 s110 s110"}
    %cols  = np.concatenate (tuple %tap_0, ..., %tap_T-1) {axis = 1}
    %r     = np.reshape %cols, s0, s1, s2
    %out   = np.matmul %W, %r
    ...uses of %out

becomes, when every fact below is proven from the IR,

    cbr W.shape[1] != T * C or L < 0 or M < 0, ^im2col, ^conv
  ^conv:   %w4 = the weight as conv2d's (O, C, kh, kw): W.reshape(O, T, C), its taps put
                 in row-major (i, j) order (a concatenation of one-tap slices when the
                 program's order is another), .reshape(O, kh, kw, C).transpose(0, 3, 1, 2)
           %y  = call @conv2d(%X, %w4, zeros(O), 1, 0, 1)     (x0 and p: below)
           br ^conv.join(np.reshape %y, N, O, L * M)
  ^im2col: the taps, cols, the reshape and the product as written (what raises the
           product's own error for a weight of another width, and what numpy does with
           negative window lengths, whose stops count from the end)
           br ^conv.join(%out')          (the product marked {im2col = "kept"})
  ^conv.join(%out): ...uses of %out

The facts:
- W is 2-D and of the float dtype of X (float32 or float64: conv2d's specializations); the
  product, the reshape and the concatenation have that dtype too;
- cols and the reshape are used only by the next step (`cols used twice` keeps the copy);
- each tap slices the last two axes of the same X with constant starts a_k, b_k >= 0 and
  no step, and full first two axes; the taps are exactly the grid 0 <= i < kh, 0 <= j < kw,
  each once (any order);
- every tap's stop minus its start is the same L (rows) and M (columns), and L == H_X -
  kh + 1, M == W_X - kw + 1, as polynomials of the sizes the IR reads (an array's size
  along an axis; zeros' and concatenations' sizes from their operands; + - * of those):
  then no window is clipped and they cover X as a 'valid' convolution does;
- the reshape's sizes are (N_X, T * C_X, L * M) as polynomials (one may be -1);
- the im2col's instructions are in the product's block, and nothing between them writes
  memory or may raise (conv2d reads X where the product was).
Anything else stays as written (a stride, a tap read twice, a crop, a size the IR cannot
relate).  The sums run in another order than the product's (conv2d's k is (c, i, j), the
program's (i, j, c)): float rounding differs within the usual tolerances.

A zero padding the program wrote around X — X = concatenate([Z, concatenate([Z', x0, Z'],
axis=3), Z], axis=2) (either axis first) of np.zeros blocks p wide on every side, their
other sizes proven to match — that only the im2col reads moves to the kept path too, and
conv2d pads x0 itself (padding=p, in the copy it makes anyway).  Any other padding (another
value, np.pad, unequal sides) stays as written, and conv2d gets X with padding 0.
"""
from __future__ import annotations

from typing import Callable

from pts.errors import is_library_file
from pts.ir.analysis import uses as uses_of
from pts.ir import ops
from pts.ir.core import Builder, BlockParam, Const, Function, Instr, Module, Value, const
from pts.ir.scalar_derivatives import emit
from pts.ir.tensor_derivatives import np_
from pts.ir.types import F32, F64, I64, DTYPE_NAMES, TensorType

# the provider of the library's conv2d: dtype -> a fresh Module whose entry is
# conv2d(x, weight, bias, stride, padding, dilation) for tensors of that dtype (set by
# pts.compiler, which can lower stdlib code; none: the pass does nothing)
_LIBRARY: list[Callable[[object], Module]] = []


def provide(library: Callable[[object], Module]) -> None:
    _LIBRARY[:] = [library]


def run(module: Module) -> bool:
    changed = False
    for f in list(module):
        if is_library_file(f.file):
            continue
        while _rewrite_one(module, f):
            changed = True
    return changed


def _rewrite_one(module: Module, f: Function) -> bool:
    uses = uses_of(f)
    for b in f.blocks:
        for ins in b.instrs:
            if ins.op == "np.matmul":
                m = _match(ins, uses)
                if m is not None and _rewrite(module, f, ins, m):
                    return True
    return False


# ------------------------------------------------------------------ sizes as polynomials
# A polynomial: {monomial: coefficient}, a monomial a sorted tuple of symbols; a symbol is
# ("dim", value, axis) (an array's size) or ("val", value) (any other integer).

def _sym_key(s) -> tuple:
    return (s[0], id(s[1])) + s[2:]


def _poly_const(c: int) -> dict:
    return {(): c} if c else {}


def _poly_sym(s) -> dict:
    return {(s,): 1}


def _add(p: dict, q: dict, k: int = 1) -> dict:
    out = dict(p)
    for m, c in q.items():
        out[m] = out.get(m, 0) + k * c
        if out[m] == 0:
            del out[m]
    return out


def _mul(p: dict, q: dict) -> dict:
    out: dict = {}
    for m1, c1 in p.items():
        for m2, c2 in q.items():
            m = tuple(sorted(m1 + m2, key=_sym_key))
            out[m] = out.get(m, 0) + c1 * c2
            if out[m] == 0:
                del out[m]
    return out


def _same(p: dict, q: dict) -> bool:
    return not _add(p, q, -1)


def _shape_read(v: Value):
    """(array, axis) when v is `tuple.get (np.shape array), axis`, else None."""
    if isinstance(v, Instr) and v.op == "tuple.get" and isinstance(v.args[1], Const):
        src = v.args[0]
        if isinstance(src, Instr) and src.op == "np.shape" and isinstance(src.args[0].type,
                                                                          TensorType):
            return src.args[0], v.args[1].value
    return None


def _int(v: Value, depth: int = 0) -> dict:
    """The polynomial of an integer value."""
    if isinstance(v, Const) and isinstance(v.value, int) and not isinstance(v.value, bool):
        return _poly_const(v.value)
    read = _shape_read(v)
    if read is not None:
        return _dim(read[0], read[1], depth + 1)
    if isinstance(v, Instr) and v.type == I64 and depth < 64:
        if v.op in ("add", "sub") and all(a.type == I64 for a in v.args):
            return _add(_int(v.args[0], depth + 1), _int(v.args[1], depth + 1),
                        1 if v.op == "add" else -1)
        if v.op == "mul" and all(a.type == I64 for a in v.args):
            return _mul(_int(v.args[0], depth + 1), _int(v.args[1], depth + 1))
    return _poly_sym(("val", v))


_CREATORS = ("np.zeros", "np.ones", "np.empty", "np.full")


def _dim(x: Value, axis: int, depth: int = 0) -> dict:
    """The polynomial of array x's size along `axis` (x's rank known)."""
    rank = x.type.rank
    axis = axis + rank if axis < 0 else axis
    if isinstance(x, Instr) and depth < 64:
        if x.op in _CREATORS and x.args and isinstance(x.args[0], Instr) and \
                x.args[0].op == "tuple" and len(x.args[0].args) == rank:
            return _int(x.args[0].args[axis], depth + 1)
        if x.op == "np.concatenate" and isinstance(x.args[0], Instr) and \
                x.args[0].op == "tuple" and x.args[0].args:
            along = x.static().get("axis", 0)
            if isinstance(along, int) and not isinstance(along, bool):
                along = along + rank if along < 0 else along
                parts = x.args[0].args
                if along != axis:      # (the concatenation checks they all agree)
                    return _dim(parts[0], axis, depth + 1)
                total: dict = {}
                for p in parts:
                    total = _add(total, _dim(p, axis, depth + 1))
                return total
    return _poly_sym(("dim", x, axis))


# ------------------------------------------------------------------ the pattern

class _Conv:
    def __init__(self, x, padding, weight, kh, kw, order, chain, length_h, length_w):
        self.x, self.padding, self.weight, self.kh, self.kw = x, padding, weight, kh, kw
        self.order = order              # the grid position (i, j) of each tap, in cols' order
        self.chain = chain              # the im2col's instructions, in program order
        self.length_h, self.length_w = length_h, length_w     # L and M as IR values


_MOVABLE = (ops.PURE, ops.ALLOC, ops.READ)


def _match(mm: Instr, uses: dict) -> _Conv | None:
    w, r = mm.args
    if mm.attrs.get("im2col") == "kept":
        return None
    if not (isinstance(w.type, TensorType) and w.type.rank == 2 and w.type.dtype in (F32, F64)
            and isinstance(r, Instr) and r.op == "np.reshape" and r.type == TensorType(
                w.type.dtype, 3) and mm.type == TensorType(w.type.dtype, 3)):
        return None
    cols = r.args[0]
    if not (isinstance(cols, Instr) and cols.op == "np.concatenate" and
            cols.type == TensorType(w.type.dtype, 4) and len(uses.get(cols, ())) == 1 and
            len(uses.get(r, ())) == 1 and isinstance(cols.args[0], Instr) and
            cols.args[0].op == "tuple" and cols.static().get("axis", 0) in (1, -3) and
            set(cols.static()) <= {"axis"} and not r.static()):
        return None
    pack = cols.args[0]
    taps = pack.args
    x, grid, lengths = None, [], []
    for t in taps:
        if not (isinstance(t, Instr) and t.op == "np.getitem" and
                t.attrs.get("pattern") == "s000 s000 s110 s110" and t.type == cols.type):
            return None
        if x is None:
            x = t.args[0]
        if t.args[0] is not x:
            return None
        a, sh, b, sw = t.args[1:]
        if not (isinstance(a, Const) and isinstance(b, Const) and type(a.value) is int and
                type(b.value) is int and a.value >= 0 and b.value >= 0):
            return None
        grid.append((a.value, b.value))
        lengths.append((_add(_int(sh), _poly_const(-a.value)),
                        _add(_int(sw), _poly_const(-b.value))))
    if len(set(grid)) != len(grid) or not all(_same(lh, lengths[0][0]) and
                                              _same(lw, lengths[0][1]) for lh, lw in lengths):
        return None
    kh, kw = max(i for i, _ in grid) + 1, max(j for _, j in grid) + 1
    if len(grid) != kh * kw:
        return None
    lh, lw = lengths[0]
    # the taps cover X as a 'valid' convolution: L = H - kh + 1, M = W - kw + 1
    if not (_same(lh, _add(_dim(x, 2), _poly_const(1 - kh))) and
            _same(lw, _add(_dim(x, 3), _poly_const(1 - kw)))):
        return None
    sizes = list(r.args[1:])
    if len(sizes) == 1 and isinstance(sizes[0], Instr) and sizes[0].op == "tuple":
        sizes = list(sizes[0].args)
    if len(sizes) != 3:
        return None
    want = [_dim(x, 0), _mul(_poly_const(kh * kw), _dim(x, 1)), _mul(lh, lw)]
    free = [k for k, s in enumerate(sizes) if isinstance(s, Const) and s.value == -1]
    if len(free) > 1 or not all(_same(_int(s), p) for k, (s, p) in enumerate(zip(sizes, want))
                                if k not in free):
        return None
    # the im2col's own instructions (moved to the path that keeps it): cols, its reshape,
    # and what only they read — the tuple, the taps, and a zero padding that made X; all
    # in the product's block, with nothing between them that writes memory or may raise
    # (conv2d reads its input where the product was)
    padded = _zero_padding(x)
    own = {r, cols, mm}
    candidates = [pack] + list(taps) + (padded[2] if padded else [])
    grew = True
    while grew:
        grew = False
        for i in candidates:
            if i not in own and isinstance(i, Instr) and all(u in own for u in uses.get(i, ())):
                own.add(i)
                grew = True
    if padded and x in own:             # conv2d pads: X is made only on the kept path
        source, padding = padded[0], padded[1]
    else:
        source, padding = x, 0
    block = mm.block
    if any(i.block is not block for i in own):
        return None
    at = [k for k, i in enumerate(block.instrs) if i in own]
    for i in block.instrs[at[0]:at[-1]]:
        info = ops.OPS.get(i.op)
        if i not in own and (info is None or info.effect not in _MOVABLE):
            return None
    zero = grid.index((0, 0))
    return _Conv(source, padding, w, kh, kw, grid, [block.instrs[k] for k in at],
                 taps[zero].args[2], taps[zero].args[4])


def _zeros(v: Value, dt) -> bool:
    return isinstance(v, Instr) and v.op == "np.zeros" and v.type == TensorType(dt, 4) and \
        v.static() == {"dtype": DTYPE_NAMES[dt]}


def _zero_padding(x: Value):
    """(x0, p, the padding's instructions) when X is x0 with p zeros on each side of its
    last two axes, made by concatenating np.zeros blocks (one axis, then the other), each
    block's other sizes proven equal to what it is joined to; else None."""
    dt = x.type.dtype
    found, widths, axes = [], [], []
    inner = x
    for _ in range(2):
        if not (isinstance(inner, Instr) and inner.op == "np.concatenate" and
                inner.type == x.type and isinstance(inner.args[0], Instr) and
                inner.args[0].op == "tuple" and len(inner.args[0].args) == 3 and
                set(inner.static()) <= {"axis"}):
            return None
        axis = inner.static().get("axis", 0)
        if type(axis) is not int or not -4 <= axis < 4 or axis % 4 not in (2, 3) or \
                axis % 4 in axes:
            return None
        axis %= 4
        before, mid, after = inner.args[0].args
        if not (_zeros(before, dt) and _zeros(after, dt) and mid.type == x.type):
            return None
        widths += [_dim(before, axis), _dim(after, axis)]
        for a in range(4):
            if a != axis and not all(_same(_dim(z, a), _dim(mid, a)) for z in (before, after)):
                return None
        axes.append(axis)
        found += [inner, inner.args[0], before, after]
        inner = mid
    if any(set(w) - {()} for w in widths):
        return None                     # (a width that is not a constant)
    sizes = {w.get((), 0) for w in widths}
    if len(sizes) != 1 or min(sizes) < 0:
        return None
    return inner, sizes.pop(), found


# ------------------------------------------------------------------ the rewrite

def _conv2d_function(module: Module, dt) -> str | None:
    """The name of the module's library conv2d for dtype dt, added from the provider when
    it has none."""
    want = [TensorType(dt, 4), TensorType(dt, 4), TensorType(dt, 1), I64, I64, I64]
    for f in module:
        if f.name.split(".")[0] == "conv2d" and is_library_file(f.file) and \
                f.param_types == want and f.ret_type == TensorType(dt, 4):
            return f.name
    if not _LIBRARY:
        return None
    lib = _LIBRARY[0](dt)
    names = {}
    for g in lib:
        name = g.name
        k = 0
        while name in module.functions or name in names.values():
            k += 1
            name = f"{g.name}.c{k}"
        names[g.name] = name
    for g in list(lib):
        g.name = names[g.name]
        for ins in g.instructions():
            if ins.op in ("call", "kernel") and ins.attrs.get("callee") in names:
                ins.attrs["callee"] = names[ins.attrs["callee"]]
        module.add(g)
    return names[lib.entry]


def _rewrite(module: Module, f: Function, mm: Instr, m: _Conv) -> bool:
    block = mm.block
    if block.terminator is None or block.terminator.op == "try":
        return False                   # (a raise there would skip the handler)
    dt = m.x.type.dtype
    callee = _conv2d_function(module, dt)
    if callee is None:
        return False
    at = block.instrs.index(mm)
    chain = set(m.chain)
    head = [i for i in block.instrs[:at] if i not in chain]
    tail = block.instrs[at + 1:]
    block.instrs = head
    b = Builder(f, block)
    b.span = mm.span
    kh, kw, taps = m.kh, m.kw, len(m.order)
    wshape = emit(b, "np.shape", m.weight, static="{}")
    o = emit(b, "tuple.get", wshape, const(0))
    k = emit(b, "tuple.get", wshape, const(1))
    xshape = emit(b, "np.shape", m.x, static="{}")
    n = emit(b, "tuple.get", xshape, const(0))
    c = emit(b, "tuple.get", xshape, const(1))
    # the im2col as written when the weight is not T*C wide (the product's own error) or
    # when a window's length is negative (numpy counts such a stop from the end)
    bad = emit(b, "ne", k, emit(b, "mul", const(taps), c))
    for length in (m.length_h, m.length_w):
        if not (isinstance(length, Const) and length.value >= 0 or _shape_read(length)):
            bad = emit(b, "or", bad, emit(b, "lt", length, const(0)))
    keep = f.new_block("im2col")
    conv = f.new_block("conv")
    join = f.new_block("conv.join")
    result = join.add_param(BlockParam(mm.type, "conv"))
    b.cbr(bad, keep, conv)
    copies: dict = {}
    for ins in m.chain:
        copy = Instr(ins.op, [copies.get(a, a) for a in ins.args], ins.type, ins.attrs,
                     span=ins.span, name=ins.name)
        copies[ins] = keep.append(copy)
    copies[mm].attrs["im2col"] = "kept"      # (not this pass's again)
    kb = Builder(f, keep)
    kb.span = mm.span
    kb.br(join, [copies[mm]])
    b.at(conv)
    w3 = np_(b, "reshape", m.weight, emit(b, "tuple", o, const(taps), c))
    grid = [(i, j) for i in range(kh) for j in range(kw)]
    if m.order != grid:                # the taps in row-major order
        pos = {g: t for t, g in enumerate(m.order)}
        parts = []
        for g in grid:
            t = pos[g]
            parts.append(emit(b, "np.getitem", w3, const(0), o, const(t), const(t + 1),
                              const(0), c, pattern="s110 s110 s110", type=w3.type))
        w3 = np_(b, "concatenate", emit(b, "tuple", *parts), axis=1)
    w4 = np_(b, "reshape", w3, emit(b, "tuple", o, const(kh), const(kw), c))
    w4 = np_(b, "transpose", w4, axes=(0, 3, 1, 2))
    bias = emit(b, "np.zeros", emit(b, "tuple", o), static=repr({"dtype": DTYPE_NAMES[dt]}),
                type=TensorType(dt, 1))
    y = b.emit("call", [m.x, w4, bias, const(1), const(m.padding), const(1)], TensorType(dt, 4),
               {"callee": callee})
    yshape = emit(b, "np.shape", y, static="{}")
    hw = emit(b, "mul", emit(b, "tuple.get", yshape, const(2)),
              emit(b, "tuple.get", yshape, const(3)))
    b.br(join, [np_(b, "reshape", y, emit(b, "tuple", n, o, hw))])
    for ins in tail:
        ins.block = join
    join.instrs.extend(tail)
    f.replace_uses({mm: result})
    # the new blocks right after the split one, in the order they run
    for nb in (keep, conv, join):
        f.blocks.remove(nb)
    i = f.blocks.index(block)
    f.blocks[i + 1:i + 1] = [conv, keep, join]
    return True
