"""Archives of training steps (issue 28 item 5): `save_train_step` writes a
`pts.train_step` as a `.pts` archive of kind "train_step", `LoadedTrainStep` is what
`pts.load` makes of one — a step that goes on training in memory.

The archive is a module archive (runtime.archive) whose weights are the step's whole
state, named as the entry takes them after the batch:

    model.<attribute path>        the model's arrays the loss reads: parameters, buffers
                                  (model.bn1.running_mean, model.bn1.num_batches_tracked)
    optim.<state>.<parameter>     the optimizer's state of each updated parameter
                                  (optim.exp_avg.fc1.weight, optim.momentum_buffer.fc1.bias)
    optim.step                    float64[n]: each updated parameter's step count (Adam's
                                  `step`; SGD with momentum: 0 until its buffer exists)
    optim.hyper                   float64[n * hyper_width]: each updated parameter's
                                  hyperparameters, learning rate first (stdlib/train.py)

The manifest's "train" record says which parameter is updated how: its state names, the
names of its hyperparameter row, the optimizer's class and the loss function.  Every
entry (one per compiled batch signature, named "train_step") takes the batch, then all of
the weights in that order, and returns the loss as a float; a step updates the state in
place.  The archive file is never written to: a loader keeps the state in memory (a
copy-on-write mapping of the file) until the user saves it (`save_state`, or from C
`pts_train_save_state`: one `<name>.npy` per state array).  A step that raises changes
nothing (pts.train: updates run only after the backward sweep, buffers are written to
copies that a failed step never copies back), in Python and from C alike.
"""
from __future__ import annotations

import os
import re

import numpy as np

from pts.runtime.archive_call import LoadedFunction
from pts.runtime.archive_write import _python_signature, _renamed, _Saver
from pts.runtime.image import ArchiveError

KIND = "train_step"
ENTRY = "train_step"
# hyperparameter rows (stdlib/train.py HYPER_WIDTH values per parameter), by update kind
HYPER_NAMES = {"sgd": ["lr", "momentum", "dampening", "weight_decay"],
               "sgd_momentum": ["lr", "momentum", "dampening", "weight_decay"],
               "adam": ["lr", "beta1", "beta2", "eps", "weight_decay"],
               "adam_amsgrad": ["lr", "beta1", "beta2", "eps", "weight_decay"]}
# a state name is a file name in save_state's directory: nothing that leaves it
_SAFE_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.\-]{0,199}")


def safe_state_name(name) -> bool:
    return isinstance(name, str) and _SAFE_NAME.fullmatch(name) is not None and ".." not in name


def _batches(examples) -> list[tuple]:
    """example_inputs: one batch ([x, y]) or a list of batches ([(x, y), (x2, y2)])."""
    if examples is None:
        return []
    examples = list(examples)
    if examples and all(isinstance(b, tuple) for b in examples):
        return examples
    return [tuple(examples)]


def _bound(loss_fn, batch: tuple) -> tuple:
    """The batch with loss_fn's defaults filled in, as a call binds it."""
    import inspect
    try:
        bound = inspect.signature(loss_fn).bind(None, *batch)
    except TypeError as e:
        raise TypeError(f"pts.save: example batch for {loss_fn.__name__}: {e}") from None
    bound.apply_defaults()
    return tuple(bound.args[1:])


def save_train_step(step, path: str, example_inputs, targets) -> dict:
    """runtime.archive.save of a pts.train_step `step` (a pts.train.TrainStep), compiled
    for each batch of `example_inputs` (one batch, [x, y], or a list of batch tuples):
    the format is this module's docstring's."""
    loss_fn = step.loss_fn
    batches = [_bound(loss_fn, b) for b in _batches(example_inputs)]
    if not batches:
        raise ValueError(f"pts.save: a training step needs example_inputs=[batch...] "
                         f"(the arguments of {loss_fn.__name__} after the model)")
    saver = _Saver(path)
    layout = None
    train = None
    for batch in batches:
        plan = step.export(batch)
        record = plan["record"]
        names = [n for n, _ in plan["arrays"]]
        if layout is None:
            layout = names
            for name, arr in plan["arrays"]:
                if not safe_state_name(name):
                    raise ValueError(f"pts.save: state name {name!r} cannot be a file name")
                saver.weights[name] = np.asarray(arr, order="C")
            train = {"optimizer": plan["optimizer"], "loss_fn": loss_fn.__name__,
                     "hyper_width": plan["hyper_width"],
                     "params": [dict(p, hyper=HYPER_NAMES[p["update"]])
                                for p in plan["params"]]}
        elif names != layout:
            raise ValueError("pts.save: the example batches compile to steps with different "
                             "state; save one batch signature per archive")
        const = {n for n in record.const_params if n != record.param_names[0]}
        if const:
            raise ValueError(f"pts.save: the step is specialized on the value of "
                             f"{sorted(const)[0]!r}; a training step archive cannot store that")
        entry_types = [str(t) for t in record.entry.param_types]
        nbatch = len(entry_types) - len(names)
        params, weight_types = entry_types[:nbatch], entry_types[nbatch:]
        if any(e["params"] == params for e in saver.entries):
            continue
        m = _renamed(record.module, f"s{len(saver.entries)}.")
        for f in m:
            saver.merged.add(f)
        rec = {"name": ENTRY, "key": f"{ENTRY}({', '.join(params)})",
               "ir_function": m.entry, "params": params, "ret": str(m[m.entry].ret_type),
               "weights": list(range(len(names))), "weight_types": weight_types}
        saver.entries.append(rec)
    return saver.write(path, KIND, loss_fn.__name__,
                       {"signature": _python_signature(loss_fn, True), "train": train},
                       targets)


class LoadedTrainStep:
    """A training step loaded from an archive: `loss = s(x, y)` runs one step (forward,
    backward, update) and updates the state in memory; the archive file is never written.

    The state: `state_dict()` (name -> a copy), `load_state_dict(d)` (all or nothing:
    every array is checked before any is written), `save_state(dir)` / `load_state(dir)`
    (one `<name>.npy` per state array), `s.state[name]` (the arrays themselves, updated in
    place by each step).  `s.lr` reads and sets the learning rate of every parameter (a
    run-time value: no compile); `set_hyper(name, value)` any hyperparameter by the names
    of `s.manifest["train"]["params"][k]["hyper"]`."""

    def __init__(self, fn: LoadedFunction, manifest: dict, weights: list):
        self._fn = fn
        self.path = fn.path
        self.manifest = manifest
        self.image = None
        self.from_ir = fn.from_ir
        self.__name__ = manifest.get("name", ENTRY)
        self.state = dict(weights)
        train = manifest.get("train")
        try:
            self._params = list(train["params"])
            self._width = int(train["hyper_width"])
            hyper = self.state["optim.hyper"]
            if hyper.dtype != np.float64 or hyper.ndim != 1 or \
                    hyper.size != self._width * len(self._params):
                raise ValueError("optim.hyper does not match the parameter list")
            for p in self._params:
                if not isinstance(p.get("hyper"), list) or len(p["hyper"]) > self._width:
                    raise ValueError("bad hyperparameter names")
        except (KeyError, TypeError, ValueError) as e:
            raise ArchiveError(f"{self.path}: bad training step record ({e})") from None
        for name in self.state:
            if not safe_state_name(name):
                raise ArchiveError(f"{self.path}: bad state name {name!r}")

    def __call__(self, *batch, **kwargs) -> float:
        return float(self._fn(*batch, **kwargs))

    @property
    def signatures(self) -> list[str]:
        return self._fn.signatures

    # ------------------------------------------------------------ the state

    def state_dict(self) -> dict:
        return {name: a.copy() for name, a in self.state.items()}

    def load_state_dict(self, d: dict) -> None:
        missing = [n for n in self.state if n not in d]
        unknown = [n for n in d if n not in self.state]
        if missing or unknown:
            what = f"missing {missing[0]!r}" if missing else f"unknown {unknown[0]!r}"
            raise KeyError(f"load_state_dict: {what} ({len(missing)} missing, "
                           f"{len(unknown)} unknown)")
        checked = {}
        for name, a in self.state.items():
            v = np.asarray(d[name])
            if v.shape != a.shape or v.dtype != a.dtype:
                raise ValueError(f"load_state_dict: {name} is {v.dtype} {v.shape}, the step's "
                                 f"is {a.dtype} {a.shape}")
            checked[name] = v
        for name, v in checked.items():
            self.state[name][...] = v

    def save_state(self, directory) -> None:
        os.makedirs(directory, exist_ok=True)
        for name, a in self.state.items():
            np.save(os.path.join(directory, name + ".npy"), a, allow_pickle=False)

    def load_state(self, directory) -> None:
        self.load_state_dict({name: np.load(os.path.join(directory, name + ".npy"),
                                            allow_pickle=False) for name in self.state})

    # ------------------------------------------------------------ hyperparameters

    def set_hyper(self, name: str, value: float, param: str | None = None) -> None:
        """Set hyperparameter `name` ("lr", "weight_decay", ...) of every updated parameter
        that has it (or only of `param`, a model parameter's dotted name)."""
        hyper = self.state["optim.hyper"]
        found = False
        for k, p in enumerate(self._params):
            if name in p["hyper"] and (param is None or p["param"] == param):
                hyper[k * self._width + p["hyper"].index(name)] = float(value)
                found = True
        if not found:
            raise KeyError(f"no parameter of this step has the hyperparameter {name!r}"
                           + (f" ({param})" if param else ""))

    @property
    def lr(self) -> float:
        return float(self.state["optim.hyper"][0]) if self._params else 0.0

    @lr.setter
    def lr(self, value: float) -> None:
        self.set_hyper("lr", value)

    def __repr__(self) -> str:
        return (f"<pts.load training step of {self.__name__} "
                f"({self.manifest.get('train', {}).get('optimizer')}) from {self.path}>")
