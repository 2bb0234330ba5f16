"""The optimizers' common part: parameter groups, the checks of `step(grads)`, the state and
its `state_dict`, and the compiled update functions (stdlib/optim.py) they call.

Contract (after torch.optim.Optimizer, with the differences pts's training API makes):
- `params` is an iterable of arrays (`model.parameters()`), of `(name, array)` pairs
  (`model.named_parameters()`: the names are then checked against a grads dict's keys), or
  of param-group dicts (`{"params": [...], "lr": ...}`); a group's missing
  hyperparameters take the optimizer's defaults.  Parameters are float32 or float64
  numpy arrays, updated in place.
- `step(grads)`: gradients are passed in, not stored on the parameters (pts.value_and_grad
  returns them): a dict `{name: array}` in parameter order, or a list/tuple of arrays in
  parameter order; `None` skips a parameter (torch skips a parameter whose `.grad` is None).
  Every gradient is checked (count, names, type, shape, dtype) before anything is updated:
  a bad `grads` raises and leaves parameters and state bit for bit as they were.
  `zero_grad()` is therefore a no-op, kept so that torch code runs unchanged.
- `state` is `{index: {...}}`, the index counting parameters over the groups in order (the
  keys of torch's `state_dict()["state"]`); `state_dict()` returns copies of the arrays
  (torch returns references), `load_state_dict` copies them in, cast to the parameter's
  dtype, after checking everything first.
- `backend`: "native" (default) runs each parameter's update as one compiled in-place
  loop; "interp" runs the same functions on the IR interpreter (slow: for debugging small
  models); "eager" runs their element functions on whole arrays with numpy.  Native and
  eager compute the same operations in the same order and agree bit for bit (tests); the
  interpreter evaluates each operation with numpy and agrees too.

The update functions are scripted once per (function, backend) in `_SCRIPTED` and compiled
once per dtype: parameters are passed flattened (1-D views), and every hyperparameter is a
run-time float or bool, so a learning-rate schedule never recompiles.
"""
from __future__ import annotations

import copy

import numpy as np

from pts.stdlib import optim as _stdlib_optim

BACKENDS = ("native", "interp", "eager")
_SCRIPTED: dict[tuple[str, str], object] = {}


def update_function(name: str, backend: str = "native"):
    """The scripted stdlib.optim function `name` for `backend` ("native" or "interp"),
    made once per process (its compiled code is cached per signature inside)."""
    key = (name, backend)
    f = _SCRIPTED.get(key)
    if f is None:
        from pts.api import ScriptFunction
        f = _SCRIPTED[key] = ScriptFunction(getattr(_stdlib_optim, name), backend=backend)
    return f


def state_zeros(p: np.ndarray) -> np.ndarray:
    """Zeros shaped like parameter `p`, for optimizer state (Adam's moments, momentum).

    Allocated without numpy's transparent-huge-page advice (numpy asks for huge pages for
    every array of 4 MB or more).  The state is streamed once per step, so huge pages buy it
    little; but its first touch, in the first step, takes each 2 MB page at once, and where
    the kernel's THP defrag setting is "madvise" (Debian's default) that can stall in direct
    compaction.  On our 2-core VM, MyConv's Adam state (411 MB) made the first step ~1 s
    slower than with 4 KB pages (bench/first_step.py).  torch gives CPU tensors no huge-page
    advice either."""
    toggle = getattr(getattr(getattr(np, "_core", None), "multiarray", None),
                     "_set_madvise_hugepage", None)
    if toggle is None:
        return np.zeros(p.shape, p.dtype)
    was = toggle(False)
    try:
        return np.zeros(p.shape, p.dtype)
    finally:
        toggle(was)


class Optimizer:
    """Base class: subclasses set `defaults`, check a group's hyperparameters in
    `check_group` and update a group in `update_group`."""

    def __init__(self, params, defaults: dict, backend: str = "native"):
        if backend not in BACKENDS:
            raise ValueError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
        self.defaults = dict(defaults)
        self.backend = backend
        self.state: dict[int, dict] = {}
        self.param_groups: list[dict] = []
        if isinstance(params, (np.ndarray, dict)):
            raise TypeError("params argument given to the optimizer should be an iterable of "
                            f"arrays or dicts, but got {type(params).__name__}")
        groups = list(params)
        if not groups:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(groups[0], dict):
            groups = [{"params": groups}]
        for group in groups:
            self.add_param_group(group)

    # ------------------------------------------------------------ groups

    def add_param_group(self, param_group: dict) -> None:
        """Add a group (a dict with "params" and optional hyperparameters), as torch."""
        if not isinstance(param_group, dict):
            raise TypeError(f"param_group must be a dict, but got {type(param_group).__name__}")
        group = dict(param_group)
        params = group.get("params")
        if params is None:
            raise ValueError("a parameter group needs 'params'")
        if isinstance(params, np.ndarray):
            params = [params]
        elif isinstance(params, set):
            raise TypeError("optimizer parameters need to be organized in ordered "
                            "collections, but the ordering of sets changes between runs")
        params = list(params)
        names = None
        if params and all(isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str)
                          for p in params):
            names = [n for n, _ in params]
            params = [p for _, p in params]
        for p in params:
            if not isinstance(p, np.ndarray):
                raise TypeError("optimizer can only optimize numpy arrays, but one of the "
                                f"params is {type(p).__name__}")
            if p.dtype not in (np.float32, np.float64):
                raise TypeError("optimizer can only optimize float32 or float64 arrays, but "
                                f"one of the params is {p.dtype}")
        seen = {id(p) for g in self.param_groups for p in g["params"]}
        if len({id(p) for p in params}) != len(params) or any(id(p) in seen for p in params):
            raise ValueError("some parameters appear more than once (in one group or in "
                             "more than one)")
        group["params"] = params
        if names is not None:
            group["param_names"] = names
        for key, default in self.defaults.items():
            group.setdefault(key, default)
        self.check_group(group)
        self.param_groups.append(group)

    def check_group(self, group: dict) -> None:
        """Raise ValueError for a hyperparameter torch refuses (subclasses)."""

    def zero_grad(self, set_to_none: bool = True) -> None:
        """A no-op: pts passes gradients to `step` instead of storing them on the
        parameters (kept so that torch training loops run unchanged)."""

    # ------------------------------------------------------------ step

    def step(self, grads) -> None:
        """Update every parameter in place from `grads` (see the module docstring); nothing
        changes unless every gradient passes the checks."""
        items = self._checked(grads)
        start = 0
        for group in self.param_groups:
            n = len(group["params"])
            todo = [it for it in items[start:start + n] if it[2] is not None]
            start += n
            if todo:
                self.update_group(group, todo)

    def update_group(self, group: dict, items: list) -> None:
        """Update the group's parameters: items are (index, parameter, gradient)."""
        raise NotImplementedError

    def _checked(self, grads) -> list[tuple[int, np.ndarray, np.ndarray | None]]:
        params = [p for g in self.param_groups for p in g["params"]]
        names = [n for g in self.param_groups for n in g.get("param_names", ())]
        if len(names) != len(params):
            names = None
        if isinstance(grads, dict):
            if len(grads) != len(params):
                raise ValueError(f"step() got {len(grads)} gradients for {len(params)} "
                                 "parameters")
            if names is not None and list(grads) != names:
                k, n = next((k, n) for k, n in zip(grads, names) if k != n)
                raise ValueError("step(): the gradients' names are not the parameters' names "
                                 f"in order: gradient {k!r} where parameter {n!r} is")
            labels = [repr(k) for k in grads]
            grads = list(grads.values())
        elif isinstance(grads, (list, tuple)):
            if len(grads) != len(params):
                raise ValueError(f"step() got {len(grads)} gradients for {len(params)} "
                                 "parameters")
            labels = [repr(n) for n in names] if names else [f"#{i}" for i in range(len(params))]
        else:
            raise TypeError("step() takes the gradients as a dict {name: array} or a list of "
                            f"arrays in parameter order, not {type(grads).__name__}")
        items = []
        for i, (p, g, label) in enumerate(zip(params, grads, labels)):
            if isinstance(g, np.generic):           # numpy's result for a 0-d array
                g = np.asarray(g)
            if g is not None:
                if not isinstance(g, np.ndarray):
                    raise TypeError(f"gradient {label} is {type(g).__name__}, not a numpy array")
                if g.shape != p.shape:
                    raise ValueError(f"gradient {label} has shape {g.shape}, but its parameter "
                                     f"has shape {p.shape}")
                if g.dtype != p.dtype:
                    raise ValueError(f"gradient {label} has dtype {g.dtype}, but its parameter "
                                     f"has dtype {p.dtype}")
                if not p.flags.writeable:
                    raise ValueError(f"parameter {label} is read-only")
            items.append((i, p, g))
        return items

    def run(self, name: str, eager, p: np.ndarray, g: np.ndarray, state: tuple, *hyper) -> None:
        """Run update `name` on parameter p in place: natively or on the interpreter (the
        stdlib function), or eagerly (`eager(p, g, *state, *hyper)` on flat arrays).  State
        arrays are this optimizer's own (C-contiguous); a parameter that is not
        C-contiguous is updated in a contiguous copy, written back."""
        work = p if p.flags.c_contiguous else np.ascontiguousarray(p)
        args = (work.reshape(-1), np.ascontiguousarray(g).reshape(-1),
                *[s.reshape(-1) for s in state], *hyper)
        if self.backend == "eager":
            eager(*args)
        else:
            update_function(name, self.backend)(*args)
        if work is not p:
            p[...] = work

    # ------------------------------------------------------------ state

    def state_dict(self) -> dict:
        """{"state": {index: {name: array copy or number}}, "param_groups": [{hyperparameters,
        "params": [index, ...]}]}: torch's structure."""
        groups, start = [], 0
        for group in self.param_groups:
            packed = {k: copy.deepcopy(v) for k, v in group.items() if k != "params"}
            packed["params"] = list(range(start, start + len(group["params"])))
            start += len(group["params"])
            groups.append(packed)
        state = {i: {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in s.items()}
                 for i, s in sorted(self.state.items())}
        return {"state": state, "param_groups": groups}

    def load_state_dict(self, state_dict: dict) -> None:
        """Load what `state_dict()` returned (of an optimizer of the same kind over
        parameters of the same shapes): checked first, then copied in."""
        if not isinstance(state_dict, dict) or set(state_dict) != {"state", "param_groups"}:
            raise ValueError("a state dict has exactly the keys 'state' and 'param_groups'")
        saved = state_dict["param_groups"]
        if len(saved) != len(self.param_groups):
            raise ValueError("loaded state dict has a different number of parameter groups")
        index = {}
        start = 0
        for group, sg in zip(self.param_groups, saved):
            if len(sg["params"]) != len(group["params"]):
                raise ValueError("loaded state dict contains a parameter group that doesn't "
                                 "match the size of optimizer's group")
            for k, p in zip(sg["params"], group["params"]):
                index[k] = (start, p)
                start += 1
        state = {}
        for k, s in state_dict["state"].items():
            if k not in index:
                raise ValueError(f"loaded state dict has state for parameter {k!r}, which "
                                 "none of its groups lists")
            i, p = index[k]
            entry = {}
            for name, v in s.items():
                if name == "step" and isinstance(v, (np.ndarray, np.generic)) and v.size == 1:
                    v = float(v)                # torch's step is a 0-d tensor
                elif isinstance(v, np.generic):
                    v = v.item()
                if isinstance(v, np.ndarray):
                    if v.shape != p.shape:
                        raise ValueError(f"loaded state {name!r} of parameter {k!r} has shape "
                                         f"{v.shape}, but the parameter has shape {p.shape}")
                    v = np.array(v, dtype=p.dtype, order="C")
                elif v is not None and not isinstance(v, (int, float)):
                    raise ValueError(f"loaded state {name!r} of parameter {k!r} is "
                                     f"{type(v).__name__}, not an array or a number")
                entry[name] = v
            state[i] = entry
        groups = []
        for group, sg in zip(self.param_groups, saved):
            new = {k: copy.deepcopy(v) for k, v in sg.items() if k != "params"}
            new["params"] = group["params"]
            if "param_names" in group:
                new["param_names"] = group["param_names"]
            self.check_group(new)
            groups.append(new)
        self.state = state
        self.param_groups = groups

    def __repr__(self) -> str:
        lines = [type(self).__name__ + " ("]
        for i, group in enumerate(self.param_groups):
            lines.append(f"Parameter Group {i}")
            for k in sorted(group):
                if k not in ("params", "param_names"):
                    lines.append(f"    {k}: {group[k]}")
        lines.append(")")
        return "\n".join(lines)

