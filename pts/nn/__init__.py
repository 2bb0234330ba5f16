"""pts.nn: neural-network building blocks, mirroring torch.nn.

Module classes (stdlib/modules.py): `Module`, `Linear`, `Conv2d`, `BatchNorm1d`,
`BatchNorm2d`, `LayerNorm`, activations, `Dropout`, pooling, `Embedding`, `Sequential`,
`ModuleList`, `ModuleDict`, ...; their `forward` methods are in the pts language, so `pts.script(model)`
compiles a model built from them.  `pts.nn.functional` holds the functions (stdlib/nn.py),
`pts.nn.random` dropout's generator (stdlib/random.py).
"""
from pts.nn import functional, init, random
from pts.stdlib.modules import (AvgPool2d, BatchNorm1d, BatchNorm2d, Conv2d, Dropout, Embedding,
                                Flatten, GELU, Identity, LayerNorm, LeakyReLU, Linear,
                                LogSoftmax, MaxPool2d, Module, ModuleDict, ModuleList, Parameter, ReLU,
                                Sequential, Sigmoid, Softmax, Tanh)

__all__ = ["functional", "init", "random", "Module", "Parameter", "Identity", "Linear", "Conv2d",
           "BatchNorm1d", "BatchNorm2d", "LayerNorm", "ReLU", "LeakyReLU", "GELU", "Sigmoid",
           "Tanh", "Softmax", "LogSoftmax", "Dropout", "MaxPool2d", "AvgPool2d", "Flatten",
           "Embedding", "Sequential", "ModuleList", "ModuleDict"]
