"""The dict and set ops of the op table (hash tables), and what a dict or set may hold.

A `dict<K, V>` maps keys to values in insertion order (CPython's compact dict); a `set<T>`
is the same table without values.  Keys and set elements (`KEY_LEAVES`) are bool, int,
float, str and tuples of those; values are what `VALUE_LEAVES` allows leaf by leaf (numbers,
str, None, lists of them).  Natively (backend/dict_codegen.py, runtime/c/dicts.c) both are
one open-addressing table with an entry array; the interpreter runs the Python dict / set.

Iteration is by position: `hash.next(d, i)` is the position of the first live entry at or
after i (-1 at the end), `hash.key_at` / `dict.value_at` read the entry there.  Positions
are stable while the table does not grow; a `for` loop checks the size every step
(CPython's "changed size during iteration").

Operand types -> result type (d: dict<K, V>, s: set<K>, h: either):
  dict.new      () -> dict<K, V>              (the declared type)
  set.new       () -> set<K>
  hash.len      (h) -> i64
  hash.contains (h, K) -> i1
  hash.next     (h, i64) -> i64
  hash.key_at   (h, i64) -> K                 a live position (hash.next's)
  hash.clear    (h)
  hash.copy     (h) -> h
  hash.discard  (h, K) -> i1                  whether it was there
  dict.value_at (d, i64) -> V
  dict.getitem  (d, K) -> V                   KeyError(k)
  dict.get      (d, K, V) -> V                the default when absent
  dict.setitem  (d, K, V)
  dict.delitem  (d, K)                        KeyError(k)
  dict.pop      (d, K) -> V                   KeyError(k)
  dict.pop_default (d, K, V) -> V
  dict.setdefault  (d, K, V) -> V
  dict.popitem  (d) -> tuple<K, V>            KeyError('popitem(): dictionary is empty')
  set.add       (s, K)
  set.remove    (s, K)                        KeyError(k)
  set.pop       (s) -> K                      KeyError('pop from an empty set')

Key equality is CPython's: 1 == 1.0 == True are one key (a dict's key type is one type:
ints stored in a Dict[float, V] become floats), -0.0 == 0.0, and nan is never equal to
itself (each nan stored is a new key; CPython finds the same nan *object* again).
"""
from __future__ import annotations

from itertools import islice

from pts.ir import types as types_module
from pts.ir.op_table import ALLOC, RAISE, READ, WRITE, OpUse, define
from pts.ir.types import (F64, I1, I64, NONE, STR, UNKNOWN, DictType, ListType, OptionalType,
                          SetType, TupleType, Type, py_name)

KEY_SCALARS = (I1, I64, F64, STR)


def key_ok(t: Type) -> bool:
    """May t be a dict key or a set element (hashable, and one pts can compare)?"""
    if isinstance(t, TupleType):
        return bool(t.elems) and all(key_ok(e) for e in t.elems)
    return t in KEY_SCALARS


def value_ok(t: Type) -> bool:
    """May t be a dict value?  (What a list holds, lists of it, tuples and Optionals.)"""
    if t in KEY_SCALARS or t == NONE:
        return True
    if isinstance(t, ListType):
        return t.elem in KEY_SCALARS
    if isinstance(t, TupleType):
        return all(value_ok(e) for e in t.elems)
    if isinstance(t, OptionalType):
        return value_ok(t.elem)
    return type(t).__name__ == "ObjType"     # an object: a reference (ir.object_ops)


def _join_scalar(a: Type, b: Type) -> Type | None:
    if a == UNKNOWN or a == b:
        return b
    if {a, b} <= {I1, I64}:
        return I64
    if {a, b} <= {I1, I64, F64}:
        return F64
    if isinstance(a, TupleType) and isinstance(b, TupleType) and len(a.elems) == len(b.elems):
        parts = [_join_scalar(x, y) for x, y in zip(a.elems, b.elems)]
        return None if None in parts else TupleType(tuple(parts))
    if isinstance(a, ListType) and isinstance(b, ListType):      # [] meets any list
        e = _join_scalar(a.elem, b.elem) if b.elem != UNKNOWN else a.elem
        return None if e is None else ListType(e)
    return None


def type_of_container(value, type_of_value) -> Type:
    """The pts type of a Python dict or set argument (ir.types.type_of_value's)."""
    keys = value.keys() if isinstance(value, dict) else value
    kt: Type = UNKNOWN
    what = "dict keys" if isinstance(value, dict) else "sets"
    for k in keys:
        t = type_of_value(k)
        j = _join_scalar(kt, t)
        if j is None:
            names = " and ".join(sorted({py_name(kt), py_name(t)}))
            raise TypeError(f"pts {what} need elements of one type, not {names}")
        if not key_ok(j):
            raise TypeError(f"pts {what} hold bool, int, float, str or tuples of them, not "
                            f"{py_name(t)}")
        kt = j
    if not isinstance(value, dict):
        return SetType(kt)
    vt: Type = UNKNOWN
    for v in value.values():
        t = type_of_value(v)
        j = _join_scalar(vt, t)
        if j is None:
            raise TypeError("pts dicts need values of one type")
        vt = j
    if vt != UNKNOWN and not value_ok(vt):
        raise TypeError(f"pts dicts cannot hold values of type {py_name(vt)}")
    return DictType(kt, vt)


def to_key(value, t: Type):
    """A Python key converted to the key type t (an int key of a Dict[float, V] is a float)."""
    if t == F64:
        return float(value)
    if t == I64:
        return int(value)
    if isinstance(t, TupleType):
        return tuple(to_key(v, e) for v, e in zip(value, t.elems))
    return value


# ---------------------------------------------------------------- type rules

def _hash(use: OpUse, k: int = 0) -> Type:
    t = use.types[k]
    if not isinstance(t, (DictType, SetType)):
        use.fail(f"expected a dict or a set, found {t}")
    return t


def _dict(use: OpUse) -> DictType:
    t = use.types[0]
    if not isinstance(t, DictType):
        use.fail(f"expected a dict, found {t}")
    return t


def _set(use: OpUse) -> SetType:
    t = use.types[0]
    if not isinstance(t, SetType):
        use.fail(f"expected a set, found {t}")
    return t


def key_of(t: Type) -> Type:
    return t.key if isinstance(t, DictType) else t.elem


def _key(use: OpUse, k: int = 1) -> None:
    want = key_of(use.types[0])
    if use.types[k] != want:
        use.fail(f"expected a key of {use.types[0]}, found {use.types[k]}")


def _val(use: OpUse, k: int) -> None:
    if use.types[k] != use.types[0].val:
        use.fail(f"expected a value of {use.types[0]}, found {use.types[k]}")


def _index(use: OpUse, k: int = 1) -> None:
    if use.types[k] != I64:
        use.fail(f"expected an i64 position, found {use.types[k]}")


def _new(kind):
    def rule(use: OpUse) -> Type:
        use.arity(0)
        t = use.declared_result()
        if not isinstance(t, kind):
            use.fail(f"expected -> {'dict<K, V>' if kind is DictType else 'set<T>'}, found -> {t}")
        return t
    return rule


def _rule(arity: int, container, result, key: int | None = None, val: int | None = None,
          index: int | None = None):
    def rule(use: OpUse):
        use.arity(arity)
        t = container(use)
        if key is not None:
            _key(use, key)
        if val is not None:
            _val(use, val)
        if index is not None:
            _index(use, index)
        return result(t)
    return rule


def _none(t):
    return None


def _same(t):
    return t


def _i64(t):
    return I64


def _i1(t):
    return I1


# ---------------------------------------------------------------- evaluation (Python's)

def _key_at(h, i):
    return next(islice(iter(h), i, None))


def _next(h, i):
    return i if i < len(h) else -1


def _popitem(d):
    return d.popitem()


def _set_pop(s):
    if not s:
        raise KeyError("pop from an empty set")
    return s.pop()


def _discard(s, k):
    if k in s:
        s.remove(k) if isinstance(s, set) else s.pop(k)
        return True
    return False


define("dict.new", ALLOC, lambda: {}, _new(DictType))
define("set.new", ALLOC, lambda: set(), _new(SetType))
define("hash.len", READ, len, _rule(1, _hash, _i64))
define("hash.contains", READ, lambda h, k: k in h, _rule(2, _hash, _i1, key=1))
define("hash.next", READ, _next, _rule(2, _hash, _i64, index=1))
define("hash.key_at", READ, _key_at, _rule(2, _hash, key_of, index=1))
define("hash.clear", WRITE, lambda h: h.clear(), _rule(1, _hash, _none))
define("hash.copy", ALLOC, lambda h: h.copy(), _rule(1, _hash, _same))
define("hash.discard", WRITE, _discard, _rule(2, _hash, _i1, key=1))
define("dict.value_at", READ, lambda d, i: d[_key_at(d, i)],
       _rule(2, _dict, lambda t: t.val, index=1))
define("dict.getitem", RAISE, lambda d, k: d[k], _rule(2, _dict, lambda t: t.val, key=1))
define("dict.get", READ, lambda d, k, v: d.get(k, v), _rule(3, _dict, lambda t: t.val, key=1, val=2))
define("dict.setitem", WRITE, lambda d, k, v: d.__setitem__(k, v), _rule(3, _dict, _none, key=1, val=2))
define("dict.delitem", RAISE, lambda d, k: d.__delitem__(k), _rule(2, _dict, _none, key=1))
define("dict.pop", RAISE, lambda d, k: d.pop(k), _rule(2, _dict, lambda t: t.val, key=1))
define("dict.pop_default", WRITE, lambda d, k, v: d.pop(k, v),
       _rule(3, _dict, lambda t: t.val, key=1, val=2))
define("dict.setdefault", WRITE, lambda d, k, v: d.setdefault(k, v),
       _rule(3, _dict, lambda t: t.val, key=1, val=2))
define("dict.popitem", RAISE, _popitem, _rule(1, _dict, lambda t: TupleType((t.key, t.val))))
define("set.add", WRITE, lambda s, k: s.add(k), _rule(2, _set, _none, key=1))
define("set.remove", RAISE, lambda s, k: s.remove(k), _rule(2, _set, _none, key=1))
define("set.pop", RAISE, _set_pop, _rule(1, _set, lambda t: t.elem))

types_module.container_type = type_of_container

# the ops whose evaluation raises KeyError (the interpreter gives it the scripted line)
RAISING = {"dict.getitem", "dict.delitem", "dict.pop", "dict.popitem", "set.remove", "set.pop"}


def run_op(evaluate, ins, operands: list, f):
    """Run a dict/set instruction; a KeyError carries the scripted line (CPython's message:
    the key's repr)."""
    try:
        return evaluate(*operands)
    except KeyError as e:
        from pts.errors import runtime_error
        raise runtime_error("KeyError", str(e), ins.span, f.name) from None
