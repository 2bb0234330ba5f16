"""The optimization pipeline: the IR passes, in order, listed once.

`optimize(module)` runs `PASSES` top to bottom, in place, and repeats the whole list until
a round changes nothing (at most MAX_ROUNDS rounds: inlining can expose more folding,
folding can shrink a callee under the inlining threshold, and so on).  simplify_cfg comes
last so that a round ends with the CFG tidy: the round after a quiet one then has nothing
left to do.  recognize_convolutions comes first: the im2col it looks for is a trace's IR as
recorded (or lowered), and the library conv2d it adds is then optimized by the whole round
like any callee (the same code as the kernel library's, which the JIT then calls).

Then the late passes run once, in order: they change the IR's shape for the backend and
are not part of the fixpoint (fusion outlines groups of tensor ops into kernel functions that
inlining must not put back; interleave_loops copies a loop nest and keeps the original as
the epilogue, which another round would copy again, and version_loops keeps a checked
original beside its unchecked copy for the same reason).  `PTS_FUSION=0` (or `optimize(...,
fusion=False)`) leaves fusion out (FUSION_PASSES), which runs every tensor op on its own: the
reference the fused code is tested against.  The last late pass, lift_attributes, runs only
for the native code of a model, when the caller passes a list `lifted` to receive the
attribute paths the entry then takes after its own parameters (or when it is the pass named
by `after`).

Differentiation (ir.passes.differentiate, DESIGN.md §9) runs between the two: when the
caller passes `grad_wrt` (positions of the entry's parameters; pts.grad's compiles), the
optimization rounds run (leaving calls of `custom_vjps`' callees alone: those calls use
their hand-written VJPs), then `differentiate` replaces the entry by its forward and
backward sweeps, then the rounds run again on the result, then the late passes.  Like
lift_attributes it runs only when asked, or when it is the pass named by `after` (then with
respect to every float parameter: `pts ir FILE.py:f ARGS --after differentiate`).  For a
model's gradients (`grad_attrs`: the dotted paths of its parameters) lift_attributes runs
just before differentiation, whatever the backend, and the lifted parameters among
grad_attrs are differentiated after the requested ones.

`optimize(module, after=NAME)` stops right after the first run of pass NAME, which is how
`--after NAME` dumps show the IR at that point; `after="lower"` runs nothing (the IR as
lowering produced it).  With `verify=True`, or with the environment variable PTS_VERIFY on
(`verify_enabled()`: "1", "true", "yes" or "on", any case; unset, "", "0", "false", "no" and
"off" are off; anything else is a ValueError rather than a guess), the verifier checks the
input and the output of every pass.  tests/conftest.py turns it on for the whole test suite.
"""
from __future__ import annotations

import os
from typing import Callable

from pts.ir.core import Module
from pts.ir.passes import (accumulate_in_place, bound_indices, eliminate_checks, eliminate_dead_code,
                           eliminate_dead_functions, fold_constants, fuse_small_reductions,
                           fuse_tensors, hoist_loop_invariants, inline, interleave_loops,
                           lift_attributes, number_values, propagate_constants,
                           recognize_convolutions,
                           reduce_strength, release_tensors, scalarize_objects, simplify_cfg,
                           version_loops)
from pts.ir.passes import differentiate
from pts.ir.verify import IRVerifyError, verify_module

PASSES: list[tuple[str, Callable[[Module], bool]]] = [
    ("recognize_convolutions", recognize_convolutions.run),  # numpy's im2col + matmul -> conv2d
    ("inline", inline.run),                            # small callees' bodies replace calls
    ("scalarize_objects", scalarize_objects.run),      # objects no one else sees -> their fields
    ("propagate_constants", propagate_constants.run),  # constants through params, branches
    ("fold_constants", fold_constants.run),            # local algebra: x+0, select c, x, x
    ("reduce_strength", reduce_strength.run),          # x // 8 -> x >> 3, x ** 2 -> x * x
    ("number_values", number_values.run),              # one computation per value (GVN)
    ("hoist_loop_invariants", hoist_loop_invariants.run),  # invariants to preheaders
    ("eliminate_checks", eliminate_checks.run),        # checks that ranges prove never fire
    ("bound_indices", bound_indices.run),              # array indices proven in range: unchecked
    ("eliminate_dead_code", eliminate_dead_code.run),  # what nobody reads any more
    ("simplify_cfg", simplify_cfg.run),                # merge blocks, drop unreachable ones
]

LATE_PASSES: list[tuple[str, Callable[[Module], bool]]] = [
    ("eliminate_dead_functions", eliminate_dead_functions.run),  # callees inlining left behind
    ("interleave_loops", interleave_loops.run),        # two outer iterations' float loops at once
    ("fuse_small_reductions", fuse_small_reductions.run),  # sum/min/max of short 1-D chains -> loops
    ("fuse_tensors", fuse_tensors.run),                # elementwise chains + row reductions -> kernels
    ("release_tensors", release_tensors.run),          # tensor.free after each temporary's last use
    ("accumulate_in_place", accumulate_in_place.run),  # acc + scatter(x[idx] = v) -> acc[idx] += v
    ("version_loops", version_loops.run),              # an unchecked copy of a loop whose indices one test proves
    # only for a model's native code (optimize(..., lifted=[])): its tensor attribute reads
    # become trailing parameters; run returns their paths, which go into `lifted`
    ("lift_attributes", lift_attributes.run),
]

# the late passes PTS_FUSION=0 (optimize(..., fusion=False)) leaves out
FUSION_PASSES = frozenset({"fuse_small_reductions", "fuse_tensors"})
MAX_ROUNDS = 8


# between the rounds before and the rounds after it; only for grad compiles (optimize(...,
# grad_wrt=)) or when named by `after`
DIFFERENTIATE = "differentiate"


def pass_names() -> list[str]:
    return [name for name, _ in PASSES] + [DIFFERENTIATE] + [name for name, _ in LATE_PASSES]


_VERIFY_ON = frozenset({"1", "true", "yes", "on"})
_VERIFY_OFF = frozenset({"", "0", "false", "no", "off"})


def verify_enabled() -> bool:
    """Whether PTS_VERIFY asks for the verifier after every pass: the one reader of the flag
    (the pipeline and pts.api both ask here, so `PTS_VERIFY=0` means off everywhere)."""
    value = os.environ.get("PTS_VERIFY", "").strip().lower()
    if value in _VERIFY_ON:
        return True
    if value in _VERIFY_OFF:
        return False
    raise ValueError(f"PTS_VERIFY={os.environ['PTS_VERIFY']!r}: use 1/true/yes/on or "
                     "0/false/no/off")


def fusion_enabled() -> bool:
    return os.environ.get("PTS_FUSION", "1") != "0"


def optimize(module: Module, after: str | None = None, verify: bool = False,
             fusion: bool | None = None, lifted: list | None = None,
             grad_wrt: tuple | None = None, custom_vjps: dict | None = None,
             grad_attrs: frozenset | None = None,
             compose: Callable[[Module], None] | None = None) -> Module:
    if after is not None and after != "lower" and after not in pass_names():
        raise ValueError(f"unknown pass {after!r}; passes are: "
                         + ", ".join(["lower"] + pass_names()))
    verify = verify or verify_enabled()
    if verify:
        _verify(module, "lower")
    if after == "lower":
        return module
    # a callee with a hand-written VJP stays a call until differentiation has used it
    keep = frozenset(custom_vjps or ()) if grad_wrt is not None else frozenset()
    if _rounds(module, after, verify, keep):
        return module
    if grad_wrt is None and after == DIFFERENTIATE:
        grad_wrt = differentiate.default_wrt(module[module.entry])
    if grad_wrt is not None and grad_attrs is not None:
        # a model's gradients: its attributes become parameters first, and those named in
        # grad_attrs (dotted paths) are differentiated too, after the requested ones
        paths = lift_attributes.run(module)
        if lifted is not None:
            lifted.extend(paths)
        first = len(module[module.entry].params) - len(paths)
        grad_wrt = tuple(grad_wrt) + tuple(first + k for k, p in enumerate(paths)
                                           if ".".join(p) in grad_attrs)
        if verify:
            _verify(module, "lift_attributes")
    if grad_wrt is not None:
        differentiate.run(module, grad_wrt, custom_vjps)
        if verify:
            _verify(module, DIFFERENTIATE)
        if after == DIFFERENTIATE:
            return module
        if compose is not None:
            # a training step (pts.train): the gradient entry becomes a callee of a new
            # entry that also updates the parameters; the rounds below inline it all
            compose(module)
            if verify:
                _verify(module, "compose")
        if _rounds(module, after, verify):
            return module
    fusion = fusion_enabled() if fusion is None else fusion
    for name, run in LATE_PASSES:
        if name in FUSION_PASSES and not fusion:
            continue
        if name == "lift_attributes":
            if lifted is None and after != name:
                continue
            (lifted if lifted is not None else []).extend(run(module))
        else:
            run(module)
        if verify:
            _verify(module, name)
        if name == after:
            return module
    return module


def _rounds(module: Module, after: str | None, verify: bool,
            keep: frozenset = frozenset()) -> bool:
    """The optimization rounds, until one changes nothing; True if they stopped at `after`.
    `keep`: functions the inliner leaves alone."""
    for _ in range(MAX_ROUNDS):
        changed = False
        for name, run in PASSES:
            this = inline.run(module, keep) if keep and run is inline.run else run(module)
            changed = changed or bool(this)
            if verify and (this or name == after):   # (a pass that changed nothing left a
                _verify(module, name)                 # verified module)
            if name == after:
                return True
        if not changed:
            break
    if verify:                          # (and if one changed it without saying so)
        _verify(module, "the optimization rounds")
    return False


def _verify(module: Module, after: str) -> None:
    try:
        verify_module(module)
    except IRVerifyError as e:
        raise IRVerifyError(f"after {after}: {e}") from e
