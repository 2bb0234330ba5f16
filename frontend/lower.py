"""Lowering: typed AST -> SSA IR with block parameters.

Contract: `lower_function(spec)` takes a checked `Spec` (every Expr has `.ty`) and returns
an `ir.Function` that passes `ir.verify`.  Python semantics are made explicit here: every
operation that raises in Python gets a `check` before it (division by zero, index out of
range, math domain and range errors, conversions of nan/inf to int), int/float promotion
becomes `itof`, short-circuit operators and chained comparisons become control flow.

SSA construction follows Braun et al., "Simple and Efficient Construction of Static Single
Assignment Form" (CC 2013): variables are read per block; a block whose predecessors are
not all known yet ("unsealed", i.e. a loop header) gets a parameter per variable read, and
the predecessors' branches receive the matching arguments when the block is sealed.
Redundant parameters are left for `fold_constants` to remove.
"""
from __future__ import annotations

from pts.errors import CompileError
from pts.frontend import ast as A
from pts.frontend.check import MATH_FUNCS_2, MATH_PRED, MATH_TO_INT, Spec, UNKNOWN
from pts.frontend.check_iter import RangeType, ValueExpr, ir_type
from pts.frontend.check_numbers import plain_number
from pts.frontend.lower_complex import ComplexLowering
from pts.frontend.check_strings import is_str_call
from pts.frontend.check_tensors import BINARY_UFUNCS, DTypeType
from pts.frontend.lower_exceptions import ExceptionLowering, TryBuilder
from pts.frontend.lower_functions import FunctionLowering
from pts.frontend.lower_iter import IterLowering
from pts.frontend.lower_split import for_split
from pts.frontend.lower_dicts import DictLowering
from pts.frontend.check_dicts import is_hash
from pts.frontend.lower_lists import ListLowering
from pts.frontend.lower_vartuple import VarTupleLowering
from pts.frontend.lower_classes import ClassLowering, is_obj_cast
from pts.frontend.lower_strings import StringLowering
from pts.frontend.shared_globals import shared_value
from pts.frontend.objects import ObjectType
from pts.ir.core import Block, BlockParam, Builder, Const, Function, Instr, Value, const
from pts.ir.ops import result_type
from pts.ir.types import (DTYPE_NAMES, INT_BITS, C128, F32, F64, I1, I64, NONE, NPF64, NPI1, NUMPY_SCALARS, STR, DictType, ListType,
                          VarTupleType, ObjType, OptionalType, TensorType, TupleType, Type, py_name)

NUMBERS = (I1, I64, F64) + NUMPY_SCALARS

INT_MIN_F = -9.223372036854775808e18   # -2**63 as a float: the i64 range is [-2**63, 2**63)

# Math functions whose result may be nan for a non-nan argument (CPython: domain error) and
# which may overflow to inf from a finite argument (range error; log(0) is a domain error).
MATH_DOMAIN = {"sqrt", "log", "log2", "log10", "sin", "cos", "tan", "asin", "acos", "pow", "fmod"}
MATH_RANGE = {"exp", "sinh", "cosh", "pow", "log", "log2", "log10", "expm1", "exp2"}
LOG_FUNCS = {"log", "log2", "log10"}

BINOPS = {"+": "add", "-": "sub", "*": "mul", "/": "div", "//": "floordiv", "%": "mod",
          "**": "pow", "&": "and", "|": "or", "^": "xor", "<<": "shl", ">>": "shr"}
CMPOPS = {"==": "eq", "!=": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge"}


def zero_const(t: Type) -> Const | None:
    if t == I1:
        return const(False)
    if t == I64:
        return const(0)
    if t == F64:
        return const(0.0)
    if t == NONE:
        return const(None)
    if t == STR:
        return const("")
    return None


class Loop:
    def __init__(self, cont: Block, exit: Block):
        self.cont = cont
        self.exit = exit


class Lowerer(ExceptionLowering, StringLowering, IterLowering, DictLowering,
              FunctionLowering, ComplexLowering, ListLowering, VarTupleLowering, ClassLowering):
    loop_entry = Loop           # (for frontend.lower_iter, which cannot import this module)

    def __init__(self, spec: Spec):
        self.spec = spec
        fdef = spec.fdef
        self.var_types = spec.var_types
        params = [p for p in fdef.params if p.name not in spec.const_params]
        ptypes = [spec.var_types[p.name] for p in params]
        self.f = Function(spec.ir_name, ptypes, ir_type(spec.ret_type), [p.name for p in params],
                          file=fdef.span.file)
        self.b = TryBuilder(self.f, self.f.entry, self)
        self.try_stack: list = []                  # active handlers (lower_exceptions)
        self.handling: list[Value] = []            # the exceptions being handled
        self.defs: dict[str, dict[Block, Value]] = {}
        self.sealed: set[Block] = {self.f.entry}
        self.incomplete: dict[Block, list[tuple[str, BlockParam]]] = {}
        self.preds: dict[Block, list[Block]] = {self.f.entry: []}
        self.loops: list[Loop] = []
        self.live: set[Block] = {self.f.entry}     # blocks reachable from the entry
        self.counter = 0
        for var in list(self.var_types):
            self.var_types[var + "?"] = I1
        for p in self.f.params:
            self.write(p.name, self.f.entry, p)
        for name, value in spec.const_params.items():
            if isinstance(value, (str, bool, int, float)) and name in spec.var_types:
                # a folded argument the body assigns again (`s1, s2 = s2, s1`): its reads
                # are variable reads (check.expr_Name), from the folded value on
                self.write(name, self.f.entry, const(value, spec.var_types[name]))

    # ---------------------------------------------------------------- blocks and SSA

    def new_block(self, name: str) -> Block:
        blk = self.f.new_block(name)
        self.preds[blk] = []
        self.incomplete[blk] = []
        return blk

    def start(self, blk: Block) -> None:
        self.b.at(blk)

    def closed(self) -> bool:
        return self.b.block.terminator is not None

    def jump(self, target: Block, args: list[Value] | None = None) -> None:
        self.b.br(target, args)
        self.preds[target].append(self.b.block)
        if self.b.block in self.live:
            self.live.add(target)

    def branch(self, cond: Value, t: Block, f: Block) -> None:
        self.b.cbr(cond, t, f)
        self.preds[t].append(self.b.block)
        if f is not t:
            self.preds[f].append(self.b.block)
        if self.b.block in self.live:
            self.live.update((t, f))

    def seal(self, blk: Block) -> None:
        for var, param in self.incomplete.pop(blk, []):
            self.add_param_args(var, blk, param)
        self.sealed.add(blk)

    def write(self, var: str, blk: Block, value: Value) -> None:
        self.defs.setdefault(var, {})[blk] = value
        if not var.startswith(".") and not var.endswith("?"):
            # the variable's shadow "var?" is true where it has been assigned (see expr_Name)
            self.var_types.setdefault(var + "?", I1)
            self.defs.setdefault(var + "?", {})[blk] = const(True)

    def read(self, var: str, blk: Block | None = None) -> Value:
        blk = blk or self.b.block
        d = self.defs.get(var)
        if d is not None and blk in d:
            return d[blk]
        t = self.var_types[var]
        if blk not in self.sealed:
            val: Value = blk.add_param(BlockParam(t, var))
            self.incomplete[blk].append((var, val))
        else:
            preds = self.preds[blk]
            if len(preds) == 1:
                val = self.read(var, preds[0])
            elif not preds:
                val = self.undefined(t)
            else:
                val = blk.add_param(BlockParam(t, var))
                self.write(var, blk, val)
                self.add_param_args(var, blk, val)
        self.write(var, blk, val)
        return val

    def add_param_args(self, var: str, blk: Block, param: BlockParam) -> None:
        seen = []
        for pred in self.preds[blk]:
            if pred in seen:
                continue
            seen.append(pred)
            v = self.read(var, pred)
            for target in pred.terminator.targets:
                if target.block is blk:
                    target.args.append(v)

    def undefined(self, t: Type) -> Value:
        """The value of a variable read where no assignment reaches (or in dead code)."""
        z = zero_const(t)
        if z is not None:
            return z
        if isinstance(t, ListType):
            i = Instr("list.new", [const(0)], t, span=self.b.span)
        elif is_hash(t):
            i = Instr("dict.new" if isinstance(t, DictType) else "set.new", [], t, span=self.b.span)
        elif isinstance(t, TupleType):
            i = Instr("tuple", [self.undefined(e) for e in t.elems], t, span=self.b.span)
        elif isinstance(t, OptionalType):
            i = Instr("opt.none", [], t, span=self.b.span)
        elif t == C128:
            i = Instr("complex", [const(0.0), const(0.0)], t, span=self.b.span)
        elif t in NUMPY_SCALARS:
            # a numpy scalar (t = 0.0 before a loop makes it np.float64): its type's zero
            plain = const(False) if t == NPI1 else const(0.0) if t in (F32, NPF64) else const(0)
            i = Instr("cast", [plain], t, span=self.b.span)
        elif isinstance(t, ObjType):                 # (ir.object_ops)
            i = Instr("obj.null", [], t, span=self.b.span)
        elif isinstance(t, TensorType):
            # never read (an UnboundLocalError check or dead code comes first): an empty array
            from pts.ir.types import DTYPE_NAMES
            shape = Instr("tuple", [const(0)] * t.rank, TupleType((I64,) * t.rank), span=self.b.span)
            shape.block = self.f.entry
            self.f.entry.instrs.insert(0, shape)
            i = Instr("np.zeros", [shape], t, {"static": repr({"dtype": DTYPE_NAMES[t.dtype]})},
                      span=self.b.span)
            i.block = self.f.entry
            self.f.entry.instrs.insert(1, i)
            return i
        else:
            raise CompileError(f"no value for type {py_name(t)}", self.b.span)
        i.block = self.f.entry
        self.f.entry.instrs.insert(0, i)
        return i

    def fresh(self, prefix: str) -> str:
        self.counter += 1
        return f".{prefix}{self.counter}"

    def dead_block(self) -> None:
        """Continue lowering into an unreachable block (code after return/break/raise)."""
        blk = self.new_block("dead")
        self.sealed.add(blk)
        self.start(blk)

    # ---------------------------------------------------------------- helpers

    def emit(self, op: str, args: list[Value], t: Type | None, **attrs) -> Instr:
        return self.b.emit(op, args, t, attrs or None)

    def coerce(self, v: Value, src: Type, dst: Type) -> Value:
        """Implicit conversion for assignment and arithmetic: bool -> int -> float."""
        if isinstance(src, RangeType) and isinstance(dst, ListType):
            rng = ValueExpr(src, self.b.span)           # check_iter.range_as_list
            rng.ty, rng.value = src, v
            return self.materialize(rng, dst)
        if src == dst or dst == UNKNOWN or isinstance(src, RangeType):
            return v
        if is_obj_cast(src, dst):                  # a subclass's object as its base's
            return self.emit("obj.cast", [v], dst)
        if dst == C128:                            # int, bool, float -> complex(x, 0.0)
            return self.to_complex(v, src)
        if isinstance(dst, OptionalType):          # None -> opt.none, T -> opt.some
            if src == NONE:
                return self.emit("opt.none", [], dst)
            if isinstance(src, OptionalType):
                raise CompileError(f"cannot convert {py_name(src)} to {py_name(dst)}", self.b.span)
            return self.emit("opt.some", [self.coerce(v, src, dst.elem)], dst)
        if src in NUMBERS and dst in NUMBERS and (src in NUMPY_SCALARS or dst in NUMPY_SCALARS):
            return self.emit("cast", [v], dst)      # numpy scalars: a C-style conversion
        if isinstance(v, Const) and dst in (I64, F64) and src in (I1, I64):
            return const(float(v.value) if dst == F64 else int(v.value), dst)
        if src == I1 and dst == I64:
            return self.emit("btoi", [v], I64)
        if src == I1 and dst == F64:
            return self.emit("itof", [self.emit("btoi", [v], I64)], F64)
        if src == I64 and dst == F64:
            return self.emit("itof", [v], F64)
        if isinstance(src, TupleType) and isinstance(dst, VarTupleType):   # (lower_vartuple)
            return self.vartuple_from_fixed(v, src, dst)
        if isinstance(src, TupleType) and isinstance(dst, TupleType):
            parts = [self.coerce(self.emit("tuple.get", [v, const(i)], s), s, d)
                     for i, (s, d) in enumerate(zip(src.elems, dst.elems))]
            return self.emit("tuple", parts, dst)
        if isinstance(src, ListType) and isinstance(dst, ListType) and src.elem == UNKNOWN:
            return v
        raise CompileError(f"cannot convert {py_name(src)} to {py_name(dst)}", self.b.span)

    def truth(self, v: Value, t: Type) -> Value:
        """Python truthiness as an i1."""
        if t == I1:
            return v
        if isinstance(v, Const) and t in (I64, F64):      # `while 1:`
            return const(bool(v.value))
        if t == I64:
            return self.emit("ne", [v, const(0)], I1)
        if t == F64:
            return self.emit("ne", [v, const(0.0)], I1)
        if t in NUMPY_SCALARS:
            return self.emit("ne", [v, self.emit("cast", [const(0)], t)], I1)
        if t == NONE:
            return const(False)
        if isinstance(t, ObjType):                 # an object without __bool__/__len__
            return const(True)
        if isinstance(t, OptionalType):            # None is false, else the value's truth
            # (read only where present: the interpreter's None has no truth of T)
            result = self.fresh("truth")
            self.var_types[result] = I1
            present, done = self.new_block("optsome"), self.new_block("opttruth")
            self.write(result, self.b.block, const(False))
            self.branch(self.emit("opt.is_none", [v], I1), done, present)
            self.seal(present)
            self.start(present)
            self.write(result, self.b.block,
                       self.truth(self.emit("opt.get", [v], t.elem), t.elem))
            self.jump(done)
            self.seal(done)
            self.start(done)
            return self.read(result)
        if isinstance(t, ListType):
            return self.emit("ne", [self.emit("list.len", [v], I64), const(0)], I1)
        if is_hash(t):
            return self.emit("ne", [self.emit("hash.len", [v], I64), const(0)], I1)
        if isinstance(t, TupleType):
            return const(bool(t.elems))
        if t == STR:
            return self.str_truth(v)
        raise CompileError(f"no truth value for {py_name(t)}", self.b.span)

    def check(self, cond: Value, kind: str, msg: str) -> None:
        if isinstance(cond, Const) and cond.value is False:
            return
        self.b.check(cond, kind, msg)

    def cond_value(self, e: A.Expr) -> Value:
        if getattr(e, "truth_call", None) is not None:    # `if p:` by __bool__ (lower_classes)
            e.truth_call.args[0].value = self.expr(e)
            return self.truth(self.expr(e.truth_call), e.truth_call.ty)
        return self.truth(self.expr(e), e.ty)

    # ---------------------------------------------------------------- function

    def lower(self) -> Function:
        fdef = self.spec.fdef
        self.b.span = fdef.span
        self.global_lists = self.build_global_lists(fdef.body)      # (lower_lists)
        self.block(fdef.body)
        if not self.closed():
            blk = self.b.block
            if blk not in self.live:
                self.b.raise_("RuntimeError", const("unreachable"))
            elif self.f.ret_type == NONE:
                self.b.ret()
            elif isinstance(self.f.ret_type, OptionalType):   # falling off returns None
                self.b.ret(self.emit("opt.none", [], self.f.ret_type))
            else:
                raise CompileError(f"function '{fdef.name}' may end without returning a "
                                   f"{py_name(self.f.ret_type)}", fdef.span)
        for blk in list(self.incomplete):
            self.seal(blk)
        return self.f

    # ---------------------------------------------------------------- statements

    def block(self, stmts: list[A.Stmt]) -> None:
        for s in stmts:
            if self.closed():
                self.dead_block()
            self.b.span = s.span
            getattr(self, "stmt_" + type(s).__name__)(s)
            if getattr(s, "dead_after", False):     # (the checker stopped here too)
                break

    def stmt_Pass(self, s: A.Pass) -> None:
        pass

    def stmt_Import(self, s: A.Import) -> None:
        pass                  # bound when compiling (frontend.function_imports)

    def stmt_Global(self, s: A.Global) -> None:
        pass

    def stmt_ExprStmt(self, s: A.ExprStmt) -> None:
        self.expr(s.value)

    def stmt_Return(self, s: A.Return) -> None:
        if self.generator_return(s):     # in an inlined generator: the iteration ends
            return
        rt = self.f.ret_type
        if rt == NONE:
            if s.value is not None:
                self.expr(s.value)
            self.ret_through_finally(None)
            return
        if s.value is None:                  # a bare return of an Optional result: None
            self.b.ret(self.emit("opt.none", [], rt))
            return
        v = self.expr(s.value)
        self.b.span = s.span
        self.ret_through_finally(self.coerce(v, s.value.ty, rt))

    def stmt_Assign(self, s: A.Assign) -> None:
        v = self.expr(s.value)
        for target in s.targets:
            self.assign(target, v, s.value.ty)

    def stmt_AnnAssign(self, s: A.AnnAssign) -> None:
        if s.value is not None:
            v = self.expr(s.value)
            self.assign(s.target, v, s.value.ty)

    def assign(self, target: A.Expr, v: Value, t: Type) -> None:
        if isinstance(target, A.Name):
            var = target.var
            self.write(var, self.b.block, self.coerce(v, t, self.var_types[var]))
        elif isinstance(target, (A.TupleExpr, A.ListExpr)):
            if getattr(target, "unwrap_optional", None) is not None and t == target.unwrap_optional:
                self.check(self.emit("opt.is_none", [v], I1), "TypeError",
                           "cannot unpack non-iterable NoneType object")
                t = t.elem
                v = self.emit("opt.get", [v], t)
            if getattr(target, "unpack_record", None) is not None and t == target.unpack_record:
                v, t = self.record_fields(v, target.unpack_info)   # x, y = p (lower_classes)
            if getattr(target, "unpack_list", None) is not None and t == target.unpack_list:
                v, t = self.unpack_list(v, t, len(target.elts))      # (lower_lists)
            for i, sub in enumerate(target.elts):
                et = t.elems[i]
                self.assign(sub, self.emit("tuple.get", [v, const(i)], et), et)
        elif isinstance(target, A.Subscript) and getattr(target, "method_call", None) is not None:
            target.stored.value = v                      # p[i] = v (lower_classes)
            self.expr(target.method_call)
        elif isinstance(target, A.Subscript) and isinstance(target.value.ty, TensorType):
            base = self.expr(target.value)
            idx = [self.expr(x) for x in target.index_operands]
            self.b.span = target.span
            self.emit("np.setitem", [base, v] + idx, None, pattern=target.pattern)
        elif isinstance(target, A.Attribute) and getattr(target, "field_of", None) is not None:
            self.field_set(target, v, t)                  # p.x = v (lower_classes)
        elif isinstance(target, A.Attribute) and getattr(target, "union_stores", None):
            self.union_store(target, v, t)                # u.x = v of a union (lower_classes)
        elif isinstance(target, A.Attribute) and getattr(target, "setter_call", None) is not None:
            target.stored.value = v                      # a property's setter (lower_classes)
            self.expr(target.setter_call)
        elif isinstance(target, A.Attribute) and getattr(target, "attr_path", None) is not None:
            # self.w = v: rebinds the live object's attribute (see frontend.objects)
            self.b.span = target.span
            self.emit("attr.set", [v], None, path=".".join(target.attr_path))
        elif isinstance(target, A.Subscript) and is_hash(target.value.ty):
            self.dict_setitem(target, v, t)
        elif isinstance(target, A.Subscript) and isinstance(target.index, A.Slice):
            self.list_slice_store(target, v)
        elif isinstance(target, A.Subscript):
            lst = self.expr(target.value)
            idx = self.list_index(lst, target.index, "list assignment index out of range")
            self.b.span = target.span
            self.emit("list.set", [lst, idx, self.coerce(v, t, target.value.ty.elem)], None)
        else:  # pragma: no cover - the checker refuses other targets
            raise CompileError("cannot assign to this expression", target.span)

    def stmt_AugAssign(self, s: A.AugAssign) -> None:
        if getattr(s, "method_call", None) is not None:   # p += q (lower_classes)
            self.assign(s.target, self.dunder_value(s), s.ty)
            return
        if isinstance(s.ty, ListType) and not isinstance(s.ty, VarTupleType):   # in place
            self.list_augassign(s)
            return
        if getattr(s, "inplace", False):
            # numpy's x += y writes into x: every alias of the array sees the change
            cur = self.expr(s.target)
            rhs = self.expr(s.value)
            self.b.span = s.span
            self.emit("np." + BINARY_UFUNCS[s.op], [cur, rhs], s.ty, static=repr({"out": 0}))
            return
        if isinstance(s.target, A.Subscript) and isinstance(s.target.value.ty, TensorType):
            base = self.expr(s.target.value)
            idx = [self.expr(x) for x in s.target.index_operands]
            sel_t = s.target.ty
            cur = self.emit("np.getitem", [base] + idx, sel_t, pattern=s.target.pattern)
            rhs = self.expr(s.value)
            self.b.span = s.span
            res = self.emit("np." + BINARY_UFUNCS[s.op], [cur, rhs], s.ty, static="{}")
            self.emit("np.setitem", [base, res] + idx, None, pattern=s.target.pattern)
            return
        if isinstance(s.target, A.Subscript) and is_hash(s.target.value.ty):
            return self.dict_augassign(s)
        if is_hash(s.target.ty):
            return self.hash_augassign(s)
        if isinstance(s.target, A.Subscript):
            lst = self.expr(s.target.value)
            idx = self.list_index(lst, s.target.index)
            elem_t = s.target.value.ty.elem
            cur = self.emit("list.get", [lst, idx], elem_t)
            rhs = self.expr(s.value)
            self.b.span = s.span
            res = self.binop(s.op, cur, elem_t, rhs, s.value.ty, s.ty, s)
            self.emit("list.set", [lst, idx, self.coerce(res, s.ty, elem_t)], None)
            return
        cur = self.expr(s.target)
        rhs = self.expr(s.value)
        self.b.span = s.span
        if getattr(s, "np_name", None) is not None:     # numpy scalars follow numpy's rules
            res = self.emit("np." + s.np_name, [cur, rhs], s.ty, static="{}")
        else:
            res = self.binop(s.op, cur, s.target.ty, rhs, s.value.ty, s.ty, s)
        self.assign(s.target, res, s.ty)

    def stmt_If(self, s: A.If) -> None:
        static = getattr(s, "static", None)
        if static is not None:       # decided at compile time: only that branch exists
            self.block(s.body if static else s.orelse)
            return
        cond = self.cond_value(s.test)
        then_b, else_b, join_b = self.new_block("then"), self.new_block("else"), self.new_block("endif")
        self.branch(cond, then_b, else_b)
        for blk, body in ((then_b, s.body), (else_b, s.orelse)):
            self.seal(blk)
            self.start(blk)
            self.block(body)
            if not self.closed():
                self.jump(join_b)
        self.seal(join_b)
        self.start(join_b)

    def stmt_While(self, s: A.While) -> None:
        head, body, els, exit_b = (self.new_block("while"), self.new_block("body"),
                                   self.new_block("whileelse"), self.new_block("endwhile"))
        self.jump(head)
        self.start(head)
        self.b.span = s.test.span
        cond = self.cond_value(s.test)
        if isinstance(cond, Const) and cond.value is True:
            self.jump(body)
        else:
            self.branch(cond, body, els)
        self.seal(body)
        self.start(body)
        self.loops.append(Loop(head, exit_b))
        self.block(s.body)
        self.loops.pop()
        if not self.closed():
            self.jump(head)
        self.close_loop(head, els, exit_b, s.orelse)

    def close_loop(self, head: Block, els: Block, exit_b: Block, orelse: list[A.Stmt]) -> None:
        """After the back edge: the header's predecessors are known; then the loop's `else`
        (reached when the test fails, not by break) and the exit."""
        self.seal(head)
        self.seal(els)
        self.start(els)
        self.block(orelse)
        if not self.closed():
            self.jump(exit_b)
        self.seal(exit_b)
        self.start(exit_b)

    def stmt_For(self, s: A.For) -> None:
        if getattr(s, "never", False):     # over an empty tuple (check.stmt_For)
            self.block(s.orelse)
            return
        it = s.iter
        if getattr(it, "lazy", False):   # enumerate, zip, generators, range values, ...
            self.for_iter(s)
            return
        if getattr(s, "unrolled", None) is not None:
            # a loop over objects: the bodies one after the other (no break/continue)
            for body in s.unrolled:
                self.block(body)
            self.block(s.orelse)
            return
        if isinstance(it, A.Call) and getattr(it, "target", None) is not None \
                and it.target.kind == "builtin" and it.target.name == "range":
            self.for_range(s, it)
        elif for_split(self, s):            # `for w in s.split()`: no list (lower_split)
            pass
        elif isinstance(it.ty, ListType):
            self.for_list(s)
        elif it.ty == STR:
            self.for_str(s)
        elif isinstance(it.ty, TensorType):
            self.for_tensor(s)
        else:
            self.for_tuple(s)

    def for_tensor(self, s: A.For) -> None:
        """for row in x: rows (views) along the first axis, like numpy."""
        self.b.span = s.iter.span
        arr = self.expr(s.iter)
        t: TensorType = s.iter.ty
        n = self.emit("tuple.get", [self.emit("np.shape", [arr], result_type("np.shape", [t]),
                                              static="{}"), const(0)], I64)
        counter = self.fresh("i")
        self.var_types[counter] = I64
        self.write(counter, self.b.block, const(0))
        elem_t = result_type("np.getitem", [t, I64], {"pattern": "i"})
        self.loop(s, counter,
                  test=lambda: self.emit("lt", [self.read(counter), n], I1),
                  element=lambda: self.emit("np.getitem", [arr, self.read(counter)], elem_t,
                                            pattern="i"),
                  advance=lambda: self.write(counter, self.b.block,
                                             self.emit("add", [self.read(counter), const(1)], I64)),
                  elem_t=elem_t)

    def range_args(self, call: A.Call) -> tuple[Value, Value, Value]:
        vals = [self.coerce(self.expr(a), a.ty, I64) for a in call.args]
        if len(vals) == 1:
            return const(0), vals[0], const(1)
        if len(vals) == 2:
            return vals[0], vals[1], const(1)
        step = vals[2]
        self.b.span = call.args[2].span
        if not isinstance(step, Const):
            self.check(self.emit("eq", [step, const(0)], I1), "ValueError",
                       "range() arg 3 must not be zero")
        elif step.value == 0:
            self.b.raise_("ValueError", const("range() arg 3 must not be zero"))
            self.dead_block()
        return vals[0], vals[1], step

    def loop_test_range(self, i: Value, stop: Value, step: Value) -> Value:
        if isinstance(step, Const):
            return self.emit("lt" if step.value > 0 else "gt", [i, stop], I1)
        up = self.emit("gt", [step, const(0)], I1)
        lt = self.emit("lt", [i, stop], I1)
        gt = self.emit("gt", [i, stop], I1)
        return self.emit("select", [up, lt, gt], I1)

    def for_range(self, s: A.For, call: A.Call) -> None:
        self.b.span = call.span
        start, stop, step = self.range_args(call)
        counter = self.fresh("i")
        self.var_types[counter] = I64
        self.write(counter, self.b.block, start)
        self.loop(s, counter,
                  test=lambda: self.loop_test_range(self.read(counter), stop, step),
                  element=lambda: self.read(counter),
                  advance=lambda: self.write(counter, self.b.block,
                                             self.emit("add", [self.read(counter), step], I64)))

    def for_list(self, s: A.For) -> None:
        self.b.span = s.iter.span
        lst = self.expr(s.iter)
        counter = self.fresh("i")
        self.var_types[counter] = I64
        self.write(counter, self.b.block, const(0))
        elem_t = s.iter.ty.elem
        self.loop(s, counter,
                  test=lambda: self.emit("lt", [self.read(counter),
                                                self.emit("list.len", [lst], I64)], I1),
                  element=lambda: self.emit("list.get", [lst, self.read(counter)], elem_t),
                  advance=lambda: self.write(counter, self.b.block,
                                             self.emit("add", [self.read(counter), const(1)], I64)))

    def loop(self, s: A.For, counter: str, test, element, advance, elem_t=None) -> None:
        head, body, step_b, els, exit_b = (self.new_block("for"), self.new_block("body"),
                                           self.new_block("next"), self.new_block("forelse"),
                                           self.new_block("endfor"))
        self.jump(head)
        self.start(head)
        self.b.span = s.iter.span
        self.branch(test(), body, els)
        self.seal(body)
        self.start(body)
        self.b.span = s.target.span
        elem = element()
        if elem_t is None:
            elem_t = s.iter.ty.elem if isinstance(s.iter.ty, ListType) else I64
        self.assign(s.target, elem, elem_t)
        self.loops.append(Loop(step_b, exit_b))
        self.block(s.body)
        self.loops.pop()
        if not self.closed():
            self.jump(step_b)
        self.seal(step_b)
        self.start(step_b)
        self.b.span = s.iter.span
        advance()
        self.jump(head)
        self.close_loop(head, els, exit_b, s.orelse)

    def for_tuple(self, s: A.For) -> None:
        """A loop over a tuple is unrolled: one copy of the body per element."""
        self.b.span = s.iter.span
        tup = self.expr(s.iter)
        tt: TupleType = s.iter.ty
        target_t = s.target.ty
        exit_b = self.new_block("endfor")
        for i, et in enumerate(tt.elems):
            nxt = self.new_block("next")
            elem = self.emit("tuple.get", [tup, const(i)], et)
            self.assign(s.target, elem, et)
            self.loops.append(Loop(nxt, exit_b))
            self.block(s.body)
            self.loops.pop()
            if not self.closed():
                self.jump(nxt)
            self.seal(nxt)
            self.start(nxt)
        del target_t
        self.block(s.orelse)
        if not self.closed():
            self.jump(exit_b)
        self.seal(exit_b)
        self.start(exit_b)

    def stmt_Break(self, s: A.Break) -> None:
        self.jump_out_of_loop(self.loops[-1].exit)

    def stmt_Continue(self, s: A.Continue) -> None:
        self.jump_out_of_loop(self.loops[-1].cont)

    def stmt_Assert(self, s: A.Assert) -> None:
        ok = self.cond_value(s.test)
        self.b.span = s.span
        if isinstance(ok, Const):          # (no blocks made: an unused one has no terminator)
            if ok.value:
                return
            msg = self.expr(s.msg) if s.msg is not None else const("")
            self.b.raise_("AssertionError", msg)
            self.dead_block()
            return
        fail_b, ok_b = self.new_block("assertfail"), self.new_block("assertok")
        self.branch(ok, ok_b, fail_b)
        self.seal(fail_b)
        self.start(fail_b)
        msg = self.expr(s.msg) if s.msg is not None else const("")
        self.b.span = s.span
        self.b.raise_("AssertionError", msg)
        self.seal(ok_b)
        self.start(ok_b)

    # ---------------------------------------------------------------- expressions

    def expr(self, e: A.Expr) -> Value:
        saved = self.b.span
        self.b.span = e.span
        if getattr(e, "method_call", None) is not None:    # p + q, p[i] (lower_classes)
            v = self.dunder_value(e)
            self.b.span = saved
            return v
        v = getattr(self, "expr_" + type(e).__name__)(e)
        msg = getattr(e, "none_checked", None)
        if msg is not None:              # an Optional list item used as T (check_optional)
            self.check(self.emit("opt.is_none", [v], I1), getattr(e, "none_kind", "TypeError"),
                       msg)
            v = self.emit("opt.get", [v], e.ty)
        self.b.span = saved
        return v

    def expr_Const(self, e: A.Const) -> Value:
        if e.ty == C128:
            return self.complex_const(e.value)
        return const(e.value, e.ty)

    def constant(self, value, t: Type) -> Value:
        if isinstance(t, TupleType):
            return self.emit("tuple", [self.constant(v, et) for v, et in zip(value, t.elems)], t)
        if isinstance(t, ListType):     # a folded global list: a fresh copy per read
            return self.constant_list(value, t)          # (frontend.global_values)
        if isinstance(t, OptionalType):
            return self.coerce(const(None) if value is None else self.constant(value, t.elem),
                               NONE if value is None else t.elem, t)
        return const(value, t)

    def expr_Name(self, e: A.Name) -> Value:
        shared = shared_value(self, e)         # a module's list, dict or set (shared_globals)
        if shared is not None:
            return shared
        if isinstance(e.ty, ObjectType):
            raise CompileError(f"an object ({e.ty}) cannot be used as a value here", e.span)
        if getattr(e, "const", None) is not None:
            built = getattr(self, "global_lists", {}).get(e.id)
            if built is not None and built.type == e.ty:
                return built
            return self.constant(e.const, e.ty)
        assigned = self.read(e.var + "?")
        if not (isinstance(assigned, Const) and assigned.value is True):
            # assigned on some paths only: CPython raises UnboundLocalError on the others
            # (fold_constants removes the check where every path assigns)
            self.check(self.emit("not", [assigned], I1) if not isinstance(assigned, Const)
                       else const(True), "UnboundLocalError",
                       f"cannot access local variable '{e.id}' where it is not associated "
                       f"with a value")
        v = self.read(e.var)
        var_t = self.var_types[e.var]
        if isinstance(var_t, OptionalType) and e.ty != var_t:
            # a refinement proved what the Optional holds here (frontend.check_optional)
            if e.ty == NONE:
                return const(None)
            v = self.emit("opt.get", [v], var_t.elem)
            var_t = var_t.elem
        if isinstance(var_t, TupleType) and isinstance(e.ty, TupleType) and e.ty != var_t:
            # a test proved an item is not None (check_optional.note_item_alias)
            parts = []
            for i, (have, want) in enumerate(zip(var_t.elems, e.ty.elems)):
                x = self.emit("tuple.get", [v, const(i)], have)
                if isinstance(have, OptionalType) and not isinstance(want, OptionalType):
                    x = self.emit("opt.get", [x], have.elem)
                parts.append(x)
            return self.emit("tuple", parts, e.ty)
        if isinstance(var_t, ObjType) and e.ty != var_t:     # isinstance proved its class
            return self.emit("obj.cast", [v], e.ty)
        return v

    def expr_Attribute(self, e: A.Attribute) -> Value:
        if getattr(e, "field_of", None) is not None:  # p.x (lower_classes)
            return self.field_get(e)
        if getattr(e, "union_read", None) is not None:   # u.x of a union (lower_classes)
            return self.expr(e.union_read)
        if getattr(e, "exc_name", False):              # type(e).__name__ (lower_exceptions)
            return self.exc_class_name(self.expr(e.value.args[0]))
        if getattr(e, "fn_names", None) is not None:  # f.__name__ (lower_functions)
            return self.function_name(e)
        if getattr(e, "capture_exprs", None) is not None:    # xs.append as a value
            return self.closure_value(e, e.fty)
        if getattr(e.value, "ty", None) == C128:      # z.real, z.imag
            return self.complex_part(e)
        path = getattr(e, "attr_path", None)
        if path is not None:         # a tensor attribute of an object, read when running
            self.b.span = e.span
            return self.emit("attr.get", [], e.ty, path=".".join(path))
        if getattr(e, "obj_const", False):
            return self.constant(e.const, e.ty)
        if isinstance(e.ty, ObjectType):
            raise CompileError(f"an object ({e.ty}) cannot be used as a value here", e.span)
        if getattr(e, "np_name", None) is not None:
            return self.np_op(e, [self.expr(x) for x in e.np_operands])
        c = getattr(e, "const", None)
        if isinstance(c, int) and not isinstance(c, bool):
            return const(c)
        if c is None:
            return const(None)
        return const(c, F64)

    def np_op(self, e: A.Expr, operands: list[Value]) -> Value:
        """One numpy operation: np.<name>(operands..., **static) with numpy's semantics."""
        self.b.span = e.span
        if e.ty == NONE:
            self.emit("np." + e.np_name, operands, None, static=repr(e.np_static))
            return const(None)
        return self.emit("np." + e.np_name, operands, e.ty, static=repr(e.np_static))

    def expr_TupleExpr(self, e: A.TupleExpr) -> Value:
        return self.emit("tuple", [self.expr(x) for x in e.elts], e.ty)

    def expr_ListExpr(self, e: A.ListExpr) -> Value:
        elem_t = e.ty.elem
        vals = [self.coerce(self.expr(x), x.ty, elem_t) for x in e.elts]
        lst = self.emit("list.new", [const(len(vals))], e.ty)
        for i, v in enumerate(vals):
            self.emit("list.set", [lst, const(i), v], None)
        return lst

    def expr_ListComp(self, e: A.ListComp) -> Value:
        out = self.emit("list.new", [const(0)], e.ty)
        body = [A.If(c, [], span=c.span) for c in e.conds]
        # Lower as: for target in iter: if cond...: out.append(elt)
        append = _AppendStmt(out, e.elt, e.ty.elem, span=e.elt.span)
        inner: list[A.Stmt] = [append]
        for c in reversed(body):
            c.body = inner
            inner = [c]
        loop = A.For(e.target, e.iter, inner, span=e.span)
        self.stmt_For(loop)
        return out

    def stmt__AppendStmt(self, s: "_AppendStmt") -> None:
        v = self.expr(s.elt)
        self.emit("list.append", [s.out, self.coerce(v, s.elt.ty, s.elem_t)], None)

    def expr_Subscript(self, e: A.Subscript) -> Value:
        base = self.expr(e.value)
        t = e.value.ty
        if getattr(e, "record_field", None) is not None:     # p[0] of a record (rec_tuples)
            self.b.span = e.span
            return self.emit("obj.get", [base], e.ty, field=e.record_field)
        if isinstance(t, TensorType):
            idx = [self.expr(x) for x in e.index_operands]
            self.b.span = e.span
            return self.emit("np.getitem", [base] + idx, e.ty, pattern=e.pattern)
        if isinstance(t, RangeType):
            return self.range_getitem(base, e.index)
        if isinstance(t, TupleType):      # (an Optional item used as T: checked in expr)
            item_t = t.elems[e.const_index] if getattr(e, "none_checked", None) else e.ty
            return self.emit("tuple.get", [base, const(e.const_index)], item_t)
        if t == STR:
            return self.str_subscript(e, base)
        if is_hash(t):
            return self.dict_getitem(e, base)
        if isinstance(e.index, A.Slice):
            return self.list_slice(e, base)
        idx = self.list_index(base, e.index, "tuple index out of range"
                              if isinstance(t, VarTupleType) else "list index out of range")
        self.b.span = e.span
        return self.emit("list.get", [base, idx], t.elem if hasattr(e, "none_checked") else e.ty)

    def list_index(self, lst: Value, index: A.Expr, msg: str = "list index out of range") -> Value:
        """Python indexing: negative counts from the end; out of range raises IndexError."""
        return self.checked_index(lst, self.coerce(self.expr(index), index.ty, I64), index.span, msg)

    def checked_index(self, lst: Value, i: Value, span, msg: str) -> Value:
        """list_index for the index value i, evaluated already (at span)."""
        self.b.span = span
        n = self.emit("list.len", [lst], I64)
        if isinstance(i, Const) and i.value >= 0:
            self.check(self.emit("ge", [i, n], I1), "IndexError", msg)
            return i
        neg = self.emit("lt", [i, const(0)], I1)
        j = self.emit("select", [neg, self.emit("add", [i, n], I64), i], I64)
        # unsigned trick not available: two comparisons
        bad = self.emit("or", [self.emit("lt", [j, const(0)], I1), self.emit("ge", [j, n], I1)], I1)
        self.check(bad, "IndexError", msg)
        return j

    def expr_UnaryOp(self, e: A.UnaryOp) -> Value:
        if e.op == "not":
            return self.emit("not", [self.cond_value(e.operand)], I1)
        if getattr(e, "np_name", None) is not None:
            return self.np_op(e, [self.expr(e.operand)])
        v = self.coerce(self.expr(e.operand), e.operand.ty, e.ty)
        if e.ty == C128:
            return self.complex_unary(e, v)
        if e.op == "+":
            return v
        if e.op == "-":
            return self.emit("neg", [v], e.ty)
        return self.emit("invert", [v], e.ty)

    def expr_BinOp(self, e: A.BinOp) -> Value:
        a = self.expr(e.left)
        b = self.expr(e.right)
        if getattr(e, "np_name", None) is not None:
            return self.np_op(e, [a, b])
        self.b.span = e.span
        return self.binop(e.op, a, e.left.ty, b, e.right.ty, e.ty, e)

    def binop(self, op: str, a: Value, at: Type, b: Value, bt: Type, rt: Type, node) -> Value:
        if is_hash(rt):
            return self.hash_binop(op, a, at, b, bt, rt)
        if rt == C128:
            return self.complex_binop(op, a, at, b, bt, node)
        if rt == STR:
            return self.str_binop(op, a, at, b, bt)
        if isinstance(rt, VarTupleType):                  # (lower_vartuple)
            return self.vartuple_binop(op, a, at, b, bt, rt)
        if isinstance(rt, TupleType):                     # (lower_lists)
            return self.tuple_binop(a, at, b, bt, rt)
        if isinstance(rt, ListType):
            if op == "+":
                out = self.emit("list.copy", [a], rt)
                self.extend(out, b, rt.elem)
                return out
            lst, n, nt = (a, b, bt) if isinstance(at, ListType) else (b, a, at)
            return self.emit("list.repeat", [lst, self.coerce(n, nt, I64)], rt)
        opname = BINOPS[op]
        if op in ("&", "|", "^") and rt == I1:
            return self.emit(opname, [a, b], I1)
        operand_t = F64 if rt == F64 or op == "/" else I64
        a = self.coerce(a, at, operand_t)
        b = self.coerce(b, bt, operand_t)
        ints = at != F64 and bt != F64
        if op == "/":
            self.zero_check(b, "division by zero" if ints else "float division by zero")
        elif op == "//":
            self.zero_check(b, "integer division or modulo by zero" if ints
                            else "float floor division by zero")
        elif op == "%":
            self.zero_check(b, "integer modulo by zero" if ints else "float modulo")
        elif op in ("<<", ">>"):
            if not (isinstance(b, Const) and b.value >= 0):
                self.check(self.emit("lt", [b, const(0)], I1), "ValueError", "negative shift count")
        elif op == "**":
            return self.power(a, b, operand_t)
        return self.emit(opname, [a, b], operand_t)

    def extend(self, out: Value, src: Value, elem_t: Type) -> None:
        counter = self.fresh("k")
        self.var_types[counter] = I64
        self.write(counter, self.b.block, const(0))
        head, body, exit_b = self.new_block("ext"), self.new_block("extbody"), self.new_block("extend")
        self.jump(head)
        self.start(head)
        k = self.read(counter)
        self.branch(self.emit("lt", [k, self.emit("list.len", [src], I64)], I1), body, exit_b)
        self.seal(body)
        self.start(body)
        self.emit("list.append", [out, self.emit("list.get", [src, self.read(counter)], elem_t)], None)
        self.write(counter, self.b.block, self.emit("add", [self.read(counter), const(1)], I64))
        self.jump(head)
        self.seal(head)
        self.seal(exit_b)
        self.start(exit_b)

    def zero_check(self, b: Value, msg: str) -> None:
        if isinstance(b, Const):
            if b.value == 0:
                self.check(const(True), "ZeroDivisionError", msg)
            return
        zero = const(0.0) if b.type == F64 else const(0)
        self.check(self.emit("eq", [b, zero], I1), "ZeroDivisionError", msg)

    def power(self, a: Value, b: Value, t: Type) -> Value:
        if t == I64:
            if not (isinstance(b, Const) and b.value >= 0):
                self.check(self.emit("lt", [b, const(0)], I1), "ValueError",
                           "pts int ** int needs a non-negative exponent (use a float base)")
            return self.emit("pow", [a, b], I64)
        # float ** float, with CPython's errors (float_pow: 0.0 ** -inf is inf, an infinite
        # exponent is dealt with before a zero base)
        if not (isinstance(b, Const) and b.value >= 0):
            zero_base = self.emit("eq", [a, const(0.0)], I1)
            neg_exp = self.emit("and", [self.emit("lt", [b, const(0.0)], I1),
                                        self.emit("isfinite", [b], I1)], I1)
            self.check(self.emit("and", [zero_base, neg_exp], I1), "ZeroDivisionError",
                       "0.0 cannot be raised to a negative power")
        if not (isinstance(b, Const) and float(b.value).is_integer()):
            neg_base = self.emit("lt", [a, const(0.0)], I1)
            fin = self.emit("and", [self.emit("isfinite", [a], I1), self.emit("isfinite", [b], I1)], I1)
            frac = self.emit("ne", [self.emit("math.floor", [b], F64), b], I1)
            self.check(self.emit("and", [self.emit("and", [neg_base, fin], I1), frac], I1),
                       "ValueError", "negative number cannot be raised to a fractional power")
        r = self.emit("pow", [a, b], F64)
        fin = self.emit("and", [self.emit("isfinite", [a], I1), self.emit("isfinite", [b], I1)], I1)
        self.check(self.emit("and", [self.emit("isinf", [r], I1), fin], I1), "OverflowError",
                   "(34, 'Numerical result out of range')")
        return r

    def expr_Compare(self, e: A.Compare) -> Value:
        if isinstance(e.left.ty, DTypeType):          # x.dtype == np.float32: known now
            same = e.left.ty == e.comparators[0].ty
            return const(same if e.ops[0] == "==" else not same)
        if getattr(e, "np_name", None) is not None:
            return self.np_op(e, [self.expr(e.left), self.expr(e.comparators[0])])
        left = self.expr(e.left)
        lt = e.left.ty
        if len(e.ops) == 1:
            right = self.expr(e.comparators[0])
            self.b.span = e.span
            if getattr(e, "identity", None) is not None:     # (check_classes.object_identity)
                return self.object_identity(e.ops[0], left, lt, right, e.comparators[0].ty,
                                            e.identity)
            return self.compare(e.ops[0], left, lt, right, e.comparators[0].ty)
        # a < b < c: evaluate b once, stop at the first false comparison
        done = self.new_block("cmpdone")
        result = self.fresh("cmp")
        self.var_types[result] = I1
        for i, (op, right_e) in enumerate(zip(e.ops, e.comparators)):
            right = self.expr(right_e)
            self.b.span = e.span
            r = self.compare(op, left, lt, right, right_e.ty)
            self.write(result, self.b.block, r)
            if i == len(e.ops) - 1:
                self.jump(done)
            else:
                nxt = self.new_block("cmpnext")
                self.branch(r, nxt, done)
                self.seal(nxt)
                self.start(nxt)
            left, lt = right, right_e.ty
        self.seal(done)
        self.start(done)
        return self.read(result)

    def compare(self, op: str, a: Value, at: Type, b: Value, bt: Type) -> Value:
        (a, at), (b, bt) = self.vartuple_operands(op, a, at, b, bt)     # (lower_vartuple)
        r = self.list_compare(op, a, at, b, bt)      # (lower_lists: library calls, tuples)
        if r is not None:
            return r
        if isinstance(at, OptionalType) or isinstance(bt, OptionalType):
            # x is None, x == None (the checker allows only None as the other operand)
            opt = a if isinstance(at, OptionalType) else b
            r = self.emit("opt.is_none", [opt], I1)
            return r if op in ("is", "==") else self.emit("not", [r], I1)
        if isinstance(at, ObjType) and isinstance(bt, ObjType):     # (lower_classes)
            return self.object_compare(op, a, at, b, bt)
        if op in ("is", "is not") or NONE in (at, bt):
            same = at == NONE and bt == NONE
            return const(same if op in ("is", "==") else not same)
        if is_hash(at) or is_hash(bt):
            return self.hash_compare(op, a, at, b, bt)
        if STR in (at, bt) or ListType(STR) in (at, bt):
            return self.str_compare(op, a, at, b, bt)
        if C128 in (at, bt):
            return self.complex_compare(op, a, at, b, bt)
        if op in ("in", "not in"):
            found = self.range_contains(b, a, at) if isinstance(bt, RangeType) \
                else self.contains(b, bt, a, at)
            return found if op == "in" else self.emit("not", [found], I1)
        if isinstance(at, ListType):
            r = self.emit("list.eq", [a, b], I1)
            return r if op == "==" else self.emit("not", [r], I1)
        if F64 in (at, bt) and at != bt:
            return self.compare_int_float(op, a, at, b, bt)
        t = F64 if F64 in (at, bt) else (I1 if at == bt == I1 else I64)
        return self.emit(CMPOPS[op], [self.coerce(a, at, t), self.coerce(b, bt, t)], I1)

    def compare_int_float(self, op: str, a: Value, at: Type, b: Value, bt: Type) -> Value:
        """int vs float compared exactly, as Python does (2**53 + 1 != 2.0**53).

        Rounding int -> float is monotonic, so the float comparison is right unless the
        rounded int equals the float; then the float is integral and compares as an int.
        """
        if isinstance(a, Const) or isinstance(b, Const):
            c = a if isinstance(a, Const) else b
            if abs(float(c.value)) < 2.0 ** 53:   # exact conversion: the float compare is right
                return self.emit(CMPOPS[op], [self.coerce(a, at, F64), self.coerce(b, bt, F64)], I1)
        fa, fb = self.coerce(a, at, F64), self.coerce(b, bt, F64)
        rough = self.emit(CMPOPS[op], [fa, fb], I1)
        same = self.emit("eq", [fa, fb], I1)
        in_range = self.emit("and", [self.emit("lt", [fa, const(-INT_MIN_F)], I1),
                                     self.emit("ge", [fa, const(INT_MIN_F)], I1)], I1)
        exact_needed = self.emit("and", [same, in_range], I1)
        def as_int(v: Value, t: Type) -> Value:
            if t != F64:
                return self.coerce(v, t, I64)
            return self.emit("ftoi", [self.emit("select", [exact_needed, v, const(0.0)], F64)], I64)
        exact = self.emit(CMPOPS[op], [as_int(a, at), as_int(b, bt)], I1)
        # the int rounded up to 2.0**63 == the float: the int is the smaller one
        top = self.emit("and", [same, self.emit("ge", [fa, const(-INT_MIN_F)], I1)], I1)
        int_left = at != F64
        smaller = const(op in (("<", "<=", "!=") if int_left else (">", ">=", "!=")))
        rough = self.emit("select", [top, smaller, rough], I1)
        return self.emit("select", [exact_needed, exact, rough], I1)

    def contains(self, lst: Value, lt: ListType, x: Value, xt: Type) -> Value:
        t = F64 if F64 in (lt.elem, xt) else (I1 if lt.elem == xt == I1 else I64)
        x = self.coerce(x, xt, t)
        counter, found = self.fresh("k"), self.fresh("found")
        self.var_types[counter] = I64
        self.var_types[found] = I1
        self.write(counter, self.b.block, const(0))
        self.write(found, self.b.block, const(False))
        head, body, nxt, exit_b = (self.new_block("in"), self.new_block("inbody"),
                                   self.new_block("innext"), self.new_block("inend"))
        self.jump(head)
        self.start(head)
        self.branch(self.emit("lt", [self.read(counter), self.emit("list.len", [lst], I64)], I1),
                    body, exit_b)
        self.seal(body)
        self.start(body)
        item = self.coerce(self.emit("list.get", [lst, self.read(counter)], lt.elem), lt.elem, t)
        hit = self.emit("eq", [item, x], I1)
        self.write(found, self.b.block, const(True))
        self.branch(hit, exit_b, nxt)
        self.seal(nxt)
        self.start(nxt)
        self.write(found, self.b.block, const(False))
        self.write(counter, self.b.block, self.emit("add", [self.read(counter), const(1)], I64))
        self.jump(head)
        self.seal(head)
        self.seal(exit_b)
        self.start(exit_b)
        return self.read(found)

    def expr_BoolOp(self, e: A.BoolOp) -> Value:
        as_cond = getattr(e, "as_cond", False)
        t = I1 if as_cond else e.ty
        result = self.fresh("bool")
        self.var_types[result] = t
        done = self.new_block(e.op + "done")
        for i, v_e in enumerate(e.values):
            v = self.cond_value(v_e) if as_cond else self.expr(v_e)
            last = i == len(e.values) - 1
            opt_or = not (as_cond or last) and isinstance(v_e.ty, OptionalType) \
                and not isinstance(t, OptionalType)
            if not opt_or:
                # (a bool among ints: its int value, check.expr_BoolOp)
                self.write(result, self.b.block, self.coerce(v, v_e.ty, t)
                           if not as_cond and v_e.ty == I1 and t == I64 else v)
            if last:
                self.jump(done)
                break
            nxt = self.new_block(e.op + "next")
            if opt_or:
                # `x or d`: x is passed on only when true, so not None (check.expr_BoolOp)
                # (the value is read only where present: the interpreter's None is None)
                present, passed = self.new_block("orsome"), self.new_block("orpass")
                self.branch(self.emit("opt.is_none", [v], I1), nxt, present)
                self.seal(present)
                self.start(present)
                got = self.emit("opt.get", [v], v_e.ty.elem)
                self.branch(self.truth(got, v_e.ty.elem), passed, nxt)
                self.seal(passed)
                self.start(passed)
                self.write(result, self.b.block, self.coerce(got, v_e.ty.elem, t))
                self.jump(done)
                self.seal(nxt)
                self.start(nxt)
                continue
            tv = self.truth(v, v_e.ty if not as_cond else t)
            if e.op == "or":
                self.branch(tv, done, nxt)
            else:
                self.branch(tv, nxt, done)
            self.seal(nxt)
            self.start(nxt)
        self.seal(done)
        self.start(done)
        return self.read(result)

    def expr_IfExp(self, e: A.IfExp) -> Value:
        cond = self.cond_value(e.test)
        result = self.fresh("ifexp")
        self.var_types[result] = e.ty
        then_b, else_b, done = self.new_block("ifthen"), self.new_block("ifelse"), self.new_block("ifdone")
        self.branch(cond, then_b, else_b)
        for blk, sub in ((then_b, e.body), (else_b, e.orelse)):
            self.seal(blk)
            self.start(blk)
            v = self.coerce(self.expr(sub), sub.ty, e.ty)
            self.write(result, self.b.block, v)
            self.jump(done)
        self.seal(done)
        self.start(done)
        return self.read(result)

    # ---------------------------------------------------------------- calls

    def expr_Call(self, e: A.Call) -> Value:
        if getattr(e, "chain", None) is not None:      # calling a Sequential
            return self.expr(e.chain)
        if getattr(e, "obj_len", None) is not None:
            return const(e.obj_len)
        if getattr(e, "np_name", None) is not None:
            return self.np_op(e, [self.expr(x) for x in e.np_operands])
        if getattr(e, "union_call", None) is not None:   # u.m(a) of a union (lower_classes)
            return self.expr(e.union_call)
        if getattr(e, "virtual", None) is not None:      # p.m(a) dispatched (lower_classes)
            return self.virtual_call(e)
        target = e.target
        return getattr(self, "call_" + target.kind)(e, target.name)

    def call_np_cast(self, e: A.Call, t: Type) -> Value:
        v = self.expr(e.args[0])
        self.b.span = e.span
        if e.args[0].ty == I64 and t in INT_BITS and t != I64:
            # np.uint8(300): numpy 2 refuses a Python int out of the dtype's range
            import numpy as np
            info = np.iinfo(DTYPE_NAMES[t])
            bad = self.emit("lt", [v, const(int(info.min))], I1)
            if info.max < 2 ** 63:
                bad = self.emit("or", [bad, self.emit("gt", [v, const(int(info.max))], I1)], I1)
            fail, ok = self.new_block("castbad"), self.new_block("castok")
            self.branch(bad, fail, ok)
            self.seal(fail)
            self.start(fail)
            msg = self.emit("str.concatn", [const("Python integer "),
                                            self.emit("str.from", [v], STR),
                                            const(f" out of bounds for {DTYPE_NAMES[t]}")], STR)
            self.emit("check", [const(True), msg], None, kind="OverflowError")
            self.jump(ok)
            self.seal(ok)
            self.start(ok)
        return self.emit("cast", [v], t) if e.args[0].ty != t else v

    def call_np_view(self, e: A.Call, t: Type) -> Value:
        v = self.expr(e.func.value)
        self.b.span = e.span
        return self.emit("view", [v], t)

    def call_function(self, e: A.Call, name: str) -> Value:
        spec = e.target.spec
        # string arguments are constants of the callee's specialization: not passed
        kept = [(a, p) for a, p in zip(e.args, spec.fdef.params) if p.name not in spec.const_params]
        args = [self.coerce(self.expr(a), a.ty, spec.var_types[p.name]) for a, p in kept]
        self.b.span = e.span
        if spec.ret_type == NONE:
            self.emit("call", args, None, callee=spec.ir_name)
            return const(None)
        return self.emit("call", args, ir_type(spec.ret_type), callee=spec.ir_name)

    def call_traced(self, e: A.Call, name: str) -> Value:
        """A pts.trace result called from scripted code (check.call_traced); the arrays its
        traces read besides their inputs are hidden parameters, as shared globals are."""
        from pts.frontend.shared_globals import hidden_param
        args = [self.expr(a) for a in e.args]
        args += [hidden_param(self, loc, t) for loc, t in getattr(e, "traced_captured", ())]
        self.b.span = e.span
        return self.emit("call", args, e.target.spec.ret_type, callee=name)

    def call_builtin(self, e: A.Call, name: str) -> Value:
        if name in ("dict", "set"):
            return self.hash_builtin(e, name)
        args = [self.expr(a) for a in e.args]
        types = [a.ty for a in e.args]
        self.b.span = e.span
        if is_str_call(name, types):
            return self.str_builtin(e, name, args, types)
        if name == "print":
            args = [self.hash_repr(v, t) if is_hash(t) else v for v, t in zip(args, types)]
            types = [STR if is_hash(t) else t for t in types]
            args = [self.tuple_repr(v, t, a.print_repr_spec) if hasattr(a, "print_repr_spec")
                    else v for v, t, a in zip(args, types, e.args)]      # (lower_complex)
            types = [STR if hasattr(a, "print_repr_spec") else t for t, a in zip(types, e.args)]
            attrs = getattr(e, "print_attrs", {})                  # sep=, end= (check_strings)
            if attrs.get("file") == "stderr":                       # (lower_strings)
                return self.stderr_print(args, types, attrs)
            self.emit("print", self.printable_args(args, types), None, **attrs)
            return const(None)
        if name == "len":
            if isinstance(types[0], RangeType):
                return self.range_value_len(args[0])
            if isinstance(types[0], TupleType):
                return const(len(types[0].elems))
            if is_hash(types[0]):
                return self.emit("hash.len", args, I64)
            if isinstance(types[0], TensorType):
                shape = self.emit("np.shape", args, result_type("np.shape", types), static="{}")
                return self.emit("tuple.get", [shape, const(0)], I64)
            return self.emit("list.len", args, I64)
        if args and isinstance(types[0], TensorType):     # float(t), int(t), bool(t)
            item_t = result_type("np.item", types)     # a Python scalar: float for float32
            item = self.emit("np.item", args, item_t, static="{}")
            types = [item_t]
            args = [item]
        if name == "abs" and types[0] == C128:
            return self.complex_abs(args[0])
        if name == "abs":
            v = self.coerce(args[0], types[0], e.ty)
            return self.emit("abs", [v], e.ty)
        if name in ("min", "max"):
            vals = [self.coerce(v, t, e.ty) for v, t in zip(args, types)]
            best = vals[0]
            cmp = "lt" if name == "min" else "gt"
            for v in vals[1:]:
                # Python keeps the first extreme element: replace only when strictly better
                better = self.emit(cmp, [v, best], I1)
                best = self.emit("select", [better, v, best], e.ty)
            return best
        if name == "bool":
            return self.truth(args[0], types[0]) if args else const(False)
        if name == "float":
            return self.coerce(args[0], types[0], F64) if args else const(0.0)
        if name == "int":
            if not args:
                return const(0)
            if types[0] == F64:
                return self.float_to_int(args[0])
            if types[0] in (F32, NPF64):
                return self.float_to_int(self.emit("cast", [args[0]], F64))
            return self.coerce(args[0], types[0], I64)
        raise CompileError(f"cannot call '{name}'", e.span)  # pragma: no cover

    def float_to_int(self, x: Value) -> Value:
        self.check(self.emit("isnan", [x], I1), "ValueError", "cannot convert float NaN to integer")
        self.check(self.emit("isinf", [x], I1), "OverflowError",
                   "cannot convert float infinity to integer")
        big = self.emit("or", [self.emit("ge", [x, const(-INT_MIN_F)], I1),
                               self.emit("lt", [x, const(INT_MIN_F)], I1)], I1)
        self.check(big, "OverflowError", "int too large for a 64-bit pts int")
        return self.emit("ftoi", [x], I64)

    def call_math(self, e: A.Call, name: str) -> Value:
        args = [self.expr(a) for a in e.args]
        types = [a.ty for a in e.args]
        self.b.span = e.span
        # numpy scalars are the Python numbers they hold (math converts with __float__)
        args = [self.coerce(v, t, plain_number(t)) for v, t in zip(args, types)]
        types = [plain_number(t) for t in types]
        if name in MATH_PRED:
            if types[0] != F64:
                return const(name == "isfinite")
            return self.emit(name, args, I1)
        if name in MATH_TO_INT:
            if types[0] != F64:
                return self.coerce(args[0], types[0], I64)
            return self.float_to_int(self.emit("math." + name, args, F64))
        fargs = [self.coerce(v, t, F64) for v, t in zip(args, types)]
        x = fargs[0]
        if name in ("sin", "cos", "tan"):   # nan exactly for x = +-inf; tested before the call,
            # while x is still in a float register
            self.check(self.emit("isinf", [x], I1), "ValueError", "math domain error")
            return self.emit("math." + name, fargs, F64)
        r = self.emit("math." + name, fargs, F64)
        # The domain of these is a simple test on the argument (nan passes through quietly):
        if name == "sqrt":      # sqrt(x) is nan exactly for x < 0 (-0.0 is fine)
            self.check(self.emit("lt", [x, const(0.0)], I1), "ValueError", "math domain error")
            return r
        if name in LOG_FUNCS:   # log(0) is -inf and log(x < 0) is nan: both domain errors
            self.check(self.emit("le", [x, const(0.0)], I1), "ValueError", "math domain error")
            return r
        if name == "log1p":     # log1p(-1) is -inf and log1p(x < -1) is nan: domain errors
            self.check(self.emit("le", [x, const(-1.0)], I1), "ValueError", "math domain error")
            return r
        if name in MATH_DOMAIN:
            arg_nan = self.any_nan(fargs)
            bad = self.emit("and", [self.emit("isnan", [r], I1), self.emit("not", [arg_nan], I1)], I1)
            self.check(bad, "ValueError", "math domain error")
        if name in MATH_RANGE:
            fin = self.all_finite(fargs)
            # exp and cosh overflow only to +inf: `r >= inf` is one compare of the float
            # where isinf's |r| == inf takes three instructions on the result's bits
            over = self.emit("ge", [r, const(float("inf"))], I1) if name in ("exp", "cosh") else \
                self.emit("isinf", [r], I1)
            bad = self.emit("and", [over, fin], I1)
            if name in LOG_FUNCS:
                self.check(bad, "ValueError", "math domain error")
            elif name == "pow":
                # math.pow(0.0, negative) is a domain error, not an overflow
                zero = self.emit("eq", [fargs[0], const(0.0)], I1)
                self.check(self.emit("and", [bad, zero], I1), "ValueError", "math domain error")
                self.check(bad, "OverflowError", "math range error")
            else:
                self.check(bad, "OverflowError", "math range error")
        return r

    def any_nan(self, vals: list[Value]) -> Value:
        r = self.emit("isnan", [vals[0]], I1)
        for v in vals[1:]:
            r = self.emit("or", [r, self.emit("isnan", [v], I1)], I1)
        return r

    def all_finite(self, vals: list[Value]) -> Value:
        r = self.emit("isfinite", [vals[0]], I1)
        for v in vals[1:]:
            r = self.emit("and", [r, self.emit("isfinite", [v], I1)], I1)
        return r

    def call_method(self, e: A.Call, name: str) -> Value:
        recv_e = e.func.value
        lst = self.expr(recv_e)
        lt: ListType = recv_e.ty
        self.b.span = e.span
        if name == "append":
            v = self.expr(e.args[0])
            self.b.span = e.span
            self.emit("list.append", [lst, self.coerce(v, e.args[0].ty, lt.elem)], None)
            return const(None)
        if name == "pop":
            # CPython evaluates the index before it finds the list empty (the index
            # expression may append to the list)
            i = self.coerce(self.expr(e.args[0]), e.args[0].ty, I64) if e.args else None
            self.b.span = e.span
            n = self.emit("list.len", [lst], I64)
            self.check(self.emit("eq", [n, const(0)], I1), "IndexError", "pop from empty list")
            if i is not None:
                idx = self.checked_index(lst, i, e.args[0].span, "pop index out of range")
                self.b.span = e.span
                return self.emit("list.pop_at", [lst, idx], lt.elem)
            return self.emit("list.pop", [lst], lt.elem)
        if name == "copy":
            return self.emit("list.copy", [lst], lt)
        if name in ("sort", "insert", "remove", "index", "count", "extend", "reverse", "clear"):
            return self.list_method(e, name, lst, lt)
        raise CompileError(f"unknown list method '{name}'", e.span)  # pragma: no cover


class _AppendStmt(A.Stmt):
    """Internal statement used to lower list comprehensions (append to the result)."""

    def __init__(self, out: Value, elt: A.Expr, elem_t: Type, span):
        super().__init__(span=span)
        self.out = out
        self.elt = elt
        self.elem_t = elem_t


def lower_function(spec: Spec) -> Function:
    return Lowerer(spec).lower()
