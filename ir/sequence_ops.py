"""The tuple and list ops of the op table (see ir.op_table for what an entry holds).

Operand types -> result type:
  tuple        (T0, T1, ...) -> tuple<T0, T1, ...>
  tuple.get    (tuple<...>, i64 constant k) -> Tk
  list.new     (i64 n) -> list<T>              n zero elements (n >= 0); T is the declared one
  list.fill    (i64 n, T v) -> list<T>         n copies of v (n < 0 -> empty)
  list.repeat  (list<T>, i64 n) -> list<T>     a new list, n times (n < 0 -> empty)
  list.copy    (list<T>) -> list<T>
  list.len     (list<T>) -> i64
  list.get     (list<T>, i64 i) -> T           0 <= i < len (the caller checks)
  list.set     (list<T>, i64 i, T v)
  list.append  (list<T>, T v)
  list.pop     (list<T>) -> T                  len > 0 (the caller checks)
  list.pop_at  (list<T>, i64 i) -> T           removes item i, 0 <= i < len (the caller checks)
  list.eq      (list<T>, list<T>) -> i1
"""
from __future__ import annotations

from pts.ir.op_table import ALLOC, PURE, READ, WRITE, OpUse, define
from pts.ir.types import I1, I64, ListType, TupleType, Type


def _tuple(use: OpUse) -> Type:
    return TupleType(tuple(use.types))


def _tuple_get(use: OpUse) -> Type:
    use.arity(2)
    t, k = use.types[0], use.const(1)
    if not isinstance(t, TupleType):
        use.fail("expected a tuple")
    if use.types[1] != I64 or isinstance(k, bool) or not isinstance(k, int):
        use.fail("expected an i64 constant index")
    if not 0 <= k < len(t.elems):
        use.fail(f"expected an index in 0..{len(t.elems) - 1}, found {k}")
    return t.elems[k]


def _list(use: OpUse, k: int = 0) -> ListType:
    t = use.types[k]
    if not isinstance(t, ListType):
        use.fail(f"expected a list, found {t}")
    return t


def _index(use: OpUse, k: int) -> None:
    if use.types[k] != I64:
        use.fail(f"expected an i64 index, found {use.types[k]}")


def _list_new(use: OpUse) -> Type:
    use.arity(1)
    t = use.declared_result()
    if not isinstance(t, ListType) or use.types[0] != I64:
        use.fail(f"expected (i64) -> list<T>, found -> {t}")
    return t


def _list_fill(use: OpUse) -> Type:
    use.arity(2)
    if use.types[0] != I64:
        use.fail(f"expected an i64 length, found {use.types[0]}")
    return ListType(use.types[1])


def _list_repeat_rule(use: OpUse) -> Type:
    use.arity(2)
    _index(use, 1)
    return _list(use)


def _list_same(use: OpUse) -> Type:
    use.arity(1)
    return _list(use)


def _list_len(use: OpUse) -> Type:
    use.arity(1)
    _list(use)
    return I64


def _list_get(use: OpUse) -> Type:
    use.arity(2)
    _index(use, 1)
    return _list(use).elem


def _list_set(use: OpUse) -> None:
    use.arity(3)
    _index(use, 1)
    if use.types[2] != _list(use).elem:
        use.fail(f"expected an element of {use.types[0]}, found {use.types[2]}")


def _list_append(use: OpUse) -> None:
    use.arity(2)
    if use.types[1] != _list(use).elem:
        use.fail(f"expected an element of {use.types[0]}, found {use.types[1]}")


def _list_pop(use: OpUse) -> Type:
    use.arity(1)
    return _list(use).elem


def _list_eq(use: OpUse) -> Type:
    use.arity(2)
    if use.types[1] != _list(use):
        use.fail("expected two lists of one type")
    return I1


def _list_repeat(xs, n):
    # (the interpreter's Tuple[T, ...] is a Python tuple: ir.vartuple_ops)
    return (xs if isinstance(xs, tuple) else list(xs)) * max(n, 0)


define("tuple", PURE, lambda *xs: tuple(xs), _tuple)
define("tuple.get", PURE, lambda t, i: t[i], _tuple_get)
define("list.new", ALLOC, None, _list_new)      # needs the element type: see runtime.interp
define("list.fill", ALLOC, lambda n, v: [v] * max(n, 0), _list_fill)
define("list.repeat", ALLOC, _list_repeat, _list_repeat_rule)
define("list.copy", ALLOC, lambda xs: list(xs), _list_same)
define("list.len", READ, lambda xs: len(xs), _list_len)
define("list.get", READ, lambda xs, i: xs[i], _list_get)
# IEEE == per element (docs/language.md: a list holding the same nan object is not equal to
# itself, where CPython's list == tests identity first)
define("list.eq", READ, lambda a, b: len(a) == len(b) and all(x == y for x, y in zip(a, b)),
       _list_eq)
define("list.set", WRITE, lambda xs, i, v: xs.__setitem__(i, v), _list_set)
define("list.append", WRITE, lambda xs, v: xs.append(v), _list_append)
define("list.pop", WRITE, lambda xs: xs.pop(), _list_pop)
define("list.pop_at", WRITE, lambda xs, i: xs.pop(i), _list_get)
