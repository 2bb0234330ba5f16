"""The compile driver: the one way from Python source to optimized IR (DESIGN.md §3).

Every way into the compiler comes through `compile`: a signature of a scripted function
(pts.api), a scripted model's method (`root` = the model), `pts.save` (runtime.archive_write),
the disk cache (pts.cache keys its entries on what the record says the code depends on),
and the backend's library of precompiled kernels.  The coming pts.grad, pts.train_step and
pts.trace enter here too, each as a new `kind` of entry (see ENTRY_KINDS).  It runs the
front half of the pipeline:

    frontend.program.build   source -> AST -> typed AST -> SSA IR   (timings: parse, check, lower)
    ir.pipeline.optimize     the IR passes; for a model's native code,
                             lift_attributes last                   (timings: passes)

and returns a `CompileRecord`: everything the callers need to know about what was
compiled, so that nothing rides on the IR module.  Machine code is the caller's step
(pts.compiled for the JIT and its tiers, pts.cache for the disk, runtime.archive_write for
images): the record is the same for all of them.

Layer: above the frontend and the IR, below the backend and the runtime (tests/test_layers.py).
"""
from __future__ import annotations

import importlib
import os
import time
from dataclasses import dataclass, field
from typing import Any

from pts.errors import CompileError
from pts.frontend.objects import ObjectType, python_function
from pts.frontend.program import build
from pts.frontend.shared_globals import not_shareable, refolding
from pts.ir import pipeline
from pts.ir.passes import recognize_convolutions, share_methods
from pts.ir.core import Function, Module

# What an entry compiles.  "function": a Python function for argument types; "method": a
# method of a scripted model, whose `self` is the model (frontend.objects); "grad": a
# function differentiated with respect to some of its parameters (`grad_wrt`, pts.grad:
# the entry returns tuple<result, adjoint of each>; ir.passes.differentiate).
# "train_step": a model's loss differentiated with respect to the model's parameters, then
# composed (`train`, pts.train) into an entry that also runs the optimizer's update of each
# parameter: one call per training step.  "trace": IR recorded by running Python on proxy
# arrays (pts.trace_record), which enters after the frontend (`compile_traced`).
ENTRY_KINDS = ("function", "method", "grad", "train_step", "trace")


@dataclass
class CompileRecord:
    """One compiled specialization: the IR and the facts about it that callers use.

    Parameter positions count every Python parameter of the entry, a method's `self`
    (position 0) included; `entry.param_types` are those the code takes: the others
    (`const_indices`) were folded in, and for a model's native code the `lifted`
    attributes follow."""
    kind: str                                   # one of ENTRY_KINDS
    module: Module                              # optimized (or stopped after pass `after`)
    param_names: tuple[str, ...]                # the entry's Python parameters, in order
    const_params: dict[str, Any]                # name -> the value the code is specialized on
    # the cache key's dependencies: each Python function compiled into the module -> the
    # global names the checker looked up in it (None among them: names it could not list)
    global_reads: dict[Any, set]
    # a model's guards: what the code folded in from the object, path -> (kind, value seen);
    # the code is valid while frontend.objects.guards_hold(root, guards)
    guards: tuple = ()
    # a model's native code: the attribute paths the entry takes after its parameters
    lifted: tuple[tuple[str, ...], ...] = ()
    timings: dict[str, float] = field(default_factory=dict)     # milliseconds per phase
    # kind "grad": the Python parameter positions the adjoints are of, in the result's order,
    # then for a model (root) the dotted names of its parameters the adjoints that follow
    # are of (those among `lifted`)
    grad_wrt: tuple[int, ...] = ()
    grad_params: tuple[str, ...] = ()
    # the module-level lists/dicts/sets (and list defaults) the code shares with Python:
    # (frontend.shared_globals.SharedLocation, type), the entry's hidden last parameters
    shared: tuple = ()
    # module-level lists folded in as constants where only read: (location, the value
    # folded); the boundary checks before each call that the module's list still equals it
    folded: tuple = ()
    # the Python classes of the module's class table (name -> class): objects made by the
    # interpreter and returned to Python (ir.object_ops, runtime.object_values)
    class_types: dict = field(default_factory=dict)

    @property
    def entry(self) -> Function:
        """The entry function: its `param_types` and `ret_type` are the entry signature."""
        return self.module[self.module.entry]

    @property
    def const_indices(self) -> tuple[int, ...]:
        """Positions of the parameters the code was specialized on (and does not take)."""
        return tuple(i for i, n in enumerate(self.param_names) if n in self.const_params)


def compile(pyfunc, arg_types: tuple, values: tuple = (), root: Any = None, *,
            after: str | None = None, lift_attributes: bool = False,
            fusion: bool | None = None, grad_wrt: tuple[int, ...] | None = None,
            train=None) -> CompileRecord:
    """`pyfunc` specialized to `arg_types`, through the frontend and the IR passes.

    `values`: the Python arguments, where known (arguments that must be constants of the
    specialization take their values from here: strings, axis=dim).  `root`: a model;
    pyfunc is then one of its class's methods and `arg_types` / `values` are the arguments
    after `self`.  `after`: stop after that pass ("lower": no passes), for IR dumps.
    `lift_attributes`: the model's code will be native (ir.passes.lift_attributes).
    `fusion`: fuse tensor ops or not (default: ir.pipeline.fusion_enabled()).
    `grad_wrt`: positions of Python parameters (float scalars or float arrays): compile
    the gradient entry (kind "grad") returning (result, adjoint of each).
    `train`: with a model (root) and grad_wrt=(): kind "train_step"; called as
    `train(module, lifted_paths, grad_params)` right after differentiation, it makes the
    step's entry (pts.train.compose).
    CompileErrors come without the compiler's traceback."""
    try:
        with refolding(root is not None or grad_wrt is not None):
            built = build(pyfunc, arg_types, values, root)
    except CompileError as e:
        raise e.with_traceback(None) from None
    except RecursionError:
        raise CompileError(f"'{pyfunc.__name__}' is nested too deeply to compile") from None
    timings = dict(built.program.timings.ms)
    shared = built.program.__dict__.get("entry_shared", ())
    if shared and (root is not None or grad_wrt is not None):
        raise not_shareable(built, shared[0][0], pyfunc,
                            "a model's method" if grad_wrt is None else "a gradient")
    lifted: list | None = [] if lift_attributes else None
    names = tuple(p.name for p in built.entry.fdef.params)
    const_params = dict(built.entry.const_params)
    entry_wrt = custom = grad_attrs = None
    if grad_wrt is not None and root is not None:
        # a model's parameters are lifted to arguments and differentiated too (DESIGN §9)
        named = getattr(root, "named_parameters", None)
        grad_attrs = frozenset(n for n, _ in named()) if callable(named) else frozenset()
        lifted = []
    if grad_wrt is not None:
        entry_wrt = _entry_positions(built.module, names, const_params, tuple(grad_wrt), root)
        try:
            custom = _custom_vjps(built)
        except CompileError as e:
            raise e.with_traceback(None) from None
    if root is not None and grad_wrt is None and after != "lower" and share_enabled():
        # identical layers (nanoGPT's Blocks) compile once (ir.passes.share_methods)
        share_methods.run(built.module, _receiver_paths(built.program))
    compose = None
    if train is not None:
        def compose(module):
            train(module, tuple(lifted), tuple(".".join(p) for p in lifted
                                               if ".".join(p) in grad_attrs))
    t0 = time.perf_counter()
    try:
        pipeline.optimize(built.module, after=after, fusion=fusion, lifted=lifted,
                          grad_wrt=entry_wrt, custom_vjps=custom, grad_attrs=grad_attrs,
                          compose=compose)
    except CompileError as e:
        raise e.with_traceback(None) from None
    timings["passes"] = (time.perf_counter() - t0) * 1e3
    return CompileRecord(
        kind="train_step" if train is not None else "grad" if grad_wrt is not None
        else "function" if root is None else "method",
        grad_wrt=tuple(grad_wrt or ()),
        grad_params=tuple(".".join(p) for p in (lifted or ()) if ".".join(p) in (grad_attrs or ())),
        module=built.module,
        param_names=names,
        const_params=const_params,
        global_reads=built.program.global_reads,
        guards=tuple(built.program.object_reads.items()),
        lifted=tuple(lifted or ()),
        shared=shared,
        folded=built.program.__dict__.get("entry_folded", ()),
        class_types={name: info.cls for name, info in
                     built.program.__dict__.get("classes", {}).items()},
        timings=timings)


def compile_traced(module: Module, param_names: tuple[str, ...], *,
                   after: str | None = None, grad_wrt: tuple[int, ...] | None = None,
                   compose=None) -> CompileRecord:
    """A traced function's recorded IR (pts.trace: the frontend's part was the trace)
    through the IR passes: the record every backend takes.  `grad_wrt`: positions of the
    entry's parameters (its input arrays, then the arrays it captured): the gradient entry
    returning (result, adjoint of each) (pts.trace_grad).  `compose(module)`: with
    grad_wrt, makes a training step of the gradient entry (pts.train.compose)."""
    t0 = time.perf_counter()
    try:
        if grad_wrt is not None:
            from pts.ir.passes.differentiate import check_signature
            check_signature(module[module.entry], tuple(grad_wrt), list(param_names))
        pipeline.optimize(module, after=after, grad_wrt=grad_wrt, compose=compose)
    except CompileError as e:
        raise e.with_traceback(None) from None
    return CompileRecord(kind="trace", module=module, param_names=param_names,
                         const_params={}, global_reads={}, grad_wrt=tuple(grad_wrt or ()),
                         timings={"passes": (time.perf_counter() - t0) * 1e3})


def library_conv2d(dtype) -> Module:
    """A fresh module of the library's conv2d (pts.stdlib.nn) for tensors of `dtype`, as
    lowered (the pipeline optimizes it with the module it joins): what
    ir.passes.recognize_convolutions calls for an im2col convolution a program wrote."""
    from pts.frontend.program import build_module
    from pts.ir.types import I64, TensorType
    from pts.stdlib import nn
    return build_module(nn.conv2d, (TensorType(dtype, 4), TensorType(dtype, 4),
                                    TensorType(dtype, 1), I64, I64, I64))


recognize_convolutions.provide(library_conv2d)


def share_enabled() -> bool:
    """PTS_SHARE=0 compiles each layer of a model apart (the reference sharing is tested
    and measured against)."""
    return os.environ.get("PTS_SHARE", "1") != "0"


def _receiver_paths(program) -> dict[str, tuple[str, ...]]:
    """IR function name -> the attribute path of the object a method was specialized on."""
    out = {}
    for spec in program.order:
        this = spec.arg_types[0] if spec.arg_types else None
        if isinstance(this, ObjectType) and \
                spec.const_params.get(spec.fdef.params[0].name) == this:
            out[spec.ir_name] = this.path
    return out


def _entry_positions(module: Module, names: tuple, const_params: dict, wrt: tuple,
                     root: Any) -> tuple[int, ...]:
    """The entry function's parameter positions of the Python parameters `wrt` (those the
    code was specialized on are not parameters of the entry), checked differentiable."""
    from pts.ir.passes.differentiate import check_signature
    entry = module[module.entry]
    positions = []
    for k in wrt:
        if not 0 <= k < len(names):
            raise CompileError(f"cannot differentiate '{entry.name}' with respect to "
                               f"argument {k}: it takes {len(names)}")
        if names[k] in const_params:
            raise CompileError(f"cannot differentiate '{entry.name}' with respect to "
                               f"'{names[k]}': its value is a constant of the compiled code")
        positions.append(sum(1 for n in names[:k] if n not in const_params))
    entry_names = [n for n in names if n not in const_params]
    check_signature(entry, tuple(positions), entry_names)
    return tuple(positions)


# hand-written VJPs registered by pts.autodiff.custom_vjp: Python function -> its VJP
CUSTOM_VJPS: dict = {}


def custom_vjp_of(pyfunc):
    """The hand-written VJP of a Python function, or None: one registered with
    pts.autodiff.custom_vjp, or for a function of stdlib/nn.py the one stdlib/nn_grad.py's
    `VJPS` names (its parameters: the function's, then the adjoint g of its result; its
    result: a tuple of the adjoints of the function's float and float-array parameters)."""
    vjp = CUSTOM_VJPS.get(pyfunc)
    if vjp is not None:
        return vjp
    if getattr(pyfunc, "__module__", None) != "pts.stdlib.nn":
        return None
    try:        # (written by another part of the work: absent, no library VJP is used)
        nn_grad = importlib.import_module("pts.stdlib.nn_grad")
    except ImportError:
        return None
    vjp = getattr(nn_grad, "VJPS", {}).get(pyfunc.__name__)
    return vjp if vjp is not None and python_function(vjp) is not None else None


def _custom_vjps(built) -> dict[str, str]:
    """Compile the hand-written VJP of every function of the module that has one, for its
    argument types and result; callee IR name -> its VJP's IR name."""
    from pts.frontend.lower import lower_function
    from pts.ir.passes.differentiate import differentiable, vjp_param_positions
    from pts.ir.types import TupleType
    program, module = built.program, built.module
    out: dict[str, str] = {}
    for spec in list(program.order):
        vjp = custom_vjp_of(spec.pyfunc)
        if vjp is None or spec.ir_name == module.entry:
            continue
        forward = module[spec.ir_name]
        if not differentiable(forward.ret_type):
            continue
        params = [p.name for p in spec.fdef.params]
        consts = tuple((k, spec.const_params[n]) for k, n in enumerate(params)
                       if n in spec.const_params)
        # the VJP takes the forward's parameters: the constants of the forward's code too
        program.needs_const.setdefault(python_function(vjp), set()).update(k for k, _ in consts)
        vspec = program.specialize(python_function(vjp), spec.arg_types + (forward.ret_type,),
                                   None, consts)
        for s in program.order:
            if s.ir_name not in module.functions:
                module.add(lower_function(s))
        want = TupleType(tuple(forward.params[k].type for k in vjp_param_positions(forward)))
        got = module[vspec.ir_name]
        if got.ret_type != want or got.param_types != forward.param_types + [forward.ret_type]:
            raise CompileError(f"the VJP {vjp.__name__} of {spec.pyfunc.__name__} must take "
                               f"{spec.pyfunc.__name__}'s parameters and the adjoint of its "
                               f"result and return {want}, not {got.ret_type}", vspec.fdef.span)
        out[spec.ir_name] = vspec.ir_name
    return out
