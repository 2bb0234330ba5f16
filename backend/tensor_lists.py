"""Arrays made from lists in native code: np.array / np.asarray of a (nested) list of numbers.

The shape is read down the first elements (an empty list has size 0 on every axis below
it); the copy then walks every list, checking each length against the shape: a ragged list
is numpy's ValueError ("setting an array element with a sequence. The requested array has
an inhomogeneous shape after 1 dimensions. The detected shape was (2,) + inhomogeneous
part.").  Elements are converted to the array's dtype as numpy's astype does.

Contract: a mixin of tensor_codegen.Kernels; `op_array(ops, types)` generates np.array.
"""
from __future__ import annotations

from llvmlite import ir

from pts.backend.llvm_types import I64T, PTR
from pts.backend.tensor_abi import c64, convert, dtype_of
from pts.ir.tensor_ops import list_depth


class FromLists:
    """np.array of lists (a mixin of tensor_codegen.Kernels)."""

    def op_array(self, ops, types):
        fc, b = self.fc, self.b
        lst = ops[0].value              # (operand() passes a list on as a Scalar)
        depth, elem = list_depth(types[0])
        dt = dtype_of(self.ins.type)
        # the shape: down the first elements while the lists are not empty
        shape = []
        cur = self.slot(PTR, lst)
        alive = self.slot(ir.IntType(1), ir.Constant(ir.IntType(1), 1))
        for k in range(depth):
            n = self.slot(I64T, c64(0))
            with b.if_then(b.load(alive, typ=ir.IntType(1))):
                here = b.load(cur, typ=PTR)
                size = fc.list_len(here)
                b.store(size, n)
                if k < depth - 1:
                    nonempty = b.icmp_signed(">", size, c64(0))
                    b.store(nonempty, alive)
                    with b.if_then(nonempty):
                        b.store(fc.load_elem(here, c64(0), self.sub_type(types[0], k + 1)),
                                cur)
            shape.append(b.load(n, typ=I64T))
        out = self.alloc(dt, shape)

        def level(k: int, here, off):
            size = fc.list_len(here)
            if k > 0:
                detected = ["("] + [p for d in range(k) for p in
                                    ([shape[d], ", "] if d < k - 1 else [shape[d]])] + \
                    ([",)"] if k == 1 else [")"])
                self.fail_if(b.icmp_signed("!=", size, shape[k]), "ValueError", [
                    "setting an array element with a sequence. The requested array has an "
                    f"inhomogeneous shape after {k} dimensions. The detected shape was "]
                    + detected + [" + inhomogeneous part."])
            sub = self.sub_type(types[0], k + 1)

            def body(i):
                at = b.add(off, b.mul(i, out.strides[k]))
                v = fc.load_elem(here, i, sub)
                if k == depth - 1:
                    self.store(out, at, convert(b, v, elem, dt))
                else:
                    level(k + 1, v, at)
            fc.counted_loop(size, body)
        level(0, lst, c64(0))
        return self.pack(out)

    @staticmethod
    def sub_type(t, k: int):
        for _ in range(k):
            t = t.elem
        return t
