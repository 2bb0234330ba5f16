"""The math functions of stdlib/vmath.py as LLVM functions that tensor kernels inline.

DESIGN.md §5: math in tensor code comes from `stdlib/`, compiled by our own pipeline, so a
kernel loop calling exp has no call left after inlining (LLVM vectorizes it) and native
code, archive images included, needs no libm.

Contract: `function(mc, name, dt)` returns, in the LLVM module `mc` (a
codegen.ModuleCodegen) is generating, an internal `alwaysinline` function `T f(T)` (T float
for dt F32, double for F64) computing `vmath.<name>_f32` / `_f64`.  Names: exp log log1p
expm1 tanh sigmoid erf sin cos (`NAMES`, numpy's ufuncs), and `VARIANTS`, which kernels
choose where they know more about the argument than the ufunc does (exp_nonpos: softmax's
exp(x - max(x)), backend/kernel_codegen.py) and which return the same bits there.

How: the scripted function is built (frontend -> IR) and optimized by the IR passes once
per process and (name, dtype) (`optimized_ir`, cached); each LLVM module then gets its own
copy through `PureCodegen`, the ordinary FunctionCodegen minus the status/context protocol:
these functions cannot raise (checked on the IR: no `check`, `raise` or tensor-valued op),
so every function returns its value directly and the context argument is a null pointer
that nothing reads.  The only error paths codegen can still emit are numpy's overflow
checks of int constants (Python int operands of int32 arithmetic), which never fire for
the constants vmath uses; they become `unreachable`.

Rare paths: a function with `_slow` in its name (sin/cos's Payne-Hanek reduction of huge
arguments) stays out of line (noinline, cold), and a call of it with one varying T argument
(the others constants) goes through a T -> T entry that has masked vector variants
(`_vector_variants`), so a kernel loop around sin still vectorizes: LLVM calls the variant
with the mask of the lanes that need the slow path.  `finish(mc)` (called by
ModuleCodegen.generate) keeps those variants alive for the vectorizer.
"""
from __future__ import annotations

import threading

from llvmlite import ir
from llvmlite.ir.values import FunctionAttributes

from pts.backend.codegen import FunctionCodegen
from pts.backend.llvm_types import I1T, I32T, PTR, llvm_type
from pts.ir.core import Const, Module
from pts.ir.types import F32, F64, NPF64, SCALAR_OF_DTYPE, ScalarType, TensorType

NAMES = ("exp", "log", "log1p", "expm1", "tanh", "sigmoid", "erf", "sin", "cos")
VARIANTS = ("exp_nonpos",)
FUNCTIONS = NAMES + VARIANTS
SUFFIX = {F32: "f32", F64: "f64"}
FLOAT_SCALARS = (F32, F64, NPF64)

_lock = threading.Lock()
_modules: dict[tuple[str, ScalarType], Module] = {}


def optimized_ir(name: str, dt: ScalarType) -> Module:
    """vmath.<name>_<dt> for a scalar of dtype dt, through frontend and IR passes (cached;
    read from the set-up's precompiled IR when that matches this compiler)."""
    key = (name, dt)
    with _lock:
        module = _modules.get(key)
        if module is None:
            if name not in FUNCTIONS or dt not in SUFFIX:
                raise ValueError(f"no stdlib math function {name} for {dt}")
            text = _precompiled().get(f"{name}_{SUFFIX[dt]}")
            if text is not None:
                from pts.ir.parser import parse_module
                module = parse_module(text)
            else:
                module = build_ir(name, dt)
            _modules[key] = module
        return module


def build_ir(name: str, dt: ScalarType) -> Module:
    """vmath.<name>_<dt> through the frontend and the IR passes (~0.1 s each)."""
    from pts.frontend.program import build_module
    from pts.ir.pipeline import optimize
    from pts.stdlib import vmath
    module = build_module(getattr(vmath, f"{name}_{SUFFIX[dt]}"), (SCALAR_OF_DTYPE[dt],))
    optimize(module)
    for f in module:
        for blk in f.blocks:
            for ins in blk.instrs:
                if ins.op in ("check", "raise") or isinstance(ins.type, TensorType):
                    raise AssertionError(f"vmath.{f.name} must not raise or make "
                                         f"tensors: {ins.op}")
    return module


# ---------------------------------------------------------------- precompiled IR
# The set-up (`make`, or the build step of `pip install`: setup.py,
# backend.precompiled.main) runs `write_precompiled`: the optimized IR of every (name,
# dtype), printed, goes to stdlib/vmath.ir with the compiler's fingerprint
# (pts.cache_dir.sources_fingerprint: the contents of every source file) and the directory of
# the library it was built from.  A process reads it instead of building the functions from
# source, which costs ~0.1 s per function on the first tensor compile that uses one; the
# functions' `file "..."` names are moved to this process's library directory (a wheel's
# copy is written in build/lib and read in site-packages).  A missing, unreadable or stale
# file (any compiler source edited since) is ignored: the functions are built from source
# as before.

_PRECOMPILED: list[dict] = []


def precompiled_path() -> str:
    import os
    from pts.stdlib import vmath
    return os.path.splitext(vmath.__file__)[0] + ".ir"


def _library_dir() -> str:
    import os
    from pts.stdlib import vmath
    return os.path.dirname(vmath.__file__)


def _fingerprint() -> str:
    from pts.cache_dir import sources_fingerprint
    return sources_fingerprint()


def _read(path: str | None = None) -> dict:
    """{name_dt: IR text} of a precompiled file made from these sources, else {}."""
    import json
    try:
        with open(path or precompiled_path(), encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return {}
    if not (isinstance(data, dict) and data.get("fingerprint") == _fingerprint()
            and isinstance(data.get("modules"), dict) and isinstance(data.get("library"), str)):
        return {}
    built_in, here = f'file "{data["library"]}/', f'file "{_library_dir()}/'
    return {name: text.replace(built_in, here) for name, text in data["modules"].items()}


def is_current(path: str | None = None) -> bool:
    """Whether the file (by default the library's) holds the IR these sources make."""
    return bool(_read(path))


def _precompiled() -> dict:
    if not _PRECOMPILED:
        _PRECOMPILED.append(_read())
    return _PRECOMPILED[0]


def write_precompiled(path: str | None = None) -> str:
    """Build every vmath function from source and write their IR (see above)."""
    import json
    import os
    from pts.ir.printer import print_module
    modules = {f"{n}_{SUFFIX[dt]}": print_module(build_ir(n, dt)) for n in FUNCTIONS
               for dt in SUFFIX}
    path = path or precompiled_path()
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump({"fingerprint": _fingerprint(), "library": _library_dir(),
                   "modules": modules}, f)
    os.replace(tmp, path)
    if path == precompiled_path():
        _PRECOMPILED.clear()            # read the new file, not what was there before
    return path


def function(mc, name: str, dt: ScalarType) -> ir.Function:
    """`T @pts.vmath.<name>_<dt>(T)` in mc's LLVM module (generated on first use)."""
    symbol = f"pts.vmath.{name}_{SUFFIX[dt]}"
    fn = mc.helpers.get(symbol)
    if fn is not None:
        return fn
    module = optimized_ir(name, dt)
    prefix = symbol + "."
    pure = {f.name: _declare(mc, f, prefix + f.name) for f in module}
    direct: dict = {}
    for f in module:
        PureCodegen(mc, f, pure[f.name], pure, direct).generate()
    T = llvm_type(SCALAR_OF_DTYPE[dt])
    fn = ir.Function(mc.m, ir.FunctionType(T, [T]), name=symbol)
    _attributes(fn)
    b = ir.IRBuilder(fn.append_basic_block("entry"))
    b.ret(b.call(pure[module.entry], [ir.Constant(PTR, None), fn.args[0]]))
    mc.helpers[symbol] = fn
    return fn


def _attributes(fn: ir.Function, slow: bool = False) -> None:
    """Inlined, except a rare path (`_slow` in its name, e.g. sin's reduction of huge
    arguments): inlined, the vectorizer would if-convert it and run it for every element."""
    fn.linkage = "internal"
    fn.attributes.add("noinline" if slow else "alwaysinline")
    if slow:
        fn.attributes.add("cold")
    fn.attributes.add("nounwind")


class _Attributes(FunctionAttributes):
    """llvmlite's function attributes plus the string attribute naming vector variants."""
    def __init__(self, base: FunctionAttributes, variants: list[str]):
        super().__init__(sorted(base))
        self.variants = variants

    def _to_list(self, ret_type):
        return super()._to_list(ret_type) + [
            f'"vector-function-abi-variant"="{",".join(self.variants)}"']


VECTOR_WIDTHS = (2, 4, 8, 16)


def _vector_variants(mc, pure: ir.Function, args: list, name: str) -> ir.Function:
    """`T @name(T x)`: the rare out-of-line path `pure` called with `args` (constants; None
    marks where x goes; no context), announced to LLVM with masked vector versions
    `<N x T> @name.vN(<N x T>, <N x i1>)` that call it lane by lane where the mask is set
    (attribute "vector-function-abi-variant", VFABI names `_ZGV_LLVM_M<N>v_name(name.vN)`).
    The loop vectorizer cannot predicate a plain call and would leave the whole loop scalar;
    with a masked variant it vectorizes the loop and only the rare lanes take the call.  (It
    accepts neither uniform arguments nor struct results, hence this T -> T entry.)  `finish`
    keeps the variants alive until the vectorizer has run."""
    T = pure.function_type.return_type
    scalar = ir.Function(mc.m, ir.FunctionType(T, [T]), name=name)
    _attributes(scalar, slow=True)
    b = ir.IRBuilder(scalar.append_basic_block("entry"))
    b.ret(b.call(pure, [ir.Constant(PTR, None)] + [scalar.args[0] if a is None else a
                                                   for a in args]))
    names = []
    for n in VECTOR_WIDTHS:
        VT, MT = ir.VectorType(T, n), ir.VectorType(I1T, n)
        vf = ir.Function(mc.m, ir.FunctionType(VT, [VT, MT]), name=f"{scalar.name}.v{n}")
        vf.linkage = "internal"
        vf.attributes.add("nounwind")
        x, mask = vf.args
        b = ir.IRBuilder(vf.append_basic_block("entry"))
        acc = ir.Constant(VT, ir.Undefined)
        for lane in range(n):
            k = ir.Constant(I32T, lane)
            before = b.block
            call_b = vf.append_basic_block(f"lane{lane}")
            next_b = vf.append_basic_block(f"after{lane}")
            b.cbranch(b.extract_element(mask, k), call_b, next_b)
            b.position_at_end(call_b)
            updated = b.insert_element(acc, b.call(scalar, [b.extract_element(x, k)]), k)
            b.branch(next_b)
            b.position_at_end(next_b)
            phi = b.phi(VT)
            phi.add_incoming(acc, before)
            phi.add_incoming(updated, call_b)
            acc = phi
        b.ret(acc)
        names.append(f"_ZGV_LLVM_M{n}v_{scalar.name}({vf.name})")
        mc.__dict__.setdefault("vmath_keep", []).append(vf)
    scalar.attributes = _Attributes(scalar.attributes, names)
    return scalar


def finish(mc) -> None:
    """Called when mc's module is complete: `@llvm.compiler.used` keeps the vector variants
    (referenced by an attribute only, they would be deleted before the vectorizer runs)."""
    keep = mc.__dict__.get("vmath_keep")
    if not keep:
        return
    ty = ir.ArrayType(PTR, len(keep))
    g = ir.GlobalVariable(mc.m, ty, name="llvm.compiler.used")
    g.linkage = "appending"
    g.section = "llvm.metadata"
    g.initializer = ir.Constant(ty, [f for f in keep])


def _declare(mc, f, symbol: str) -> ir.Function:
    """`R @symbol(ptr ctx, params...)`: the value itself, no status (ctx is never read)."""
    fnty = ir.FunctionType(llvm_type(f.ret_type), [PTR] + [llvm_type(t) for t in f.param_types])
    fn = ir.Function(mc.m, fnty, name=symbol)
    _attributes(fn, slow="_slow" in f.name)
    return fn


class PureCodegen(FunctionCodegen):
    """FunctionCodegen for a function that cannot raise: `ret v` returns v, calls of the
    module's other functions (not inlined by the IR passes) call their pure versions.
    A multiply and an add may fuse into one FMA where the CPU has it (the JIT's and host
    images' code; the baseline images have no FMA): vmath's error bounds hold either way
    (tests/lang/test_vmath.py sweeps the eager functions, which never fuse, and the JIT's
    code), and its polynomials and argument reductions only get more accurate."""

    float_flags = ("contract",)

    def __init__(self, mc, f, fn: ir.Function, pure: dict[str, ir.Function],
                 direct: dict[str, ir.Function]):
        super().__init__(mc, f, fn)
        self.rtype = llvm_type(f.ret_type)
        self.pure = pure
        self.direct = direct

    def ret_status(self, b: ir.IRBuilder, status, value=None) -> None:
        b.ret(value if value is not None else ir.Constant(self.rtype, ir.Undefined))

    def set_error(self, b: ir.IRBuilder, kind: str, msg, span, func=None) -> None:
        b.unreachable()           # see the module docstring: never taken in vmath

    def op_call(self, ins, *args):
        callee = ins.attrs["callee"]
        varying = [k for k, a in enumerate(ins.args) if not isinstance(a, Const)]
        if "_slow" in callee and len(varying) == 1 and \
                ins.args[varying[0]].type == ins.type and ins.type in FLOAT_SCALARS:
            # a rare path taken per element: through its T -> T entry with vector variants
            consts = [None if k == varying[0] else a for k, a in enumerate(args)]
            key = (callee, tuple(str(c) for c in consts))
            entry = self.direct.get(key)
            if entry is None:
                name = f"{self.pure[callee].name}.x{len(self.direct)}"
                entry = self.direct[key] = _vector_variants(self.mc, self.pure[callee], consts,
                                                            name)
            return self.b.call(entry, [args[varying[0]]])
        return self.b.call(self.pure[callee], [self.ctx] + list(args))


if __name__ == "__main__":
    print(f"stdlib math IR written to {write_precompiled()}")
