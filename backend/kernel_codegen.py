"""Native code for fused kernels (`kernel @f.kN(...)`, made by ir.passes.fuse_tensors).

A kernel function holds elementwise ops and last-axis row reductions whose only output is
its root.  At the call site we emit one loop nest over the output, rows outermost:

    for each row (all axes but the last):
        for each reduction, in order:  acc = reduce(expr(row, j) for j in row)
        for j in row:                  out[row, j] = root(row, j)

Every per-element value is recomputed from the kernel's leaves (its arguments) in
registers, so a chain allocates only its output and reads its inputs once per phase while
the row is in cache: softmax and layer norm touch memory once.  Inner loops run over
contiguous data with no calls (math comes from stdlib through the ufunc lowering), which is
what LLVM's loop vectorizer needs; reductions carry `reassoc` so they vectorize too.

The loop nest handles the common case; everything else calls the kernel function itself
(each op on its own, numpy's errors included).  The fast path is taken when, at run time:
- the tensor leaves broadcast together (shape S), and
- S is not empty.
Under those conditions every op of the kernel broadcasts without error and every reduction
reduces a full row, so the loop nest computes exactly what the ops compute (up to the
summation order of floats).  The rows are vectorized when each leaf has S's last dimension
with unit stride, or one element per row (an (N, 1) leaf: copied into a row of equal values
per row); otherwise they run on C-contiguous copies of the other leaves, made by the
module's copy loops (with one axis, copies broadcast to S).  Pure elementwise kernels whose
leaves are all C-contiguous with shape S run as one flat loop, and ones whose leaves are
contiguous along another axis (channels-last data) run with that axis last.  float32 sums
add blocks in float32 and the blocks in float64; a division by a per-row value multiplies by
its reciprocal.

The loop nest is not emitted at the call site: each kernel function gets one dispatch
function, `<kernel>.run` (`run`), which tests the shapes and hands the rows to the pool, and
every call of the kernel calls it.  A kernel that is a matrix product with its bias and
ReLU (fuse_tensors.gemm_epilogue) is one gemm call instead (`GemmKernel`).
"""
from __future__ import annotations

import contextlib
from dataclasses import dataclass

from llvmlite import ir

from pts.backend.codegen import Worker
from pts.backend.llvm_types import (I1T, I32T, I64T, PTR, VOID, alloca, desc_type, fast_or_slow,
                                    load_fields, splat, store_fields)
from pts.backend.tensor_abi import (ALIGN, BITS, ITEMSIZE, MEM, REG, Scalar, Tensor, c64,
                                    convert, dtype_of, from_mem, plain, scalar_const)
from pts.backend.tensor_codegen import Kernels
from pts.backend.tensor_copies import filler, moved_last, store_nontemporal, streamer, unit_axis
from pts.backend.tensor_ufuncs import (COMPARE, fixed_clip_bounds, int_range, loop_dtypes,
                                       resolve_loop, uniform_exponent)
from pts.ir.core import Const, Function, Instr
from pts.ir.passes.fuse_tensors import gemm_epilogue
from pts.ir.types import F32, F64, I32, I64, NONE, U64, TensorType

GRAIN = 16384
SUM_BLOCK = 1024        # float32 elements summed in float32 before a float64 add
# A row loop that computes one of these (stdlib math: a long chain of dependent multiply-
# adds per element) runs 4 vector iterations side by side: LLVM picks 1 or 2, which leaves
# the FMA units waiting on the chain (GELU 4M: 3.9 -> 3.3 ms, softmax's exp phase ~7%).
TRANSCENDENTAL = {"exp", "log", "log1p", "expm1", "tanh", "sin", "cos", "tan", "power"}
MATH_INTERLEAVE = 4
COSTLY = TRANSCENDENTAL | {"true_divide", "sqrt"}       # worth a scratch row (pick_scratch)
# The phase after a row's first (the first that reads the row from L1, not from memory)
# prefetches the row PREFETCH_ROWS ahead as it goes: before each PREFETCH_BYTES of every
# leaf (a vector iteration's worth: 4 zmm of float32), the same bytes of the leaf's row
# that far ahead.  The next rows' memory reads then overlap this row's arithmetic, where
# the first phase would otherwise wait for all of them (and rows of 4 KiB are pages, where
# the hardware prefetcher starts over).  A few lines between arithmetic, so that they never
# queue beyond the core's fill buffers.  Softmax 2048x1024 float32 on an Ice Lake Xeon,
# alternated in one process with numpy's softmax (which evicts the caches) before every
# call: bursts of 1 KiB one row ahead had come to gain nothing measurable (2.15 ms with or
# without them); spread like this, PREFETCH_ROWS 0 (useless: the row itself) 2.36 ms, 1
# 1.99, 2 1.91, 3 1.95.  (A C model of the row loop agreed: 2.08 -> 1.69 -> 1.63 ms.)
PREFETCH_BYTES = 256
PREFETCH_ROWS = 2
# Outputs of at least this many bytes are streamed (tensor_copies.streamer): each row is
# computed into a scratch row, which stays in L1, and then written out with non-temporal
# stores, which do not first read the lines they write as plain stores do.  An output of
# this size does not stay in a core's L2 anyway.  Same measurement as above: softmax
# 1.87-1.92 -> 1.70-1.79 ms, layer norm 1.85 -> 1.69 ms; softmax followed by a numpy sum
# of its output (a consumer that reads it all back): 2.73 -> 2.59 ms and 2.99 -> 2.96 ms.
STREAM_BYTES = 4 << 20
# A streamed row is written out during the next row's phase 1, a chunk of it before each
# chunk of that phase (`Spool`: two scratch rows; the last row after the loop), where that
# phase computes math (softmax's exp), instead of at once after its own output phase: a
# whole row of non-temporal stores at once fills the core's write-combining buffers and
# stalls it until they drain, where spread over the exp loop they overlap its arithmetic.
# Softmax 2048 x 1024 float32, alternated in one process with numpy's softmax (two builds
# of each, 90 s): 1.861 and 1.849 -> 1.765 and 1.775 ms.  Layer norm, whose phase 1 is a
# light loop, ran ~8% slower with it.  (A C model of the softmax row loop: 11% faster.)
# Where the output is the stash times a per-row reciprocal (softmax's e / sum), there is no
# output phase: those stores multiply as they go (`Spool.scale`): 1.761 and 1.768 -> 1.680
# and 1.685 ms (60 s, same harness).
SPOOL = True


class Plan:
    """What the loop nest needs to know about a kernel function, decided at compile time."""

    def __init__(self, k: Function):
        self.k = k
        self.members = [i for i in k.entry.instrs if i.op != "ret"]
        self.root = k.entry.instrs[-1].args[0]
        self.rank = self.root.type.rank
        # a matrix product and its epilogue (fuse_tensors.gemm_epilogue): (product, bias, relu)
        self.gemm = None
        if len(k.blocks) == 1 and self.members and self.members[0].op == "np.matmul":
            product = self.members[0]
            epilogue = gemm_epilogue(self.members[1:], product)
            self.gemm = (product, *epilogue) if epilogue else None
            self.supported = False
            return
        self.reductions = [m for m in self.members if m.op[3:] in ("sum", "mean", "max", "min")]
        self.per_row: dict[Instr, bool] = {}
        for m in self.members:
            self.per_row[m] = m in self.reductions or all(
                self.per_row.get(a, not isinstance(a.type, TensorType)) for a in m.args
                if not isinstance(a, Const))
        self.supported = self.check()
        self.stash = self.pick_stash()
        self.scratch, self.first_phase = self.pick_scratch()

    def within(self, v) -> set:
        """The per-element members v is computed from (reductions end the walk)."""
        seen: set = set()
        work = [v]
        while work:
            x = work.pop()
            if isinstance(x, Instr) and x in self.per_row and not self.per_row[x] and x not in seen:
                seen.add(x)
                work.extend(x.args)
        return seen

    def from_reduction(self, v) -> bool:
        """Is v a per-row value computed from a reduction of the row?"""
        if not self.per_row.get(v, False):
            return False
        return v in self.reductions or any(self.from_reduction(a) for a in v.args)

    def leaves_of(self, v) -> list:
        """The tensor leaves (kernel parameters) v reads element by element."""
        out = []
        if v in self.reductions:
            v = v.args[0]
        for m in self.within(v):
            for a in m.args:
                if a in self.k.params and isinstance(a.type, TensorType) and a not in out:
                    out.append(a)
        if v in self.k.params:
            out.append(v)
        return out

    def pick_scratch(self) -> tuple[list, dict]:
        """Costly per-element values that several phases of a row read (a GELU feeding a
        softmax: its max, its sum and its output): the first phase computes each into a
        row of scratch memory, the later ones load it instead of computing it again."""
        if not self.reductions:
            return [], {}
        phases = [self.within(r.args[0]) for r in self.reductions]
        phases.append(set() if self.per_row[self.root] else self.within(self.root))
        picked, first = [], {}
        candidates = [m for m in self.members if not self.per_row[m] and m is not self.stash
                      and any(x.op[3:] in COSTLY for x in self.within(m))]
        for m in sorted(candidates, key=lambda m: -len(self.within(m))):
            uses = {i for i, ph in enumerate(phases) if m in ph}
            if len(uses) < 2:
                continue
            if any(m in self.within(p) and uses <= {i for i, ph in enumerate(phases) if p in ph}
                   for p in picked):
                continue                # a picked value it feeds covers every phase
            picked.append(m)
            first[m] = min(uses)
        return picked, first

    def scaled_stash(self, dt) -> bool:
        """Is the output the stash divided by a value from a row reduction, all of float
        dtype dt (softmax's e / e.sum(...)): a multiply by a reciprocal per element (as
        FusedKernel.reciprocals finds)?"""
        r = self.root
        return (r.op == "np.true_divide" and self.stash is not None and r.args[0] is self.stash
                and self.from_reduction(r.args[1]) and dt in (F32, F64)
                and r.type.dtype == self.stash.type.dtype == dt
                and getattr(r.args[1].type, "dtype", None) == dt)

    def math_in_phase_one(self) -> bool:
        """Does a row's phase 1 (its second reduction, or the output after a single one)
        compute stdlib math element by element (softmax's exp)?"""
        if not self.reductions:
            return False
        v = self.reductions[1].args[0] if len(self.reductions) > 1 else self.root
        return not self.per_row[v] and any(m.op[3:] in TRANSCENDENTAL for m in self.within(v))

    def pick_stash(self) -> Instr | None:
        """A costly per-element value the last reduction phase and the output share (softmax's
        exp(x - max)): the last phase stores it in the output row, the output phase reads
        it back instead of computing it again."""
        if not self.reductions or self.per_row[self.root]:
            return None
        shared = self.within(self.root) & self.within(self.reductions[-1].args[0])
        shared = [m for m in shared if m.type.dtype == self.root.type.dtype and
                  any(x.op[3:] in COSTLY for x in self.within(m))]
        return max(shared, key=lambda m: len(self.within(m)), default=None)

    def check(self) -> bool:
        if len(self.k.blocks) != 1 or not isinstance(self.root, Instr):
            return False
        for m in self.members:
            if m.op[3:] in ("sum", "mean", "max", "min"):
                continue
            name = m.op[3:]
            if name in ("where", "clip", "astype"):
                continue
            ins, _ = resolve_loop(name, [a.type for a in m.args])
            for a, dt in zip(m.args, ins):
                # a Python int meeting int32 raises OverflowError when out of range: only
                # constants known to fit stay in the fused loop
                if a.type == I64 and dt in BITS and dt != I64 and name not in COMPARE and \
                        not (isinstance(a, Const) and fits(a.value, dt)):
                    return False
        return True


def fits(value: int, dt) -> bool:
    """Does the Python int `value` fit integer dtype dt (else numpy raises OverflowError)?"""
    lo, hi = int_range(dt)
    return lo <= value <= hi


def below_row_max(v) -> bool:
    """Is v `a - max(a)` along the kernel's rows, in floats (softmax's and log-softmax's
    exponent)?  Then v <= 0 or nan, and exp(v) is vmath's exp_nonpos: the same bits as
    exp there, ~18 vector instructions per 8 floats instead of ~25 (softmax 2048 x 1024
    f32, alternated in one process: 1.27 -> 1.11 ms and 1.35 -> 1.16 ms)."""
    if not (isinstance(v, Instr) and v.op == "np.subtract" and v.type.dtype in (F32, F64)):
        return False
    a, m = v.args
    return isinstance(m, Instr) and m.op == "np.max" and m.args[0] is a


def emit(fc, ins: Instr, args: list):
    """The kernel op at fc's builder: a call of the kernel's dispatch function (`run`), or of
    the kernel function when there is no loop nest for it."""
    if ins.attrs["callee"] in fc.mc.precompiled_symbols:   # the library's kernel (and run)
        return fc.op_call(ins, *args)
    # the kernel function itself only runs for errors and odd shapes: not worth optimizing
    fallback = fc.mc.funcs[ins.attrs["callee"]]
    for attr in ("noinline", "optnone", "cold"):
        fallback.attributes.add(attr)
    plan = plan_of(fc.mc, ins.attrs["callee"])
    if plan.gemm is None and not loop_nest(plan):
        return fc.op_call(ins, *args)
    return fc.op_call(ins, *args, callee=run(fc, ins, plan))


def run(fc, ins: Instr, plan: Plan) -> ir.Function:
    """`<kernel>.run`, once per module: the kernel's fast path (FusedKernel or GemmKernel)
    where the run-time shapes allow it, else the call of the kernel function.  Its type is
    the kernel function's, so every call of the kernel calls it (and fuse_tensors gives
    repeated kernels one function): the shape tests and the thread pool's dispatch are
    compiled once per kernel, not once per call site."""
    mc = fc.mc

    def build():
        k = mc.funcs[plan.k.name]
        fn = ir.Function(mc.m, k.function_type, name=f"{k.name}.run")
        fn.linkage = "internal"
        fn.calling_convention = "fastcc"
        for attr in ("noinline", "optnone"):        # glue (codegen.glue): once per call
            fn.attributes.add(attr)
        d = Worker(mc, fn)
        d.ctx, d.rtype, d.func_str = fn.args[0], fn.function_type.return_type, fc.func_str
        args = list(fn.args[1:])
        kernel = (GemmKernel if plan.gemm is not None else FusedKernel)(d, ins, plan, args)
        d.ret_status(d.b, ir.Constant(I32T, 0), kernel.emit())
        d.finish()
        return fn
    return mc.helper(f"{plan.k.name}.run", build)


def worker_modes(plan: Plan) -> list[str]:
    """The loop functions (`worker`) FusedKernel.fused runs for plan's kernel: "flat" for an
    elementwise kernel whose leaves can all have the output's shape, "rows" for one of two
    or more axes or with reductions."""
    if plan.reductions or plan.per_row[plan.root]:
        return ["rows"]
    if plan.rank == 1:
        return ["flat"]
    full = all(p.type.rank == plan.rank for p in plan.k.params
               if isinstance(p.type, TensorType) and p.type.rank > 0)
    return ["flat", "rows"] if full else ["rows"]


def loop_nest(plan: Plan) -> bool:
    """Does the kernel get a loop nest (FusedKernel), else a gemm call or its own function?"""
    return plan.gemm is None and plan.supported and any(
        isinstance(p.type, TensorType) and p.type.rank > 0 for p in plan.k.params)


def plan_of(mc, name: str) -> Plan:
    """The Plan of kernel function `name` (once per module)."""
    plans = mc.__dict__.setdefault("kernel_plans", {})
    if name not in plans:
        plans[name] = Plan(mc.irmod[name])
    return plans[name]


def prebuild(mc) -> list[str]:
    """Build every fused kernel's loop functions now (`worker`, for `worker_modes`), before
    the code that calls them: the JIT hands them to LLVM's optimizer while the rest of the
    module is generated (backend.jit: `Early`).  Returns their names."""
    names, seen = [], set()
    for f in mc.irmod:
        if f.name in mc.skipped or f.name in mc.precompiled_symbols:   # (its body: a call)
            continue
        for ins in f.instructions():
            callee = ins.attrs.get("callee") if ins.op == "kernel" else None
            if callee is None or callee in seen or callee in mc.precompiled_symbols:
                continue
            seen.add(callee)
            plan = plan_of(mc, callee)
            if loop_nest(plan):
                names += [worker(mc, ins, plan, mode).name for mode in worker_modes(plan)]
    return names


def env_type(mc, plan: Plan) -> ir.LiteralStructType:
    """What a worker's env points at: the context, the kernel's arguments, the output."""
    args = mc.funcs[plan.k.name].function_type.args[1:]
    return ir.LiteralStructType([PTR, *args, desc_type(plan.root.type.rank)])


def worker(mc, ins: Instr, plan: Plan, mode: str) -> ir.Function:
    """`void @<kernel>.<mode>(ptr env, i64 begin, i64 end)`, once per module: rows begin..
    end-1 of the kernel (or elements, flat), for the pool."""
    def build():
        fn = ir.Function(mc.m, ir.FunctionType(VOID, [PTR, I64T, I64T]),
                         name=f"{plan.k.name}.{mode}")
        fn.linkage = "internal"
        env, begin, end = fn.args
        w = Worker(mc, fn)
        b = w.b
        fields = load_fields(b, env, env_type(mc, plan))
        w.ctx = fields[0]
        inner = FusedKernel(w, ins, plan, fields[1:-1])
        out = inner.k.unpack(fields[-1], TensorType(dtype_of(plan.root.type),
                                                     plan.root.type.rank))
        shape, _ = inner.broadcast_shape()
        if mode == "flat":
            inner.row([begin] * len(inner.tensors), begin, b.sub(end, begin), out, False)
        else:
            inner.rows(shape, out, begin, end)
        b.ret_void()
        w.finish()
        return fn
    return mc.helper(f"{plan.k.name}.{mode}", build)


def fast_or_call(fc, ins: Instr, args: list, ok, fast):
    """The kernel's value: `fast()` (code emitted at the builder) where `ok`, else the
    call of the kernel function."""
    return fast_or_slow(fc.b, fc.fn, ok, fast, lambda: fc.op_call(ins, *args), "kernel")


class GemmKernel:
    """A matrix product with its bias and ReLU (fuse_tensors.gemm_epilogue): one call of the
    gemm, which applies them as it stores each tile — when the operands are float matrices
    of the product's dtype whose inner dimensions agree, and the bias (if any) is contiguous
    with one element per column ((N,) or (1, N)) or per row ((M, 1): the gemm's `rowb`).
    Anything else calls the kernel function (numpy's broadcasting of the bias, its
    errors)."""

    def __init__(self, fc, ins: Instr, plan: Plan, args: list):
        self.fc, self.ins, self.plan = fc, ins, plan
        self.k = Kernels(fc, ins)
        self.leaves = {p: self.k.operand(v, p.type) for p, v in zip(plan.k.params, args)}
        self.args = args

    def emit(self):
        from pts.backend import gemm
        b, k = self.fc.b, self.k
        product, bias_p, relu = self.plan.gemm
        A, B = (self.leaves[a] for a in product.args)
        bias = self.leaves[bias_p] if bias_p is not None else None
        M, K, N = A.shape[0], A.shape[1], B.shape[1]
        ok = b.icmp_signed("==", B.shape[0], K)
        rowb = ir.Constant(I1T, 0)

        def vector(d: int, n):          # bias is n elements along axis d, unit stride
            fits = b.icmp_signed("==", bias.shape[d], n)
            for e in range(bias.rank):
                if e != d:
                    fits = b.and_(fits, b.icmp_signed("==", bias.shape[e], c64(1)))
            return b.and_(fits, b.or_(b.icmp_signed("==", bias.strides[d], c64(1)),
                                      b.icmp_signed("<=", n, c64(1))))
        if bias is not None:
            cols = vector(bias.rank - 1, N)
            if bias.rank == 2:
                rowb = b.and_(b.not_(cols), vector(0, M))
            ok = b.and_(ok, b.or_(cols, rowb))

        def fast():
            out = k.alloc(A.dtype, [M, N])
            gemm.call(self.fc.mc, b, self.fc.ctx, "f32" if A.dtype == F32 else "f64", M, N, K,
                      A.data, A.strides[0], A.strides[1], B.data, B.strides[0], B.strides[1],
                      out.data, out.strides[0], bias=bias.data if bias is not None else None,
                      relu=relu, rowb=rowb)
            return k.pack(out)
        return fast_or_call(self.fc, self.ins, self.args, ok, fast)


@dataclass
class Spool:
    """Slots of the row a streamed kernel writes out during the next row (SPOOL): its place
    in the output (null: none yet), its scratch row, and the scratch row the next row is
    computed in; and the output's dtype.  `scale` (a slot, when the output is the stash
    divided by a per-row value: softmax's e / sum): the row's reciprocal, which the stores
    multiply by, in place of an output phase."""
    out: ir.Value
    buf: ir.Value
    next: ir.Value
    dt: object
    scale: ir.Value | None = None


class FusedKernel:
    def __init__(self, fc, ins: Instr, plan: Plan, args: list):
        self.fc, self.ins, self.plan, self.args = fc, ins, plan, args
        self.scratch: dict = {}         # rows(): costly shared value -> its scratch row
        self.stream = None              # rows(): (stream the rows out?, the row they go to)
        self.spool = None               # rows(): the row streamed during the next (SPOOL)
        self.recips: dict = {}          # row(): division -> 1 / its per-row divisor
        self.row_fill: dict = {}        # rows(): (N, 1) leaf -> (fill?, its row buffer slot)
        self.views: dict = {}           # row(): (N, 1) leaf -> its data or its filled row
        self.phase = 0
        self.math_in_loop = False      # phase_loop: the loop being emitted computes stdlib math
        self.ahead_steps: dict = {}     # rows(): leaf -> its step to the row it prefetches
        self.ahead: list = []           # row(): (leaf, that row's base) to prefetch
        self.k = Kernels(fc, ins)
        self.leaves = {p: self.k.operand(v, p.type) for p, v in zip(plan.k.params, args)}
        self.tensors = [x for x in self.leaves.values()
                        if isinstance(x, Tensor) and x.rank > 0]

    @property
    def b(self) -> ir.IRBuilder:
        return self.fc.b

    # ---------------------------------------------------------------- the two paths

    def emit(self):
        shape, ok, contiguous = self.shape_and_conditions()
        return fast_or_call(self.fc, self.ins, self.args, ok, lambda: self.fused(shape, contiguous))

    def broadcast_shape(self):
        """S, the broadcast shape of the tensor leaves, and whether they broadcast."""
        shape, bad = self.k.broadcast_shape(self.tensors, self.plan.rank)
        return shape, self.b.not_(bad)

    def shape_and_conditions(self):
        """S and two conditions: the loop nest computes the kernel (`ok`: the leaves
        broadcast, S is not empty, and every reduction — and a per-element root — reads
        at least one leaf spanning S's last axis, so each row is reduced whole and the
        output has shape S), and every leaf spans the last axis with unit stride, or (S of
        rank 2 or more) has one element per row (`contiguous`: the vectorized rows)."""
        b = self.b
        shape, ok = self.broadcast_shape()
        last = shape[-1]
        last_is_1 = b.icmp_signed("==", last, c64(1))
        spans = {id(x): b.icmp_signed("==", x.shape[-1], last) for x in self.tensors}
        roots = list(self.plan.reductions)
        if not self.plan.per_row[self.plan.root]:
            roots.append(self.plan.root)
        for r in roots:
            some = last_is_1
            for leaf in self.plan.leaves_of(r):
                x = self.leaves[leaf]
                if id(x) in spans:
                    some = b.or_(some, spans[id(x)])
            ok = b.and_(ok, some)
        ok = b.and_(ok, b.icmp_signed(">", self.k.size_of(shape), c64(0)))
        contiguous = ir.Constant(I1T, 1)
        for x in self.tensors:
            unit = b.or_(b.icmp_signed("==", x.strides[-1], c64(1)), last_is_1)
            ok_x = b.and_(spans[id(x)], unit)
            if len(shape) > 1:          # (N, 1): rows() fills a row (one axis: copied)
                ok_x = b.or_(ok_x, b.icmp_signed("==", x.shape[-1], c64(1)))
            contiguous = b.and_(contiguous, ok_x)
        return shape, ok, contiguous

    def flat_condition(self, shape):
        """All leaves C-contiguous with shape S: one loop over every element."""
        b = self.b
        ok = ir.Constant(I1T, 1)
        for x in self.tensors:
            if x.rank != len(shape):
                return None
            for s, t in zip(x.shape, shape):
                ok = b.and_(ok, b.icmp_signed("==", s, t))
            for st, want in zip(x.strides, self.k.contiguous_strides(x.shape)):
                ok = b.and_(ok, b.icmp_signed("==", st, want))
        return ok

    # ---------------------------------------------------------------- the loop nest

    def fused(self, shape, contiguous):
        """Allocate the output, then run the rows (or the flat range) through the pool:
        flat when every leaf is C-contiguous with shape S (elementwise kernels), else rows,
        vectorized when the leaves are contiguous along the last axis, else on copies."""
        plan, k, b = self.plan, self.k, self.b
        row_root = plan.per_row[plan.root]
        out_shape = shape[:-1] + [c64(1)] if row_root else shape
        out = k.alloc(dtype_of(plan.root.type), out_shape)
        rows, n = k.size_of(shape[:-1]), shape[-1]
        result = k.slot(desc_type(len(out_shape)), k.pack(out))     # the permuted path's layout
        flat = None
        if not plan.reductions and not row_root:
            if len(shape) == 1:         # one row: flat, so that the pool can split it
                with b.if_else(contiguous) as (then, otherwise):
                    with then:
                        self.dispatch("flat", out, n, c64(1))
                    with otherwise:
                        self.copied_rows(out, rows, n, shape)
                return k.pack(out)
            flat = self.flat_condition(shape)
        with b.if_else(contiguous) as (then, otherwise):
            with then:
                if flat is None and (plan.reductions or row_root):
                    self.dispatch("rows", out, rows, n)
                elif flat is None:      # (leaves of lower rank: no flat loop)
                    self.merged_rows(shape, out, rows, n)
                else:
                    with b.if_else(flat) as (then2, otherwise2):
                        with then2:
                            self.dispatch("flat", out, k.size_of(shape), c64(1))
                        with otherwise2:
                            self.merged_rows(shape, out, rows, n)
            with otherwise:
                if plan.reductions or row_root:
                    self.copied_rows(out, rows, n, shape)
                else:
                    self.permuted_or_copied(shape, out, rows, n, result)
        return b.load(result, typ=desc_type(len(out_shape)))

    def merged_rows(self, shape: list, out: Tensor, rows, n) -> None:
        """The rows of an elementwise kernel, the last two axes run as one when every leaf
        has both (contiguously) or neither: a batch norm's (N, C, H, W) input with its
        (1, C, 1, 1) scale runs N*C rows of H*W, not N*C*H rows of W (28: shorter than the
        vectorized loop's body).  A leaf of lower rank (at least 2) broadcasts from the left
        as numpy's do: a (C, 1, 1) bias of an (N, C, H, W) image, as a trace records a
        numpy user's `x * scale.reshape(-1, 1, 1)`, merges the same way (a (W,) row does not:
        the rows it needs are W long)."""
        b = self.b
        if any(x.rank < 2 for x in self.tensors):
            self.dispatch("rows", out, rows, n)
            return
        ok = ir.Constant(I1T, 1)
        for x in self.tensors:
            # both axes, as one unit-strided run: the rows read it with stride 1 (a leaf of
            # one element per row may have any last stride: y[:, ::2] of 2 columns, whose
            # rows are 2 apart, is not one run)
            (a, c), sa = x.shape[-2:], x.strides[-2]
            neither = b.and_(b.icmp_signed("==", a, c64(1)), b.icmp_signed("==", c, c64(1)))
            both = b.and_(b.and_(b.icmp_signed("==", a, shape[-2]), b.icmp_signed("==", c, shape[-1])),
                          b.icmp_signed("==", sa, c))
            ok = b.and_(ok, b.or_(neither, both))

        def merged(values: list, step) -> list:
            return values[:-2] + [c64(1), step]
        with b.if_else(ok) as (then, otherwise):
            with then:
                self.viewed_rows(out, merged(shape, b.mul(shape[-2], shape[-1])), lambda x: (
                    merged(x.shape, b.mul(x.shape[-2], x.shape[-1])), merged(x.strides, c64(1))))
            with otherwise:
                self.dispatch("rows", out, rows, n)

    def viewed_rows(self, out: Tensor, shape: list, view) -> Tensor:
        """The rows of `shape` (the output's, contiguous) with every tensor leaf x read as
        the view (shape, strides) = view(x) of the same elements (merged_rows,
        permuted_or_copied); returns that view of the output."""
        k = self.k
        vout = Tensor(out.dtype, out.data, out.owner, shape, k.contiguous_strides(shape))
        args = [k.pack(Tensor(x.dtype, x.data, x.owner, *view(x)))
                if isinstance(x, Tensor) and x.rank > 0 else a
                for a, x in zip(self.args, self.leaves.values())]
        self.dispatch("rows", vout, k.size_of(shape[:-1]), shape[-1], args)
        return vout

    def permuted_or_copied(self, shape, out: Tensor, rows, n, result) -> None:
        """An elementwise kernel whose leaves are not contiguous along the last axis, but
        along another one, p (a channels-last image viewed as NCHW: p = C): the rows run
        over the other axes, p last, and the output takes the same layout (numpy's order
        "K": the result of an op on channels-last data is channels-last).  Anything else
        runs on copies (copied_rows)."""
        b, k, r = self.b, self.k, len(shape)
        main = next((x for x in self.tensors if x.rank == r), None)
        if main is None or r < 2 or any(x.rank != r for x in self.tensors):
            self.copied_rows(out, rows, n, shape)
            return
        p = unit_axis(b, main.shape, main.strides)
        pshape = moved_last(b, shape, p)
        ok = b.icmp_signed(">=", p, c64(0))
        for x in self.tensors:
            xs, xt = moved_last(b, x.shape, p), moved_last(b, x.strides, p)
            ok = b.and_(ok, b.and_(b.icmp_signed("==", xs[-1], pshape[-1]),
                                   b.icmp_signed("==", xt[-1], c64(1))))
        with b.if_else(ok) as (then, otherwise):
            with then:
                pout = self.viewed_rows(out, pshape, lambda x: (moved_last(b, x.shape, p),
                                                                moved_last(b, x.strides, p)))
                strides = [b.select(b.icmp_signed("==", p, c64(a)), pout.strides[-1],
                                    b.select(b.icmp_signed("<", c64(a), p), pout.strides[a],
                                             pout.strides[max(a - 1, 0)]))
                           for a in range(r)]
                b.store(k.pack(Tensor(out.dtype, out.data, out.owner, shape, strides)), result)
            with otherwise:
                self.copied_rows(out, rows, n, shape)

    def copied_rows(self, out: Tensor, rows, n, shape: list) -> None:
        """Leaves that are not contiguous along the last axis: the vectorized loops run on
        C-contiguous copies of them — a copy loop the module shares instead of a strided
        loop nest per kernel to compile (~45 ms of LLVM each; ~15 ms for one axis).  With S
        of rank 2 or more the rows do (a leaf of one element per row stays one: rows() fills
        it into a row); with one axis the copies are broadcast to S, and an elementwise
        kernel runs flat, so that the pool can split it."""
        k, one_axis = self.k, len(shape) == 1
        copies, args = [], []
        for a, x in zip(self.args, self.leaves.values()):
            if isinstance(x, Tensor) and x.rank > 0:
                if one_axis:
                    x = Tensor(x.dtype, x.data, x.owner, shape, [k.bstride(x, 0, 1)])
                c = k.as_contiguous(x)
                copies.append((c, x))
                a = k.pack(c)
            args.append(a)
        if one_axis and not self.plan.reductions and not self.plan.per_row[self.plan.root]:
            self.dispatch("flat", out, n, c64(1), args)
        else:
            self.dispatch("rows", out, rows, n, args)
        for c, x in copies:
            k.scratch_done(c, unless=x)

    # ---------------------------------------------------------------- threads

    def dispatch(self, mode: str, out: Tensor, count, n, args: list | None = None) -> None:
        """Run `count` units (rows, or elements when flat) of the kernel: the loop is
        outlined into a worker `void(env, begin, end)` that the runtime's pool splits.
        `args`: the kernel's arguments as the worker sees them (default: as called)."""
        b, fc = self.b, self.fc
        env_t = env_type(fc.mc, self.plan)
        env = alloca(fc.ab, env_t)
        store_fields(b, env, env_t,
                     [fc.ctx] + list(self.args if args is None else args) + [self.k.pack(out)])
        # at least ~16K elements per task: below that a thread's wake-up costs more
        grain = b.add(b.sdiv(c64(GRAIN), b.select(b.icmp_signed(">", n, c64(0)), n, c64(1))),
                      c64(1))
        fc.mc.parallel_for(b, fc.ctx, worker(fc.mc, self.ins, self.plan, mode), env, count,
                           grain)

    def rows(self, shape: list, out: Tensor, begin, end) -> None:
        """Rows begin..end-1 (row r = the C-order index over all axes but the last)."""
        b, r = self.b, len(shape) - 1
        n = shape[-1]
        row_root = self.plan.per_row[self.plan.root]
        strides = [[self.k.bstride(x, d, r + 1) for d in range(r)] for x in self.tensors]
        # the first row's index along axis d is (begin // below[d]) % shape[d]; from there
        # an odometer steps the index and each leaf's base (no division per row)
        below = [c64(1)] * r
        for d in range(r - 2, -1, -1):
            below[d] = b.mul(below[d + 1], shape[d + 1])
        idx = [self.k.slot(I64T, b.urem(b.udiv(begin, below[d]), shape[d])) for d in range(r)]
        first = [c64(0)] * len(self.tensors)
        for d in range(r):
            at = b.load(idx[d], typ=I64T)
            first = [b.add(base, b.mul(at, st[d])) for base, st in zip(first, strides)]
        bases = [self.k.slot(I64T, v) for v in first]
        if r >= 1:
            self.ahead_steps = {id(x): b.mul(st[r - 1], c64(PREFETCH_ROWS))
                                for x, st in zip(self.tensors, strides)}

        def body(i):
            row = b.add(begin, i)
            out_base = row if row_root else b.mul(row, n)
            self.row([b.load(x, typ=I64T) for x in bases], out_base, n, out, row_root)
            self.next_row(idx, bases, shape, strides)
        malloc = self.fc.mc.import_fn(b, self.fc.ctx, "malloc")
        free = self.fc.mc.import_fn(b, self.fc.ctx, "free")
        blocks = []                     # (condition or None, slot of a block to free)

        def only_if(when):
            return contextlib.nullcontext() if when is None else b.if_then(when)

        def row_buffer(nbytes, when=None):
            """Room for a row, at a 64-byte boundary (a vector load or store that splits
            two cache lines costs two: softmax's stash and streamed row, ~10%), malloc'd
            `when` that holds; None where it does not."""
            slot = self.k.slot(PTR, ir.Constant(PTR, None))
            with only_if(when):
                b.store(b.call(malloc, [b.add(nbytes, c64(ALIGN))]), slot)
            blocks.append((when, slot))
            return self.k.aligned(b.load(slot, typ=PTR))
        self.scratch = {}
        for m in self.plan.scratch:     # one row per costly shared value, per task
            dt = m.type.dtype
            self.scratch[m] = Tensor(dt, row_buffer(b.mul(n, c64(ITEMSIZE[dt]))), None, [n],
                                     [c64(1)])
        # a leaf with one element per row (shape (N, 1) against rows of n > 1) is copied
        # into a row of n equal values, so that the loops still read contiguous rows
        self.row_fill = {}
        for x in self.tensors:
            fill = b.and_(b.icmp_signed("==", x.shape[-1], c64(1)),
                          b.icmp_signed(">", n, c64(1)))
            self.row_fill[id(x)] = (fill, row_buffer(b.mul(n, c64(ITEMSIZE[x.dtype])), fill))
        if not row_root:
            nbytes = b.mul(self.k.size_of(out.shape), c64(ITEMSIZE[out.dtype]))
            stream = b.icmp_signed(">=", nbytes, c64(STREAM_BYTES))
            row_bytes = b.mul(n, c64(ITEMSIZE[out.dtype]))
            self.stream = (stream, row_buffer(row_bytes, stream))
            if SPOOL and r >= 1 and PREFETCH_BYTES and self.plan.math_in_phase_one():
                self.spool = Spool(self.k.slot(PTR, ir.Constant(PTR, None)),
                                   self.k.slot(PTR, row_buffer(row_bytes, stream)),
                                   self.k.slot(PTR, self.stream[1]), out.dtype)
                if self.plan.scaled_stash(out.dtype):
                    self.spool.scale = self.k.slot(REG[out.dtype])
        self.fc.counted_loop(b.sub(end, begin), body)
        if self.stream is not None:
            with b.if_then(self.stream[0]):
                if self.spool is not None:      # the last row
                    self.drain(c64(0), n)
                b.fence("seq_cst")      # the streamed stores, before the pool's join
        for when, slot in blocks:
            with only_if(when):
                b.call(free, [b.load(slot, typ=PTR)])

    def next_row(self, idx: list, bases: list, shape: list, strides: list) -> None:
        """Step the row index (slots idx, one per axis but the last) and the leaves' bases
        (slots) to the next row in C order: the last axis that does not wrap goes up by one,
        the ones after it go back to 0."""
        b, fn = self.b, self.fc.fn
        done = fn.append_basic_block("row.next")
        for d in range(len(idx) - 1, -1, -1):
            at = b.add(b.load(idx[d], typ=I64T), c64(1))
            wraps = b.icmp_signed(">=", at, shape[d])
            at = b.select(wraps, c64(0), at)
            b.store(at, idx[d])
            for base, st in zip(bases, strides):
                step = b.select(wraps, b.mul(st[d], b.sub(c64(1), shape[d])), st[d])
                b.store(b.add(b.load(base, typ=I64T), step), base)
            if d == 0:
                break
            carry = fn.append_basic_block("row.carry")
            b.cbranch(wraps, carry, done)
            b.position_at_end(carry)
        b.branch(done)
        b.position_at_end(done)

    def row(self, bases: list, out_base, n, out: Tensor, row_root: bool) -> None:
        """One row of n elements: the reductions' phases, then the output.  Leaf x's
        element j is at bases[x] + j."""
        b = self.b
        base_of = dict(zip([id(x) for x in self.tensors], bases))
        self.views = {}
        for x in self.tensors:
            if id(x) not in self.row_fill:
                continue
            fill, buf = self.row_fill[id(x)]
            with b.if_then(fill):
                v = b.load(self.k.elem_ptr(x, base_of[id(x)]), typ=MEM[x.dtype])
                b.call(filler(self.fc.mc, x.dtype), [buf, n, v])
            self.views[id(x)] = Tensor(x.dtype, b.select(fill, buf, x.data), x.owner, x.shape,
                                       x.strides)
            base_of[id(x)] = b.select(fill, c64(0), base_of[id(x)])
        row_values: dict[Instr, tuple] = {}
        self.ahead = [(x, b.add(base_of[id(x)], self.ahead_steps[id(x)])) for x in self.tensors
                      if id(x) in self.ahead_steps]
        # where the row is computed: the output, or the scratch row it is streamed from
        dst, dst_base = out, out_base
        if self.stream is not None:                 # (rows() streams no per-row output)
            stream, buf = self.stream
            if self.spool is not None:
                buf = b.load(self.spool.next, typ=PTR)
            dst = Tensor(out.dtype, b.select(stream, buf, out.data), out.owner, out.shape,
                         out.strides)
            dst_base = b.select(stream, c64(0), out_base)
        stash = None
        for i, red in enumerate(self.plan.reductions):
            self.phase = i
            if red is self.plan.reductions[-1] and self.plan.stash is not None:
                stash = (self.plan.stash, dst, dst_base)
            row_values[red] = self.reduce_row(red, base_of, row_values, n, stash)
        self.phase = len(self.plan.reductions)
        self.recips = self.reciprocals(base_of, row_values) if not row_root else {}
        if row_root:
            v, dt = self.value(self.plan.root, base_of, row_values, None, {})
            self.k.store(out, out_base, convert(b, v, dt, out.dtype))
            return
        scale = self.spool.scale if self.spool is not None else None
        if scale is not None and self.plan.root in self.recips:
            # no output phase: the stores of the next row's phase 1 scale the stash
            with b.if_else(self.stream[0]) as (streamed, other):
                with streamed:
                    b.store(self.recips[self.plan.root], scale)
                    self.spool_row(self.k.elem_ptr(out, out_base), buf)
                with other:
                    self.output_phase(dst, dst_base, stash, base_of, row_values, n, out)
            return
        if scale is not None:
            b.store(ir.Constant(REG[out.dtype], 1.0), scale)
        self.output_phase(dst, dst_base, stash, base_of, row_values, n, out)
        if dst is not out:
            with b.if_then(self.stream[0]):
                if self.spool is None:
                    b.call(streamer(self.fc.mc, out.dtype),
                           [self.k.elem_ptr(out, out_base), buf, n])
                else:
                    self.spool_row(self.k.elem_ptr(out, out_base), buf)

    def spool_row(self, at, buf) -> None:
        """Make the row just computed in `buf` (for `at` in the output) the spooled one; the
        next row is computed in the one before it (its phase 1 has written that out)."""
        b = self.b
        drained = b.load(self.spool.buf, typ=PTR)
        b.store(at, self.spool.out)
        b.store(buf, self.spool.buf)
        b.store(drained, self.spool.next)

    def output_phase(self, dst, dst_base, stash, base_of, row_values, n, out) -> None:
        """The row's output: element j of the root into dst[dst_base + j]."""
        b = self.b

        def element(j):
            at = b.add(dst_base, j)
            cache = {}
            if stash is not None:
                cache[stash[0]] = (self.k.load(dst, at), out.dtype)
            v, dt = self.value(self.plan.root, base_of, row_values, j, cache)
            self.k.store(dst, at, convert(b, v, dt, out.dtype))
        self.phase_loop(n, element)

    def drain(self, lo, count) -> None:
        """Stream elements lo..lo+count-1 of the spooled row (if there is one) out."""
        b, dt = self.b, self.spool.dt
        at = b.load(self.spool.out, typ=PTR)
        src = b.load(self.spool.buf, typ=PTR)
        T, size = MEM[dt], ITEMSIZE[dt]
        scale = b.load(self.spool.scale, typ=REG[dt]) if self.spool.scale is not None else None

        def call():
            n = c64(count) if isinstance(count, int) else count
            if scale is not None:       # scaled in place first
                def scaled(j):
                    p = b.gep(src, [b.add(lo, j)], source_etype=T)
                    b.store(b.fmul(b.load(p, typ=T), scale), p)
                self.fc.counted_loop(n, scaled)
            b.call(streamer(self.fc.mc, dt), [b.gep(at, [lo], source_etype=T),
                                              b.gep(src, [lo], source_etype=T), n])
        with b.if_then(b.icmp_unsigned("!=", at, ir.Constant(PTR, None))):
            if not isinstance(count, int) or count * size % ALIGN:
                call()
                return
            # whole 64-byte pieces at 64-byte boundaries of a row that starts at one: stored
            # here (a call would spill the loop's vector constants around it)
            aligned = b.icmp_signed("==", b.and_(b.ptrtoint(at, I64T), c64(ALIGN - 1)), c64(0))
            with b.if_else(aligned) as (inline, other):
                with inline:
                    lanes = ALIGN // size
                    V = ir.VectorType(T, lanes)
                    factor = splat(b, scale, V) if scale is not None else None
                    for v in range(count // lanes):
                        j = b.add(lo, c64(v * lanes))
                        ld = b.load(b.gep(src, [j], source_etype=T), typ=V)
                        ld.align = ALIGN
                        v = ld if factor is None else b.fmul(ld, factor)
                        store_nontemporal(self.fc.mc, b, v, b.gep(at, [j], source_etype=T))
                with other:
                    call()

    def phase_loop(self, n, element, at=None) -> None:
        """The loop over a row's elements of one phase (see MATH_INTERLEAVE); in phase 1, in
        chunks of PREFETCH_BYTES, each after prefetches of a row ahead (and the same chunk
        of the spooled row written out: SPOOL).  `at`: the index in
        the row of the loop's element 0 (a block of the row), None for 0."""
        self.math_in_loop = False

        def interleave():
            return MATH_INTERLEAVE if self.math_in_loop else None
        if self.phase != 1 or not self.ahead or not PREFETCH_BYTES:
            self.fc.counted_loop(n, element, interleave=interleave)
            return
        b = self.b
        size = PREFETCH_BYTES // max(ITEMSIZE[x.dtype] for x, _ in self.ahead)

        def ahead(lo, count):
            for x, next_base in self.ahead:
                self.k.prefetch(x, b.add(next_base, lo if at is None else b.add(at, lo)), count)
            if self.spool is not None:
                self.drain(lo if at is None else b.add(at, lo), count)

        def piece(c):       # a whole chunk: constant trip counts, the prefetches unrolled
            lo = b.mul(c, c64(size))
            ahead(lo, size)
            self.fc.counted_loop(c64(size), lambda j: element(b.add(lo, j)),
                                 interleave=interleave)
        full = b.sdiv(n, c64(size))
        self.fc.counted_loop(full, piece)
        lo = b.mul(full, c64(size))
        left = b.sub(n, lo)
        ahead(lo, left)
        self.fc.counted_loop(left, lambda j: element(b.add(lo, j)), interleave=interleave)

    def reduce_row(self, red: Instr, base_of, row_values, n, stash=None):
        """The reduction `red` over one row.  Sums of float32 add each block of SUM_BLOCK
        elements in float32 (vectorized: LLVM keeps 8-32 partial sums) and the block sums in
        float64: the error of numpy's pairwise float32 sum, at the speed of float32 lanes."""
        b = self.b
        name = red.op[3:]
        dt = red.type.dtype
        summing = name in ("sum", "mean")
        T = REG[dt]
        if summing:
            init = ir.Constant(T, 0.0)
        else:
            init = ir.Constant(T, float("-inf") if name == "max" else float("inf"))
        acc = self.k.slot(T, init)
        # float32 max/min: maxnum/minnum of the numbers (one vmaxps) and, apart, the largest
        # magnitude bit pattern, which is above inf's iff a NaN was seen (numpy's max is NaN
        # then): two integer instructions per vector, where llvm.maximum (NaN-propagating
        # itself) costs five on x86.  nnan: a NaN element makes `acc` poison, which the
        # select below never returns.  (float64 keeps llvm.maximum: AVX2 has no vector
        # unsigned 64-bit max.)
        nan_tracked = not summing and dt == F32
        bits = self.k.slot(I32T, ir.Constant(I32T, 0)) if nan_tracked else None

        def element(j):
            cache: dict = {}
            v, vdt = self.value(red.args[0], base_of, row_values, j, cache)
            if stash is not None:
                node, out, out_base = stash
                self.k.store(out, b.add(out_base, j), cache[node][0])
            v = convert(b, v, vdt, dt)
            cur = b.load(acc, typ=T)
            if nan_tracked:
                s = b.call(self.fc.mc.intrinsic("llvm.maxnum" if name == "max" else "llvm.minnum",
                                                [T]), [cur, v], fastmath=("nnan", "nsz"))
                magnitude = b.and_(b.bitcast(v, I32T), ir.Constant(I32T, 0x7FFFFFFF))
                b.store(b.call(self.fc.mc.intrinsic("llvm.umax", [I32T]),
                               [b.load(bits, typ=I32T), magnitude]), bits)
            else:                       # reassociated sums, NaN-propagating max/min
                s = self.k.combine(name, cur, v, dt)
            b.store(s, acc)
        total_dt = F64 if summing else dt       # what `total` below holds
        if nan_tracked:
            self.phase_loop(n, element)
            nan = b.icmp_unsigned(">", b.load(bits, typ=I32T), ir.Constant(I32T, 0x7F800000))
            total = b.select(nan, ir.Constant(T, float("nan")), b.load(acc, typ=T))
        elif not summing or dt == F64:
            self.phase_loop(n, element)
            total = b.load(acc, typ=T)
        else:
            total64 = self.k.slot(REG[F64], ir.Constant(REG[F64], 0.0))

            def block(i):
                start = b.mul(i, c64(SUM_BLOCK))
                left = b.sub(n, start)
                size = b.select(b.icmp_signed("<", left, c64(SUM_BLOCK)), left, c64(SUM_BLOCK))
                b.store(init, acc)
                if stash is not None and stash[0] is red.args[0]:
                    # the summed values are the stash (softmax's e): the block's math loop
                    # only stores them, and a second loop sums them back from L1.  Without
                    # the partial sums the math loop keeps its constants in registers:
                    # softmax's exp loop 148 -> 121 instructions per 32 floats, ~5% faster.
                    node, out, out_base = stash

                    def stored(j):
                        self.k.store(out, b.add(out_base, j), self.value(
                            node, base_of, row_values, j, {})[0])

                    def summed(j):
                        v = convert(b, self.k.load(out, b.add(out_base, j)), out.dtype, dt)
                        b.store(self.k.combine(name, b.load(acc, typ=T), v, dt), acc)
                    self.phase_loop(size, lambda j: stored(b.add(start, j)), at=start)
                    self.fc.counted_loop(size, lambda j: summed(b.add(start, j)))
                else:
                    self.phase_loop(size, lambda j: element(b.add(start, j)), at=start)
                s = b.fadd(b.load(total64, typ=REG[F64]), b.fpext(b.load(acc, typ=T), REG[F64]))
                b.store(s, total64)
            self.fc.counted_loop(b.sdiv(b.add(n, c64(SUM_BLOCK - 1)), c64(SUM_BLOCK)), block)
            total = b.load(total64, typ=REG[F64])
        if name == "mean":
            total = b.fdiv(total, b.sitofp(n, REG[total_dt]))
        return convert(b, total, total_dt, dt), dt

    def reciprocals(self, base_of, row_values) -> dict:
        """Float divisions of an element by a per-row value (softmax's `e / sum`, layer
        norm's `d / sqrt(var + eps)`): 1 / divisor once per row, a multiply per element.
        The quotient may differ from numpy's in the last bit."""
        recips = {}
        for m in self.plan.within(self.plan.root):
            if m.op[3:] != "true_divide" or not self.plan.from_reduction(m.args[1]):
                continue
            in_dts, _ = loop_dtypes("true_divide", [a.type for a in m.args], m.type.dtype)
            if in_dts[1] not in (F32, F64):
                continue
            d, ddt = self.value(m.args[1], base_of, row_values, None, {})
            T = REG[in_dts[1]]
            recips[m] = self.b.fdiv(ir.Constant(T, 1.0), convert(self.b, d, ddt, in_dts[1]))
        return recips

    # ---------------------------------------------------------------- one element

    def value(self, v, base_of, row_values, j, cache: dict):
        """(LLVM value, pts dtype) of v at element j of the row (j None: a per-row value)."""
        if isinstance(v, Const):
            if v.type == NONE:
                return None, NONE
            t = plain(v.type)
            return scalar_const(v.value, t), t
        if v in self.leaves:
            x = self.leaves[v]
            if isinstance(x, Scalar):
                return x.value, x.dtype
            if x.rank == 0:
                return self.k.load(x, c64(0)), x.dtype
            at = self.b.add(base_of[id(x)], j)
            return self.k.load(self.views.get(id(x), x), at), x.dtype
        if v in row_values:
            return row_values[v]
        if v in cache:
            return cache[v]
        buf = self.scratch.get(v) if j is not None else None
        if buf is not None and self.phase > self.plan.first_phase[v]:
            r = (self.k.load(buf, j), buf.dtype)
        else:
            r = self.compute(v, [self.value(a, base_of, row_values, j, cache) for a in v.args])
            if buf is not None:
                self.k.store(buf, j, convert(self.b, r[0], r[1], buf.dtype))
        cache[v] = r
        return r

    def compute(self, m: Instr, vals: list):
        """One element of elementwise op m (the same lowering as Kernels.elementwise)."""
        name = m.op[3:]
        self.math_in_loop |= name in TRANSCENDENTAL
        out_dt = m.type.dtype
        if name == "astype":
            v, src = vals[0]
            return convert(self.b, v, src, out_dt), out_dt
        in_dts, loop_out = loop_dtypes(name, [a.type for a in m.args], out_dt)
        if m in self.recips:
            v, src = vals[0]
            q = self.b.fmul(convert(self.b, v, src, in_dts[1]), self.recips[m])
            return convert(self.b, q, in_dts[1], out_dt), out_dt
        if name == "exp" and out_dt in (F32, F64) and in_dts[0] == loop_out == out_dt and \
                below_row_max(m.args[0]):
            v, src = vals[0]
            f = self.fc.mc.stdlib_math("exp_nonpos", out_dt)
            return self.b.call(f, [convert(self.b, v, src, out_dt)]), out_dt
        # NEP 50: a Python int compared with an int32 array compares true values
        # (Kernels.weak_int_operands; Plan.check kept the arithmetic cases out)
        if name in COMPARE and any(a.type == I64 and dt in BITS and dt not in (I64, U64)
                                   for a, dt in zip(m.args, in_dts)):
            in_dts = [I64] * len(in_dts)
        return self.k.element(name, vals, in_dts, loop_out, out_dt,
                              uniform_exponent(name, [a.type for a in m.args]),
                              fixed_clip_bounds(name, [a.type for a in m.args])), out_dt

