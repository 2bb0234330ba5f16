"""Native code for tensor ops (`np.*` instructions): the one class that generates them, and
the dispatch from an op's name to the method that builds it.

Kernels are LLVM loops specialized for the static rank: a loop nest over the output shape
in C order, each operand addressed by a running offset (stride 0 on broadcast dimensions).
Each kernel family is a method of `Kernels`, with the numpy behaviour it matches; the
methods live with their job, one mixin class per module:

    tensor_abi         descriptors and their parts (Tensor, Scalar), the arena, dtypes at
                       compile time; KernelBase: operands, results, memory, the loop nest
    tensor_errors      the errors numpy would raise, their messages formatted at run time
    tensor_ufuncs      ufuncs (and where, clip) with numpy broadcasting and dtype rules
    tensor_reductions  sum, mean, max, ..., std and var, over all or some axes
    tensor_views       indexing, slicing, assignment, and views: transpose, reshape, ...
    tensor_indexing    indexing with a bool mask or an int array (reads and writes)
    tensor_lists       np.array of (nested) lists
    tensor_copies      the module's copy, fill and transpose loops; copy, astype,
                       concatenate, stack
    tensor_matmul      matmul and dot: the gemm of backend/gemm.py, matrix-vector products
    tensor_create      zeros, ones, full, eye, arange, linspace (and their *_like)
    conv               conv2d_wide: stdlib/nn.py's convolutions of stride 1, images over
                       the thread pool

Ufuncs and reductions are dispatched by name (ELEMENTWISE, REDUCTIONS); every other op X by
its method `op_X`.

Contract: `emit(fc, ins, args)` generates one `np.*` instruction in the function being
built by `fc` (a codegen.FunctionCodegen) and returns its LLVM value (or None).  Ops not
built raise CompileError "native code for 'np.X' is not built yet".
"""
from __future__ import annotations

from pts.backend.conv import Convolution
from pts.backend.tensor_abi import KernelBase
from pts.backend.tensor_copies import Copies
from pts.backend.tensor_create import Creation
from pts.backend.tensor_errors import Errors
from pts.backend.tensor_indexing import Indexing
from pts.backend.tensor_lists import FromLists
from pts.backend.tensor_matmul import Matmul
from pts.backend.tensor_reductions import REDUCTIONS, Reductions
from pts.backend.tensor_ufuncs import ELEMENTWISE, Ufuncs
from pts.backend.tensor_views import Views


def emit(fc, ins, args: list):
    return Kernels(fc, ins).run(args)


class Kernels(KernelBase, Errors, Ufuncs, Reductions, Views, Indexing, Copies, Matmul,
              Creation, FromLists, Convolution):
    """The code of one `np.*` instruction (`ins`) in the function `fc` is building."""

    # ---------------------------------------------------------------- dispatch

    def run(self, args):
        name = self.name
        types = [a.type for a in self.ins.args]
        ops = [self.operand(v, t) for v, t in zip(args, types)]
        if name in ELEMENTWISE or name in ("where", "clip"):
            return self.elementwise(ops, types)
        if name in REDUCTIONS:
            return self.reduce(ops[0])
        method = getattr(self, "op_" + name, None)
        if method is None:
            self.refuse()
        return method(ops, types)
