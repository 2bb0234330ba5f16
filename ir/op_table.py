"""The record of one op's facts, and the one table (`OPS`) every op family registers into.

An op's facts (DESIGN.md §4), one `OpInfo` per op name:
- `effect`: how the op may be moved or removed (PURE, ALLOC, READ, WRITE, TENSOR, RAISE,
  CALL below); read by dead-code elimination, CSE, hoisting, constant propagation.
- `evaluate`: what the interpreter and the constant folder run, `(*operand values,
  **attrs-derived arguments) -> result`; None where the interpreter needs more than the
  operands (the element type of `list.new`, the callee of `call`, ...).
- `type_rule`: `(use: OpUse) -> Type | None`, the result type of one use of the op from
  its operand types and attributes, or `OpTypeError` with a precise message.  The verifier
  checks every instruction with it; the frontend asks it for the result type of the ops it
  emits (`ir.ops.result_type`), so the two cannot disagree.  A rule returns None for an op
  without a result.  Where the operands do not fix the result (the element type of
  `list.new`, the target of `cast`, the tensor `attr.get` reads) the rule checks the
  instruction's declared type (`use.declared()`) and returns it.
- `derivative`: the reverse-mode rule differentiation (ir.passes.differentiate) emits, given
  with `define(..., derivative=)` or later with `set_derivative(name, rule)` (the rules of
  the scalar ops: ir.scalar_derivatives; of the tensor ops: ir.tensor_derivatives).  Its
  contract, after JAX's VJP/transpose rules and PyTorch's
  derivatives.yaml:

      derivative(b: ir.core.Builder, instr: Instr, adjoint: Value) -> list[Value | None]

  `b` is positioned in the backward sweep; `instr` is the forward instruction, whose
  operands and result are forward values the rule may read (JAX's residuals: the sweep
  keeps them alive, or recomputes them); `adjoint` is the adjoint of instr's result, of
  the result's type.  The rule emits ops with `b`, using only ops of this table, each
  commented with its math (`# d tanh(x) = g * (1 - y*y)`), and returns one adjoint per
  operand of instr, in order, each of that operand's type — for tensors, summed back to
  the operand's (dynamic) shape when the op broadcast it — or None where no gradient flows
  (integer, bool and index operands, constants).  The caller accumulates adjoints of a
  value used more than once.  An op whose result can carry a gradient and whose rule is
  None cannot be differentiated: differentiation reports a CompileError at the
  instruction's span rather than emitting a wrong gradient.

Families (`ir.scalar_ops`, `ir.sequence_ops`, `ir.tensor_ops`, and the control ops in
`ir.ops`) call `define` at import; `ir.ops` imports them all, so read the table from there.
"""
from __future__ import annotations

import ast
import dataclasses
import functools
from dataclasses import dataclass
from typing import Any, Callable

from pts.ir.types import Type

# How an op may be moved or removed.
PURE = "pure"      # result depends only on operands: fold, CSE, remove when unused
ALLOC = "alloc"    # makes a fresh object: remove when unused, never merge
READ = "read"      # reads mutable memory: remove when unused, never merge across writes
WRITE = "write"    # changes memory or the outside world: keep
TENSOR = "tensor"  # numpy operation: may raise on shapes, may alias (views): keep, never merge
RAISE = "raise"    # may raise: keep (check)
CALL = "call"      # anything: keep


class OpTypeError(Exception):
    """An op used with operand types or attributes its type rule refuses."""


class _Unknown:
    def __repr__(self) -> str:
        return "UNKNOWN"


# `OpUse.declared` when nobody has declared a result type yet (the frontend asking)
UNKNOWN: Any = _Unknown()
# an `OpUse.consts` entry for an operand that is not a constant
NOT_CONST: Any = _Unknown()


@dataclass(frozen=True)
class OpUse:
    """One use of an op as its type rule sees it."""
    op: str
    types: tuple[Type, ...]
    attrs: dict
    consts: tuple = ()              # per operand: the constant's Python value, or NOT_CONST
    declared: Any = UNKNOWN         # the instruction's result type (None: no result)
    module: Any = None              # the ir.core.Module, for the callee of call / kernel

    def fail(self, message: str):
        raise OpTypeError(message)

    def arity(self, n: int) -> None:
        if len(self.types) != n:
            self.fail(f"{self.op} takes {n} operand(s), found {len(self.types)}")

    def const(self, k: int) -> Any:
        """Operand k's constant value, or NOT_CONST."""
        return self.consts[k] if k < len(self.consts) else NOT_CONST

    def static(self) -> dict:
        """The `static` attribute (a Python literal dict: axis=, keepdims=, dtype=, ...)."""
        text = self.attrs.get("static")
        if not text:
            return {}
        try:
            return dict(_literal(text))
        except (ValueError, SyntaxError, TypeError):
            self.fail(f"static attribute {text!r} is not a Python literal dict")

    def declared_result(self) -> Type | None:
        """The result type the instruction declares, for rules the operands do not decide."""
        if self.declared is UNKNOWN:
            self.fail(f"the result type of {self.op} is not fixed by its operands")
        return self.declared


@functools.lru_cache(maxsize=1024)
def _literal(text: str):
    return ast.literal_eval(text)


TypeRule = Callable[[OpUse], "Type | None"]


@dataclass(frozen=True)
class OpInfo:
    name: str
    effect: str
    evaluate: Callable[..., Any] | None = None   # (*operand values) -> result
    type_rule: TypeRule | None = None            # (OpUse) -> result type, or OpTypeError
    derivative: Callable[..., Any] | None = None  # (builder, instr, adjoint) -> operand adjoints


OPS: dict[str, OpInfo] = {}


def define(name: str, effect: str, evaluate: Callable | None = None,
           type_rule: TypeRule | None = None, derivative: Callable | None = None) -> None:
    """Register op `name`: one entry per op, once."""
    assert name not in OPS, f"op {name} is defined twice"
    assert type_rule is not None, f"op {name} needs a type rule"
    OPS[name] = OpInfo(name, effect, evaluate, type_rule, derivative)


def set_derivative(name: str, rule: Callable) -> None:
    """Give op `name` its derivative rule (contract above); a later call replaces it, so a
    family of rules can be swapped for a better one."""
    assert name in OPS, f"no op {name} to give a derivative"
    OPS[name] = dataclasses.replace(OPS[name], derivative=rule)


def fmt_types(types) -> str:
    """(i64, f64): operand types as the rules' messages show them."""
    return "(" + ", ".join(str(t) for t in types) + ")"
