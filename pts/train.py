"""`pts.train_step(model, loss_fn, optimizer)`: forward, backward and the optimizer's update
of every parameter in one compiled call (DESIGN.md §9; issue 28 item 4).

`step = pts.train_step(model, loss_fn, opt)`; `loss = step(*batch)` runs
`loss_fn(model, *batch)`, its gradient with respect to every parameter of the model, and
`opt`'s update of each parameter in place, as one native call, and returns the loss (a
float).  It is compiled once per argument signature and model state the code folded in
(train()/eval(), layer classes, array dtypes and ranks: the model's guards), and per
optimizer structure (its kind and flags: SGD with or without momentum, nesterov, maximize,
amsgrad): a change of a hyperparameter that is a number (lr, betas, eps, weight_decay,
momentum, dampening: a scheduler) never recompiles.  `step.compiles` counts compiles.
The compiled step is kept in the disk cache (pts.compiled.compile_step, pts.model_cache):
a fresh process with the same sources, model structure and optimizer structure loads it.

How it is built: the compile driver (pts.compiler, kind "train_step") differentiates the
loss with respect to the model's parameters (the grad record's module), then `compose`
rewrites the module: the gradient entry becomes a callee of a new entry
`train_step` that calls it, then the update of each parameter (stdlib/train.py, which calls
stdlib/optim.py's update functions: the same arithmetic as `opt.step`), then returns the
loss; the optimization rounds inline it all and the late passes fuse it and free each
activation after its last backward use.  The entry's parameters:

    (batch..., lifted model arrays..., state arrays of each updated parameter...,
     counters: float64[n], hyper: float64[n * HYPER_WIDTH])

`counters` holds each updated parameter's step count (Adam's `step`; SGD with momentum: 0
before the buffer exists) and `hyper` its hyperparameters (stdlib/train.py): a C caller
needs nothing but arrays.  pts.optim's state stays the truth in Python: each call reads the
counters and hyperparameters from the optimizer and writes the counts back.

Nothing half-updated: the updates run after the backward sweep has finished, and the
forward pass's writes to model buffers (BatchNorm running statistics, num_batches_tracked)
go to fresh copies made at entry, copied back at the very end of the entry, which a step
that raised never reaches.  Optimizer state a parameter gets at its first update (Adam's
moments, SGD's momentum buffer) is created for the call and kept only if the step
succeeded.  So a step that raises (a shape error in the batch, an exception loss_fn
raises) leaves weights, buffers and optimizer state bit for bit as they were.

Parameters the loss does not read get no update (torch skips a parameter whose grad is
None); parameters that are not in the optimizer are not updated.

A traced model (`pts.trace(model, ...)`): `TracedTrainStep` traces loss_fn(model, *batch)
(pts.trace_grad) and composes each trace's gradient with respect to the parameters it
captured with the same updates (`compose`, its captured arrays in the place of the lifted
ones, those the trace writes into as its buffers); the trace's guards choose the step or
trace again, as for calls.  `export` makes a traced step's archive like a scripted one's.

Calls.  The first call with arguments of given kinds goes the general way (`_call`: the
signature, the model's guards, every lifted array and optimizer group looked up); the
next ones take a fast path (`_FastStep`) that checks what that call found instead —
one generated guard function, identity tests of the arrays and groups, the
hyperparameters compared as a tuple — and calls the entry from C (runtime/_dispatch.c):
about a sixth of the general way's overhead (a small model's step: ~32 us quiet, 83 against
13.5 us alternated in one process on a loaded machine).
"""
from __future__ import annotations

import keyword
import operator

import numpy as np

from pts.api import _RUN_ERRORS, _CallBase
from pts.errors import CompileError
from pts.optim.optimizer import state_zeros

SGD, SGD_MOMENTUM, ADAM = "sgd", "sgd_momentum", "adam"
# the state arrays of each kind of update, in the order the stdlib/train.py function takes
STATE_NAMES = {SGD: (), SGD_MOMENTUM: ("momentum_buffer",),
               ADAM: ("exp_avg", "exp_avg_sq"), ADAM + "_amsgrad":
               ("exp_avg", "exp_avg_sq", "max_exp_avg_sq")}


def _group_kind(optimizer, group: dict) -> tuple:
    """The compile-time structure of a parameter group's update: (kind, flags...)."""
    # (known by their hyperparameters: pts.optim is a package above this layer's scan)
    name = type(optimizer).__name__
    if name == "SGD" and "nesterov" in group:
        if float(group["momentum"]) == 0.0:
            return (SGD, bool(group["maximize"]))
        return (SGD_MOMENTUM, bool(group["nesterov"]), bool(group["maximize"]))
    if name in ("Adam", "AdamW") and "betas" in group:
        kind = ADAM + "_amsgrad" if group["amsgrad"] else ADAM
        return (kind, bool(group["maximize"]), bool(type(optimizer).decoupled))
    raise TypeError(f"pts.train_step supports pts.optim.SGD, Adam and AdamW, not "
                    f"{type(optimizer).__name__}")


def _hyper_row(kind: str, group: dict) -> list[float]:
    from pts.stdlib.train import HYPER_WIDTH
    if kind in (SGD, SGD_MOMENTUM):
        row = [group["lr"], group["momentum"], group["dampening"], group["weight_decay"]]
    else:
        row = [group["lr"], group["betas"][0], group["betas"][1], group["eps"],
               group["weight_decay"]]
    return [float(v) for v in row] + [0.0] * (HYPER_WIDTH - len(row))


def state_arguments(opt, index: dict, updated: list) -> tuple:
    """The optimizer's part of a step's arguments, for `updated`: (parameter, optimizer
    index, (kind, flags...)) per updated parameter, in the entry's order.  Returns
    (state arrays, staged, counters, hyper): `staged` is the state a parameter gets at
    its first update, installed by `install_state` only after the step succeeded."""
    from pts.stdlib.train import HYPER_WIDTH
    state_args, staged = [], []
    counters = np.zeros(len(updated), np.float64)
    hyper = np.zeros(len(updated) * HYPER_WIDTH, np.float64)
    for j, (p, i, kind) in enumerate(updated):
        group = index[id(p)][2]
        state = opt.state.get(i) or {}
        new = {}
        for name in STATE_NAMES[kind[0]]:
            a = state.get(name)
            if a is None:
                a = new[name] = state_zeros(p)
            state_args.append(a)
        if kind[0] == SGD_MOMENTUM:
            counters[j] = 0.0 if "momentum_buffer" in new else 1.0
        elif kind[0] != SGD:
            counters[j] = float(state.get("step", 0.0))
        hyper[j * HYPER_WIDTH:(j + 1) * HYPER_WIDTH] = _hyper_row(kind[0], group)
        staged.append((i, kind[0], new))
    return state_args, staged, counters, hyper


def install_state(opt, staged: list, counters: np.ndarray) -> None:
    """After a step succeeded: the optimizer state it created, and its step counts."""
    state = opt.state
    for j, (i, kind, new) in enumerate(staged):
        if kind == SGD:
            continue
        entry = state.setdefault(i, {})
        entry.update(new)
        if kind != SGD_MOMENTUM:
            entry["step"] = float(counters[j])


def exported_step(record, arrays: list, updates: tuple, opt, index: dict, loss_fn) -> dict:
    """What `pts.save` writes of a compiled step (TrainStep.export's format): the model's
    arrays (`arrays`: (name "model.<path>", array) in the entry's order), then per updated
    parameter ((position in `arrays`, optimizer index, kind) each, in the entry's order)
    its optimizer state `optim.<state>.<parameter>`, then the step counts `optim.step` and
    the hyperparameters `optim.hyper`.  State the optimizer does not have yet is zeros
    with step count 0, which is what the step makes of a fresh optimizer's."""
    from pts.stdlib.train import HYPER_WIDTH
    arrays = list(arrays)
    updated = [(arrays[pos][1], i, kind) for pos, i, kind in updates]
    state_args, _, counters, hyper = state_arguments(opt, index, updated)
    state_args = iter(state_args)               # (in the entry's order)
    params = []
    for pos, _, kind in updates:
        name = arrays[pos][0][len("model."):]
        names = [f"optim.{s}.{name}" for s in STATE_NAMES[kind[0]]]
        arrays += [(n, next(state_args)) for n in names]
        params.append({"param": name, "update": kind[0], "flags": list(kind[1:]),
                       "state": names})
    arrays += [("optim.step", counters), ("optim.hyper", hyper)]
    return {"record": record, "arrays": arrays, "params": params, "hyper_width": HYPER_WIDTH,
            "optimizer": type(opt).__name__, "loss_fn": loss_fn}


def _step_backend(optimizer, backend: str | None, default: str) -> str:
    """A train step's backend: the one asked for, else the interpreter for an interpreted
    optimizer, else `default`; the optimizer checked to be a pts.optim one."""
    from pts.api import BACKENDS
    if not all(hasattr(optimizer, a) for a in ("param_groups", "state", "backend")):
        raise TypeError(f"pts.train_step needs a pts.optim optimizer, got "
                        f"{type(optimizer).__name__}")
    if backend is None:
        backend = "interp" if optimizer.backend == "interp" else default
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
    return backend


class TrainStep:
    """`pts.train_step(model, loss_fn, optimizer)`: see the module docstring."""

    def __init__(self, model, loss_fn, optimizer, backend: str | None = None):
        from pts.api import ScriptModule, is_model
        from pts.autodiff import _python_function
        if isinstance(model, ScriptModule):
            model = model.module
        if not is_model(model):
            raise TypeError(f"pts.train_step needs a model (a pts.nn.Module), got "
                            f"{type(model).__name__}")
        self.model = model
        self.loss_fn = _python_function(loss_fn)
        self.optimizer = optimizer
        self.backend = _step_backend(optimizer, backend, "native")
        self.compiles = 0
        self._cache: dict = {}
        # by the batch's exact argument kinds: a _FastStep per compiled entry seen with them
        self._fast: dict[tuple, list] = {}

    # ------------------------------------------------------------ the plan of a call

    def _updates(self) -> tuple[tuple, dict]:
        """(structure, arrays): for each optimizer parameter its index, (kind, flags) and
        group; the structure is the part of it the compiled code depends on."""
        opt = self.optimizer
        index, structure = {}, []
        i = 0
        for group in opt.param_groups:
            kind = _group_kind(opt, group)
            for p in group["params"]:
                index[id(p)] = (i, kind, group)
                structure.append(kind)
                i += 1
        return tuple(structure), index

    def compiled(self, batch: tuple):
        """The compiled step for this batch's signature (and the model's and optimizer's
        current structure): (Compiled, updates) where updates lists, per updated
        parameter in the entry's order, (lifted position, optimizer index, kind)."""
        from pts.frontend.objects import guards_hold
        from pts.ir.types import type_of_value
        try:
            sig = tuple(type_of_value(a) for a in batch)
        except TypeError as e:
            raise TypeError(f"{self.loss_fn.__name__}(): {e}") from None
        structure, index = self._updates()
        # one entry per model state the code folded in (train()/eval() back and forth
        # finds its code again)
        entries = self._cache.setdefault((type(self.model), sig, structure), [])
        for hit in entries:
            if guards_hold(self.model, hit[0].guards) and self._same_params(hit, index):
                return hit
        hit = self._compile(sig, batch, index)
        entries.append(hit)
        return hit

    def _same_params(self, hit: tuple, index: dict) -> bool:
        from pts.frontend.objects import resolve
        c, updates = hit
        for pos, i, kind in updates:
            got = index.get(id(resolve(self.model, c.lifted[pos])))
            if got is None or got[0] != i:
                return False
        return True

    def _compile(self, sig: tuple, batch: tuple, index: dict):
        from pts.compiled import compile_step
        plan: dict = {}
        c = compile_step(self.loss_fn, sig, self.model, self.backend,
                         lambda: self._record(sig, batch, index, plan), plan,
                         self._disk_key(index))
        self.compiles += 1
        return c, tuple((pos, i, tuple(kind)) for pos, i, kind in plan["updates"])

    def _record(self, sig: tuple, batch: tuple, index: dict, plan: dict):
        """The step's compile record (pts.compiler); plan["updates"]: (lifted position,
        optimizer index, kind) of each updated parameter."""
        from pts import compiler
        from pts.frontend.objects import resolve
        model = self.model

        def train(module, lifted, grad_params):
            updates = []
            for j, name in enumerate(grad_params):
                path = tuple(name.split("."))
                entry = index.get(id(resolve(model, path)))
                if entry is not None:
                    updates.append((lifted.index(path), j, entry[0], entry[1]))
            buffers = [k for k, p in enumerate(lifted) if ".".join(p) not in grad_params]
            plan["updates"] = tuple((pos, i, kind) for pos, _, i, kind in updates)
            compose(module, len(sig), lifted, updates, buffers)
        try:
            return compiler.compile(self.loss_fn, sig, batch, model, grad_wrt=(), train=train)
        except CompileError as e:
            raise e.with_traceback(None) from None

    def _disk_key(self, index: dict) -> list | None:
        """What the step's code folded in of the optimizer, for the disk cache's key
        (pts.compiled.compile_step): for each of the model's parameters (the compiler
        differentiates with respect to named_parameters()), the optimizer index and update
        kind (with its flags) it has, if any; the optimizer's class.  Its numbers (lr,
        betas, ...) are arguments of the code, not in the key.  None: not cacheable (custom
        VJPs registered in this process, which the key cannot describe)."""
        from pts.compiler import CUSTOM_VJPS
        named = getattr(self.model, "named_parameters", None)
        if CUSTOM_VJPS or not callable(named):
            return None
        rows = []
        for name, p in named():
            entry = index.get(id(p))
            rows.append([name] + ([] if entry is None else [entry[0], list(entry[1])]))
        return ["train_step", type(self.optimizer).__module__,
                type(self.optimizer).__qualname__, rows]

    def _full_record(self, batch: tuple, c):
        """The compile record of the step `c` (compiled for `batch`'s signature); compiled
        again when c's code came from the disk cache."""
        if c.record is not None:
            return c.record
        from pts.ir.types import type_of_value
        _, index = self._updates()
        return self._record(tuple(type_of_value(a) for a in batch), batch, index, {})

    # ------------------------------------------------------------ a step

    def arguments(self, batch: tuple):
        """The compiled step and every argument of a call with `batch`, and what to install
        in the optimizer's state after it succeeds: (c, args, staged, counters, updates)."""
        from pts.frontend.objects import resolve
        c, updates = self.compiled(batch)
        opt = self.optimizer
        _, index = self._updates()
        lifted = [resolve(self.model, p) for p in c.lifted]
        state_args, staged, counters, hyper = state_arguments(
            opt, index, [(lifted[pos], i, kind) for pos, i, kind in updates])
        args = (self.model, *batch, *lifted, *state_args, counters, hyper)
        return c, args, staged, counters, updates

    def __call__(self, *batch) -> float:
        from pts.api import _value_key
        key = _value_key(batch)
        for fast in self._fast.get(key, ()):
            loss = fast.run(batch)
            if loss is not _MISS:
                return loss
        loss = self._call(batch)
        self._remember(key, batch)
        return loss

    def _remember(self, key: tuple, batch: tuple) -> None:
        """After a step through `_call`: let the next call with arguments of these kinds
        take the fast path (`_FastStep`) with what the step was just called with."""
        c, updates = self.compiled(batch)           # (the entry `_call` ran: a cache hit)
        fasts = self._fast.setdefault(key, [])
        fast = next((f for f in fasts if f.c is c and f.updates == updates), None)
        if fast is None:
            fast = _FastStep(self, c, updates, key)
            fasts.insert(0, fast)
        if fast.usable:
            fast.bind()

    def _call(self, batch: tuple) -> float:
        """A step the general way: every argument looked up and checked, in Python."""
        from pts.api import _RUN_ERRORS
        c, args, staged, counters, _ = self.arguments(batch)
        try:
            loss = c.run(args)
        except _RUN_ERRORS as e:
            if getattr(e, "pts_span", None) is not None:
                raise e.with_traceback(None) from None
            raise
        install_state(self.optimizer, staged, counters)
        return float(loss)

    def export(self, batch: tuple) -> dict:
        """What `pts.save` writes of this step for `batch`'s signature
        (runtime.archive_train): the compile record, and every array the entry takes after
        the batch, in its order, named — the model's arrays `model.<attribute path>`, the
        optimizer state `optim.<state>.<parameter>`, the step counts `optim.step` and the
        hyperparameters `optim.hyper` (HYPER_WIDTH per updated parameter) — plus a record
        per updated parameter.  State the optimizer does not have yet is zeros with step
        count 0, which is what the step makes of a fresh optimizer's."""
        from pts.frontend.objects import resolve
        c, updates = self.compiled(batch)
        record = self._full_record(batch, c)
        _, index = self._updates()
        arrays = [("model." + ".".join(p), resolve(self.model, p)) for p in c.lifted]
        return exported_step(record, arrays, updates, self.optimizer, index, self.loss_fn)

    def ir(self, *batch) -> str:
        """The final IR of the step for this batch's signature."""
        from pts.ir.printer import print_module
        c, _ = self.compiled(batch)
        return print_module(self._full_record(batch, c).module)

    def __repr__(self) -> str:
        return (f"<pts.train_step of {self.loss_fn.__qualname__}, "
                f"{type(self.optimizer).__name__}>")


class TracedTrainStep:
    """`pts.train_step(tm, loss_fn, opt)` for a traced model `tm`: `step(*batch)` runs
    loss_fn(tm, *batch), its gradient with respect to the parameters it read and the
    optimizer's update of those the optimizer holds, in one compiled call, and returns the
    loss (a float).  Compiled once per trace of the loss and optimizer structure (its kind
    and flags); hyperparameters are run-time values, as for pts.train.TrainStep."""

    def __init__(self, model, loss_fn, optimizer, backend: str | None = None):
        from pts.autodiff import _python_function
        from pts.trace_grad import loss_trace
        self.model = model
        self.loss_fn = _python_function(loss_fn)
        self.optimizer = optimizer
        self.backend = _step_backend(optimizer, backend, model.backend)
        self.compiles = 0
        self._cache: dict = {}
        self.loss = loss_trace(self.loss_fn, model)

    _updates = TrainStep._updates

    def _compiled(self, tr, captured: list, structure: tuple, index: dict, n_inputs: int):
        """(compiled step, updates: (captured position, optimizer index, kind) each) for
        trace `tr`, the arrays it reads now (`captured`) and the optimizer as it is now."""
        from pts.trace_grad import grad_entry
        updates = tuple((j, index[id(c)][0], index[id(c)][1])
                        for j, c in enumerate(captured) if id(c) in index and j not in tr.written)
        if not updates:
            raise ValueError(f"pts.train_step: {self.loss_fn.__name__} reads none of the "
                             f"optimizer's parameters: nothing to train")
        wrt = tuple(n_inputs + j for j, _, _ in updates)
        before = len(self._cache)

        def make(module):
            compose(module, n_inputs, tuple(range(len(tr.captured))),
                    [(j, adj, i, kind) for adj, (j, i, kind) in enumerate(updates)],
                    sorted(tr.written))
        c = grad_entry(self._cache, tr, wrt, self.backend, compose=make,
                       extra=("train", structure, updates))
        self.compiles += len(self._cache) > before
        return c, updates

    def __call__(self, *batch) -> float:
        from pts.trace_grad import run_entry
        structure, index = self._updates()
        arrays = [a for a in batch if isinstance(a, np.ndarray)]

        def run(tr, now):
            c, updates = self._compiled(tr, now, structure, index, len(arrays))
            state_args, staged, counters, hyper = state_arguments(
                self.optimizer, index, [(now[j], i, kind) for j, i, kind in updates])
            loss = run_entry(c, arrays + now + state_args + [counters, hyper])
            install_state(self.optimizer, staged, counters)
            return float(loss)
        return self.loss.dispatch(batch, run)

    def export(self, batch: tuple) -> dict:
        """What `pts.save` writes of this step for `batch` (TrainStep.export's format):
        the compiled step of the trace that holds for the batch (traced now if none does;
        its guards stay in the code: a batch that breaks one is an error of the archive),
        the arrays the trace reads named `model.<path>` as tm.named_parameters() names
        them (another array it reads: `model.captured<k>`), then the optimizer's state."""
        from pts.trace_grad import named_parameters
        if not all(isinstance(a, np.ndarray) for a in batch):
            raise ValueError(f"pts.save: a traced step's batch must be arrays (the trace of "
                             f"{self.loss_fn.__name__} folds other values in)")
        structure, index = self._updates()
        found = self.loss.dispatch(
            batch, lambda tr, now: (now,) + self._compiled(tr, now, structure, index,
                                                            len(batch)))
        now, c, updates = found
        name_of = {id(a): name for name, a in named_parameters(self.model.fn)}
        arrays = [("model." + name_of.get(id(a), f"captured{k}"), a) for k, a in enumerate(now)]
        return exported_step(c.record, arrays, updates, self.optimizer, index, self.loss_fn)

    def __repr__(self) -> str:
        return (f"<pts.train_step of {self.loss_fn.__qualname__} on a trace, "
                f"{type(self.optimizer).__name__}>")


# ---------------------------------------------------------------- the fast path of a call

_MISS = object()       # a _FastStep that did not run: the caller takes the general way


def _never(model) -> bool:
    return False


class _FastStep(_CallBase):
    """A call of one compiled step with what the last general call (`TrainStep._call`)
    found, checked instead of looked up again: the C dispatcher (runtime/_dispatch.c)
    calls the entry with the batch and the arrays of `bind`, no per-call Python loop over
    the model's parameters (a small model's step: about a sixth of the general way's overhead).

    `run(batch)` checks, in this order, that: the model still holds what the code folded
    in (the guards) and the very arrays bound (`_guard_function`: one generated function,
    no walk over paths); the optimizer has the same groups of the same parameters, whose
    hyperparameters are those bound (a change of lr rewrites `hyper` in place; one that
    changes the compiled structure, such as momentum to 0, goes the general way); every
    stateful parameter has its state (Adam's moments and step count are read each call:
    `load_state_dict` may replace them).  The dispatcher checks each array's dtype and
    rank itself; arrays it does not take (an ndarray subclass, a dtype that changed in
    place) come back as `_MISS`.  A step with more arrays than the dispatcher takes
    (MAX_ARGS: MyConv with Adam has 61) is called through NativeEntry instead, which boxes
    them in Python (~0.3 us an array) but skips the rest of the general way.  Anything else that does not hold is `_MISS` too, before
    any native code ran, and `TrainStep.__call__` then calls `_call`, which compiles or
    binds again.  The semantics are `_call`'s: a step that raises changes nothing."""

    def __init__(self, owner: "TrainStep", c, updates: tuple, key: tuple):
        from pts.api import _kinds, _register
        self.owner = owner
        self.c = c
        self.updates = updates
        self.check = _never             # until `bind`
        self.usable = False
        # how the entry is called: from C (the dispatcher: self), else (`boxed`) through
        # c.entry, NativeEntry, which boxes the arguments in Python (more arrays than the
        # dispatcher takes: MAX_ARGS)
        self.boxed = False
        if c.entry is None or c.const_indices != (0,):
            return                      # (the interpreter; batch values folded in)
        self.usable = True
        kinds = _kinds(key)
        if _CallBase is object or kinds is None:
            self.boxed = True
            return
        n_state = sum(len(STATE_NAMES[kind[0]]) for _, _, kind in updates)
        self.boxed = not _register(self, kinds + "a" * (len(c.lifted) + n_state + 2), c)

    def _slow_call(self, *args):
        return _MISS        # the dispatcher did not take these values

    def bind(self) -> None:
        """Remember the model's arrays and the optimizer's groups and state as they are now
        (right after a successful general call, so every state the step needs exists)."""
        from pts.frontend.objects import resolve
        from pts.stdlib.train import HYPER_WIDTH
        owner, c, updates = self.owner, self.c, self.updates
        model, opt = owner.model, owner.optimizer
        lifted = tuple(resolve(model, p) for p in c.lifted)
        self.check = _guard_function(c.guards, c.lifted, lifted)
        group_of = {}
        for gi, group in enumerate(opt.param_groups):
            for p in group["params"]:
                group_of[id(p)] = gi
        self.groups = []
        for gi, group in enumerate(opt.param_groups):
            kind = _group_kind(opt, group)
            get = operator.itemgetter(*_HYPER_KEYS[kind[0]])
            rows = [j for j, (pos, _, _) in enumerate(updates) if group_of[id(lifted[pos])] == gi]
            self.groups.append([group, tuple(group["params"]), get, get(group), kind, rows])
        self.hyper = np.zeros(len(updates) * HYPER_WIDTH, np.float64)
        for group, _, _, _, kind, rows in self.groups:
            self.hyper.reshape(-1, HYPER_WIDTH)[rows] = _hyper_row(kind[0], group)
        self.counters = np.zeros(len(updates), np.float64)
        # (i, state name) of every state array, in the entry's order; Adam's (i, j)
        self.pairs = [(i, name) for _, i, kind in updates for name in STATE_NAMES[kind[0]]]
        self.adam = [(i, j) for j, (_, i, kind) in enumerate(updates)
                     if kind[0] not in (SGD, SGD_MOMENTUM)]
        self.adam_rows = [j for _, j in self.adam]
        # with momentum, a counter of 0 would make a new buffer: it exists by now
        self.counters[[j for j, (_, _, kind) in enumerate(updates)
                       if kind[0] == SGD_MOMENTUM]] = 1.0
        self.lifted = lifted
        self.tail = lifted + (self.counters, self.hyper)

    def _hyper_changed(self, entry: list, group: dict, now: tuple) -> bool:
        """A group's hyperparameters changed: write its rows of `hyper`; False if the
        change is one of the compiled structure (the general way compiles it)."""
        from pts.stdlib.train import HYPER_WIDTH
        opt = self.owner.optimizer
        try:
            kind = _group_kind(opt, group)
            row = _hyper_row(kind[0], group)
        except (TypeError, ValueError, KeyError):
            return False
        if kind != entry[4]:
            return False
        self.hyper.reshape(-1, HYPER_WIDTH)[entry[5]] = row
        entry[3] = now
        return True

    def run(self, batch: tuple):
        """The step's loss, or `_MISS` (nothing ran) where a check fails."""
        owner = self.owner
        if not self.check(owner.model):
            return _MISS
        groups = owner.optimizer.param_groups
        if len(groups) != len(self.groups):
            return _MISS
        for group, entry in zip(groups, self.groups):
            params = group["params"]
            if group is not entry[0] or len(params) != len(entry[1]) or \
                    not all(map(operator.is_, params, entry[1])):
                return _MISS
            try:
                now = entry[2](group)
            except KeyError:
                return _MISS
            if now != entry[3] and not self._hyper_changed(entry, group, now):
                return _MISS
        if self.pairs:
            state = owner.optimizer.state
            try:
                arrays = [state[i][name] for i, name in self.pairs]
                steps = [float(state[i]["step"]) for i, _ in self.adam]
            except (KeyError, TypeError, ValueError):
                return _MISS
            if steps:
                self.counters[self.adam_rows] = steps
            args = batch + self.lifted + tuple(arrays) + (self.counters, self.hyper)
        else:
            args = batch + self.tail
        try:
            loss = self.c.entry(args) if self.boxed else self(*args)
        except _RUN_ERRORS as e:
            if getattr(e, "pts_span", None) is not None:
                raise e.with_traceback(None) from None
            if self.boxed and isinstance(e, TypeError):
                return _MISS        # NativeEntry refused an argument before the call
            raise
        if loss is not _MISS and self.adam:
            state = owner.optimizer.state
            for (i, _), step in zip(self.adam, self.counters[self.adam_rows].tolist()):
                state[i]["step"] = step
        return loss


# what a group's update reads: its compiled kind (_group_kind) and its row of `hyper`
_HYPER_KEYS = {SGD: ("lr", "momentum", "dampening", "weight_decay", "nesterov", "maximize"),
               ADAM: ("lr", "betas", "eps", "weight_decay", "amsgrad", "maximize")}
_HYPER_KEYS[SGD_MOMENTUM] = _HYPER_KEYS[SGD]
_HYPER_KEYS[ADAM + "_amsgrad"] = _HYPER_KEYS[ADAM]


def _guard_function(guards, paths: tuple, arrays: tuple):
    """`check(model) -> bool`: do `guards` (frontend.objects.guards_hold's) hold on the
    model, and are the arrays at `paths` still `arrays` themselves?  One function
    generated for them (as collections.namedtuple generates its class): each attribute
    path resolved once, with attribute loads, where guards_hold walks every path per
    guard (MLP: ~3 us against ~0.5).  An array bound here is checked by identity only: the
    dispatcher checks its dtype and rank at the call."""
    from pts.frontend.objects import CONST, TENSOR, _dtype_of, children, step
    env = {"_step": step, "_ndarray": np.ndarray, "_dtype_of": _dtype_of,
           "_children": children}
    lines = ["def check(root):", "    try:"]
    names = {(): "root"}

    def ref(path: tuple) -> str:
        if path not in names:
            parent, name = ref(path[:-1]), path[-1]
            var = names[path] = f"v{len(names)}"
            if name.isidentifier() and not keyword.iskeyword(name):
                lines.append(f"        {var} = {parent}.{name}")
            else:                             # a container's child: "0", ...
                lines.append(f"        {var} = _step({parent}, {name!r})")
        return names[path]

    def const(value) -> str:
        name = f"k{len(env)}"
        env[name] = value
        return name

    bound = dict(zip(paths, arrays))
    for path, array in bound.items():
        lines.append(f"        if {ref(path)} is not {const(array)}: return False")
    for path, (kind, expected) in guards:
        v = ref(path)
        if kind == TENSOR:
            if path in bound:
                continue
            t = const(expected)
            test = (f"not (isinstance({v}, _ndarray) and {v}.ndim == {t}.rank and "
                    f"_dtype_of({v}) == {t}.dtype)")
        elif kind == CONST:
            k = const(expected)
            test = f"type({v}) is not type({k}) or not ({v} is {k} or {v} == {k})"
        elif kind == "class":
            test = f"type({v}) is not {const(expected)}"
        elif kind == "children":
            test = f"tuple(_children({v}) or ()) != {const(expected)}"
        else:
            return _never                      # a guard this does not know: never fast
        lines.append(f"        if {test}: return False")
    lines += ["    except (AttributeError, IndexError, ValueError, TypeError):",
              "        return False", "    return True"]
    exec("\n".join(lines), env)
    return env["check"]


def train_step(model, loss_fn, optimizer, *, backend: str | None = None) -> TrainStep:
    """Forward, backward and the optimizer's update in one compiled call: see pts.train
    (a traced model, pts.trace(model, ...): pts.trace_grad.TracedTrainStep)."""
    if getattr(model, "traced_function", False):
        return TracedTrainStep(model, loss_fn, optimizer, backend)
    return TrainStep(model, loss_fn, optimizer, backend)


# ---------------------------------------------------------------- composing the IR

_HELPERS = {SGD: "sgd_param", SGD_MOMENTUM: "sgd_momentum_param", ADAM: "adam_param",
            ADAM + "_amsgrad": "adam_amsgrad_param"}


def compose(module, n_batch: int, lifted: tuple, updates: list, buffers: list) -> None:
    """Rewrite the differentiated `module` (entry: (batch..., lifted...) -> tuple<loss,
    adjoint of each grad parameter>) into a training step (see the module docstring).
    `updates`: (lifted position, adjoint number, optimizer index, (kind, flags...)) per
    updated parameter; `buffers`: lifted positions of the arrays that are not parameters
    (written to fresh copies, restored at the end)."""
    from pts.ir.core import Builder, Const, Function
    from pts.ir.types import F64, I1, I64, TensorType
    from pts.stdlib.train import HYPER_WIDTH
    grad = module[module.entry]          # keeps its name: errors name the user's loss
    types = list(grad.param_types)
    names = [p.name or f"a{k}" for k, p in enumerate(grad.params)]
    vec = TensorType(F64, 1)
    state_types, state_names = [], []
    for pos, _, i, kind in updates:
        for s in STATE_NAMES[kind[0]]:
            state_types.append(types[n_batch + pos])
            state_names.append(f"state{i}.{s}")
    name = "train_step"
    while name in module.functions:
        name += "_"
    entry = Function(name, types + state_types + [vec, vec],
                     F64, names + state_names + ["counters", "hyper"], file=grad.file)
    b = Builder(entry, entry.entry)
    params = entry.params
    batch, arrays = params[:n_batch], params[n_batch:n_batch + len(lifted)]
    states = iter(params[n_batch + len(lifted):-2])
    counters, hyper = params[-2], params[-1]
    helpers: dict = {}

    def call(fn_name: str, args: list, ret):
        key = (fn_name, tuple(a.type for a in args))
        callee = helpers.get(key)
        if callee is None:
            callee = helpers[key] = _add_helper(module, fn_name, key[1], len(helpers))
        return b.emit("call", args, ret, {"callee": callee})

    # the forward pass writes buffers' copies; restored only once everything succeeded
    copies = {k: call("fresh", [arrays[k]], arrays[k].type) for k in buffers}
    t = b.emit("call", list(batch) + [copies.get(k, a) for k, a in enumerate(arrays)],
               grad.ret_type, {"callee": grad.name})
    loss = b.emit("tuple.get", [t, Const(I64, 0)], grad.ret_type.elems[0])
    for j, (pos, adj, i, kind) in enumerate(updates):
        g = b.emit("tuple.get", [t, Const(I64, 1 + adj)], grad.ret_type.elems[1 + adj])
        own = [next(states) for _ in STATE_NAMES[kind[0]]]
        flags = [Const(I1, bool(f)) for f in kind[1:]]
        call(_HELPERS[kind[0]], [arrays[pos], g, *own, counters, Const(I64, j), hyper,
                                 Const(I64, j * HYPER_WIDTH), *flags], None)
    for k in buffers:
        call("restore", [arrays[k], copies[k]], None)
    if loss.type != F64:
        loss = b.emit("cast", [loss], F64)
    b.ret(loss)
    module.add(entry)
    module.entry = entry.name


def _add_helper(module, fn_name: str, arg_types: tuple, n: int) -> str:
    """Lower stdlib/train.py's `fn_name` for `arg_types` through the compile driver and add
    its functions to `module` under fresh names; the name of its entry."""
    from pts import compiler
    from pts.stdlib import train as st
    record = compiler.compile(getattr(st, fn_name), arg_types, after="lower")
    prefix = f"train{n}_"
    renames = {f.name: prefix + f.name for f in record.module}
    for f in list(record.module):
        f.name = renames[f.name]
        for i in f.instructions():
            callee = i.attrs.get("callee")
            if callee in renames:
                i.attrs["callee"] = renames[callee]
        module.add(f)
    return renames[record.module.entry]
