"""Precompiled generic kernels for code compiled in this process: the gemm of backend/gemm.py
for float32 and float64, and the common copy loops of backend/tensor_copies.py (`copier`:
reshapes, slice assignments, `copied_rows`; COPIES), compiled once per machine instead of
once per module.

The gemm is generic (sizes, strides, bias and workspace are arguments), and it is most of the
LLVM time of a module that multiplies matrices: about 150 of matmul's 240 ms.  So the JIT's
modules (backend.jit: tier 0, tier 2 and the disk cache's images) call it by name instead of
carrying their own copy:

    pts_lib.gemm.<dt>           = pts.gemm.<dt>           (the caller brings a workspace)
    pts_lib.gemm.<dt>.par       = pts.gemm.<dt>.par       (split over the thread pool)
    pts_lib.gemm.<dt>.worksize  i64 (i64 M, i64 N, i64 K): the workspace the first one needs
    pts_lib.gemm.<dt>.conv      = pts.conv.<dt>: np.conv2d_wide (backend/conv.py and its
                                Winograd path, backend/winograd.py), which
                                calls the gemm's kernel (MyConv's and the CIFAR net's first
                                calls: ~200 ms of LLVM each without it)
    pts_lib.copy.<src>.<dst>.r<rank> = pts.copy.<src>.<dst>.r<rank>   (COPIES; ~35 ms of
                                a layer norm's 250 ms compile were its two copy loops)
    pts_lib.fill.<dtype>        = pts.fill.<dtype>: a row of one value (fused kernels'
                                (N, 1) leaves: a vectorized loop per leaf in every kernel)
    pts_lib.stream.<dtype>      = pts.stream.<dtype>: a row stored with non-temporal
                                stores (fused kernels' large outputs)
    pts_lib.nn.<fn>.<dtype>     = the library's own function <fn> of stdlib/ (SPECS:
                                nn.py's conv2d and its strided path, nn_grad.py's
                                conv2d_vjp), specialized to
                                tensors of <dtype> and compiled
                                by our pipeline, with the IR functions it calls
    pts_lib.kernel.<key>        = a fused kernel of stdlib layers (`loop_corpus`), with the
                                code that runs it (kernel_codegen.run: shape tests, loops,
                                thread pool, fallback); the kernel function's type
    pts_lib.loop.<key>          = one of those kernels' loops (kernel_codegen.worker), and
                                of the kernels of the gradients of `train_corpus`'s
                                training stacks (a train step's backward sweep)

The last three are code our pipeline generated, which the JIT would otherwise generate,
print and compile in every module: conv2d is ~30% of MyConv's unoptimized LLVM IR, and its
batch norms, ReLUs and log-softmax were the rest of its compile (their loops ~170 ms of -O3,
the code around them ~60% of the unoptimized part).  A module uses one only when it is the
same code:
- an IR function (`library_spec`): `spec_key`, its printed IR and that of the functions
  it reaches, with their names made canonical, equals the key the library recorded when it
  compiled that function;
- a fused kernel (`library_kernels`): the same, and the same call sites (`kernel_key`: the
  code that runs a kernel names its caller and line in its errors);
- a loop (jit.Early): `loop_key`, the same for the loop's LLVM IR.  A kernel of the
  library's layers called from the user's own function (other call sites) still finds its
  loops here, and so does any kernel whose loops are the same code.
Anything else (other types, PTS_FUSION=0's IR, an edited nn.py before `make`) is compiled in
the module as before.  The corpus is the stacks models are made of (convolution or linear,
normalization, activation, softmax heads), not any benchmark's functions.

Archives keep their own copy (backend.link.compile_object generates without the library):
an archive runs where no compiler ever ran.

The library is an image (backend.link: the format of archives' images and of the disk
cache), mapped by runtime.image.Image without LLVM.  The set-up writes it next to this
package's stdlib (stdlib/kernels.img): `make`, and the build step of `pip install .` and
`pip install -e .` (setup.py), both run `main`, which writes the library's three
precompiled files (stdlib_trees, stdlib_math, this one).  Its header holds the compiler's
fingerprint (pts.cache_dir.sources_fingerprint: the sources' contents, so a wheel's copy, built
in build/lib and installed elsewhere with other mtimes, still matches), the host's key
(`_host`: machine, CPU, llvmlite's version) and the keys of its library functions, kernels
and loops.  A process whose compiler or host differs from that file's, or that finds none,
compiles the library itself on first use (~40 s, announced by one line on stderr) and
leaves it in the disk cache's code directory (pts.cache_dir.code_dir, when the cache is on)
for the next process.

The keys of library functions and kernels include their source files' paths (spans name
them, and the code's error messages quote them), so where the files that built the library
are not the files a process compiles (a wheel, built in build/lib), those are compiled in
the module instead (correct, only slower to compile); the gemm, copies, fills and loops do
not depend on paths.

Resolving the names: images of the disk cache import them (link.link(..., library=True);
runtime.image.Image asks `address`), and MCJIT finds them in LLVM's symbol table, where
`register` adds them before a module that uses them is loaded.  The library's code reaches
malloc, free and the thread pool through the caller's context, like any pts code: the import
table's layout is the same for every module this compiler makes.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import sys
import threading

from pts.backend.link import LIBRARY_PREFIX as PREFIX   # the names images import
from pts.ir.types import DTYPE_NAMES, F32, F64, I1, I32, I64, TensorType

DTYPES = ("f32", "f64")
# a dtype's gemm entries, and the stride-1 convolution (backend/conv.py) that calls its kernel
GEMM_PARTS = ("", "par", "batch", "worksize", "conv")
MAGIC = b"PTSLIB01"


# (source dtype, destination dtype, rank) of the precompiled copy loops, and the dtypes of
# the precompiled fills
COPIES = frozenset([(dt, dt, r) for dt in (F32, F64) for r in range(1, 7)] +
                   [(dt, dt, r) for dt in (I32, I64, I1) for r in (1, 2)] +
                   [(a, b, r) for a, b in ((F32, F64), (F64, F32)) for r in (1, 2)])
FILLS = (F32, F64, I32, I64, I1)
# the library's functions precompiled per dtype: name -> argument types; SPEC_FILES: the
# file of stdlib/ that defines it (conv2d_vjp: the backward of a training step's convolutions)
SPECS = {"conv2d": lambda dt: (TensorType(dt, 4), TensorType(dt, 4), TensorType(dt, 1),
                               I64, I64, I64),
         "_conv2d_strided": lambda dt: (TensorType(dt, 4), TensorType(dt, 2),
                                        TensorType(dt, 2), I64, I64, I64, I64, I64, I64, I64),
         "conv2d_vjp": lambda dt: (TensorType(dt, 4), TensorType(dt, 4), TensorType(dt, 1),
                                   I64, I64, I64, TensorType(dt, 4))}
SPEC_FILES = {"conv2d": "nn.py", "_conv2d_strided": "nn.py", "conv2d_vjp": "nn_grad.py"}
SPEC_DTYPES = (F32, F64)

_lock = threading.RLock()
_loaded: dict = {}          # "addresses" -> {symbol: address}, "image" -> the mapped Image,
                            # "specs" -> the table of its library functions (`specs`),
                            # "loops", "kernels" -> {key: symbol} (`loops`, `kernels`)
_registered: list = []


def symbol(dt_name: str, part: str = "") -> str:
    return f"{PREFIX}gemm.{dt_name}" + (f".{part}" if part else "")


def copy_symbol(src_dt, dst_dt, rank: int) -> str:
    return f"{PREFIX}copy.{DTYPE_NAMES[src_dt]}.{DTYPE_NAMES[dst_dt]}.r{rank}"


def fill_symbol(dt) -> str:
    return f"{PREFIX}fill.{DTYPE_NAMES[dt]}"


def spec_symbol(name: str, dt) -> str:
    return f"{PREFIX}nn.{name}.{DTYPE_NAMES[dt]}"


def stream_symbol(dt) -> str:
    return f"{PREFIX}stream.{DTYPE_NAMES[dt]}"


def symbols() -> list[str]:
    return [symbol(dt, part) for dt in DTYPES for part in GEMM_PARTS] + \
        sorted(copy_symbol(*c) for c in COPIES) + [fill_symbol(dt) for dt in FILLS] + \
        [stream_symbol(dt) for dt in FILLS] + \
        [spec_symbol(name, dt) for name in SPECS for dt in SPEC_DTYPES]


def spec_key(module, fname: str, kernel: bool = False) -> str:
    """What makes IR function `fname` of `module` the library's code: the SHA-256 of its
    printed IR and that of every function it reaches, in the order first reached, each
    function named by that order (a module may name its second conv2d `conv2d.1`).  Spans
    and file names are part of the text: an edited library source gives another key.
    `kernel`: fname is a fused kernel, whose file (its caller's) its code does not use."""
    from pts.ir.printer import print_function
    order, work = [], [fname]
    while work:
        name = work.pop(0)
        if name in order:
            continue
        order.append(name)
        for ins in module[name].instructions():
            callee = ins.attrs.get("callee")
            if callee is not None and callee in module.functions and callee not in order:
                work.append(callee)
    canonical = {name: f"f{i}" for i, name in enumerate(order)}
    text = "\n".join(print_function(module[name]) for name in order)
    text = re.sub(r"@([\w.]+)", lambda m: "@" + canonical.get(m[1], m[1]), text)
    if kernel:
        text = re.sub(r' file "[^"]*"', "", text, count=1)
    return hashlib.sha256(text.encode()).hexdigest()


_REF = re.compile(r'@"([^"]*)"|!(\d+)\b')


def loop_key(m, name: str) -> str:
    """What makes the loop function `name` of llvmlite module m (a fused kernel's rows or
    flat loop: kernel_codegen.worker) the library's code: the SHA-256 of its LLVM IR and
    that of every function, global and metadata node it reaches, each named by the order
    first reached (modules number their kernels, messages and loop IDs differently).
    Declarations keep their names: LLVM's intrinsics and the library's own symbols."""
    from llvmlite import ir
    values = {g.name: g for g in m.global_values}
    nodes = {md.name: md for md in m.metadata}
    order: dict = {}
    texts, work = [], [("@", name)]
    while work:
        ref = work.pop(0)
        if ref in order:
            continue
        v = values.get(ref[1]) if ref[0] == "@" else nodes.get(ref[1])
        if v is None or isinstance(v, ir.Function) and not v.blocks:
            continue
        order[ref] = f"{ref[0]}{len(order)}"
        texts.append(str(v))
        work += [("@", g) if g else ("!", md) for g, md in _REF.findall(texts[-1])]

    def canonical(match) -> str:
        ref = ("@", match[1]) if match[1] is not None else ("!", match[2])
        return order.get(ref, match[0])
    return hashlib.sha256(_REF.sub(canonical, "\n".join(texts)).encode()).hexdigest()


def library_spec(module, f) -> str | None:
    """The library's symbol for IR function f of module, if f is one of its precompiled
    functions (same code: spec_key), else None.  Loads the library on first use."""
    base = f.name.split(".")[0]
    if base not in SPECS or os.path.basename(f.file) != SPEC_FILES[base]:
        return None
    wanted = {entry["key"]: sym for sym, entry in specs().items() if entry["function"] == base}
    if not wanted:
        return None
    return wanted.get(spec_key(module, f.name))


def kernel_sites(module) -> dict[str, set]:
    """{fused kernel function: {(caller, file, line, column)}} of module's kernel ops.  The
    code that runs a kernel (kernel_codegen.run) names its call site in the errors it
    raises, so a kernel is the library's only when its call sites are too (`kernel_key`)."""
    sites: dict = {}
    for f in module:
        for ins in f.instructions():
            if ins.op == "kernel":
                span = ins.span
                sites.setdefault(ins.attrs["callee"], set()).add(
                    (f.name, span.file, span.line, span.col) if span else (f.name,))
    return sites


def kernel_key(module, name: str, sites: set) -> str:
    """What makes fused kernel `name` of module the library's: its code (spec_key) and its
    call sites (kernel_sites)."""
    text = spec_key(module, name, kernel=True) + repr(sorted(sites))
    return hashlib.sha256(text.encode()).hexdigest()


def library_kernels(module) -> dict[str, str]:
    """{kernel function: symbol} of module's fused kernels that the library has compiled
    already, with the code that runs them (the same code and call sites: kernel_key).  The
    symbol has the kernel function's type."""
    sites = kernel_sites(module)
    table = kernels() if sites else {}
    found = {name: table.get(kernel_key(module, name, where)) for name, where in sites.items()}
    return {name: sym for name, sym in found.items() if sym is not None}


def precompiled_path() -> str:
    from pts.stdlib import vmath
    return os.path.join(os.path.dirname(vmath.__file__), "kernels.img")


def _header() -> dict:
    from pts.cache_dir import sources_fingerprint
    return {"fingerprint": sources_fingerprint(), "host": _host()}


def _host() -> dict:
    """What the library's code depends on besides the sources: pts.cache_dir.host_key with
    llvmlite named by version and library size instead of path and mtime — the build step
    of `pip install` compiles it in pip's build environment, with its own copy of the
    llvmlite that gets installed."""
    from pts.cache_dir import host_key
    host = dict(host_key())
    lib = host.pop("llvmlite")
    host["llvmlite"] = [_llvmlite_version(), lib[1] if lib else None]
    return host


def _llvmlite_version() -> str | None:
    """llvmlite's version from its installed metadata's directory name
    (llvmlite-0.50.0.dist-info), next to the package: importing llvmlite would load LLVM in
    processes that only map the library, and importlib.metadata costs ~20 ms of imports,
    which fell into the first tensor compile of every process."""
    import importlib.util
    try:
        spec = importlib.util.find_spec("llvmlite")
        for d in spec.submodule_search_locations or []:
            # (os.listdir, not glob: glob's imports and patterns were ~10 ms of a first call
            # from the disk cache)
            for name in sorted(os.listdir(os.path.dirname(d))):
                if name.startswith("llvmlite-") and name.endswith("-info") and \
                        "." in name[len("llvmlite-"):]:
                    name = name[len("llvmlite-"):]
                    return name.rsplit(".", 1)[0].split("-")[0]     # 0.50.0(.dist-info)
    except (ImportError, AttributeError, ValueError, IndexError, OSError):
        pass
    return None


# ---------------------------------------------------------------- building (needs llvmlite)

def groups() -> list[list[str]]:
    """The gemm, copy, fill and stream symbols in the groups `define` makes together (a
    dtype's gemm entries share its kernel): what an archive's image takes of the library
    (backend.archive_library)."""
    return [[symbol(dt, part) for part in GEMM_PARTS] for dt in DTYPES] + \
        [[f(dt)] for dt in FILLS for f in (fill_symbol, stream_symbol)] + \
        [[copy_symbol(*c)] for c in sorted(COPIES, key=lambda c: copy_symbol(*c))]


def define(mc, group: list[str]) -> None:
    """The library's symbols of `group` (one of `groups`) defined in ModuleCodegen mc."""
    from llvmlite import ir

    from pts.backend import conv, gemm
    from pts.backend.llvm_types import I64T
    from pts.backend.tensor_copies import copier, filler, streamer

    def export(name: str, inner: ir.Function) -> None:
        """The library's symbol `name`: a function calling `inner` with its arguments."""
        fn = ir.Function(mc.m, inner.function_type, name=name)
        b = ir.IRBuilder(fn.append_basic_block("entry"))
        b.call(inner, list(fn.args))
        b.ret_void()
    for dt in DTYPES:
        if group[0] != symbol(dt):
            continue
        g = gemm.gemm(mc, dt)
        export(symbol(dt), g.entry())
        export(symbol(dt, "par"), gemm.ParallelGemm(g).entry())
        export(symbol(dt, "batch"), gemm.BatchedGemm(g).entry())
        export(symbol(dt, "conv"), conv.conv(mc, dt).entry())
        fn = ir.Function(mc.m, ir.FunctionType(I64T, [I64T] * 3), name=symbol(dt, "worksize"))
        b = ir.IRBuilder(fn.append_basic_block("entry"))
        b.ret(g.worksize(b, *fn.args))
        return
    for dt in FILLS:
        if group[0] == fill_symbol(dt):
            return export(fill_symbol(dt), filler(mc, dt))
        if group[0] == stream_symbol(dt):
            return export(stream_symbol(dt), streamer(mc, dt))
    for c in COPIES:
        if group[0] == copy_symbol(*c):
            return export(copy_symbol(*c), copier(mc, *c))
    raise KeyError(group[0])


def build_ir() -> str:
    """The library as LLVM IR text for the host CPU (the JIT's triple and data layout)."""
    from pts.backend import jit
    from pts.backend.codegen import ModuleCodegen
    from pts.ir.core import Module
    tm = jit.image_target_machine()
    mc = ModuleCodegen(Module(), jit.host_triple(), str(tm.target_data), "pts_lib")
    mc.portable = False
    for group in groups():
        define(mc, group)
    return str(mc.m)


def build_spec(name: str, dt) -> tuple[str, dict]:
    """stdlib's `name` (SPEC_FILES) for tensors of dtype dt, through our whole pipeline, as LLVM IR
    text exporting `spec_symbol(name, dt)` (the function's own type: a context and its
    arguments in, status and result out), and its table entry (spec_key)."""
    from llvmlite import ir

    from pts.backend import jit
    from pts.backend.codegen import generate
    from pts.frontend.program import build_module
    from pts.ir.pipeline import optimize
    from pts.stdlib import nn, nn_grad
    source = {"nn.py": nn, "nn_grad.py": nn_grad}[SPEC_FILES[name]]
    module = build_module(getattr(source, name), SPECS[name](dt))
    optimize(module)
    sym = spec_symbol(name, dt)
    mc = generate(module, jit.host_triple(), str(jit.image_target_machine().target_data),
                  prefix=sym, library=True, entries=[], library_functions=False)
    inner = mc.funcs[module.entry]
    fn = ir.Function(mc.m, inner.function_type, name=sym)
    b = ir.IRBuilder(fn.append_basic_block("entry"))
    b.ret(b.call(inner, list(fn.args), cconv="fastcc"))
    return str(mc.m), {"function": name, "key": spec_key(module, module.entry)}


def loop_corpus():
    """(model, example input): the stacks of stdlib layers whose fused kernels' loops the
    library holds, for float32 and float64 — a convolution or a linear layer, then batch or
    layer normalization, then each activation (or none); softmax and log-softmax heads; each
    activation and head alone (as `F.gelu(x)` in a function is); 2x2 max and average
    pooling.  The loops depend on the
    kernel's operations, dtypes and ranks only, not on sizes."""
    import numpy as np

    from pts.stdlib import modules as nn         # (pts.nn's classes)
    activations = [[], [nn.ReLU()], [nn.GELU()], [nn.GELU("tanh")], [nn.Sigmoid()],
                   [nn.Tanh()], [nn.LeakyReLU()]]
    for dt in (np.float32, np.float64):
        image, rows, seq = (np.zeros(shape, dt) for shape in ((2, 3, 6, 6), (4, 8), (2, 4, 8)))
        for act in activations:
            for train in (False, True):
                yield nn.Sequential(nn.Conv2d(3, 4, 3, padding=1, dtype=dt),
                                    nn.BatchNorm2d(4, dtype=dt), *act).train(train), image
            for x in (rows, seq):
                yield nn.Sequential(nn.Linear(8, 8, dtype=dt), nn.LayerNorm(8, dtype=dt),
                                    *act).eval(), x
                yield nn.Sequential(nn.Linear(8, 8, dtype=dt), *act).eval(), x
        for head in (nn.Softmax, nn.LogSoftmax):
            for x, dim in ((rows, -1), (seq, -1), (rows, 1)):
                yield nn.Sequential(nn.Linear(8, 8, dtype=dt), head(dim=dim)).eval(), x
                yield nn.Sequential(head(dim=dim)).eval(), x
        for act in activations[1:]:
            for x in (rows, seq, image):
                yield nn.Sequential(*act).eval(), x
        for pool in (nn.MaxPool2d(2, 2), nn.AvgPool2d(2, 2)):   # (the CIFAR tutorial's net)
            yield nn.Sequential(pool).eval(), image
        # a Sequential called by a model, Conv2d, [BatchNorm2d,] ReLU in eval mode: one
        # convolution (Conv2d._forward_bn_relu), the batch norm's fold its kernels
        for fold in ([nn.BatchNorm2d(4, dtype=dt)], []):
            yield _Calls(nn.Sequential(nn.Conv2d(3, 4, 3, padding=1, dtype=dt), *fold,
                                       nn.ReLU())).eval(), image


def _Calls(body):
    """A model whose forward calls `body`: its chain fused as a held Sequential's is
    (frontend/check_objects.fused_link; a root Sequential's compiled forward is that chain
    too, frontend.objects.forward_function)."""
    from pts.stdlib.modules import Module

    class Calls(Module):
        def __init__(self, body):
            super().__init__()
            self.body = body

        def forward(self, x):
            return self.body(x)
    return Calls(body)


def train_corpus():
    """(model, loss, example batch): the training stacks whose gradients' fused kernels'
    loops the library holds too, float32 — a classifier of convolution, batch norm and
    activation layers, then linear layers and a log-softmax head, for each activation, with
    the negative log-likelihood loss, differentiated with respect to every
    parameter (what pts.grad and pts.train_step compile for such a model).  A model of
    these layers finds its gradient's loops here: their code depends on the kernels'
    operations, dtypes and ranks, not on sizes or how many layers there are (MyConv's train
    step: all of its 78 loops, ~1 s of -O3 in its first step).  The linear layers' loops
    are those of a multi-layer perceptron too.  (Each stack adds ~3 s of LLVM to the
    set-up.)"""
    import numpy as np

    from pts.stdlib import modules as nn
    image = np.zeros((2, 3, 6, 6), np.float32)
    labels = np.zeros(2, np.int64)
    for act in (nn.ReLU, nn.GELU, nn.Tanh, nn.Sigmoid, nn.LeakyReLU):
        yield nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.BatchNorm2d(4), act(),
                            nn.Conv2d(4, 4, 3, padding=1), nn.BatchNorm2d(4), act(),
                            nn.Flatten(), nn.Linear(144, 8), act(), nn.Linear(8, 4),
                            nn.LogSoftmax(dim=1)).train(), _nll_of_sequential, (image, labels)


def _nll_of_sequential(model: Sequential, x: np.ndarray, y: np.ndarray) -> float:  # noqa: F821
    # (train_corpus's loss: its annotations name pts.nn's classes, as a user's would)
    return nll_loss(model(x), y)


def _loss_globals() -> None:
    """The names _nll_of_sequential's annotations and body read (scripted code reads its
    module's globals; this module imports neither numpy nor the stdlib at load)."""
    import numpy

    from pts.stdlib import modules, nn
    globals().update(np=numpy, Sequential=modules.Sequential, nll_loss=nn.nll_loss)


def loop_symbol(key: str) -> str:
    return f"{PREFIX}loop.{key[:24]}"


def kernel_symbol(key: str) -> str:
    return f"{PREFIX}kernel.{key[:24]}"


def build_kernels() -> tuple[list[str], dict, dict]:
    """`loop_corpus`'s fused kernels, as generated for the JIT's modules: each kernel with the
    code that runs it (kernel_codegen.run, or the kernel function) exported as
    `kernel_symbol(kernel_key)`, each of their loops (kernel_codegen.prebuild) as
    `loop_symbol(loop_key)`, with the functions they reach.  Returns (LLVM IR texts,
    {loop symbol: key}, {kernel symbol: key})."""
    from llvmlite import ir

    from pts import compiler
    from pts.backend import jit
    from pts.backend.codegen import generate
    from pts.backend.kernel_codegen import prebuild
    from pts.frontend.objects import forward_function
    from pts.ir.types import type_of_value
    texts, loop_table, kernel_table = [], {}, {}
    _loss_globals()
    corpus = [(model, None, (x,)) for model, x in loop_corpus()] + list(train_corpus())
    for model, loss, batch in corpus:
        # (the library is the same under PTS_FUSION=0: compiled with fusion on)
        sig = tuple(type_of_value(a) for a in batch)
        if loss is None:
            module = compiler.compile(forward_function(model), sig, batch, model,
                                      lift_attributes=True, fusion=True).module
        else:   # a gradient: only its loops are the library's (its kernels' sites are here)
            module = compiler.compile(loss, sig, batch, model, grad_wrt=(), fusion=True).module
        loops: dict = {}

        def declared(mc):
            for name in prebuild(mc):
                key = loop_key(mc.m, name)
                # (a gradient has loops of the same code twice: one copy)
                if loop_symbol(key) not in loop_table and key not in loops.values():
                    loops[name] = key
        mc = generate(module, jit.host_triple(), str(jit.image_target_machine().target_data),
                      prefix="pts_lib.kernels", library=True, entries=[module.entry],
                      declared=declared, library_functions=False)
        if "vmath_keep" in mc.__dict__:             # (jit.Early: no library for those)
            continue
        renames = {name: loop_symbol(key) for name, key in loops.items()}
        exported = set(loops)
        for name, sites in (kernel_sites(module) if loss is None else {}).items():
            key = kernel_key(module, name, sites)
            sym = kernel_symbol(key)
            if sym in kernel_table or name in mc.skipped:
                continue
            kernel_table[sym] = key
            target = mc.helpers.get(f"{name}.run") or mc.funcs[name]
            fn = ir.Function(mc.m, mc.funcs[name].function_type, name=sym)
            b = ir.IRBuilder(fn.append_basic_block("entry"))
            b.ret(b.call(target, list(fn.args), cconv="fastcc"))
            exported.add(sym)
        if not exported:
            continue
        defined = {f.name: f for f in mc.m.functions if f.blocks}
        refs = {name: jit._callees(f) for name, f in defined.items()}
        keep = jit._with_inlined(exported, refs, set(defined))     # everything they reach
        texts.append(jit.part_text(mc.m, keep, set(loops), renames))
        loop_table.update({renames[name]: key for name, key in loops.items()})
    return texts, loop_table, kernel_table


def build_image() -> tuple[bytes, dict]:
    """The library compiled (-O3, host CPU, position-independent) and linked as an image,
    and the tables of its precompiled library functions ("specs": {symbol: {function, key}}),
    loops and kernels ("loops", "kernels": {symbol: key}).  The kernels' code is optimized
    as the JIT optimizes tensor modules' code (jit.tensor_options)."""
    import llvmlite.binding as llvm

    from pts.backend import jit, link
    from pts.backend.abi import IMPORTS
    tm = jit.image_target_machine()
    mod = llvm.parse_assembly(build_ir())
    specs_table = {}
    for name in SPECS:
        for dt in SPEC_DTYPES:
            text, specs_table[spec_symbol(name, dt)] = build_spec(name, dt)
            mod.link_in(llvm.parse_assembly(text))
    mod.verify()
    jit.optimize(mod, tm, 3)
    texts, loops_table, kernels_table = build_kernels()
    if texts:
        loops = llvm.parse_assembly(texts[0])
        for text in texts[1:]:
            loops.link_in(llvm.parse_assembly(text))
        loops.verify()
        with jit.tensor_options():
            jit.optimize(loops, tm, 3, tensor=True)
        mod.link_in(loops)
    obj = tm.emit_object(mod)
    exports = symbols() + sorted(loops_table) + sorted(kernels_table)
    image = link.link(obj, {s: (s, s) for s in exports}, IMPORTS).to_bytes()
    return image, {"specs": specs_table, "loops": loops_table, "kernels": kernels_table}


def write_precompiled(path: str | None = None, built: tuple[bytes, dict] | None = None) -> str:
    """Write the library (`built` by build_image, else built now) with this compiler's and
    host's header and its tables."""
    path = path or precompiled_path()
    image, tables = built or build_image()
    header = json.dumps(dict(_header(), **tables), sort_keys=True).encode("utf-8")
    write_file(path, MAGIC + len(header).to_bytes(4, "little") + header + image)
    return path


def write_file(path: str, data: bytes) -> None:
    """Write a precompiled file whole or not at all (a temporary file, then a rename: a
    process loading it reads the old file or the new one); an OSError is raised (unlike
    the disk cache's pts.cache_dir.write_atomic: the set-up step must not go on quietly)."""
    tmp = f"{path}.{os.getpid()}.{threading.get_ident()}.tmp"
    try:
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def _cache_path() -> str | None:
    """Where a process that had to compile the library leaves it for the next one: the disk
    cache's code directory (None when the cache is off or not writable)."""
    from pts.cache_dir import code_dir
    d = code_dir()
    return os.path.join(d, "kernels.img") if d else None


def _read_precompiled(path: str | None = None) -> tuple[bytes, dict] | None:
    """(image, tables: build_image's) of a library file (the set-up's, by default) if this
    compiler made it on this host, else None."""
    try:
        with open(path or precompiled_path(), "rb") as f:
            data = f.read()
        if data[:8] != MAGIC:
            return None
        n = int.from_bytes(data[8:12], "little")
        header = json.loads(data[12:12 + n])
        tables = {name: header.pop(name, None) for name in ("specs", "loops", "kernels")}
        if header != json.loads(json.dumps(_header(), sort_keys=True)) or \
                not all(isinstance(t, dict) for t in tables.values()):
            return None
        return data[12 + n:], tables
    except (OSError, ValueError, AttributeError):
        return None


# ---------------------------------------------------------------- loading (no llvmlite)

def addresses() -> dict[str, int]:
    """{symbol: address} of the loaded library (loading, or compiling, it on first use).
    A precompiled file that fails to map is ignored and the library compiled instead."""
    with _lock:
        if "addresses" not in _loaded:
            from pts.runtime.image import Image, host_machine
            machine = host_machine()
            image = None
            for path in (precompiled_path(), _cache_path()):
                found = _read_precompiled(path) if path else None
                if found is not None:
                    try:
                        image, tables = Image(found[0], machine), found[1]
                        break
                    except Exception:
                        image = None
            if image is None:
                path = _cache_path()
                _announce_build(path)
                built = build_image()
                image, tables = Image(built[0], machine), built[1]
                if path:
                    try:
                        write_precompiled(path, built)
                    except OSError:
                        pass
            _loaded["image"] = image          # mapped for the life of the process
            _loaded["specs"] = tables["specs"]
            for name in ("loops", "kernels"):
                _loaded[name] = {key: sym for sym, key in tables[name].items()}
            _loaded["addresses"] = {s: image.entries[s][0] for s in
                                    symbols() + list(tables["loops"]) + list(tables["kernels"])}
        return _loaded["addresses"]


def _announce_build(kept_in: str | None) -> None:
    """The one line a user sees before the ~40 s the library takes to compile: no
    stdlib/kernels.img for these sources and this host (not installed, or a source edited
    since), and none in the disk cache."""
    where = f"kept in {kept_in}" if kept_in else \
        "not kept: the disk cache is off, so every process compiles it"
    print(f"pts: compiling the kernel library for this CPU and these sources (~40 s, once; "
          f"{where})", file=sys.stderr, flush=True)


def specs() -> dict:
    """{symbol: {"function": name, "key": spec_key}} of the loaded library's functions."""
    addresses()
    return _loaded["specs"]


def loops() -> dict:
    """{loop_key: symbol} of the loaded library's loops."""
    addresses()
    return _loaded["loops"]


def kernels() -> dict:
    """{kernel_key: symbol} of the loaded library's fused kernels."""
    addresses()
    return _loaded["kernels"]


def address(name: str) -> int:
    return addresses()[name]


def register() -> None:
    """Add the library's symbols to LLVM's table, where MCJIT resolves a module's externals."""
    with _lock:
        if _registered:
            return
        import llvmlite.binding as llvm
        for name, addr in addresses().items():
            llvm.add_symbol(name, addr)
        _registered.append(True)
