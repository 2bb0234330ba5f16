"""Matrix products in tensor code: matmul and dot, dispatched by rank to backend/gemm.py's
gemm (batched, broadcast over batch dimensions) or to matrix-vector and vector-matrix
loops.

np.dot of arrays of rank >= 2 with more than 2 axes in all contracts the last axis of a
with the second-to-last of b (numpy's rule): one gemm per pair of batch indices.

Contract: `op_matmul` / `op_dot(ops, types)` generate the instruction and return its
value.
"""
from __future__ import annotations

from llvmlite import ir

from pts.backend.llvm_types import I1T
from pts.backend.tensor_abi import FLOATS, MEM, REG, Scalar, Tensor, c64, convert, dtype_of
from pts.backend.tensor_ufuncs import resolve_loop
from pts.ir.types import F16, F32, F64, I1, TensorType

class Matmul:
    """matmul and dot (a mixin of tensor_codegen.Kernels)."""

    def op_matmul(self, ops, types):
        return self.matmul(ops, types, dot=False)

    def op_dot(self, ops, types):
        a, c = ops
        if isinstance(a, Scalar) or isinstance(c, Scalar):
            self.name = "multiply"
            return self.elementwise(ops, types)
        if a.rank > 2 and c.rank > 1 or a.rank > 1 and c.rank > 2:
            return self.dot_nd(a, c, types)
        # (a vector with an array of any rank: np.dot is np.matmul there)
        return self.matmul(ops, types, dot=True)

    def dot_nd(self, a: Tensor, c: Tensor, types):
        """np.dot(a, c), both of rank >= 2 and one above 2: out[I.., n, J.., m] =
        a[I.., n, :] @ c[J.., :, m], one gemm per pair of batch indices (I of a, J of c; loops
        for integers and bools), writing its (n, m) block of out in place (rows
        out.strides[rank(a) - 2] apart)."""
        b = self.b
        in_dts, dt = resolve_loop("matmul", types)
        out_dt = dtype_of(self.ins.type)
        ka, kb = a.shape[-1], c.shape[-2]
        self.fail_if(b.icmp_signed("!=", ka, kb), "ValueError",
                     ["shapes "] + self.shape_text(a.shape) + [" and "] + self.shape_text(c.shape)
                     + [" not aligned: ", ka, f" (dim {a.rank - 1}) != ", kb, f" (dim {c.rank - 2})"])
        fast = dt in (F32, F64) and out_dt == dt
        A = self.copy(a, dt) if fast and a.dtype != dt else a
        B = self.copy(c, dt) if fast and c.dtype != dt else c
        n, m = A.shape[-2], B.shape[-1]
        ra, rc = a.rank, c.rank
        out = self.alloc(out_dt, list(A.shape[:-1]) + list(B.shape[:-2]) + [m], zero=False)
        bshape = list(A.shape[:-2]) + list(B.shape[:-2])
        sa = list(A.strides[:-2]) + [c64(0)] * (rc - 2)
        sb = [c64(0)] * (ra - 2) + list(B.strides[:-2])
        so = list(out.strides[:ra - 2]) + list(out.strides[ra - 1:ra - 1 + rc - 2])
        if not fast:
            self.product_loops(A, B, out, bshape, sa, sb, so, n, m, ka, out.strides[ra - 2],
                               out.strides[-1], F32 if dt == F16 else dt, out_dt)
            return self.result_of_scratch(out)
        self.gemm_batches(A, B, out, bshape, sa, sb, so, n, m, ka, out.strides[ra - 2],
                          collapse=False)
        for t, orig in ((A, a), (B, c)):
            if t.dtype != orig.dtype:
                self.scratch_done(t)
        return self.result_of_scratch(out)

    def matmul(self, ops, types, dot: bool):
        """matmul / dot for 1-D, 2-D and (matmul) batched operands with broadcast batch
        dimensions; a 1-D operand is a row (left) or column (right) that is dropped from
        the result.  Computed in numpy's loop dtype (bool: or of ands)."""
        a, c = ops
        b = self.b
        if isinstance(a, Scalar) or isinstance(c, Scalar):
            self.refuse("np.matmul of a scalar")
        in_dts, dt = resolve_loop("matmul", types)
        out_dt = dtype_of(self.ins.type)
        ka = a.shape[-1]
        kb = c.shape[0] if c.rank == 1 else c.shape[-2]
        if dot:
            self.fail_if(b.icmp_signed("!=", ka, kb), "ValueError",
                         ["shapes "] + self.shape_text(a.shape) + [" and "] + self.shape_text(c.shape)
                         + [" not aligned: ", ka, f" (dim {a.rank - 1}) != ", kb, f" (dim {max(c.rank - 2, 0)})"])
        else:
            self.fail_if(b.icmp_signed("!=", ka, kb), "ValueError",
                         ["matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
                          "signature (n?,k),(k,m?)->(n?,m?) (size ", kb, " is different from ", ka, ")"])
        # (batch..., n, k) and (batch..., k, m) views; 1-D operands get a length-1 axis
        if a.rank == 1:
            A = Tensor(a.dtype, a.data, a.owner, [c64(1), ka], [c64(0), a.strides[0]])
        else:
            A = a
        if c.rank == 1:
            B = Tensor(c.dtype, c.data, c.owner, [kb, c64(1)], [c.strides[0], c64(0)])
        else:
            B = c
        fast = dt in (F32, F64) and out_dt == dt          # blocked, packed gemm (backend/gemm.py)
        if fast and A.dtype != dt:
            A = self.copy(A, dt)
        if fast and B.dtype != dt:
            B = self.copy(B, dt)
        ba = Tensor(A.dtype, None, None, A.shape[:-2], A.strides[:-2])
        bb = Tensor(B.dtype, None, None, B.shape[:-2], B.strides[:-2])
        nb = max(ba.rank, bb.rank)
        n, m = A.shape[-2], B.shape[-1]
        if nb:
            bshape, (sa, sb) = self.batch_broadcast(ba, bb, nb, a, c, n, m)
        else:
            bshape, sa, sb = [], [], []
        rt = self.ins.type
        if isinstance(rt, TensorType):
            shape = bshape + ([n] if a.rank > 1 else []) + ([m] if c.rank > 1 else [])
            out = self.alloc(out_dt, shape, zero=False)
            ost = out.strides[:nb]
            on = out.strides[nb] if a.rank > 1 else c64(0)
            om = out.strides[-1] if c.rank > 1 else c64(0)
        else:
            out = self.alloc(out_dt, [])
            ost, on, om = [], c64(0), c64(0)
        if fast and not bshape and c.rank == 1 and a.rank > 1:
            # matrix @ vector: packing for the gemm would copy the whole matrix to use each
            # element once; contiguous operands take a vectorized loop (A and B, not a and c:
            # they may be converted copies).  (vector @ matrix is the gemm's: backend/gemm.py's
            # `streamed` or `dots` read the matrix in place, split over threads.)
            col = Tensor(B.dtype, B.data, B.owner, [kb], [B.strides[-2]])
            unit = b.and_(b.icmp_signed("==", A.strides[-1], c64(1)),
                          b.icmp_signed("==", col.strides[0], c64(1)))
            with b.if_else(unit) as (then, otherwise):
                with then:
                    self.matvec(A, col, out, n, ka)
                with otherwise:
                    self.gemm_batches(A, B, out, bshape, sa, sb, ost, n, m, ka, on, collapse=True)
        elif fast:
            self.gemm_batches(A, B, out, bshape, sa, sb, ost, n, m, ka, on, collapse=a.rank > 1)
        if fast:
            for t, orig in ((A, a), (B, c)):
                if t.dtype != orig.dtype:       # the converted copy above
                    self.scratch_done(t)
            return self.result_of_scratch(out)
        # (float16: numpy's loop sums the products in float32 and rounds each result once)
        self.product_loops(A, B, out, bshape, sa, sb, ost, n, m, ka, on, om,
                           F32 if dt == F16 else dt, out_dt)
        return self.result_of_scratch(out)

    def product_loops(self, A: Tensor, B: Tensor, out: Tensor, bshape, sa, sb, ost, n, m, ka,
                      on, om, dt, out_dt) -> None:
        """out[batch][i, j] = sum_p A[batch][i, p] * B[batch][p, j] by loops, in numpy's loop
        dtype dt (bool: or of ands) - the products the gemm does not take (integers, bools,
        mixed result dtypes); rows of out are `on` apart, columns `om`."""
        b = self.b
        T = REG[dt]
        zero = ir.Constant(T, 0.0 if dt in FLOATS else 0)
        # accumulate in a row buffer of the loop dtype: for i: row = 0; for p: row += a[i,p] *
        # b[p,:] — the inner loop runs along b's and the row's last axis (vectorizable);
        # each element still sums over p in order
        row_buf = self.alloc(dt, [m])

        def per_batch(offs):
            oa, ob, oo = offs

            def row(i):
                ra = b.add(oa, b.mul(i, A.strides[-2]))
                ro = b.add(oo, b.mul(i, on))
                self.fc.counted_loop(m, lambda j: self.store(row_buf, j, zero))

                def inner(p):
                    x = convert(b, self.load(A, b.add(ra, b.mul(p, A.strides[-1]))), A.dtype, dt)
                    rb = b.add(ob, b.mul(p, B.strides[-2]))

                    def col(j):
                        y = convert(b, self.load(B, b.add(rb, b.mul(j, B.strides[-1]))), B.dtype, dt)
                        s = self.load(row_buf, j)
                        if dt in FLOATS:
                            s = b.fadd(s, b.fmul(x, y))
                        elif dt == I1:
                            s = b.or_(s, b.and_(x, y))
                        else:
                            s = b.add(s, b.mul(x, y))
                        self.store(row_buf, j, s)
                    self.fc.counted_loop(m, col)
                self.fc.counted_loop(ka, inner)
                self.fc.counted_loop(m, lambda j: self.store(
                    out, b.add(ro, b.mul(j, om)), convert(b, self.load(row_buf, j), dt, out_dt)))
            self.fc.counted_loop(n, row)
        self.loop(bshape, [sa, sb, ost], per_batch)
        self.scratch_done(row_buf)


    def matvec(self, A: Tensor, v: Tensor, out: Tensor, n, k) -> None:
        """out[i] = sum_p A[i, p] * v[p], rows of A and v contiguous: a dot product per row
        (reassociated, in the float dtype, as BLAS's gemv does)."""
        b = self.b
        T = REG[out.dtype]
        acc = self.slot(T)

        def row(i):
            base = b.mul(i, A.strides[0])
            b.store(ir.Constant(T, 0.0), acc)

            def step(p):
                s = b.fadd(b.load(acc, typ=T),
                           b.fmul(self.load(A, b.add(base, p)), self.load(v, p), flags=("contract",)),
                           flags=("reassoc", "nsz", "contract"))
                b.store(s, acc)
            self.fc.counted_loop(k, step)
            self.store(out, b.mul(i, out.strides[0]), b.load(acc, typ=T))
        self.fc.counted_loop(n, row)

    def gemm_batches(self, A: Tensor, B: Tensor, out: Tensor, bshape, sa, sb, ost, n, m, k, on,
                     collapse: bool):
        """out[batch] = A[batch] @ B[batch] through the gemm of backend/gemm.py: one call when
        there is no batch or when B is shared by every batch and A's batches are evenly
        spaced rows (x @ W with x (..., n, k)), else a call of the batched entry per index
        of the batch axes but the last (`gemm.call_batched`: the batches over threads)."""
        from pts.backend import gemm
        b, mc, ctx = self.b, self.mc, self.fc.ctx
        dn = "f32" if A.dtype == F32 else "f64"
        ET = MEM[A.dtype]
        rsa, csa, rsb, csb = A.strides[-2], A.strides[-1], B.strides[-2], B.strides[-1]

        def one(oa, ob, oo, rows, work=None):
            gemm.call(mc, b, ctx, dn, rows, m, k, b.gep(A.data, [oa], source_etype=ET), rsa, csa,
                      b.gep(B.data, [ob], source_etype=ET), rsb, csb,
                      b.gep(out.data, [oo], source_etype=ET), on, work=work)
        if not bshape:
            one(c64(0), c64(0), c64(0), n)
            return

        def batched():
            # the last batch axis in one call of the batched entry (split over threads by
            # batches), the others in loops around it
            def inner(offs):
                oa, ob, oo = offs
                gemm.call_batched(mc, b, ctx, dn, bshape[-1], n, m, k,
                                  b.gep(A.data, [oa], source_etype=ET), rsa, csa, sa[-1],
                                  b.gep(B.data, [ob], source_etype=ET), rsb, csb, sb[-1],
                                  b.gep(out.data, [oo], source_etype=ET), on, ost[-1])
            self.loop(bshape[:-1], [sa[:-1], sb[:-1], ost[:-1]], inner)
        if not collapse:
            batched()
            return
        ok = ir.Constant(I1T, 1)
        expect, rows = b.mul(n, rsa), n
        for d in range(len(bshape) - 1, -1, -1):
            ok = b.and_(ok, b.icmp_signed("==", sb[d], c64(0)))
            ok = b.and_(ok, b.or_(b.icmp_signed("==", bshape[d], c64(1)), b.icmp_signed("==", sa[d], expect)))
            expect = b.mul(expect, bshape[d])
            rows = b.mul(rows, bshape[d])
        with b.if_else(ok) as (then, other):
            with then:
                one(c64(0), c64(0), c64(0), rows)
            with other:
                batched()

    def batch_broadcast(self, ba, bb, nb, a, c, n, m):
        b = self.b
        shape, bad = [], ir.Constant(I1T, 0)
        for d in range(nb):
            out = c64(1)
            for x in (ba, bb):
                k = d - (nb - x.rank)
                if k < 0:
                    continue
                s = x.shape[k]
                ne1 = b.icmp_signed("!=", s, c64(1))
                bad = b.or_(bad, b.and_(ne1, b.and_(b.icmp_signed("!=", out, c64(1)), b.icmp_signed("!=", out, s))))
                out = b.select(ne1, s, out)
            shape.append(out)
        msg: list = ["operands could not be broadcast together with remapped shapes [original->remapped]: "]
        for x, bx in ((a, ba), (c, bb)):
            core = "newaxis," * (2 if x.rank > 1 else 1)
            msg += self.shape_text(x.shape) + ["->("]
            for s in bx.shape:
                msg += [s, ","]
            msg += [core[:-1] + ") "]
        msg += [" and requested shape ("]
        msg += ([n, ","] if a.rank > 1 else []) + ([m] if c.rank > 1 else []) + [")"]
        self.fail_if(bad, "ValueError", msg)
        strides = [[self.bstride(x, d, nb) for d in range(nb)] for x in (ba, bb)]
        return shape, strides
