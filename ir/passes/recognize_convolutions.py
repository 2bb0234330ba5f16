"""recognize_convolutions: a convolution written as numpy's im2col -> the library's conv2d.

Requires: verified IR.  Invalidates: the block of a rewritten product (split in two: the
check of the weight's width raises from a block of its own).  Adds the library's conv2d
(pts.stdlib.nn.conv2d, lowered by the compiler: `provide`) and its callees to the module
when it has none of that dtype yet.

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

becomes, when every fact below is proven from the IR,

    %w4  = the weight as conv2d's (O, C, kh, kw): W.reshape(O, T, C), its taps put in
           row-major (i, j) order (a concatenation of one-tap slices when the program's order
           is another), .reshape(O, kh, kw, C).transpose(0, 3, 1, 2)
    check W.shape[1] == T * C, else matmul's own ValueError (at the product's line)
    %y   = call @conv2d(%X, %w4, zeros(O), 1, 0, 1)
    %out = np.reshape %y, n, O, L * M

and %cols (then the slices) dies.  The facts:
- W is 2-D and of the float dtype of X (float32 or float64: conv2d's specializations); the
  product, the reshape and the concatenation have that dtype too;
- cols and the reshape are used only by the next step (`cols used twice` keeps the copy);
- each tap slices the last two axes of the same X with constant starts a_k, b_k >= 0 and
  no step, and full first two axes; the taps are exactly the grid 0 <= i < kh, 0 <= j < kw,
  each once (any order);
- every tap's stop is its start plus the same length L (rows) and M (columns), where a
  length is a size read from an array's shape plus a constant >= 0 (so no stop is
  negative: numpy would count it from the end) or a constant;
- L == H_X - kh + 1 and M == W_X - kw + 1 as polynomials of the sizes the IR reads (an
  array's size along an axis; zeros' and concatenations' sizes from their operands): the
  taps then cover X exactly as a 'valid' convolution does, and no slice is clipped;
- the reshape's sizes are (N_X, T * C_X, L * M) as polynomials (one may be -1).
Anything else stays as written (a non-zero pad, a stride, a tap read twice, a size the
IR cannot relate).  The sums run in another order than the product's (conv2d's k is
(c, i, j), the program's (i, j, c)): float rounding differs within the usual tolerance.

The padding the program wrote around X (concatenated zero blocks, np.pad) stays as written:
conv2d is called with padding 0 on the padded array.
"""
from __future__ import annotations

from typing import Callable

from pts.errors import is_library_file
from pts.ir.analysis import uses as uses_of
from pts.ir.core import Builder, Const, Function, Instr, Module, Value, const
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


def _split_stop(v: Value):
    """(base, offset): v = base + offset, offset a constant, base a size read or None."""
    if isinstance(v, Const) and isinstance(v.value, int) and not isinstance(v.value, bool):
        return None, v.value
    if _shape_read(v) is not None:
        return v, 0
    if isinstance(v, Instr) and v.op == "add" and v.type == I64:
        a, b = v.args
        if isinstance(a, Const) and not isinstance(a.value, bool) and _shape_read(b) is not None:
            return b, a.value
        if isinstance(b, Const) and not isinstance(b.value, bool) and _shape_read(a) is not None:
            return a, b.value
    return "?", 0


# ------------------------------------------------------------------ the pattern

class _Conv:
    def __init__(self, x, weight, kh, kw, order, length_h, length_w):
        self.x, self.weight, self.kh, self.kw = x, weight, kh, kw
        self.order = order              # the grid position (i, j) of each tap, in cols' order
        self.length_h, self.length_w = length_h, length_w     # L, M as polynomials


def _match(mm: Instr, uses: dict) -> _Conv | None:
    w, r = mm.args
    if not (isinstance(w.type, TensorType) and w.type.rank == 2 and w.type.dtype in (F32, F64)
            and isinstance(r, Instr) and r.op == "np.reshape" and r.type == TensorType(
                w.type.dtype, 3) and mm.type == TensorType(w.type.dtype, 3)):
        return None
    cols = r.args[0]
    if not (isinstance(cols, Instr) and cols.op == "np.concatenate" and
            cols.type == TensorType(w.type.dtype, 4) and len(uses.get(cols, ())) == 1 and
            len(uses.get(r, ())) == 1 and isinstance(cols.args[0], Instr) and
            cols.args[0].op == "tuple" and cols.static().get("axis", 0) in (1, -3) and
            set(cols.static()) <= {"axis"} and set(r.static()) <= set()):
        return None
    taps = cols.args[0].args
    x, grid, lengths = None, [], set()
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
        (base_h, off_h), (base_w, off_w) = _split_stop(sh), _split_stop(sw)
        if "?" in (base_h, base_w) or off_h - a.value < 0 or off_w - b.value < 0:
            return None
        grid.append((a.value, b.value))
        lengths.add((base_h, off_h - a.value, base_w, off_w - b.value))
    if len(lengths) != 1 or len(set(grid)) != len(grid):
        return None
    kh, kw = max(i for i, _ in grid) + 1, max(j for _, j in grid) + 1
    if len(grid) != kh * kw:
        return None
    base_h, dh, base_w, dw = lengths.pop()
    lh = _add(_int(base_h) if base_h is not None else {}, _poly_const(dh))
    lw = _add(_int(base_w) if base_w is not None else {}, _poly_const(dw))
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
    return _Conv(x, w, kh, kw, grid, lh, lw)


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


def _delete_im2col(f: Function, mm: Instr) -> None:
    """Remove cols, its reshape and the taps nobody else reads.  eliminate_dead_code keeps
    them (a concatenation, a reshape and an indexing may raise); _match proved these cannot:
    the taps are in-range slices of one array whose sizes agree, and the reshape's sizes
    are cols' own."""
    r = mm.args[1]
    cols = r.args[0]
    pack = cols.args[0]
    dead = [r, cols]
    users = uses_of(f)
    if len(users[pack]) == 1:
        dead.append(pack)
        counts: dict = {}
        for t in pack.args:
            counts[t] = counts.get(t, 0) + 1
        dead += [t for t, k in counts.items() if len(users[t]) == k]
    gone = set(dead)
    for blk in {i.block for i in dead}:
        blk.instrs = [i for i in blk.instrs if i not in gone]


_MISMATCH = ("matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
             "signature (n?,k),(k,m?)->(n?,m?) (size ")


def _rewrite(module: Module, f: Function, mm: Instr, m: _Conv) -> bool:
    if mm.block.terminator is None or mm.block.terminator.op == "try":
        return False                   # (a raise there would skip the handler)
    dt = m.x.type.dtype
    callee = _conv2d_function(module, dt)
    if callee is None:
        return False
    block = mm.block
    at = block.instrs.index(mm)
    head, tail = block.instrs[:at], block.instrs[at + 1:]
    b = Builder(f, block)
    block.instrs = head
    b.span = mm.span
    kh, kw, taps = m.kh, m.kw, len(m.order)
    wshape = emit(b, "np.shape", m.weight, static="{}")
    o = emit(b, "tuple.get", wshape, const(0))
    k = emit(b, "tuple.get", wshape, const(1))
    xshape = emit(b, "np.shape", m.x, static="{}")
    n = emit(b, "tuple.get", xshape, const(0))
    c = emit(b, "tuple.get", xshape, const(1))
    tc = emit(b, "mul", const(taps), c)
    bad = emit(b, "ne", k, tc)
    # the product's own error when the weight is not T*C wide: a block that raises it
    fail = f.new_block("conv.bad")
    cont = f.new_block("conv.ok")
    b.cbr(bad, fail, cont)
    fb = Builder(f, fail)
    fb.span = mm.span
    msg = emit(fb, "str.concatn", const(_MISMATCH), emit(fb, "str.from", tc),
               const(" is different from "), emit(fb, "str.from", k), const(")"))
    fb.raise_("ValueError", msg)
    b.at(cont)
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
    y = b.emit("call", [m.x, w4, bias, const(1), const(0), const(1)], TensorType(dt, 4),
               {"callee": callee})
    yshape = emit(b, "np.shape", y, static="{}")
    hw = emit(b, "mul", emit(b, "tuple.get", yshape, const(2)),
              emit(b, "tuple.get", yshape, const(3)))
    out = np_(b, "reshape", y, emit(b, "tuple", n, o, hw))
    for ins in tail:
        ins.block = cont
    cont.instrs.extend(tail)
    # blocks that branched from `block`'s old terminator now come from `cont`: their
    # parameters are unchanged (the terminator moved with its arguments)
    f.replace_uses({mm: out})
    _delete_im2col(f, mm)
    # keep the blocks in order: the new ones right after the split block
    f.blocks.remove(fail)
    f.blocks.remove(cont)
    i = f.blocks.index(block)
    f.blocks[i + 1:i + 1] = [cont, fail]
    return True
