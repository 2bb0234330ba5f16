"""The exception ops of the op table, and the kind hierarchy they test against.

A `try` body's raising points reach a handler through the `try` terminator (ir.core): any
instruction of a block that ends in `try ^ok(...), ^handler(...)` that raises sends control
to ^handler instead of out of the function.  The handler then reads what was raised:

  exc.caught   () -> EXC_VALUE              the exception being handled: (kind code, message,
                                            line, column, file, function);
                                            only in a block entered by `try` handler edges,
                                            before anything else that can raise
  exc.isa      (i64 code) {kind} -> i1      is an exception of that code an instance of `kind`
                                            (a builtin class or a user chain, pts.errors)
  exc.name     (i64 code) -> str            the name of its class (`type(e).__name__`,
                                            `repr(e)`)

and re-raises one with the terminator `raise %e` (no kind: the kind and message of %e), or
inside a try body with

  exc.raise    (EXC_VALUE)                  raise it (always): the block's handler edge.
A kind code's ancestry is fixed at compile time: builtin codes by CPython's hierarchy
(pts.errors.BUILTIN_PARENTS), user kinds by the chain their name spells
('MyError.ValueError'), so `exc.isa` is a test against a constant set of codes:
`codes_matching(kind, module_kinds(module))`.
"""
from __future__ import annotations

from pts.errors import BUILTIN_PARENTS, EXCEPTION_KINDS, kind_ancestors, kind_code
from pts.ir.op_table import CALL, OPS, PURE, RAISE, READ, TENSOR, OpUse, define
from pts.ir.types import I1, I64, STR, TupleType

# an exception as a value: kind code, message, and where it was raised (line, column,
# file, function: a re-raise keeps them, as a traceback would)
EXC_VALUE = TupleType((I64, STR, I64, I64, STR, STR))


def _caught(use: OpUse):
    use.arity(0)
    return EXC_VALUE


def _isa(use: OpUse):
    use.arity(1)
    if use.types[0] != I64:
        use.fail(f"expected an i64 kind code, found {use.types[0]}")
    if not isinstance(use.attrs.get("kind"), str):
        use.fail("expected a kind attribute")
    return I1


def is_instance(code: int, kind: str) -> bool:
    """Does an exception of status `code` match `except kind`?  (kind_code registers the
    user kinds of a module; a code nobody registered is a RuntimeError.)"""
    from pts.errors import kind_of_code
    return kind in kind_ancestors(kind_of_code(code))


def _name(use: OpUse):
    use.arity(1)
    if use.types[0] != I64:
        use.fail(f"expected an i64 kind code, found {use.types[0]}")
    return STR


def class_name(code: int) -> str:
    """The class name of an exception of status `code`: a user chain's first link
    ('MyError' of 'MyError.ValueError')."""
    from pts.errors import kind_of_code
    return kind_of_code(code).split(".")[0]


def _raise(use: OpUse):
    use.arity(1)
    if use.types[0] != EXC_VALUE:
        use.fail(f"expected an exception ({EXC_VALUE}), found {use.types[0]}")
    return None


# the interpreter runs these itself (they read its state and the instruction's kind)
define("exc.caught", CALL, None, _caught)
define("exc.isa", READ, None, _isa)
define("exc.raise", RAISE, None, _raise)
define("exc.name", PURE, class_name, _name)


def module_kinds(module) -> set[str]:
    """Every exception kind a module's code can raise or test (user kinds get their codes)."""
    kinds = set(EXCEPTION_KINDS) | set(BUILTIN_PARENTS)
    for f in module:
        for i in f.instructions():
            k = i.attrs.get("kind")
            if isinstance(k, str):
                kinds.add(k)
                kind_code(k)
    return kinds


def codes_matching(kind: str, kinds: set[str]) -> list[int]:
    """The status codes of the kinds in `kinds` that are instances of `kind`, sorted."""
    return sorted({kind_code(k) for k in kinds if kind in kind_ancestors(k)})


def may_raise(i) -> bool:
    """Can instruction `i` raise (and so leave a `try` block by its handler edge)?"""
    if i.op == "exc.caught" or i.is_terminator:
        return False
    info = OPS.get(i.op)
    return info is None or info.effect in (RAISE, CALL, TENSOR)
