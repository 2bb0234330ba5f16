"""Code generation: IR module -> LLVM IR (llvmlite.ir), one LLVM function per IR function.

Native ABI (DESIGN.md §5):
- `{i32, T} @f(ptr ctx, <params>)`: returns status 0 or an exception kind code
  (`pts.errors.KIND_CODES`) with the result beside it in registers (`i32` alone for none).
  Scripted functions call each other directly with the fast calling convention.
- Errors: the raising code stores kind, line, column, file, message and function name into
  the context (`CTX_FIELDS`) and returns the kind; callers pass the status up unchanged.
- Every exported function also gets `i32 @f.boxed(ptr ctx, ptr args, ptr results)`: args
  and results are arrays of 8-byte slots, one per scalar leaf (tuples are flattened, lists
  are one pointer slot).  Loaders call any entry through it without per-signature glue.
- Memory and output go through the import table the context points at (`IMPORTS`), never
  through symbols found by name; lists live in an arena chained from the context and are
  released by `@pts.release(ctx)` after the results have been read.

List layout: `{i64 len, i64 cap, ptr data, ptr next}`; bools are stored as bytes.

This module holds the structure: ModuleCodegen (declarations, entry points, the boxed ABI,
release, the module's helper functions) and FunctionCodegen (blocks in dominance order,
values, calls, branches, returns and the error plumbing).  The instructions' code lives
with its job: llvm_types (the LLVM types and small builder helpers), scalar_ops
(arithmetic, comparisons, conversions, math), list_ops (tuples, lists, print), both mixins
of FunctionCodegen; tensor_codegen (`np.*`) and kernel_codegen (fused `kernel`s).
"""
from __future__ import annotations

import sys

from llvmlite import ir

# CTX_FIELDS, IMPORTS (append only) and IMPORT_MATH live in abi.py: loaders need no LLVM
from pts.backend.abi import CTX_FIELDS, IMPORT_MATH, IMPORTS  # noqa: F401
from pts.backend.llvm_types import (ARENA_END, ARENA_NEXT, CTX_T, F64T, I1T, I8T, I32T, I64T, IMPORT_TYPES, LIST_T, PTR,
                                    STACK_LIMIT, VOID, alloca, llvm_type, result_type, symbol)
from pts.backend.complex_ops import ComplexOps
from pts.backend.exception_codegen import ExceptionOps
from pts.backend.dict_codegen import DictOps
from pts.backend.list_ops import ListOps
from pts.backend.tensor_indexing import has_advanced
from pts.backend.optional_ops import OptionalOps
from pts.backend.scalar_ops import ScalarOps
from pts.backend.object_codegen import ObjectOps
from pts.errors import function_display_name, is_library_file, kind_code
from pts.ir.core import BlockParam, Const, Function, Instr, Module, Value
from pts.ir.types import (F16, INT_BITS, UNSIGNED, C128, DTYPE_OF_SCALAR, F32, F64, I1, I32, I64, NONE, NUMPY_SCALARS, STR,
                          OptionalType, TensorType, TupleType, Type)

COMPLEX_SLOTS = TupleType((F64, F64))     # how a complex crosses the boxed entry

class ModuleCodegen:
    portable = False      # set by generate(): see libm_call
    libm_called = False   # ... libm_call ran (the only code `portable` changes)
    library = False       # ... may call backend.kernel_library (generate's `library`)
    entries: list[str] | None = None     # ... the functions with a boxed entry (`exported`)
    skipped: set = frozenset()          # IR functions not generated (`unreached`)
    precompiled_symbols: dict = {}      # IR function -> library symbol (`precompiled`)
    library_functions = True            # ... and its precompiled functions (`precompiled`)
    declared_hook = None                # generate's `declared`

    def __init__(self, module: Module, triple: str = "", data_layout: str = "", prefix: str = "pts"):
        self.irmod = module
        self.prefix = prefix
        self.m = ir.Module(name="pts")
        if triple:
            self.m.triple = triple
        if data_layout:
            self.m.data_layout = data_layout
        self.strings: dict[str, ir.GlobalVariable] = {}
        self.funcs: dict[str, ir.Function] = {}
        self.helpers: dict[str, ir.Function] = {}
        self.declared: dict[str, ir.Function] = {}
        self.message_templates: dict[tuple, str] = {}     # tensor_errors' message_fn
        self._library_only: dict[str, bool] = {}           # library_only's answers
        from pts.ir.analysis import recursive_functions
        self.recursive = recursive_functions(module)

    # ---------------------------------------------------------------- module level

    def generate(self) -> ir.Module:
        precompiled = self.precompiled_symbols = self.precompiled()
        self.skipped = self.unreached(precompiled)
        for f in self.irmod:
            if f.name not in self.skipped:
                self.funcs[f.name] = self.declare(f)
        if self.declared_hook is not None:
            self.declared_hook(self)
        for f in self.irmod:
            if f.name in self.skipped:
                continue
            if f.name in precompiled:
                self.library_call(self.funcs[f.name], precompiled[f.name])
            else:
                FunctionCodegen(self, f, self.funcs[f.name]).generate()
        for f in self.irmod:
            if f.name not in self.skipped and f.name not in precompiled:
                self.pipeline(f, self.funcs[f.name])
        for name in self.exported():
            self.boxed(self.irmod[name])
        self.release()
        self.cold_helpers()
        self.entries_unoptimized()
        self.hot_helpers()
        if "vmath_keep" in self.__dict__:     # vector variants of stdlib math: keep them
            from pts.backend.stdlib_math import finish
            finish(self)
        return self.m

    def precompiled(self) -> dict[str, str]:
        """{IR function: library symbol} of the functions the precompiled kernel library has
        compiled already, when the code may call it: its library functions (library_spec:
        conv2d), and fused kernels with the code that runs them (library_kernels)."""
        if not (self.library and self.library_functions):
            return {}
        from pts.backend.kernel_library import library_kernels, library_spec
        found = {f.name: library_spec(self.irmod, f) for f in self.irmod}
        found.update(library_kernels(self.irmod))
        return {name: sym for name, sym in found.items() if sym is not None}

    def unreached(self, precompiled: dict) -> set[str]:
        """The IR functions that only precompiled ones call (their kernels): not generated."""
        if not precompiled:
            return set()
        roots = [self.irmod.entry] if self.irmod.entry in self.irmod.functions else \
            [f.name for f in self.irmod]
        roots += [name for name in self.entries or () if name in self.irmod.functions]
        live, work = set(), list(roots)
        while work:
            name = work.pop()
            if name in live:
                continue
            live.add(name)
            if name not in precompiled:
                work.extend(ins.attrs["callee"] for ins in self.irmod[name].instructions()
                            if ins.attrs.get("callee") in self.irmod.functions)
        return {f.name for f in self.irmod if f.name not in live}

    def library_call(self, fn: ir.Function, sym: str) -> None:
        """fn's body: the call of the library's compiled copy of its code (`sym`, which
        has fn's type and protocol: context and arguments in, status and result out; or a
        kernel's loop: env and range in)."""
        target = self.declared.get(sym)
        if target is None:
            target = self.declared[sym] = ir.Function(self.m, fn.function_type, name=sym)
        b = ir.IRBuilder(fn.append_basic_block("entry"))
        result = b.call(target, list(fn.args))
        if isinstance(fn.function_type.return_type, ir.VoidType):
            b.ret_void()
        else:
            b.ret(result)
        for attr in ("noinline", "optnone"):
            fn.attributes.add(attr)
        self.library_used = True

    # A function this big is glue between kernels (a whole model's forward with its layers
    # inlined: views, copies, calls): -O3's unrolling and vectorizing of every small loop in
    # it costs seconds of compile time and gains little, so it is optimized for size.  Hot
    # loops live in their own functions (fused kernels, gemm, copy loops), which keep -O3.
    SIZE_PIPELINE_MIN = 2500

    def pipeline(self, f: Function, fn: ir.Function) -> None:
        """What LLVM does with f's function (fn): glue is not optimized (`glue`: MyConv's
        forward and conv2d; its module's LLVM time 2.0 -> 1.0 s, its run time unchanged).
        Big functions are optimized for size; the rest gets -O3."""
        if "optnone" in fn.attributes:
            return
        if self.glue(f):
            fn.attributes.add("noinline")
            fn.attributes.add("optnone")
        elif sum(len(b.instructions) for b in fn.blocks) > self.SIZE_PIPELINE_MIN:
            fn.attributes.add("optsize")

    @staticmethod
    def glue(f: Function) -> bool:
        """Is f glue between tensor operations: tensor code whose every loop makes a tensor
        in each iteration (conv2d's loop over chunks and kernel taps), and whose tensor
        operations all do their work in functions of their own (`glue_op`), so that its
        own instructions — shape arithmetic, checks, allocations and calls — run a few
        times per tensor operation?  A loop over elements (`s += x[i]`), or an operation
        whose loop nest is emitted in place (a reduction, an elementwise op outside a
        kernel), makes it code to optimize."""
        from pts.ir.analysis import dominators, function_has_tensor_code, natural_loops
        if not function_has_tensor_code(f) or not all(glue_op(i) for i in f.instructions()):
            return False
        return all(any(isinstance(i.type, TensorType) for blk in body for i in blk.instrs)
                   for body in natural_loops(dominators(f)).values())

    def cold_helpers(self) -> None:
        """Helpers that only cold code calls (a fused kernel's own function, its fallback:
        kernel_codegen.emit) are cold and unoptimized too: optimized, the strided loops and
        reductions only a fallback uses cost a third of a kernel module's LLVM time and
        nothing at run time.  (Glue is unoptimized but not cold: the copy loops it calls
        keep -O3.)"""
        callers: dict[str, set] = {}
        for fn in self.m.functions:
            for blk in fn.blocks:
                for ins in blk.instructions:
                    callee = getattr(ins, "callee", None)
                    if isinstance(callee, ir.Function):
                        callers.setdefault(callee.name, set()).add(fn.name)
        cold = {fn.name for fn in self.m.functions if "cold" in fn.attributes}
        changed = True
        while changed:
            changed = False
            for fn in self.m.functions:
                who = callers.get(fn.name, set()) - {fn.name}        # recursion: its own
                if (fn.name in cold or not fn.blocks or not who or not who <= cold
                        or fn.linkage != "internal" or "alwaysinline" in fn.attributes):
                    continue
                for attr in ("noinline", "optnone", "cold"):
                    fn.attributes.add(attr)
                cold.add(fn.name)
                changed = True

    # The arena's helpers: straight-line code around malloc and free.
    ARENA_HELPERS = ("tensor_alloc", "tensor_free", "list_new", "object_block")

    def entries_unoptimized(self) -> None:
        """In a module with tensor code, the boxed entry points, `release` and the arena's
        helpers are not optimized (as glue is not): they run a few times per call or per
        tensor operation, around the allocator, and -O3 spent a fifth of the optimized part
        of a model's module on them (MyConv: ~210 -> ~165 ms of CPU) with no measurable gain
        (a call of a 4-element tensor function: ~15 us either way)."""
        from pts.ir.analysis import has_tensor_code
        if not has_tensor_code(self.irmod):
            return
        names = {self.export_name(name) for name in self.exported()} | {self.release_name()}
        names |= {self.helpers[h].name for h in self.ARENA_HELPERS if h in self.helpers}
        for fn in self.m.functions:
            if fn.name in names and fn.blocks:
                fn.attributes.add("noinline")
                fn.attributes.add("optnone")

    # The per-tensor-operation helpers that are glue when glue calls them (a kernel's
    # dispatch function `<kernel>.run`, kernel_codegen.run; the arena's tensor_alloc and
    # tensor_free), but hot when optimized code calls them: an element loop that makes a
    # small array in each iteration (Numba's kernel density estimate: a 3-element array a
    # point) runs them once an iteration, where their unoptimized code (spills of every
    # value, the descriptor passed through the stack) cost more than the arithmetic.
    HOT_HELPERS = ("tensor_alloc", "tensor_free")

    def hot_helpers(self) -> None:
        """A per-operation helper that optimized code calls, directly or through another
        such helper, is optimized too (still not inlined: one copy per module).  Glue's
        helpers stay unoptimized (codegen.glue: a model's forward, whose compile time they
        would add to)."""
        candidates = {fn.name for name, fn in self.helpers.items()
                      if name.endswith(".run") or name in self.HOT_HELPERS}
        callers: dict[str, set] = {}
        for fn in self.m.functions:
            for blk in fn.blocks:
                for ins in blk.instructions:
                    callee = getattr(ins, "callee", None)
                    if isinstance(callee, ir.Function) and callee.name in candidates:
                        callers.setdefault(callee.name, set()).add(fn)
        changed = True
        while changed:
            changed = False
            for fn in self.m.functions:
                if (fn.name in candidates and "optnone" in fn.attributes and
                        any(c.blocks and "optnone" not in c.attributes
                            for c in callers.get(fn.name, ()))):
                    fn.attributes.remove("optnone")
                    changed = True

    def exported(self) -> list[str]:
        """The IR functions that get a boxed entry point: all but fused kernels' functions,
        which only their kernel op calls (never an entry; their wrappers cost compile time)."""
        if self.entries is not None:
            return list(self.entries)
        kernels = {ins.attrs["callee"] for f in self.irmod for blk in f.blocks
                   for ins in blk.instrs if ins.op == "kernel"}
        return [f.name for f in self.irmod if f.name not in kernels and
                f.name not in self.skipped]

    def export_name(self, fname: str) -> str:
        """Symbol of the boxed entry point of IR function `fname`."""
        return f"{self.prefix}.{fname}.boxed"

    def release_name(self) -> str:
        return f"{self.prefix}.release"

    def declare(self, f: Function) -> ir.Function:
        args = [PTR] + [llvm_type(t) for t in f.param_types]
        fn = ir.Function(self.m, ir.FunctionType(result_type(f), args), name=symbol(f.name))
        fn.linkage = "internal"
        fn.calling_convention = "fastcc"
        fn.args[0].add_attribute("noalias")
        fn.args[0].add_attribute("nonnull")
        return fn

    def library_only(self, name: str) -> bool:
        """Whether every error @name can raise comes from pts's library (stdlib/): it and
        all it calls are library functions, so no user function (a key= or a callback
        specialized into it) can raise through it with its own line."""
        memo = self._library_only
        if name not in memo:
            memo[name] = True                       # (recursion: assume, then check)
            f = self.irmod.functions.get(name)
            memo[name] = f is not None and is_library_file(f.file) and all(
                (not i.span.file or i.span.file == "<unknown>" or is_library_file(i.span.file))
                and (i.op != "call" or self.library_only(i.attrs["callee"]))
                for i in f.instructions())
        return memo[name]

    def where_str(self, s: str) -> ir.Value:
        """A file or function name for the context's error fields: a C string that is a
        pts str as well (length-prefixed), so a handler reads it as one (the file and
        function of traceback.format_exc(), frontend/lower_exceptions.py)."""
        from pts.backend.str_codegen import str_const
        return str_const(self, s)

    def string(self, s: str) -> ir.Constant:
        g = self.strings.get(s)
        if g is None:
            data = bytearray(s.encode("utf-8")) + b"\0"
            ty = ir.ArrayType(I8T, len(data))
            g = ir.GlobalVariable(self.m, ty, name=f"str.{len(self.strings)}")
            g.global_constant = True
            g.linkage = "private"
            g.unnamed_addr = True
            g.initializer = ir.Constant(ty, data)
            g.type = PTR          # opaque pointer (LLVM >= 17 has no typed pointers)
            self.strings[s] = g
        return g

    def external(self, name: str, ftype: ir.FunctionType) -> ir.Function:
        """A C library function by name (declared once per module), for code without a
        context at hand: resolved by the JIT in process, and by backend.link as one of the
        image's named import slots (link.RUNTIME_FUNCTIONS) in an archive."""
        fn = self.declared.get(name)
        if fn is None:
            fn = self.declared[name] = ir.Function(self.m, ftype, name=name)
            # position-independent code (images) calls it through its GOT cell, which the
            # loader fills with the function's address, not through a stub that jumps there
            fn.attributes.add("nonlazybind")
        return fn

    def libm(self, name: str, nargs: int) -> ir.Function:
        """An external f64 libm function (see `external`).  Scalar code calls libm through
        the import table instead (FunctionCodegen.libm_call)."""
        return self.external(name, ir.FunctionType(F64T, [F64T] * nargs))

    def stdlib_math(self, name: str, dt) -> ir.Function:
        """`T f(T)` computing stdlib/vmath.py's NAME for dtype dt (F32 or F64): an internal,
        alwaysinline function of this module, for tensor kernels (see stdlib_math)."""
        from pts.backend.stdlib_math import function
        return function(self, name, dt)

    def range_md(self, ty: ir.IntType, lo: int, hi: int):
        """`!range` metadata: the loaded value is in [lo, hi)."""
        mds = self.__dict__.setdefault("range_mds", {})
        key = (str(ty), lo, hi)
        if key not in mds:
            mds[key] = self.m.add_metadata([ir.Constant(ty, lo), ir.Constant(ty, hi)])
        return mds[key]

    def loop_id(self, interleave: int | None = None, unroll: int | None = None):
        """A new `llvm.loop` node (distinct, self-referential, as LLVM wants a loop's ID)
        asking for `interleave` vector iterations side by side, or for `unroll` copies of
        the body (which LLVM honours even where optimize() turns its own unrolling off)."""
        name, count = (("llvm.loop.interleave.count", interleave) if interleave else
                       ("llvm.loop.unroll.count", unroll))
        opt = self.m.add_metadata([ir.MetaDataString(self.m, name), ir.Constant(I32T, count)])
        node = ir.values.MDValue(self.m, [opt], name=str(len(self.m.metadata)))
        node.operands = (node, opt)
        return node

    def stack_pointer(self, b: ir.IRBuilder):
        """The stack pointer, for the recursion limit: llvm.stacksave rather than the frame
        address, which would force a frame pointer on every recursive function."""
        fn = self.m.declare_intrinsic("llvm.stacksave", [PTR], ir.FunctionType(PTR, []))
        return b.call(fn, [])

    def intrinsic(self, name: str, types: list[ir.Type]) -> ir.Function:
        if name in ("llvm.copysign", "llvm.pow", "llvm.maximum", "llvm.minimum",
                    "llvm.maxnum", "llvm.minnum", "llvm.umax"):
            fnty = ir.FunctionType(types[0], [types[0], types[0]])
            return self.m.declare_intrinsic(name, types, fnty)
        if name == "llvm.prefetch":     # (ptr, rw, locality, cache type)
            fnty = ir.FunctionType(ir.VoidType(), [types[0]] + [ir.IntType(32)] * 3)
            return self.m.declare_intrinsic(name, types, fnty)
        return self.m.declare_intrinsic(name, types)

    def boxed(self, f: Function) -> None:
        """`i32 @f.boxed(ctx, args, results)`: the uniform entry point of an exported function."""
        fn = ir.Function(self.m, ir.FunctionType(I32T, [PTR, PTR, PTR]), name=self.export_name(f.name))
        ctx, args, results = fn.args
        b = ir.IRBuilder(fn.append_basic_block("entry"))
        # The caller puts a stack budget in bytes into ctx.stack_limit; recursive functions
        # compare the stack pointer against the limit it gives (see stack_check).
        if self.recursive:
            limit_p = b.gep(ctx, [ir.Constant(I32T, 0), ir.Constant(I32T, STACK_LIMIT)],
                            source_etype=CTX_T)
            budget = b.load(limit_p, typ=I64T)
            b.store(b.sub(b.ptrtoint(self.stack_pointer(b), I64T), budget), limit_p)
        slot = 0
        call_args = [ctx]

        def load(t: Type):
            nonlocal slot
            t = COMPLEX_SLOTS if t == C128 else t      # {re, im}: two f64 slots
            if isinstance(t, TupleType):
                agg = ir.Constant(llvm_type(t), ir.Undefined)
                for i, e in enumerate(t.elems):
                    agg = b.insert_value(agg, load(e), i)
                return agg
            if isinstance(t, OptionalType):     # a flag slot, then the value's slots
                present = load(I1)
                if isinstance(t.elem, TensorType):
                    # a None's descriptor slot may be null: read a zero descriptor instead
                    zero = alloca(b, llvm_type(t.elem))
                    b.store(ir.Constant(llvm_type(t.elem), None), zero)
                    p = b.gep(args, [ir.Constant(I64T, slot)], source_etype=I64T)
                    slot += 1
                    desc_p = b.select(present, b.load(p, typ=PTR), zero)
                    value = b.load(desc_p, typ=llvm_type(t.elem))
                else:
                    value = load(t.elem)
                agg = ir.Constant(llvm_type(t), ir.Undefined)
                return b.insert_value(b.insert_value(agg, present, 0), value, 1)
            p = b.gep(args, [ir.Constant(I64T, slot)], source_etype=I64T)
            slot += 1
            t = DTYPE_OF_SCALAR.get(t, t)
            if t == F64:
                return b.load(p, typ=F64T)
            if t == I1:                       # a bool slot holds 0 or 1
                v = b.load(p, typ=I64T)
                v.set_metadata("range", self.range_md(I64T, 0, 2))
                return b.trunc(v, I1T)
            if isinstance(t, TensorType):     # the slot points at a descriptor
                return b.load(b.load(p, typ=PTR), typ=llvm_type(t))
            if t in (F32, I32):               # the low 4 bytes of the slot (little endian)
                return b.load(p, typ=llvm_type(t))
            if t == NONE:
                return ir.Constant(I8T, 0)
            return b.load(p, typ=llvm_type(t))

        for t in f.param_types:
            call_args.append(load(t))
        status = b.call(self.funcs[f.name], call_args, cconv="fastcc")
        if f.ret_type != NONE:
            value = b.extract_value(status, 1)
            status = b.extract_value(status, 0)
            slot = 0

            def store(v, t: Type):
                nonlocal slot
                t = COMPLEX_SLOTS if t == C128 else t
                if isinstance(t, TupleType):
                    for i, e in enumerate(t.elems):
                        store(b.extract_value(v, i), e)
                    return
                if isinstance(t, OptionalType):    # the flag, then the value (zero for None)
                    store(b.extract_value(v, 0), I1)
                    store(b.extract_value(v, 1), t.elem)
                    return
                p = b.gep(results, [ir.Constant(I64T, slot)], source_etype=I64T)
                slot += 1
                t = DTYPE_OF_SCALAR.get(t, t)
                if t == I1:
                    v = b.zext(v, I64T)
                elif t == NONE:
                    v = ir.Constant(I64T, 0)
                elif t in (F32, F16):            # (a float16 is held as a float)
                    v = b.zext(b.bitcast(v, I32T), I64T)
                elif t == I32:
                    v = b.sext(v, I64T)
                elif t in INT_BITS and t != I64:  # int8 ... uint32: widened by their sign
                    v = (b.zext if t in UNSIGNED else b.sext)(v, I64T)
                elif isinstance(t, TensorType):
                    # the descriptor goes to arena memory; the slot gets its address
                    from pts.backend.tensor_abi import box_result
                    v = box_result(self, b, ctx, v, t)
                b.store(v, p)

            store(value, f.ret_type)
        b.ret(status)

    def release(self) -> None:
        """`void @pts.release(ctx)`: free every list allocated during a call (and the blocks
        objects are carved from, which are nodes of the same chain)."""
        fn = ir.Function(self.m, ir.FunctionType(VOID, [PTR]), name=self.release_name())
        ctx = fn.args[0]
        entry = fn.append_basic_block("entry")
        loop = fn.append_basic_block("loop")
        body = fn.append_basic_block("body")
        done = fn.append_basic_block("done")
        b = ir.IRBuilder(entry)
        head_p = b.gep(ctx, [ir.Constant(I32T, 0), ir.Constant(I32T, 7)], source_etype=CTX_T)
        first = b.load(head_p, typ=PTR)
        free = self.import_fn(b, ctx, "free")
        b.branch(loop)
        b.position_at_end(loop)
        cur = b.phi(PTR)
        cur.add_incoming(first, entry)
        b.cbranch(b.icmp_unsigned("==", cur, ir.Constant(PTR, None)), done, body)
        b.position_at_end(body)
        nxt = b.load(b.gep(cur, [ir.Constant(I32T, 0), ir.Constant(I32T, 3)], source_etype=LIST_T), typ=PTR)
        data = b.load(b.gep(cur, [ir.Constant(I32T, 0), ir.Constant(I32T, 2)], source_etype=LIST_T), typ=PTR)
        with b.if_then(b.icmp_unsigned("!=", data, cur)):    # (a tensor's: one block)
            b.call(free, [data])
        b.call(free, [cur])
        cur.add_incoming(nxt, b.block)
        b.branch(loop)
        b.position_at_end(done)
        b.store(ir.Constant(PTR, None), head_p)
        for field in (ARENA_NEXT, ARENA_END):       # (their block went with the lists)
            b.store(ir.Constant(PTR, None),
                    b.gep(ctx, [ir.Constant(I32T, 0), ir.Constant(I32T, field)], source_etype=CTX_T))
        b.ret_void()

    def import_fn(self, b: ir.IRBuilder, ctx, name: str):
        """Load the function pointer of an import-table slot (called through a pointer)."""
        table = b.load(b.gep(ctx, [ir.Constant(I32T, 0), ir.Constant(I32T, 6)], source_etype=CTX_T), typ=PTR)
        slot = b.gep(table, [ir.Constant(I64T, IMPORTS.index(name))], source_etype=PTR)
        return PointerCallee(b.load(slot, typ=PTR), IMPORT_TYPES[name])

    def parallel_for(self, b: ir.IRBuilder, ctx, task: ir.Function, data, n, grain) -> None:
        """task(data, begin, end) over [0, n) on the runtime's thread pool (runtime/c/threads.h).
        A job of one chunk (n < 2 * grain), which the pool would run on the caller as
        task(data, 0, n), is that call here: no call through the import table, and LLVM
        may inline the task (small arrays in element loops: kernel density estimation's
        three-element arrays, 50 000 times a call)."""
        i64 = ir.IntType(64)
        zero, one = ir.Constant(i64, 0), ir.Constant(i64, 1)
        g = b.select(b.icmp_signed("<", grain, one), one, grain)
        # n - g < g <=> n < 2 g (no overflow: g >= 1 and n below 2**62)
        alone = b.icmp_signed("<", b.sub(n, g), g)
        with b.if_else(alone, likely=None) as (then, otherwise):
            with then:
                with b.if_then(b.icmp_signed(">", n, zero)):
                    b.call(task, [data, zero, n])
            with otherwise:
                b.call(self.import_fn(b, ctx, "parallel_for"), [task, data, n, grain])

    def ipow(self, T: ir.IntType) -> ir.Function:
        """`T @pts.ipow.iN(T base, T exp)`: wrapping integer power by squaring (exp >= 0);
        shared by scalar `pow` and the tensor kernels."""
        def build():
            fn = ir.Function(self.m, ir.FunctionType(T, [T, T]), name=f"pts.ipow.i{T.width}")
            base, exp = fn.args
            entry, loop, body, done = (fn.append_basic_block(n) for n in ("entry", "loop", "body", "done"))
            b = ir.IRBuilder(entry)
            b.branch(loop)
            b.position_at_end(loop)
            acc, x, e = b.phi(T), b.phi(T), b.phi(T)
            acc.add_incoming(ir.Constant(T, 1), entry)
            x.add_incoming(base, entry)
            e.add_incoming(exp, entry)
            b.cbranch(b.icmp_signed(">", e, ir.Constant(T, 0)), body, done)
            b.position_at_end(body)
            acc.add_incoming(b.select(b.trunc(e, I1T), b.mul(acc, x), acc), body)
            x.add_incoming(b.mul(x, x), body)
            e.add_incoming(b.ashr(e, ir.Constant(T, 1)), body)
            b.branch(loop)
            b.position_at_end(done)
            b.ret(acc)
            return fn
        return self.helper(f"ipow.i{T.width}", build)

    def hypot(self) -> ir.Function:
        """`double @pts.hypot.f64(double, double)`: math.hypot as CPython computes it (its
        vector_norm for two coordinates; libm's hypot differs in the last bit for ~0.5% of
        inputs): both scaled by a power of two so the larger is in [0.5, 1), squared exactly
        (Veltkamp-Dekker split: hi * hi, 2 * hi * lo, lo * lo), summed onto 1.0 with the
        rounding errors kept apart, then sqrt and one differential correction of it.  The
        operations in CPython 3.11's order, which 3.12's fma version agrees with, except
        where the larger is below 2**-1024: 3.11 divides by it and sums the squares, 3.12
        scales by 1 / DBL_MIN first; the Python that compiles decides (the interpreter's
        math.hypot is that Python's)."""
        def build():
            fn = ir.Function(self.m, ir.FunctionType(F64T, [F64T, F64T]), name="pts.hypot.f64")
            b = ir.IRBuilder(fn.append_basic_block("entry"))

            def f(v):
                return ir.Constant(F64T, v)
            fabs = self.intrinsic("llvm.fabs", [F64T])
            x0, x1 = (b.call(fabs, [a]) for a in fn.args)
            found_nan = b.fcmp_unordered("uno", x0, x1)
            mx = b.select(b.fcmp_ordered(">", x1, x0), x1, x0)      # nan never the max
            mx = b.select(b.fcmp_unordered("uno", x0, x0), x1, mx)
            mx = b.select(b.fcmp_unordered("uno", mx, mx), f(0.0), mx)
            # max < 2**-1024 (frexp's exponent below -1023): computed on x / DBL_MIN, the
            # result times DBL_MIN
            dbl_min = 2.0 ** -1022
            tiny = b.fcmp_ordered("<", mx, f(2.0 ** -1024))
            if sys.version_info < (3, 12):
                csum, frac1 = f(1.0), f(0.0)
                for x in (x0, x1):
                    q = b.fdiv(x, mx)
                    q = b.fmul(q, q)
                    new = b.fadd(csum, q)
                    csum, frac1 = new, b.fadd(frac1, b.fadd(b.fsub(csum, new), q))
                sqrt = self.intrinsic("llvm.sqrt", [F64T])
                r_tiny = b.fmul(mx, b.call(sqrt, [b.fadd(b.fsub(csum, f(1.0)), frac1)]))
                m = mx
            else:
                x0, x1, m = (b.select(tiny, b.fdiv(v, f(dbl_min)), v) for v in (x0, x1, mx))
            # e = frexp(m)'s exponent, from the bits (subnormal m scaled up by 2**64 first)
            sub = b.fcmp_ordered("<", m, f(dbl_min))
            bits = b.bitcast(b.select(sub, b.fmul(m, f(2.0 ** 64)), m), I64T)
            e = b.sub(b.and_(b.lshr(bits, ir.Constant(I64T, 52)), ir.Constant(I64T, 0x7FF)),
                      b.select(sub, ir.Constant(I64T, 1022 + 64), ir.Constant(I64T, 1022)))
            # scale = 2**-e (e in [-1023, 1024]): a normal number's exponent field, or for
            # -e < -1022 the subnormal's one bit
            neg_e = b.sub(ir.Constant(I64T, 0), e)
            normal = b.shl(b.add(neg_e, ir.Constant(I64T, 1023)), ir.Constant(I64T, 52))
            shift = b.add(neg_e, ir.Constant(I64T, 1074))      # 50 or 51 where it is used
            shift = b.select(b.icmp_unsigned(">", shift, ir.Constant(I64T, 63)),
                             ir.Constant(I64T, 0), shift)          # (no poison elsewhere)
            subnormal = b.shl(ir.Constant(I64T, 1), shift)
            scale = b.bitcast(b.select(b.icmp_signed(">=", neg_e, ir.Constant(I64T, -1022)),
                                       normal, subnormal), F64T)
            t27 = f(134217729.0)                # Veltkamp's 2**27 + 1

            def split(x):
                t = b.fmul(x, t27)
                hi = b.fsub(t, b.fsub(t, x))
                return hi, b.fsub(x, hi)

            def add(csum, frac, x):             # csum += x, the rounding error into frac
                new = b.fadd(csum, x)
                return new, b.fadd(frac, b.fadd(b.fsub(csum, new), x))
            csum, frac1, frac2, frac3 = f(1.0), f(0.0), f(0.0), f(0.0)
            for x in (x0, x1):
                hi, lo = split(b.fmul(x, scale))
                csum, frac1 = add(csum, frac1, b.fmul(hi, hi))
                csum, frac2 = add(csum, frac2, b.fmul(b.fmul(f(2.0), hi), lo))
                frac3 = b.fadd(frac3, b.fmul(lo, lo))
            sqrt = self.intrinsic("llvm.sqrt", [F64T])

            def rest():                         # csum - 1.0 + (frac1 + frac2 + frac3)
                return b.fadd(b.fsub(csum, f(1.0)), b.fadd(b.fadd(frac1, frac2), frac3))
            h = b.call(sqrt, [rest()])
            hi, lo = split(h)
            csum, frac1 = add(csum, frac1, b.fmul(b.fneg(hi), hi))
            csum, frac2 = add(csum, frac2, b.fmul(b.fmul(f(-2.0), hi), lo))
            frac3 = b.fadd(frac3, b.fmul(b.fneg(lo), lo))
            r = b.fdiv(b.fadd(h, b.fdiv(rest(), b.fmul(f(2.0), h))), scale)
            r = b.select(tiny, r_tiny if sys.version_info < (3, 12) else b.fmul(f(dbl_min), r), r)
            r = b.select(b.fcmp_ordered("==", mx, f(0.0)), mx, r)
            r = b.select(found_nan, f(float("nan")), r)
            r = b.select(b.fcmp_ordered("==", mx, f(float("inf"))), mx, r)
            b.ret(r)
            return fn
        return self.helper("hypot", build)

    # ---------------------------------------------------------------- list helpers

    def worker(self, fn: ir.Function) -> "Worker":
        """A Worker emitting into fn (for the tensor_* modules, which do not import this one)."""
        return Worker(self, fn)

    def helper(self, name: str, build) -> ir.Function:
        fn = self.helpers.get(name)
        if fn is None:
            fn = build()
            fn.linkage = "internal"
            self.helpers[name] = fn
        return fn

    def list_new(self) -> ir.Function:
        """ptr @pts.list_new(ctx, i64 elemsize, i64 n): n zeroed elements (capacity >= 4).

        A small list (header and data at most object_codegen.CARVED_MAX bytes) is carved
        from the call's blocks of objects, its data right after its header, its `next`
        CARVED (odd: no node of the arena's chain is at an odd address): nothing to free
        until list_reserve grows it.  A larger one is a header and a data block, each
        malloc'ed, the header chained in the arena."""
        def build():
            from pts.backend.object_codegen import CARVED_MAX, carve
            fn = ir.Function(self.m, ir.FunctionType(PTR, [PTR, I64T, I64T]), name="pts.list_new")
            ctx, size, n = fn.args
            b = ir.IRBuilder(fn.append_basic_block("entry"))
            n0 = b.select(b.icmp_signed("<", n, ir.Constant(I64T, 0)), ir.Constant(I64T, 0), n)
            cap = b.select(b.icmp_signed("<", n0, ir.Constant(I64T, 4)), ir.Constant(I64T, 4), n0)
            nbytes = b.mul(cap, size)
            memset = self.intrinsic("llvm.memset", [PTR, I64T])

            def header(hdr, data, nxt):
                for i, v in enumerate([n0, cap, data, nxt]):
                    b.store(v, b.gep(hdr, [ir.Constant(I32T, 0), ir.Constant(I32T, i)], source_etype=LIST_T))

            small = b.icmp_unsigned("<=", nbytes, ir.Constant(I64T, CARVED_MAX - 32))
            with b.if_then(small, likely=True):
                total = b.and_(b.add(nbytes, ir.Constant(I64T, 32 + 7)), ir.Constant(I64T, -8))
                hdr = carve(self, b, ctx, total)
                data = b.gep(hdr, [ir.Constant(I64T, 32)], source_etype=I8T)
                b.call(memset, [data, ir.Constant(I8T, 0), nbytes, ir.Constant(I1T, 0)])
                header(hdr, data, b.inttoptr(ir.Constant(I64T, CARVED), PTR))
                b.ret(hdr)
            malloc = self.import_fn(b, ctx, "malloc")
            hdr = b.call(malloc, [ir.Constant(I64T, 32)])
            data = b.call(malloc, [nbytes])
            b.call(memset, [data, ir.Constant(I8T, 0), nbytes, ir.Constant(I1T, 0)])
            head_p = b.gep(ctx, [ir.Constant(I32T, 0), ir.Constant(I32T, 7)], source_etype=CTX_T)
            old = b.load(head_p, typ=PTR)
            header(hdr, data, old)
            from pts.backend.tensor_abi import adopt_head   # a tensor header's pprev
            adopt_head(b, old, hdr)
            b.store(hdr, head_p)
            b.ret(hdr)
            return fn
        return self.helper("list_new", build)

    def list_reserve(self) -> ir.Function:
        """void @pts.list_reserve(ctx, ptr list, i64 elemsize, i64 n): capacity >= n.

        Grown by doubling: a chained list's data by realloc; a carved list's (list_new) the
        first time into a malloc'ed block owned by a new node of the arena's chain ({0, 0,
        data, next}: release frees its data and itself), which the list's `next` then
        points at (with the low bit set: still not a chain pointer), later times by realloc
        of the owner's data."""
        def build():
            fn = ir.Function(self.m, ir.FunctionType(VOID, [PTR, PTR, I64T, I64T]), name="pts.list_reserve")
            ctx, lst, size, n = fn.args
            blocks = {k: fn.append_basic_block(k) for k in
                      ("entry", "grow", "chained", "carved", "first", "owned", "done")}
            b = ir.IRBuilder(blocks["entry"])

            def field(p, i):
                return b.gep(p, [ir.Constant(I32T, 0), ir.Constant(I32T, i)], source_etype=LIST_T)
            cap_p, data_p, next_p = field(lst, 1), field(lst, 2), field(lst, 3)
            cap = b.load(cap_p, typ=I64T)
            b.cbranch(b.icmp_signed("<", cap, n), blocks["grow"], blocks["done"])
            b.position_at_end(blocks["grow"])
            doubled = b.mul(cap, ir.Constant(I64T, 2))
            newcap = b.select(b.icmp_signed("<", doubled, n), n, doubled)
            nbytes = b.mul(newcap, size)
            b.store(newcap, cap_p)
            bits = b.ptrtoint(b.load(next_p, typ=PTR), I64T)
            odd = b.icmp_unsigned("!=", b.and_(bits, ir.Constant(I64T, 1)), ir.Constant(I64T, 0))
            b.cbranch(odd, blocks["carved"], blocks["chained"])

            b.position_at_end(blocks["chained"])
            realloc = self.import_fn(b, ctx, "realloc")
            b.store(b.call(realloc, [b.load(data_p, typ=PTR), nbytes]), data_p)
            b.branch(blocks["done"])

            b.position_at_end(blocks["carved"])
            b.cbranch(b.icmp_unsigned("==", bits, ir.Constant(I64T, CARVED)), blocks["first"],
                      blocks["owned"])

            b.position_at_end(blocks["first"])
            malloc = self.import_fn(b, ctx, "malloc")
            data = b.call(malloc, [nbytes])
            b.call(self.intrinsic("llvm.memcpy", [PTR, PTR, I64T]),
                   [data, b.load(data_p, typ=PTR), b.mul(cap, size), ir.Constant(I1T, 0)])
            owner = b.call(malloc, [ir.Constant(I64T, 32)])
            head_p = b.gep(ctx, [ir.Constant(I32T, 0), ir.Constant(I32T, 7)], source_etype=CTX_T)
            old = b.load(head_p, typ=PTR)
            for i, v in enumerate([ir.Constant(I64T, 0), ir.Constant(I64T, 0), data, old]):
                b.store(v, field(owner, i))
            from pts.backend.tensor_abi import adopt_head   # a tensor header's pprev
            adopt_head(b, old, owner)
            b.store(owner, head_p)
            b.store(b.inttoptr(b.or_(b.ptrtoint(owner, I64T), ir.Constant(I64T, 1)), PTR), next_p)
            b.store(data, data_p)
            b.branch(blocks["done"])

            b.position_at_end(blocks["owned"])
            owner = b.inttoptr(b.and_(bits, ir.Constant(I64T, -2)), PTR)
            realloc = self.import_fn(b, ctx, "realloc")
            data = b.call(realloc, [b.load(field(owner, 2), typ=PTR), nbytes])
            b.store(data, field(owner, 2))
            b.store(data, data_p)
            b.branch(blocks["done"])

            b.position_at_end(blocks["done"])
            b.ret_void()
            return fn
        return self.helper("list_reserve", build)


# The `next` of a list list_new carved (backend/object_codegen.py), until it first grows
CARVED = 1


def loop_counters(f: Function) -> set:
    """The `add %i, c` instructions of counters: %i a block parameter that every edge into
    its block sets to a constant in [0, 2**32] or to `add %i, c` with a constant c in
    [1, 64].  Such a counter takes at least 2**57 steps to wrap around (decades of run
    time), so the add is marked no-wrap (nuw nsw) and LLVM derives that %i stays >= its
    start: `k % i` with i counting from 2 needs no zero check, no sign fix-up and divides
    unsigned (32-bit when the values fit) as in `while i * i <= k: ... i += 1`."""
    incoming: dict = {}
    for blk in f.blocks:
        term = blk.terminator
        for t in (term.targets if term is not None else ()):
            for p, a in zip(t.block.params, t.args):
                incoming.setdefault(p, []).append(a)
    out = set()
    for p, args in incoming.items():
        if p.type != I64 or p in f.entry.params:      # (those come from the caller too)
            continue
        steps = set()
        for a in args:
            if isinstance(a, Const):
                if not (isinstance(a.value, int) and 0 <= a.value <= 1 << 32):
                    break
            elif (isinstance(a, Instr) and a.op == "add" and len(a.args) == 2
                  and a.args[0] is p and isinstance(a.args[1], Const)
                  and isinstance(a.args[1].value, int) and 1 <= a.args[1].value <= 64):
                steps.add(a)
            else:
                break
        else:
            out |= steps
    return out


# Tensor operations whose code has no loop of its own: views, shapes, allocations that
# memset, copies (tensor_copies.copier), kernels (their workers), frees; reductions and
# sum_to and arange, whose loops are functions of their own (tensor_reductions.outlined);
# fills (tensor_copies.filler); conv2d_wide, which calls backend/conv.py's entry.
GLUE_NP = frozenset("""getitem transpose swapaxes expand_dims squeeze shape size item reshape
ravel copy astype concatenate stack zeros zeros_like empty empty_like
sum mean max min prod argmax argmin any all std var sum_to
ones ones_like full full_like arange conv2d_wide""".split())


def glue_op(i: Instr) -> bool:
    """Does i's code call out for its loops (or have none)?  Float matrix products of
    matrices call the gemm; a slice assignment of a tensor calls a copy loop; an op on
    scalars and 0-d arrays (a counter's `+= 1`) and an element store `x[i, j] = v` loop over
    nothing."""
    if not i.op.startswith("np."):
        return True
    name = i.op[3:]
    if name in ("getitem", "setitem") and has_advanced(i.attrs.get("pattern", "")):
        return False                    # a gather or scatter loop of its own, emitted here
    if name in ("matmul", "dot"):
        return all(isinstance(a.type, TensorType) and a.type.rank >= 2 and a.type.dtype in (F32, F64)
                   and a.type.dtype == i.type.dtype for a in i.args)
    if name == "setitem":
        if isinstance(i.args[1].type, TensorType):
            return True
        words = i.attrs.get("pattern", "").split()
        target = i.args[0].type
        return isinstance(target, TensorType) and len(words) == target.rank and \
            all(w == "i" for w in words)
    if name in GLUE_NP:
        return True
    return all(not isinstance(t, TensorType) or t.rank == 0
               for t in [i.type, *(a.type for a in i.args)])


class FunctionCodegen(ScalarOps, ListOps, OptionalOps, ExceptionOps, DictOps, ComplexOps,
                      ObjectOps):
    # fast-math flags of float +, - and *: none for user code (results as CPython's and
    # numpy's, which never fuse a multiply and an add); stdlib_math's PureCodegen allows
    # contraction into FMA
    float_flags: tuple = ()

    def __init__(self, mc: ModuleCodegen, f: Function, fn: ir.Function):
        self.mc = mc
        self.f = f
        self.fn = fn
        self.values: dict[Value, ir.Value] = {}
        self.blocks: dict = {}
        self.phis: dict[BlockParam, ir.instructions.PhiInstr] = {}
        self.ctx = fn.args[0]
        self.rtype = result_type(f)
        self.file_str = mc.string(f.file)
        self.func_str = mc.where_str(function_display_name(f.name))

    def generate(self) -> None:
        """Every block's phis first (a branch adds its incoming values as it is emitted),
        then the blocks' instructions in reverse postorder: a block comes after every block
        that dominates it, so an operand is emitted before its uses, whatever order the
        passes left the block list in (blocks no path reaches are left out).  The LLVM
        blocks keep the list's order."""
        from pts.ir.analysis import reverse_postorder
        self.counters = loop_counters(self.f)
        self.stack_checked = self.checked_calls()
        order = reverse_postorder(self.f)
        reached = set(order)
        alloca_block = self.fn.append_basic_block("allocas")
        for blk in self.f.blocks:
            if blk in reached:
                self.blocks[blk] = self.fn.append_basic_block(blk.name)
        self.ab = ir.IRBuilder(alloca_block)
        for p, arg in zip(self.f.params, self.fn.args[1:]):
            self.values[p] = arg
        b = ir.IRBuilder()
        self.b = b
        for blk in order:
            if blk is self.f.entry:
                continue
            b.position_at_end(self.blocks[blk])
            for p in blk.params:
                phi = b.phi(llvm_type(p.type), name=p.name or "")
                self.phis[p] = phi
                self.values[p] = phi
        for blk in order:
            b.position_at_end(self.blocks[blk])
            self.begin_block(blk)
            for ins in blk.instrs:
                self.instr(ins)
        self.ab.branch(self.blocks[self.f.entry])

    def checked_calls(self) -> set:
        """The calls of a recursive function to recursive functions that check the stack
        first (stack_check): all but those another such call dominates (same frame, same
        stack pointer)."""
        if self.f.name not in self.mc.recursive:
            return set()
        from pts.ir.analysis import dominates, dominators
        calls = [i for blk in self.f.blocks for i in blk.instrs
                 if i.op == "call" and i.attrs["callee"] in self.mc.recursive]
        if len(calls) < 2:
            return set(calls)
        idom = dominators(self.f)

        def before(c, d) -> bool:             # c dominates d (and is another call)
            if c.block is d.block:
                return c.block.instrs.index(c) < d.block.instrs.index(d)
            return c.block in idom and d.block in idom and dominates(idom, c.block, d.block)

        return {d for d in calls if not any(c is not d and before(c, d) for c in calls)}

    def stack_check(self, callee: Function) -> None:
        """Recursion raises RecursionError instead of overflowing the native stack: a
        recursive function compares the stack pointer with ctx.stack_limit before it calls a
        recursive function (the callee's name and line in the error, as when the callee
        checked on entry).  Checking at the calls rather than on entry leaves the paths that
        return without recursing (fib's n < 2) free of the check, so LLVM saves the callee-
        saved registers only on the recursive path (shrink-wrapping): fib() ~12% faster."""
        bd = self.b
        sp = bd.ptrtoint(self.mc.stack_pointer(bd), I64T)
        limit = bd.load(bd.gep(self.ctx, [ir.Constant(I32T, 0), ir.Constant(I32T, STACK_LIMIT)],
                               source_etype=CTX_T), typ=I64T)
        fail = self.fn.append_basic_block("stackoverflow")
        cont = self.fn.append_basic_block("stackok")
        bd.cbranch(bd.icmp_unsigned("<", sp, limit), fail, cont)
        bd.block.terminator.set_weights([1, 100000])
        from pts.errors import Span
        line = callee.entry.instrs[0].span.line if callee.entry.instrs else 0
        self.set_error(ir.IRBuilder(fail), "RecursionError",
                       self.mc.string("maximum recursion depth exceeded"),
                       Span(callee.file, line, 0), func=self.mc.string(callee.name))
        bd.position_at_end(cont)

    # ---------------------------------------------------------------- values

    def v(self, x: Value) -> ir.Value:
        if isinstance(x, Const):
            return self.const(x.value, x.type)
        return self.values[x]

    def const(self, value, t: Type) -> ir.Value:
        if t == I1:
            return ir.Constant(I1T, int(bool(value)))
        if t == I64:
            return ir.Constant(I64T, int(value))
        if t == F64:
            return ir.Constant(F64T, float(value))
        if t == STR:
            from pts.backend.str_codegen import str_const
            return str_const(self.mc, value)
        if t == NONE:
            return ir.Constant(I8T, 0)
        if t in NUMPY_SCALARS:
            from pts.backend.tensor_abi import scalar_const
            return scalar_const(value, DTYPE_OF_SCALAR[t])
        raise NotImplementedError(f"constant of type {t}")

    # ---------------------------------------------------------------- instructions

    def instr(self, ins: Instr) -> None:
        if ins.op.startswith("np."):
            from pts.backend import tensor_codegen
            r = tensor_codegen.emit(self, ins, [self.v(a) for a in ins.args])
            if ins.type is not None and r is not None:
                self.values[ins] = r
            return
        if ins.op.startswith("str."):
            from pts.backend import str_codegen
            r = str_codegen.emit(self, ins, [self.v(a) for a in ins.args])
            if ins.type is not None:
                self.values[ins] = r
            return
        method = getattr(self, "op_" + ins.op.replace(".", "_"), None)
        if method is None:
            from pts.errors import CompileError
            raise CompileError(f"native code for '{ins.op}' is not built yet (tensor code runs "
                               f"with pts.script(f, backend='interp') for now)", ins.span)
        r = method(ins, *[self.v(a) for a in ins.args]) if ins.op not in ("br", "cbr", "try") else method(ins)
        if ins.type is not None and r is not None:
            self.values[ins] = r

    def pass_args(self, target, from_block) -> None:
        for p, a in zip(target.block.params, target.args):
            self.phis[p].add_incoming(self.v(a), from_block)

    def op_br(self, ins: Instr):
        t = ins.targets[0]
        self.pass_args(t, self.b.block)
        self.b.branch(self.blocks[t.block])

    def op_cbr(self, ins: Instr):
        cond = self.v(ins.args[0])
        t, f = ins.targets
        here = self.b.block
        if t.block is f.block and t.block.params:
            # two edges into one block: route the false edge through its own block so the
            # phi nodes see two distinct predecessors
            tramp = self.fn.append_basic_block(f.block.name + ".edge")
            self.b.cbranch(cond, self.blocks[t.block], tramp)
            self.pass_args(t, here)
            self.b.position_at_end(tramp)
            self.pass_args(f, tramp)
            self.b.branch(self.blocks[f.block])
            return
        self.pass_args(t, here)
        self.pass_args(f, here)
        self.b.cbranch(cond, self.blocks[t.block], self.blocks[f.block])

    def ret_status(self, b: ir.IRBuilder, status, value=None) -> None:
        if self.unwind is not None and not (isinstance(status, ir.Constant)
                                            and status.constant == 0):
            b.branch(self.unwind)        # an error in a `try` block: to its handler
            return
        if self.rtype == I32T:
            b.ret(status)
            return
        agg = ir.Constant(self.rtype, ir.Undefined)
        agg = b.insert_value(agg, status, 0)
        if value is not None:
            agg = b.insert_value(agg, value, 1)
        b.ret(agg)

    def op_ret(self, ins: Instr, *vals):
        self.ret_status(self.b, ir.Constant(I32T, 0), vals[0] if vals else None)

    def set_error(self, b: ir.IRBuilder, kind: str, msg: ir.Value, span, func=None) -> None:
        """Fill the context's error fields and return the status; `func`: the function the
        error names (default: this one)."""
        code = kind_code(kind)
        fields = [ir.Constant(I64T, code), ir.Constant(I64T, span.line), ir.Constant(I64T, span.col),
                  self.mc.where_str(span.file), msg, func if func is not None else self.func_str]
        for i, val in enumerate(fields):
            b.store(val, b.gep(self.ctx, [ir.Constant(I32T, 0), ir.Constant(I32T, i)], source_etype=CTX_T))
        self.ret_status(b, ir.Constant(I32T, code))

    def op_raise(self, ins: Instr, msg):
        if "kind" not in ins.attrs:
            return self.raise_value(ins, msg)
        self.set_error(self.b, ins.attrs["kind"], msg, ins.span)

    def op_check(self, ins: Instr, cond, msg):
        fail = self.fn.append_basic_block("fail")
        cont = self.fn.append_basic_block("ok")
        c = ins.args[0]
        if isinstance(c, Instr) and c.op == "and" and all(a in self.values for a in c.args):
            # `rare and other` (math.exp's range check: isinf(result) and isfinite(x)): the
            # rare test alone on the common path, the other only when it holds
            other = self.fn.append_basic_block("check.and")
            self.b.cbranch(self.values[c.args[0]], other, cont)
            self.b.block.terminator.set_weights([1, 1000])
            self.b.position_at_end(other)
            cond = self.values[c.args[1]]
        self.b.cbranch(cond, fail, cont)
        self.b.block.terminator.set_weights([1, 1000])
        fb = ir.IRBuilder(fail)
        self.set_error(fb, ins.attrs["kind"], msg, ins.span)
        # code after the check continues in `cont`; later branches name self.b.block
        self.b.position_at_end(cont)

    def op_call(self, ins: Instr, *args, callee: ir.Function | None = None):
        """Call ins's callee (or `callee`, a function of the same type) and propagate its
        error status."""
        callee = callee or self.mc.funcs[ins.attrs["callee"]]
        callee_ir = self.mc.irmod[ins.attrs["callee"]]
        if ins in getattr(self, "stack_checked", ()):      # (kernel workers: none)
            self.stack_check(callee_ir)
        result = self.b.call(callee, [self.ctx] + list(args), cconv="fastcc")
        value = None
        status = result
        if callee_ir.ret_type != NONE:
            status = self.b.extract_value(result, 0)
            value = self.b.extract_value(result, 1)
        fail = self.fn.append_basic_block("propagate")
        cont = self.fn.append_basic_block("ok")
        self.b.cbranch(self.b.icmp_signed("!=", status, ir.Constant(I32T, 0)), fail, cont)
        self.b.block.terminator.set_weights([1, 1000])
        fb = ir.IRBuilder(fail)
        caller = getattr(self, "f", None)             # (kernel workers: no IR function)
        if caller is not None and not is_library_file(caller.file) \
                and self.mc.library_only(callee_ir.name):
            # an error of pts's library is reported at the user's call, as CPython reports
            # a builtin's error at its caller's line (ir.passes.inline: the same for copies)
            span = ins.span
            for i, v in ((1, ir.Constant(I64T, span.line)), (2, ir.Constant(I64T, span.col)),
                         (3, self.mc.where_str(span.file)), (5, self.func_str)):
                fb.store(v, fb.gep(self.ctx, [ir.Constant(I32T, 0), ir.Constant(I32T, i)],
                                   source_etype=CTX_T))
        self.ret_status(fb, status)
        self.b.position_at_end(cont)
        return value if ins.type is not None else None

    def op_tensor_free(self, ins: Instr, *args):
        """A tensor's allocation dies here (ir.passes.release_tensors)."""
        from pts.backend.tensor_abi import free_tensor
        free_tensor(self, ins, list(args))

    def op_kernel(self, ins: Instr, *args):
        """A fused kernel (ir.passes.fuse_tensors): the call of its loop nests (or of its
        function)."""
        from pts.backend import kernel_codegen
        return kernel_codegen.emit(self, ins, list(args))


class Worker(FunctionCodegen):
    """Just enough of a FunctionCodegen to emit loops into an outlined function (kernel
    workers and dispatch, tensor_copies' copy loops)."""

    def __init__(self, mc, fn: ir.Function):
        self.mc, self.fn = mc, fn
        self.values = {}
        self.ctx = None
        self.ab = ir.IRBuilder(fn.append_basic_block("allocas"))
        self.body = fn.append_basic_block("entry")
        self.b = ir.IRBuilder(self.body)

    def finish(self) -> None:
        self.ab.branch(self.body)


class PointerCallee:
    """Lets IRBuilder.call call through a function pointer of a known function type."""

    def __init__(self, ptr, fnty: ir.FunctionType):
        self.ptr = ptr
        self.function_type = fnty
        self.type = PTR

    def get_reference(self):
        return self.ptr.get_reference()


def generate(module: Module, triple: str = "", data_layout: str = "",
             prefix: str = "pts", portable: bool = False, library: bool = False,
             entries: list[str] | None = None, library_functions: bool = True,
             declared=None) -> ModuleCodegen:
    """Build the LLVM module; the returned codegen names its exported symbols.  `portable`
    code reaches every runtime function through the import table (archive images).
    `library`: the code may call backend.kernel_library's precompiled kernels (code that
    runs in this process; `mc.library_used` says whether it does), and with
    `library_functions` its precompiled functions too (`precompiled`; not while compiling
    the library itself).  `entries`: the only functions that get a boxed entry point
    (default: `exported`'s).  `declared(mc)` runs once every function is declared, before
    any is generated (backend.jit's `Early`)."""
    mc = ModuleCodegen(module, triple, data_layout, prefix)
    mc.portable = portable
    mc.library = library
    mc.library_functions = library_functions
    mc.declared_hook = declared
    mc.library_used = False
    mc.entries = entries
    mc.generate()
    return mc
