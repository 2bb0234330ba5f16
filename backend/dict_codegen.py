"""Native code for the dict and set ops (ir.dict_ops): calls of the hash table functions
of runtime/c/dicts.c through the import table (slots "dict_*").

A dict or set value is the address of its table (a node of the call's arena).  Keys and
values cross as 8-byte slots, one per leaf (tuples flattened, floats as their bits, bools
as 0/1, strings and lists as addresses: str_codegen's slot conversions); the key goes in a
stack buffer of the function's entry block, values are written straight into the slots
the table returns (`dict_put`, `dict_find`, `dict_entry`).  A missing key is KeyError with
the key's repr (str.repr, as CPython's message) built on the failing path only.

Contract: a mixin of codegen.FunctionCodegen: each `op_X(ins, *operands)` generates the
IR instruction X and returns its value.
"""
from __future__ import annotations

from types import SimpleNamespace

from llvmlite import ir

from pts.backend.llvm_types import I64T, PTR, alloca, leaves
from pts.backend.str_codegen import _build, _from_slot, _leaf, _to_slot
from pts.ir.types import F64, STR, DictType, TupleType, Type


def _key_type(t: Type) -> Type:
    return t.key if isinstance(t, DictType) else t.elem


def _kinds(t: Type) -> str:
    return "".join({F64: "f", STR: "s"}.get(leaf, "i") for leaf in leaves(t))


class DictOps:
    """The dict.* set.* hash.* ops (a mixin of FunctionCodegen)."""

    # ------------------------------------------------------------ slots

    def to_slots(self, v, t: Type) -> list:
        if isinstance(t, TupleType) or len(leaves(t)) > 1:
            if isinstance(t, TupleType):
                return [_to_slot(self.b, _leaf(self.b, v, t, k), leaf)
                        for k, leaf in enumerate(leaves(t))]
            # an Optional: {present, value}
            return [_to_slot(self.b, self.b.extract_value(v, 0), leaves(t)[0])] + \
                self.to_slots(self.b.extract_value(v, 1), t.elem)
        return [_to_slot(self.b, v, t)]

    def from_slots(self, slots: list, t: Type):
        if isinstance(t, TupleType):
            return _build(self.b, t, iter([_from_slot(self.b, x, leaf)
                                           for x, leaf in zip(slots, leaves(t))]))
        if len(leaves(t)) > 1:                   # an Optional
            from pts.backend.llvm_types import llvm_type
            agg = ir.Constant(llvm_type(t), ir.Undefined)
            agg = self.b.insert_value(agg, _from_slot(self.b, slots[0], leaves(t)[0]), 0)
            return self.b.insert_value(agg, self.from_slots(slots[1:], t.elem), 1)
        return _from_slot(self.b, slots[0], t)

    def slot_ptr(self, base, k: int):
        return self.b.gep(base, [ir.Constant(I64T, k)], source_etype=I64T)

    def store_slots(self, base, v, t: Type, first: int = 0) -> None:
        for k, x in enumerate(self.to_slots(v, t)):
            self.b.store(x, self.slot_ptr(base, first + k))

    def load_slots(self, base, t: Type, first: int = 0):
        n = len(leaves(t))
        return self.from_slots([self.b.load(self.slot_ptr(base, first + k), typ=I64T)
                                for k in range(n)], t)

    def key_buffer(self, key, t: Type):
        """A stack buffer (allocated once per function and key type) holding key's slots."""
        bufs = self.__dict__.setdefault("key_bufs", {})
        n = len(leaves(t))
        buf = bufs.get(n)
        if buf is None:
            buf = bufs[n] = alloca(self.ab, ir.ArrayType(I64T, n))
        self.store_slots(buf, key, t)
        return buf

    def scratch(self, name: str, n: int):
        bufs = self.__dict__.setdefault("key_bufs", {})
        buf = bufs.get((name, n))
        if buf is None:
            buf = bufs[(name, n)] = alloca(self.ab, ir.ArrayType(I64T, max(n, 1)))
        return buf

    # ------------------------------------------------------------ errors

    def fail_if(self, cond, ins, kind: str, message) -> None:
        """Raise kind at ins when cond holds; message() emits the message (a str value) on
        the failing path only."""
        fail = self.fn.append_basic_block("dict.fail")
        cont = self.fn.append_basic_block("dict.ok")
        self.b.cbranch(cond, fail, cont)
        self.b.block.terminator.set_weights([1, 1000])
        self.b.position_at_end(fail)
        self.set_error(self.b, kind, message(), ins.span)
        self.b.position_at_end(cont)

    def key_error(self, ins, key, kt: Type):
        """The message of KeyError(key): repr(key), made by str.repr (str_codegen)."""
        from pts.backend import str_codegen
        fake = SimpleNamespace(op="str.repr", args=[SimpleNamespace(type=kt)], type=STR,
                               span=ins.span)
        return lambda: str_codegen.call(self, fake, [key])

    def null(self, p):
        return self.b.icmp_unsigned("==", p, ir.Constant(PTR, None))

    # ------------------------------------------------------------ ops

    def new_table(self, ins, t: Type):
        nv = len(leaves(t.val)) if isinstance(t, DictType) else 0
        d = self.call_import("dict_new", [self.mc.string(_kinds(_key_type(t))),
                                          ir.Constant(I64T, nv)])
        self.fail_if(self.null(d), ins, "MemoryError", lambda: self.mc.string(""))
        return d

    def op_dict_new(self, ins):
        return self.new_table(ins, ins.type)

    op_set_new = op_dict_new

    def op_hash_len(self, ins, h):
        return self.b.load(h, typ=I64T)          # the header's first field: the live count

    def find(self, h, key, kt: Type):
        return self.mc_call("dict_find", [h, self.key_buffer(key, kt)])

    def mc_call(self, name: str, args):
        """A dicts.c function that takes no context."""
        return self.b.call(self.mc.import_fn(self.b, self.ctx, name), list(args))

    def op_hash_contains(self, ins, h, key):
        p = self.find(h, key, _key_type(ins.args[0].type))
        return self.b.icmp_unsigned("!=", p, ir.Constant(PTR, None))

    def op_hash_next(self, ins, h, pos):
        return self.mc_call("dict_next", [h, pos])

    def op_hash_key_at(self, ins, h, i):
        return self.load_slots(self.mc_call("dict_entry", [h, i]), ins.type)

    def op_dict_value_at(self, ins, h, i):
        nk = len(leaves(ins.args[0].type.key))
        return self.load_slots(self.mc_call("dict_entry", [h, i]), ins.type, nk)

    def op_hash_clear(self, ins, h):
        self.mc_call("dict_clear", [h])

    def op_hash_copy(self, ins, h):
        d = self.call_import("dict_copy", [h])
        self.fail_if(self.null(d), ins, "MemoryError", lambda: self.mc.string(""))
        return d

    def op_hash_discard(self, ins, h, key):
        buf = self.key_buffer(key, _key_type(ins.args[0].type))
        r = self.mc_call("dict_del", [h, buf, ir.Constant(PTR, None)])
        return self.b.icmp_signed("!=", r, ir.Constant(I64T, 0))

    def op_dict_getitem(self, ins, d, key):
        kt = ins.args[0].type.key
        p = self.find(d, key, kt)
        self.fail_if(self.null(p), ins, "KeyError", self.key_error(ins, key, kt))
        return self.load_slots(p, ins.type)

    def op_dict_get(self, ins, d, key, default):
        p = self.find(d, key, ins.args[0].type.key)
        return self.slots_or(self.null(p), p, ins.type, default, "get")

    def slots_or(self, absent, p, t: Type, default, label: str):
        """The value of type t in the slots at p, or `default` where `absent` is true (p is
        then not read)."""
        here = self.b.block
        hit = self.fn.append_basic_block(label + ".hit")
        done = self.fn.append_basic_block(label + ".done")
        self.b.cbranch(absent, done, hit)
        self.b.position_at_end(hit)
        v = self.load_slots(p, t)
        hit_end = self.b.block
        self.b.branch(done)
        self.b.position_at_end(done)
        phi = self.b.phi(v.type)
        phi.add_incoming(default, here)
        phi.add_incoming(v, hit_end)
        return phi

    def put(self, ins, d, key, kt: Type):
        """(value slots, added flag) of key in d, inserted if absent."""
        added = self.scratch("added", 1)
        p = self.mc_call("dict_put", [d, self.key_buffer(key, kt), added])
        self.fail_if(self.null(p), ins, "MemoryError", lambda: self.mc.string(""))
        return p, added

    def op_dict_setitem(self, ins, d, key, v):
        dt = ins.args[0].type
        p, _ = self.put(ins, d, key, dt.key)
        self.store_slots(p, v, dt.val)

    def op_set_add(self, ins, s, key):
        self.put(ins, s, key, ins.args[0].type.elem)

    def op_dict_setdefault(self, ins, d, key, default):
        dt = ins.args[0].type
        p, added = self.put(ins, d, key, dt.key)
        flag = self.b.load(added, typ=I64T)
        with self.b.if_then(self.b.icmp_signed("!=", flag, ir.Constant(I64T, 0))):
            self.store_slots(p, default, dt.val)
        return self.load_slots(p, dt.val)

    def delete(self, ins, h, key, kt: Type, nv: int):
        out = self.scratch("value", nv) if nv else ir.Constant(PTR, None)
        r = self.mc_call("dict_del", [h, self.key_buffer(key, kt), out])
        return self.b.icmp_signed("==", r, ir.Constant(I64T, 0)), out

    def op_dict_delitem(self, ins, d, key):
        kt = ins.args[0].type.key
        missing, _ = self.delete(ins, d, key, kt, 0)
        self.fail_if(missing, ins, "KeyError", self.key_error(ins, key, kt))

    def op_set_remove(self, ins, s, key):
        kt = ins.args[0].type.elem
        missing, _ = self.delete(ins, s, key, kt, 0)
        self.fail_if(missing, ins, "KeyError", self.key_error(ins, key, kt))

    def op_dict_pop(self, ins, d, key):
        dt = ins.args[0].type
        missing, out = self.delete(ins, d, key, dt.key, len(leaves(dt.val)))
        self.fail_if(missing, ins, "KeyError", self.key_error(ins, key, dt.key))
        return self.load_slots(out, dt.val)

    def op_dict_pop_default(self, ins, d, key, default):
        dt = ins.args[0].type
        missing, out = self.delete(ins, d, key, dt.key, len(leaves(dt.val)))
        return self.slots_or(missing, out, dt.val, default, "pop")

    def take_entry(self, ins, h, i, kt: Type, vt: Type | None):
        """(key, value) of the live entry at i, removed from h."""
        e = self.mc_call("dict_entry", [h, i])
        key = self.load_slots(e, kt)
        val = self.load_slots(e, vt, len(leaves(kt))) if vt is not None else None
        self.mc_call("dict_del", [h, e, ir.Constant(PTR, None)])
        return key, val

    def op_dict_popitem(self, ins, d):
        dt = ins.args[0].type
        i = self.mc_call("dict_last", [d])
        self.fail_if(self.b.icmp_signed("<", i, ir.Constant(I64T, 0)), ins, "KeyError",
                     lambda: self.mc.string("'popitem(): dictionary is empty'"))
        key, val = self.take_entry(ins, d, i, dt.key, dt.val)
        agg = ir.Constant(_tuple_t(ins.type), ir.Undefined)
        agg = self.b.insert_value(agg, key, 0)
        return self.b.insert_value(agg, val, 1)

    def op_set_pop(self, ins, s):
        i = self.mc_call("dict_next", [s, ir.Constant(I64T, 0)])
        self.fail_if(self.b.icmp_signed("<", i, ir.Constant(I64T, 0)), ins, "KeyError",
                     lambda: self.mc.string("'pop from an empty set'"))
        key, _ = self.take_entry(ins, s, i, ins.type, None)
        return key


def _tuple_t(t: Type):
    from pts.backend.llvm_types import llvm_type
    return llvm_type(t)

