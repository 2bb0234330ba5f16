"""fuse_tensors: group elementwise tensor ops and last-axis reductions into kernels.

Requires: verified, optimized IR (a late pass: it runs once, after the fixpoint of
ir.pipeline, so inlining never puts a kernel back).  Invalidates: instruction lists; adds
functions to the module.

Eager numpy writes every intermediate of `0.5 * x * (1 + np.tanh(...))` to memory and reads
it back.  This pass finds, in each block, groups of tensor instructions that one loop nest
can compute element by element, and outlines each group into a *kernel function*
`@f.kN(leaves...)` holding the group's instructions unchanged; the group is replaced by

    %y: tensor<f32, 2> = kernel @f.k0(%x, %w)

`kernel` means exactly `call` (the interpreter runs the function op by op), so the fused
program keeps the unfused semantics by construction.  The backend (backend/kernel_codegen.py)
compiles a kernel into one loop nest at the call site and falls back to calling the kernel
function — each op on its own, with numpy's broadcasting errors — whenever the run-time
shapes are not the simple case the loop nest handles.

What joins a group (`fusable`):
- elementwise ops (ufuncs, where, clip, astype) with a tensor result of the group's rank;
- `sum mean max min` over the last axis with keepdims=True on floats — the row reductions:
  `x - x.max(axis=-1, keepdims=True)` reads one value per row, so softmax and layer norm
  become one kernel that walks each row a few times while it is in cache.
A producer joins its consumers' group when every use of it is inside that group (so a group
computes just one value: its root), and when nothing between it and the group can write
memory or raise first (moving a raising op past another would change which error is seen).
A reduction must reduce a per-element value, not a per-row one (the reduction of a
reduction starts a group of its own).

A matrix product joins a group that only adds a bias and applies a ReLU to it — the
epilogues backend/gemm.py computes as it stores each tile (`gemm_epilogue`):

    %y = kernel @f.k0(%x, %w, %b)      # k0: np.matmul, np.add %m, %b, np.maximum %s, 0.0

so `x @ w + b` never writes the product to memory and reads it back.  Only 2-D @ 2-D
float products of one dtype join, and only when nothing between the product and the group
writes or raises.

A kernel identical to one outlined before — the same ops from the same source lines, as
when a model applies one layer function three times — calls that kernel's function: the
backend compiles the loop nests of a kernel function once per module, whatever the number
of its calls (kernel_codegen.FusedKernel.worker).
"""
from __future__ import annotations

import math

from pts.ir import ops
from pts.ir.analysis import uses
from pts.ir.core import Block, Const, Function, Instr, Module, Value
from pts.ir.printer import print_function
from pts.ir.types import F32, F64, TensorType

ELEMENTWISE = frozenset("""add subtract multiply true_divide floor_divide remainder power
negative positive absolute maximum minimum sign square exp log log1p expm1 sqrt tanh sin
cos tan floor ceil equal not_equal less less_equal greater greater_equal logical_and
logical_or logical_not bitwise_and bitwise_or bitwise_xor invert left_shift right_shift
where clip astype""".split())
ROW_REDUCTIONS = frozenset({"sum", "mean", "max", "min"})
# instructions that may sit between a group's members: they neither write nor raise
QUIET_TENSOR = frozenset({"np.shape", "np.size"})


def run(module: Module) -> bool:
    kernels = {i.attrs["callee"] for f in module for i in f.instructions() if i.op == "kernel"}
    outlined = Outlined(module, kernels)
    changed = False
    for f in list(module):
        if f.name not in kernels and fuse_function(outlined, f):
            changed = True
    return changed


class Outlined:
    """The module's kernel functions by their text without their name, so that a group
    whose function would repeat one calls it instead."""

    def __init__(self, module: Module, kernels: set[str]):
        self.module = module
        self.by_text = {body_text(module.functions[n]): n for n in sorted(kernels)}

    def add(self, k: Function) -> str:
        """The name of the kernel function to call for k: k's own (k added to the module),
        or an identical one's."""
        text = body_text(k)
        if text not in self.by_text:
            self.module.add(k)
            self.by_text[text] = k.name
        return self.by_text[text]


def body_text(k: Function) -> str:
    return print_function(k).split("\n", 1)[1] + str(k.param_types) + k.file


def is_reduction(i: Instr) -> bool:
    return i.op[3:] in ROW_REDUCTIONS


def fusable(i: Instr) -> bool:
    """Can `i` be computed inside a kernel's loop nest without raising per element?"""
    if not i.op.startswith("np.") or not isinstance(i.type, TensorType) or i.type.rank == 0:
        return False
    name, st = i.op[3:], i.static()
    tensors = [a.type for a in i.args if isinstance(a.type, TensorType)]
    if any(t.rank > i.type.rank for t in tensors):
        return False
    if name in ELEMENTWISE:
        if "out" in st:                 # x += y writes its operand
            return False
        if name == "power" and i.type.dtype not in (F32, F64):
            return False                # negative integer exponents raise per element
        if name == "astype":
            return set(st) <= {"dtype"}
        return not st
    if name in ROW_REDUCTIONS:
        x = i.args[0].type
        if not isinstance(x, TensorType) or x.rank != i.type.rank or x.dtype not in (F32, F64):
            return False
        if i.type.dtype != x.dtype or set(st) - {"axis", "keepdims"}:
            return False
        return st.get("keepdims") is True and st.get("axis") in (-1, x.rank - 1)
    return False


def quiet(i: Instr) -> bool:
    if i.op in QUIET_TENSOR:
        return True
    info = ops.OPS.get(i.op)
    return info is not None and info.effect in (ops.PURE, ops.ALLOC, ops.READ) and \
        not i.op.startswith("np.")


class Group:
    def __init__(self, root: Instr):
        self.root = root
        self.members: set[Instr] = {root}
        self.first = root               # earliest member in block order

    @property
    def rank(self) -> int:
        return self.root.type.rank


def form_groups(b: Block, users: dict[Value, list[Instr]]) -> list[Group]:
    """Walk the block backwards: a fusable producer joins the group of its consumers."""
    pos = {i: n for n, i in enumerate(b.instrs)}
    group_of: dict[Instr, Group] = {}
    groups: list[Group] = []
    for i in reversed(b.instrs):
        if not fusable(i):
            continue
        us = users.get(i, [])
        gs = {group_of.get(u) for u in us}
        g = next(iter(gs)) if len(gs) == 1 else None
        if g is not None and i.type.rank == g.rank and \
                all(u.block is b for u in us) and \
                not (is_reduction(i) and any(is_reduction(u) for u in us)) and \
                all(x in g.members or quiet(x) for x in b.instrs[pos[i] + 1:pos[g.first]]):
            g.members.add(i)
            g.first = i
            group_of[i] = g
            continue
        g = Group(i)
        group_of[i] = g
        groups.append(g)
    out = []
    for g in groups:
        if valid_rows(g):
            out.append(g)
        else:                           # split: each member on its own
            out.extend(Group(m) for m in g.members if not is_reduction(m))
    return out


def valid_rows(g: Group) -> bool:
    """Every reduction in the group reduces a per-element value (not a per-row one)."""
    per_row: dict[Instr, bool] = {}

    def row(v: Value) -> bool:
        if isinstance(v, Instr) and v in g.members:
            if v not in per_row:
                per_row[v] = is_reduction(v) or all(row(a) for a in v.args)
            return per_row[v]
        return not isinstance(v.type, TensorType)      # leaves: tensors are per element
    for m in g.members:
        if is_reduction(m) and row(m.args[0]):
            return False
    return True


def gemm_epilogue(members: list[Instr], product: Value) -> tuple[Value | None, bool] | None:
    """(bias, relu) when `members`, in order, compute `relu(product + bias)` with either
    step optional (at least one): bias a 1-D or 2-D tensor (the backend takes it as a row
    (N,) or (1, N), or a column (M, 1), and calls the kernel function for any other shape),
    everything of the product's type, a 2-D float tensor; relu either spelling of it
    (`is_relu`).  None otherwise."""
    t = product.type
    if not isinstance(t, TensorType) or t.rank != 2 or t.dtype not in (F32, F64) or \
            not members or any(m.static() for m in members):
        return None
    bias, relu, prev = None, False, product
    rest = list(members)
    m = rest[0]
    if m.op == "np.add" and prev in m.args and len(m.args) == 2:
        bias = m.args[1] if m.args[0] is prev else m.args[0]
        if bias is prev or not isinstance(bias.type, TensorType) or \
                bias.type.rank not in (1, 2) or bias.type.dtype != t.dtype:
            return None
        prev = rest.pop(0)
    if rest:
        relu = is_relu(rest, prev)
        if not relu:
            return None
        rest = []
    results = [m for m in members if m.op != "np.less_equal"]
    return (bias, relu) if all(m.type == t for m in results) else None


def is_zero(v: Value) -> bool:
    return isinstance(v, Const) and v.value == 0 and math.copysign(1.0, v.value) > 0


def is_relu(members: list[Instr], x: Value) -> bool:
    """`members` compute ReLU of x: `np.maximum(x, 0.0)`, or `np.where(x <= 0, 0, x)` as
    pts.nn.functional.relu writes it.  Both are +0.0 for x = -0.0 (numpy's maximum returns
    its second operand on a tie) and NaN for NaN, as the gemm's epilogue."""
    if len(members) == 1:
        m = members[0]
        return m.op == "np.maximum" and m.args[0] is x and is_zero(m.args[1])
    if len(members) == 2:
        c, m = members
        return (c.op == "np.less_equal" and c.args[0] is x and is_zero(c.args[1]) and
                m.op == "np.where" and m.args[0] is c and is_zero(m.args[1]) and
                m.args[2] is x)
    return False


def absorb_product(g: Group, b: Block, users: dict[Value, list[Instr]], pos: dict) -> None:
    """Add to g the matrix product it is the epilogue of (gemm_epilogue), if any.  `pos`:
    the block's instructions' positions."""
    members = sorted(g.members, key=pos.__getitem__)
    t = next((a for a in members[0].args if isinstance(a, Instr) and a.op == "np.matmul"), None)
    if not (t is not None and t.block is b and not t.static()
            and all(isinstance(a.type, TensorType) and a.type.rank == 2 and a.type.dtype ==
                    t.type.dtype for a in t.args)
            and gemm_epilogue(members, t) is not None
            and all(u in g.members for u in users.get(t, []))
            and all(x in g.members or quiet(x) for x in b.instrs[pos[t] + 1:pos[g.first]])):
        return
    g.members.add(t)
    g.first = t


def fuse_function(outlined: Outlined, f: Function) -> bool:
    users = uses(f)
    changed = False
    for b in f.blocks:
        groups = form_groups(b, users)
        order = {i: n for n, i in enumerate(b.instrs)}
        for g in groups:
            absorb_product(g, b, users, order)
        for g in sorted(groups, key=lambda g: order[g.root]):
            if len(g.members) == 1 and is_reduction(g.root):
                continue                # a lone reduction: the reduce kernel does it
            outline(outlined, f, b, g)
            changed = True
    return changed


def kernel_name(module: Module, f: Function) -> str:
    n = 0
    while f"{f.name}.k{n}" in module.functions:
        n += 1
    return f"{f.name}.k{n}"


def outline(outlined: Outlined, f: Function, b: Block, g: Group) -> None:
    """Move the group's instructions into a new function (or an identical one outlined
    before); call it where the root was."""
    module = outlined.module
    members = [i for i in b.instrs if i in g.members]
    leaves: list[Value] = []
    for m in members:
        for a in m.args:
            if not isinstance(a, Const) and a not in g.members and a not in leaves:
                leaves.append(a)
    name = kernel_name(module, f)
    k = Function(name, [v.type for v in leaves], g.root.type,
                 [f"a{n}" for n in range(len(leaves))], file=f.file)
    mapping: dict[Value, Value] = dict(zip(leaves, k.params))
    for m in members:
        c = Instr(m.op, [mapping.get(a, a) for a in m.args], m.type, m.attrs, span=m.span,
                  name=m.name)
        k.entry.append(c)
        mapping[m] = c
    k.entry.append(Instr("ret", [mapping[g.root]], span=g.root.span))
    name = outlined.add(k)
    call = Instr("kernel", leaves, g.root.type, {"callee": name}, span=g.root.span,
                 name=g.root.name)
    call.block = b
    at = b.instrs.index(g.root)
    b.instrs[at] = call
    b.instrs[:] = [i for i in b.instrs if i not in g.members or i is call]
    f.replace_uses({g.root: call})
