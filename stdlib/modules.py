"""Neural-network modules (exposed as `pts.nn`): torch.nn's classes over numpy arrays.

A model written against torch.nn ports by changing its imports (`import pts.nn as nn`,
`from pts import Tensor`): same class names, constructor arguments, attribute names,
parameter shapes, default initialization and `state_dict()` keys as torch (so a torch
state_dict converted with `.numpy()` loads with `load_state_dict`).

Two halves:
- `Module`, the bookkeeping (parameters, buffers, submodules, state_dict, train/eval),
  is plain Python: it runs at construction time, never in scripted code.
- Each layer's `forward` is in the pts language (and is ordinary numpy code): eager calls
  run it with numpy, `pts.script(model)` compiles it (frontend.objects explains how `self`
  is compiled).  The numerical work is in stdlib/nn.py (`pts.nn.functional`).

Parameters and buffers are numpy arrays (float32 unless `dtype=` says otherwise); any array
assigned to a Module attribute is a parameter unless registered with `register_buffer`.
Initialization draws from one numpy Generator that `pts.manual_seed(n)` reseeds, with
torch's default schemes: kaiming_uniform(a=sqrt(5)) weights (i.e. U(-1/sqrt(fan_in),
1/sqrt(fan_in))) and U(-1/sqrt(fan_in), 1/sqrt(fan_in)) biases for Linear and Conv2d,
N(0, 1) for Embedding, ones/zeros for the norms.  The numbers differ from torch's (another
generator), the distributions do not.

Inference and training-mode forward passes are those of torch: `train()` / `eval()` flip
`training`, a constant folded into the compiled code (a scripted model compiles again, or
picks its other specialization, when it changed).  BatchNorm1d/BatchNorm2d in training
mode normalize with the batch statistics and update their running statistics in place
(momentum rule, unbiased variance, num_batches_tracked), as torch does.  Dropout in
training mode draws its masks from a Philox generator of its own (stdlib/random.py: an
int64 array [seed, stream, offset], attribute `generator`, not a parameter or a buffer),
which `pts.manual_seed` reseeds and rewinds: the same masks eagerly, interpreted and
natively.
"""
from __future__ import annotations

import math
from collections import OrderedDict, namedtuple
from typing import Iterator

import numpy as np

from pts.stdlib import nn as F
from pts.stdlib import random as _random

_GENERATOR = np.random.default_rng()


def manual_seed(seed: int) -> None:
    """Reseed the generator that initializes layers and the dropout generators
    (pts.manual_seed)."""
    global _GENERATOR
    _GENERATOR = np.random.default_rng(seed)
    _random.manual_seed(seed)


def default_generator() -> np.random.Generator:
    return _GENERATOR


def _dtype(dtype) -> np.dtype:
    dt = np.dtype(np.float32 if dtype is None else dtype)
    if dt not in (np.float32, np.float64):
        raise TypeError(f"pts.nn layers hold float32 or float64 parameters, not {dt.name}")
    return dt


def _uniform(shape, bound: float, dtype) -> np.ndarray:
    a = _GENERATOR.random(shape, dtype=np.float64 if dtype == np.float64 else np.float32)
    a *= 2 * bound
    a -= bound
    return a


def _kaiming_uniform_a_sqrt5(shape, fan_in: int, dtype) -> np.ndarray:
    # gain = sqrt(2 / (1 + a^2)) = sqrt(1/3); bound = gain * sqrt(3 / fan_in) = 1/sqrt(fan_in)
    return _uniform(shape, 1.0 / math.sqrt(fan_in) if fan_in > 0 else 0.0, dtype)


def Parameter(data, requires_grad: bool = True) -> np.ndarray:
    """torch.nn.Parameter: here the array itself (every array attribute is a parameter)."""
    return np.asarray(data)


def _scripted_module(value) -> bool:
    """Is value a `pts.script(module)` (pts.api.ScriptModule)?  Kept as a submodule, it is
    registered as one: its parameters, buffers and state are the wrapped module's."""
    return getattr(type(value), "wraps_python_module", False)


_IncompatibleKeys = namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])


class Module:
    """Base class of layers and models, like torch.nn.Module.

    Attributes are stored as usual (so `getattr` is fast and scripted code finds them);
    `_parameters`, `_buffers` and `_modules` remember which attributes are which, in
    assignment order (the order of `parameters()` and `state_dict()`).
    """

    training: bool

    def __init__(self, *args, **kwargs):
        if args or kwargs:
            raise TypeError(f"{type(self).__name__}.__init__() got unexpected arguments")
        object.__setattr__(self, "training", True)
        object.__setattr__(self, "_parameters", OrderedDict())
        object.__setattr__(self, "_buffers", OrderedDict())
        object.__setattr__(self, "_non_persistent_buffers", set())
        object.__setattr__(self, "_modules", OrderedDict())

    # ------------------------------------------------------------ registration

    def _registries(self, what: str):
        try:
            return (self.__dict__["_parameters"], self.__dict__["_buffers"],
                    self.__dict__["_modules"])
        except KeyError:
            raise AttributeError(f"cannot assign {what} before Module.__init__() call") from None

    def __setattr__(self, name: str, value) -> None:
        if isinstance(value, Module) or _scripted_module(value):
            params, buffers, modules = self._registries("module")
            params.pop(name, None)
            buffers.pop(name, None)
            modules[name] = value
        elif isinstance(value, np.ndarray):
            params, buffers, modules = self._registries("parameters")
            modules.pop(name, None)
            if name in buffers:
                buffers[name] = value
            else:
                params[name] = value
        elif "_parameters" in self.__dict__:
            params, buffers, modules = self._registries("attributes")
            if value is None and (name in params or name in buffers or name in modules):
                for reg in (params, buffers, modules):    # keeps the name registered, as torch
                    if name in reg:
                        reg[name] = None
            else:
                for reg in (params, buffers, modules):
                    reg.pop(name, None)
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        for reg in ("_parameters", "_buffers", "_modules"):
            self.__dict__.get(reg, {}).pop(name, None)
        object.__delattr__(self, name)

    def register_buffer(self, name: str, tensor, persistent: bool = True) -> None:
        params, buffers, modules = self._registries("buffers")
        if name in params or name in modules:
            raise KeyError(f"attribute '{name}' already exists")
        buffers[name] = tensor
        if not persistent:
            self._non_persistent_buffers.add(name)
        object.__setattr__(self, name, tensor)

    def register_parameter(self, name: str, param) -> None:
        params, buffers, modules = self._registries("parameters")
        buffers.pop(name, None)
        modules.pop(name, None)
        params[name] = param
        object.__setattr__(self, name, param)

    def add_module(self, name: str, module) -> None:
        if module is not None and not isinstance(module, Module) and not _scripted_module(module):
            raise TypeError(f"{type(module).__name__} is not a Module subclass")
        params, buffers, modules = self._registries("module")
        modules[name] = module
        object.__setattr__(self, name, module)

    register_module = add_module

    # ------------------------------------------------------------ traversal

    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)

    __call__.__pts_calls_forward__ = True     # scripted, calling a module compiles forward

    def named_modules(self, memo=None, prefix: str = "") -> Iterator[tuple[str, "Module"]]:
        memo = set() if memo is None else memo
        if id(self) in memo:
            return
        memo.add(id(self))
        yield prefix, self
        for name, m in self._modules.items():
            if m is not None:
                yield from m.named_modules(memo, f"{prefix}.{name}" if prefix else name)

    def modules(self) -> Iterator["Module"]:
        for _, m in self.named_modules():
            yield m

    def named_children(self) -> Iterator[tuple[str, "Module"]]:
        seen = set()
        for name, m in self._modules.items():
            if m is not None and id(m) not in seen:
                seen.add(id(m))
                yield name, m

    def children(self) -> Iterator["Module"]:
        for _, m in self.named_children():
            yield m

    def _named(self, registry: str, prefix: str, recurse: bool):
        seen = set()
        mods = self.named_modules(prefix=prefix) if recurse else [(prefix, self)]
        for mprefix, m in mods:
            for name, v in getattr(m, registry).items():
                if v is None or id(v) in seen:
                    continue
                seen.add(id(v))
                yield (f"{mprefix}.{name}" if mprefix else name), v

    def named_parameters(self, prefix: str = "", recurse: bool = True):
        return self._named("_parameters", prefix, recurse)

    def parameters(self, recurse: bool = True) -> Iterator[np.ndarray]:
        for _, p in self.named_parameters(recurse=recurse):
            yield p

    def named_buffers(self, prefix: str = "", recurse: bool = True):
        return self._named("_buffers", prefix, recurse)

    def buffers(self, recurse: bool = True) -> Iterator[np.ndarray]:
        for _, b in self.named_buffers(recurse=recurse):
            yield b

    def apply(self, fn) -> "Module":
        for m in self.children():
            m.apply(fn)
        fn(self)
        return self

    # ------------------------------------------------------------ state

    def state_dict(self, destination=None, prefix: str = "", keep_vars: bool = False):
        """Parameters and persistent buffers by dotted name (the arrays themselves, as torch
        returns tensors sharing storage)."""
        out = OrderedDict() if destination is None else destination
        for name, p in self._parameters.items():
            if p is not None:
                out[prefix + name] = p
        for name, b in self._buffers.items():
            if b is not None and name not in self._non_persistent_buffers:
                out[prefix + name] = b
        for name, m in self._modules.items():
            if m is not None:
                m.state_dict(out, prefix + name + ".")
        return out

    def load_state_dict(self, state_dict, strict: bool = True):
        """Copy arrays into the parameters and buffers in place (shapes must match)."""
        own = self.state_dict()
        missing = [k for k in own if k not in state_dict]
        unexpected = [k for k in state_dict if k not in own]
        errors = []
        for k, target in own.items():
            if k not in state_dict:
                continue
            value = np.asarray(state_dict[k])
            if value.shape != target.shape:
                errors.append(f"size mismatch for {k}: copying a param with shape "
                              f"{value.shape} from checkpoint, the shape in current model is "
                              f"{target.shape}.")
                continue
            np.copyto(target, value, casting="unsafe")
        if strict:
            if unexpected:
                errors.insert(0, "Unexpected key(s) in state_dict: "
                              + ", ".join(f'"{k}"' for k in unexpected) + ". ")
            if missing:
                errors.insert(0, "Missing key(s) in state_dict: "
                              + ", ".join(f'"{k}"' for k in missing) + ". ")
        if errors:
            raise RuntimeError(f"Error(s) in loading state_dict for {type(self).__name__}:\n\t"
                               + "\n\t".join(errors))
        return _IncompatibleKeys(missing, unexpected)

    def train(self, mode: bool = True) -> "Module":
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        object.__setattr__(self, "training", mode)
        for m in self.children():
            m.train(mode)
        return self

    def eval(self) -> "Module":
        return self.train(False)

    def to(self, dtype=None, *args, **kwargs) -> "Module":
        """`model.to(np.float64)`: parameters and buffers of float dtypes cast (a device
        argument, a string, is accepted and ignored: pts runs on the CPU)."""
        if dtype is None or isinstance(dtype, str):
            return self
        return self._cast(np.dtype(dtype))

    def double(self) -> "Module":
        return self._cast(np.dtype(np.float64))

    def float(self) -> "Module":
        return self._cast(np.dtype(np.float32))

    def _cast(self, dt: np.dtype) -> "Module":
        # one new array per old one: weights tied between layers stay tied
        new: dict = {}
        for m in self.modules():
            for reg in (m._parameters, m._buffers):
                for name, v in list(reg.items()):
                    if v is None or v.dtype.kind != "f":
                        continue
                    if id(v) not in new:
                        new[id(v)] = v.astype(dt)
                    reg[name] = new[id(v)]
                    object.__setattr__(m, name, new[id(v)])
        return self

    def requires_grad_(self, requires_grad: bool = True) -> "Module":
        return self

    def zero_grad(self, set_to_none: bool = True) -> None:
        pass

    # ------------------------------------------------------------ printing

    def extra_repr(self) -> str:
        return ""

    def __repr__(self) -> str:
        lines = []
        extra = self.extra_repr()
        if extra:
            lines = extra.split("\n")
        for name, m in self._modules.items():
            text = repr(m).replace("\n", "\n  ")
            lines.append(f"({name}): {text}")
        head = type(self).__name__ + "("
        if not lines:
            return head + ")"
        if len(lines) == 1 and not self._modules:
            return head + lines[0] + ")"
        return head + "\n  " + "\n  ".join(lines) + "\n)"


def _pair(v, what: str) -> tuple:
    if isinstance(v, int):
        return (v, v)
    v = tuple(v)
    if len(v) != 2:
        raise ValueError(f"{what} must be an int or a pair")
    return v


def _square(v, what: str, layer: str) -> int:
    a, b = _pair(v, what)
    if a != b:
        raise NotImplementedError(f"pts.nn.{layer}: non-square {what} {v!r} is not supported yet")
    return a


# ================================================================ layers

class Identity(Module):
    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input: np.ndarray) -> np.ndarray:
        return input


class Linear(Module):
    """y = x @ weight.T + bias, weight (out_features, in_features)."""

    def __init__(self, in_features: int, out_features: int, bias: bool = True,
                 device=None, dtype=None):
        super().__init__()
        dt = _dtype(dtype)
        self.in_features = in_features
        self.out_features = out_features
        self.weight = _kaiming_uniform_a_sqrt5((out_features, in_features), in_features, dt)
        if bias:
            self.bias = _uniform((out_features,), 1 / math.sqrt(in_features) if in_features else 0, dt)
        else:
            self.register_parameter("bias", None)

    def forward(self, input: np.ndarray) -> np.ndarray:
        if self.bias is None:
            return input @ self.weight.T
        else:
            return F.linear(input, self.weight, self.bias)

    def extra_repr(self) -> str:
        return (f"in_features={self.in_features}, out_features={self.out_features}, "
                f"bias={self.bias is not None}")


class Conv2d(Module):
    """2-D convolution over (N, C, H, W) inputs; square kernels, strides, paddings and
    dilations (each may be written as an int or a pair), groups=1, zero padding."""

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1, padding=0,
                 dilation=1, groups: int = 1, bias: bool = True, padding_mode: str = "zeros",
                 device=None, dtype=None):
        super().__init__()
        dt = _dtype(dtype)
        if groups != 1:
            raise NotImplementedError("pts.nn.Conv2d: groups != 1 is not supported yet")
        if padding_mode != "zeros":
            raise NotImplementedError(f"pts.nn.Conv2d: padding_mode={padding_mode!r} is not "
                                      f"supported yet")
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.kernel_size = _pair(kernel_size, "kernel_size")
        self.stride = _pair(stride, "stride")
        self.dilation = _pair(dilation, "dilation")
        k = _square(kernel_size, "kernel_size", "Conv2d")
        d = _square(dilation, "dilation", "Conv2d")
        _square(stride, "stride", "Conv2d")
        if padding == "valid":
            self.padding = (0, 0)
        elif padding == "same":
            if self.stride != (1, 1) or (d * (k - 1)) % 2:
                raise NotImplementedError("pts.nn.Conv2d: padding='same' needs stride 1 and an "
                                          "odd (dilated) kernel")
            self.padding = (d * (k - 1) // 2,) * 2
        else:
            self.padding = _pair(padding, "padding")
            _square(padding, "padding", "Conv2d")
        self.groups = groups
        self.padding_mode = padding_mode
        fan_in = in_channels * k * k
        self.weight = _kaiming_uniform_a_sqrt5((out_channels, in_channels, k, k), fan_in, dt)
        if bias:
            self.bias = _uniform((out_channels,), 1 / math.sqrt(fan_in), dt)
        else:
            self.register_parameter("bias", None)

    def forward(self, input: np.ndarray) -> np.ndarray:
        if self.bias is None:
            return F.conv2d(input, self.weight, np.zeros(self.out_channels, dtype=self.weight.dtype),
                            self.stride[0], self.padding[0], self.dilation[0])
        else:
            return F.conv2d(input, self.weight, self.bias, self.stride[0], self.padding[0],
                            self.dilation[0])

    def _forward_relu(self, input: np.ndarray, relu) -> np.ndarray:
        """A Sequential's Conv2d, ReLU, scripted (frontend/check_objects.fused_link): in
        eval mode one convolution with the ReLU in its epilogue (F.conv2d_relu)."""
        if self.training or self.bias is None:
            return relu(self.forward(input))
        return F.conv2d_relu(input, self.weight, self.bias, self.stride[0], self.padding[0],
                             self.dilation[0])

    def _forward_bn_relu(self, input: np.ndarray, bn, relu) -> np.ndarray:
        """A Sequential's Conv2d, BatchNorm2d, ReLU, scripted: in eval mode (both layers)
        one convolution, the batch norm folded into its weight and bias as ONNX Runtime
        and torch.fx's fuser fold it, and the ReLU in its epilogue:

            bn(conv(x)) = conv(x) * scale + shift,  scale = bn.weight / sqrt(running_var + eps),
                          shift = bn.bias - running_mean * scale (per output channel)
                        = conv with weight * scale and bias * scale + shift

        computed from the live parameters at every call (C_out * C_in * KH * KW products):
        the results differ from the unfused layers' by the rounding of the folded weight.
        In training mode, or without affine parameters or running statistics, the three
        layers one after the other."""
        if self.training or bn.training or bn.running_mean is None or bn.weight is None or \
                bn.num_features != self.out_channels:
            return relu(bn(self.forward(input)))
        scale = bn.weight / np.sqrt(bn.running_var + bn.eps)
        shift = bn.bias - bn.running_mean * scale
        weight = self.weight * scale.reshape(self.out_channels, 1, 1, 1)
        if self.bias is None:
            bias = shift
        else:
            bias = self.bias * scale + shift
        return F.conv2d_relu(input, weight, bias, self.stride[0], self.padding[0],
                             self.dilation[0])

    def extra_repr(self) -> str:
        s = (f"{self.in_channels}, {self.out_channels}, kernel_size={self.kernel_size}, "
             f"stride={self.stride}")
        if self.padding != (0, 0):
            s += f", padding={self.padding}"
        if self.dilation != (1, 1):
            s += f", dilation={self.dilation}"
        if self.bias is None:
            s += ", bias=False"
        return s


class _BatchNorm(Module):
    """Batch normalization over axis 1 (torch's _BatchNorm).  Training mode: batch
    statistics, running statistics updated in place (momentum=None: cumulative average,
    1 / num_batches_tracked); track_running_stats=False: batch statistics always."""

    _ranks = (2, 3, 4)

    def __init__(self, num_features: int, eps: float = 1e-5, momentum=0.1, affine: bool = True,
                 track_running_stats: bool = True, device=None, dtype=None):
        super().__init__()
        dt = _dtype(dtype)
        self.num_features = num_features
        self.eps = float(eps)
        self.momentum = None if momentum is None else float(momentum)
        self.affine = affine
        self.track_running_stats = track_running_stats
        if affine:
            self.weight = np.ones(num_features, dt)
            self.bias = np.zeros(num_features, dt)
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)
        if track_running_stats:
            self.register_buffer("running_mean", np.zeros(num_features, dt))
            self.register_buffer("running_var", np.ones(num_features, dt))
            self.register_buffer("num_batches_tracked", np.array(0, np.int64))
        else:
            self.register_buffer("running_mean", None)
            self.register_buffer("running_var", None)
            self.register_buffer("num_batches_tracked", None)

    def forward(self, input: np.ndarray) -> np.ndarray:
        self._check_input_dim(input)
        if self.training and self.num_batches_tracked is not None:
            self.num_batches_tracked += 1
            if self.momentum is None:
                factor = 1.0 / float(self.num_batches_tracked)
            else:
                factor = self.momentum
            return F.batch_norm(input, self.running_mean, self.running_var, self.weight,
                                self.bias, True, factor, self.eps)
        else:
            return F.batch_norm(input, self.running_mean, self.running_var, self.weight,
                                self.bias, self.training, 0.0, self.eps)

    def extra_repr(self) -> str:
        return (f"{self.num_features}, eps={self.eps}, momentum={self.momentum}, "
                f"affine={self.affine}, track_running_stats={self.track_running_stats}")


class BatchNorm1d(_BatchNorm):
    """Batch normalization of (N, C) or (N, C, L) inputs."""

    def _check_input_dim(self, input: np.ndarray) -> None:
        if input.ndim != 2 and input.ndim != 3:
            raise ValueError("BatchNorm1d: expected a 2D or 3D input")


class BatchNorm2d(_BatchNorm):
    """Batch normalization of (N, C, H, W) inputs."""

    def _check_input_dim(self, input: np.ndarray) -> None:
        if input.ndim != 4:
            raise ValueError("BatchNorm2d: expected a 4D input")


class LayerNorm(Module):
    """Normalization over the last axis (normalized_shape: an int or a 1-tuple)."""

    def __init__(self, normalized_shape, eps: float = 1e-5, elementwise_affine: bool = True,
                 bias: bool = True, device=None, dtype=None):
        super().__init__()
        dt = _dtype(dtype)
        shape = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
        if len(shape) != 1:
            raise NotImplementedError("pts.nn.LayerNorm: only the last axis can be normalized "
                                      "(normalized_shape of one int)")
        self.normalized_shape = shape
        self.eps = float(eps)
        self.elementwise_affine = elementwise_affine
        if elementwise_affine:
            self.weight = np.ones(shape, dt)
            if bias:
                self.bias = np.zeros(shape, dt)
            else:
                self.register_parameter("bias", None)
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)

    def forward(self, input: np.ndarray) -> np.ndarray:
        return F.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extra_repr(self) -> str:
        return (f"{self.normalized_shape}, eps={self.eps}, "
                f"elementwise_affine={self.elementwise_affine}")


class ReLU(Module):
    def __init__(self, inplace: bool = False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input: np.ndarray) -> np.ndarray:
        return F.relu(input)


# a Sequential's Conv2d followed by these, scripted, is one call of the method
# (frontend/check_objects.fused_link)
Conv2d.__pts_chain_fuse__ = (((BatchNorm2d, ReLU), "_forward_bn_relu"), ((ReLU,), "_forward_relu"))


class LeakyReLU(Module):
    def __init__(self, negative_slope: float = 0.01, inplace: bool = False):
        super().__init__()
        self.negative_slope = float(negative_slope)
        self.inplace = inplace

    def forward(self, input: np.ndarray) -> np.ndarray:
        return F.leaky_relu(input, self.negative_slope)

    def extra_repr(self) -> str:
        return f"negative_slope={self.negative_slope}"


class GELU(Module):
    def __init__(self, approximate: str = "none"):
        super().__init__()
        if approximate not in ("none", "tanh"):
            raise ValueError(f"approximate argument must be either none or tanh, not {approximate!r}")
        self.approximate = approximate

    def forward(self, input: np.ndarray) -> np.ndarray:
        return F.gelu(input, self.approximate)

    def extra_repr(self) -> str:
        return f"approximate='{self.approximate}'"


class Sigmoid(Module):
    def forward(self, input: np.ndarray) -> np.ndarray:
        return F.sigmoid(input)


class Tanh(Module):
    def forward(self, input: np.ndarray) -> np.ndarray:
        return F.tanh(input)


class Softmax(Module):
    def __init__(self, dim=None):
        super().__init__()
        if dim is None:
            raise NotImplementedError("pts.nn.Softmax needs dim= (torch's implicit choice of "
                                      "dim is deprecated)")
        self.dim = dim

    def forward(self, input: np.ndarray) -> np.ndarray:
        return F.softmax(input, self.dim)

    def extra_repr(self) -> str:
        return f"dim={self.dim}"


class LogSoftmax(Module):
    def __init__(self, dim=None):
        super().__init__()
        if dim is None:
            raise NotImplementedError("pts.nn.LogSoftmax needs dim= (torch's implicit choice "
                                      "of dim is deprecated)")
        self.dim = dim

    def forward(self, input: np.ndarray) -> np.ndarray:
        return F.log_softmax(input, self.dim)

    def extra_repr(self) -> str:
        return f"dim={self.dim}"


class Dropout(Module):
    """torch's Dropout: the identity in eval mode; in training mode F.dropout with this
    layer's generator (an int64 array [seed, stream, offset] made by
    stdlib.random.generator: a stream of its own, reseeded by pts.manual_seed), which each
    call advances in place."""

    def __init__(self, p: float = 0.5, inplace: bool = False):
        super().__init__()
        if not 0 <= p <= 1:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
        self.p = float(p)
        self.inplace = inplace
        # not a parameter or a buffer (torch's Dropout has neither): a plain attribute,
        # which scripted code reads like any array attribute
        object.__setattr__(self, "generator", _random.generator())

    def forward(self, input: np.ndarray) -> np.ndarray:
        if self.training:
            return F.dropout(input, self.p, True, False, self.generator)
        else:
            return input

    def extra_repr(self) -> str:
        return f"p={self.p}, inplace={self.inplace}"


class MaxPool2d(Module):
    def __init__(self, kernel_size, stride=None, padding=0, dilation=1,
                 return_indices: bool = False, ceil_mode: bool = False):
        super().__init__()
        if dilation not in (1, (1, 1)) or return_indices or ceil_mode:
            raise NotImplementedError("pts.nn.MaxPool2d: dilation, return_indices and ceil_mode "
                                      "are not supported yet")
        self.kernel_size = _square(kernel_size, "kernel_size", "MaxPool2d")
        self.stride = self.kernel_size if stride is None else _square(stride, "stride", "MaxPool2d")
        self.padding = _square(padding, "padding", "MaxPool2d")
        self.dilation = 1
        self.return_indices = return_indices
        self.ceil_mode = ceil_mode

    def forward(self, input: np.ndarray) -> np.ndarray:
        return F.max_pool2d(input, self.kernel_size, self.stride, self.padding)

    def extra_repr(self) -> str:
        return (f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}, "
                f"dilation={self.dilation}, ceil_mode={self.ceil_mode}")


class AvgPool2d(Module):
    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode: bool = False,
                 count_include_pad: bool = True, divisor_override=None):
        super().__init__()
        if ceil_mode or not count_include_pad or divisor_override is not None:
            raise NotImplementedError("pts.nn.AvgPool2d: ceil_mode, count_include_pad=False and "
                                      "divisor_override are not supported yet")
        self.kernel_size = _square(kernel_size, "kernel_size", "AvgPool2d")
        self.stride = self.kernel_size if stride is None else _square(stride, "stride", "AvgPool2d")
        self.padding = _square(padding, "padding", "AvgPool2d")
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad

    def forward(self, input: np.ndarray) -> np.ndarray:
        return F.avg_pool2d(input, self.kernel_size, self.stride, self.padding)

    def extra_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class Flatten(Module):
    """Flattens axes start_dim..end_dim; start_dim 0 or 1 with end_dim -1 are supported."""

    def __init__(self, start_dim: int = 1, end_dim: int = -1):
        super().__init__()
        if start_dim not in (0, 1) or end_dim != -1:
            raise NotImplementedError("pts.nn.Flatten: only start_dim 0 or 1 with end_dim=-1 "
                                      "are supported yet")
        self.start_dim = start_dim
        self.end_dim = end_dim

    def forward(self, input: np.ndarray) -> np.ndarray:
        if self.start_dim == 0:
            return input.reshape(-1)
        else:
            return input.reshape(input.shape[0], -1)

    def extra_repr(self) -> str:
        return f"start_dim={self.start_dim}, end_dim={self.end_dim}"


class Embedding(Module):
    """A lookup table: int indices of any shape -> their rows of weight (num_embeddings,
    embedding_dim), computed as a one-hot product (the language has no gather)."""

    def __init__(self, num_embeddings: int, embedding_dim: int, padding_idx=None, max_norm=None,
                 norm_type: float = 2.0, scale_grad_by_freq: bool = False, sparse: bool = False,
                 _weight=None, _freeze: bool = False, device=None, dtype=None):
        super().__init__()
        dt = _dtype(dtype)
        if max_norm is not None:
            raise NotImplementedError("pts.nn.Embedding: max_norm is not supported yet")
        if padding_idx is not None:
            if not -num_embeddings <= padding_idx < num_embeddings:
                raise AssertionError("Padding_idx must be within num_embeddings")
            padding_idx %= num_embeddings
        self.num_embeddings = num_embeddings
        self.embedding_dim = embedding_dim
        self.padding_idx = padding_idx
        if _weight is not None:
            self.weight = np.asarray(_weight, dt)
        else:
            self.weight = _GENERATOR.standard_normal((num_embeddings, embedding_dim), dtype=np.float32
                                                     if dt == np.float32 else np.float64)
            if padding_idx is not None:
                self.weight[padding_idx] = 0

    def forward(self, input: np.ndarray) -> np.ndarray:
        return F.embedding(input, self.weight)

    def extra_repr(self) -> str:
        s = f"{self.num_embeddings}, {self.embedding_dim}"
        if self.padding_idx is not None:
            s += f", padding_idx={self.padding_idx}"
        return s


# ================================================================ containers

class _Chain:
    def forward(self, input: np.ndarray) -> np.ndarray:
        """What pts.script(a Sequential) compiles as its forward (frontend.objects.
        forward_function): the call of its chain, as a model that holds the Sequential
        compiles it, so that its layers fuse the same way (a Conv2d, BatchNorm2d, ReLU in
        eval mode: one convolution).  Named `forward`: the library's kernels are keyed by
        the method that holds their sites, a model's forward."""
        return self(input)


class Sequential(Module):
    """Modules called one after the other.  Scripted, calling a Sequential is compiled as
    the chain of its children's calls (`__pts_chain__`), so ranks may change along it; so
    is its forward, scripted as the root (`__pts_chain_forward__`)."""

    __pts_chain__ = True
    __pts_chain_forward__ = _Chain.forward

    def __init__(self, *args):
        super().__init__()
        if len(args) == 1 and isinstance(args[0], OrderedDict):
            for name, m in args[0].items():
                self.add_module(name, m)
        else:
            for i, m in enumerate(args):
                self.add_module(str(i), m)

    def forward(self, input: np.ndarray) -> np.ndarray:
        for module in self:
            input = module(input)
        return input

    def __iter__(self):
        return iter(self._modules.values())

    def __len__(self) -> int:
        return len(self._modules)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return type(self)(OrderedDict(list(self._modules.items())[idx]))
        keys = list(self._modules)
        return self._modules[keys[idx]]

    def append(self, module) -> "Sequential":
        self.add_module(str(len(self)), module)
        return self


class ModuleList(Module):
    """A list of modules (children "0", "1", ...); scripted loops over it are unrolled."""

    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.extend(modules)

    def _reset(self, mods: list) -> None:
        for name in list(self._modules):
            del self.__dict__[name]
        self._modules.clear()
        for i, m in enumerate(mods):
            self.add_module(str(i), m)

    def __iter__(self):
        return iter(self._modules.values())

    def __len__(self) -> int:
        return len(self._modules)

    def __getitem__(self, idx):
        mods = list(self._modules.values())
        if isinstance(idx, slice):
            return type(self)(mods[idx])
        return mods[idx]

    def __setitem__(self, idx: int, module) -> None:
        mods = list(self._modules.values())
        mods[idx] = module
        self._reset(mods)

    def __delitem__(self, idx) -> None:
        mods = list(self._modules.values())
        del mods[idx]
        self._reset(mods)

    def __iadd__(self, modules) -> "ModuleList":
        return self.extend(modules)

    def append(self, module) -> "ModuleList":
        self.add_module(str(len(self)), module)
        return self

    def extend(self, modules) -> "ModuleList":
        for m in modules:
            self.append(m)
        return self

    def insert(self, index: int, module) -> None:
        mods = list(self._modules.values())
        mods.insert(index, module)
        self._reset(mods)


class ModuleDict(Module):
    """An ordered dict of modules, torch's API: built from a dict or (name, module) pairs;
    `d[key]`, `d.key`, `in`, `len`, iteration over the keys in insertion order, `keys()`,
    `values()`, `items()`, `update`, `pop`.  Parameters are named `d.key.weight`.
    Scripted, `d[key]` with a constant key, `d.key` and loops over `items()`, `keys()`,
    `values()` (or `d` itself: its keys) are unrolled as ModuleList's are."""

    __pts_mapping__ = True        # iterating over it gives its keys (frontend.objects)

    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.update(modules)

    def __getitem__(self, key: str):
        return self._modules[key]

    def __setitem__(self, key: str, module) -> None:
        self.add_module(key, module)

    def __delitem__(self, key: str) -> None:
        del self._modules[key]
        object.__delattr__(self, key)

    def __len__(self) -> int:
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules)

    def __contains__(self, key) -> bool:
        return key in self._modules

    def clear(self) -> None:
        for key in list(self._modules):
            del self[key]

    def pop(self, key: str):
        v = self[key]
        del self[key]
        return v

    def keys(self):
        return self._modules.keys()

    def items(self):
        return self._modules.items()

    def values(self):
        return self._modules.values()

    def update(self, modules) -> None:
        if isinstance(modules, (dict, ModuleDict)) or hasattr(modules, "keys"):
            for key in modules.keys():
                self[key] = modules[key]
        else:
            for j, pair in enumerate(modules):
                if len(pair) != 2:
                    raise ValueError(f"ModuleDict update sequence element #{j} has length "
                                     f"{len(pair)}; 2 is required")
                self[pair[0]] = pair[1]


__all__ = ["Module", "Parameter", "Identity", "Linear", "Conv2d", "BatchNorm1d", "BatchNorm2d",
           "LayerNorm", "ReLU", "LeakyReLU", "GELU", "Sigmoid", "Tanh", "Softmax", "LogSoftmax", "Dropout",
           "MaxPool2d", "AvgPool2d", "Flatten", "Embedding", "Sequential", "ModuleList",
           "ModuleDict", "manual_seed"]
