"""The syntax tree of the pts language.

`frontend.parse` builds it from source text; `frontend.check` fills in `Expr.ty` (the typed
AST); `frontend.lower` turns it into SSA IR.  Every node keeps its `span` so that any later
stage can point at user code.  The node set is deliberately small: anything the grammar
accepts but the language refuses (try, with, lambda, ...) is rejected by the parser with a
CompileError naming the construct, so it never reaches this tree.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pts.errors import NOSPAN, Span


@dataclass(eq=False)
class Node:
    span: Span = field(default=NOSPAN, kw_only=True)


def walk(node):
    """Every node under node (node itself included; lists and node-valued fields
    followed), each once even where a subtree is shared."""
    stack, seen = [node], set()
    while stack:
        n = stack.pop()
        if isinstance(n, list):
            stack.extend(reversed(n))
        elif isinstance(n, Node) and id(n) not in seen:
            seen.add(id(n))
            yield n
            stack.extend(reversed([v for v in vars(n).values() if isinstance(v, (list, Node))]))


# ---------------------------------------------------------------- type annotations

@dataclass(eq=False)
class TypeExpr(Node):
    """An annotation: `int`, `float`, `List[int]`, `Tuple[int, float]`, `None`, `np.ndarray`.

    `name` is the dotted name as written (`"List"`, `"typing.List"`, `"pts.Tensor"`),
    `args` the subscript arguments (empty when there is no subscript).
    """
    name: str
    args: list[TypeExpr] = field(default_factory=list)


# ---------------------------------------------------------------- expressions

@dataclass(eq=False)
class Expr(Node):
    # Filled in by the checker: an `ir.types.Type`.
    ty: Any = field(default=None, kw_only=True)


@dataclass(eq=False)
class Name(Expr):
    id: str


@dataclass(eq=False)
class Const(Expr):
    """int, float, bool, str or None literal (value is the Python value)."""
    value: Any


@dataclass(eq=False)
class BinOp(Expr):
    """op is the operator text: + - * / // % ** & | ^ << >> @"""
    op: str
    left: Expr
    right: Expr


@dataclass(eq=False)
class UnaryOp(Expr):
    """op is one of: - + not ~"""
    op: str
    operand: Expr


@dataclass(eq=False)
class Compare(Expr):
    """`a < b <= c`: left=a, ops=['<', '<='], comparators=[b, c].

    ops are among: == != < <= > >= is, is not, in, not in (the last four only for None tests
    and membership, which the checker may refuse).
    """
    left: Expr
    ops: list[str]
    comparators: list[Expr]


@dataclass(eq=False)
class BoolOp(Expr):
    """`a and b and c` -> op='and', values=[a, b, c] (short-circuit)."""
    op: str
    values: list[Expr]


@dataclass(eq=False)
class IfExp(Expr):
    """`body if test else orelse`"""
    test: Expr
    body: Expr
    orelse: Expr


@dataclass(eq=False)
class Keyword(Node):
    name: str
    value: Expr


@dataclass(eq=False)
class Call(Expr):
    func: Expr
    args: list[Expr]
    keywords: list[Keyword] = field(default_factory=list)


@dataclass(eq=False)
class Lambda(Expr):
    """`lambda params: body` (frontend.check_functions)."""
    params: list[Param]
    body: Expr


@dataclass(eq=False)
class Starred(Expr):
    """`*xs` as a call argument: the elements of a tuple (or list) as arguments."""
    value: Expr


@dataclass(eq=False)
class Attribute(Expr):
    """`value.attr`, e.g. `math.pi`, `xs.append`, `x.shape`."""
    value: Expr
    attr: str


@dataclass(eq=False)
class Slice(Expr):
    """`lower:upper:step` inside a subscript; missing parts are None."""
    lower: Expr | None
    upper: Expr | None
    step: Expr | None


@dataclass(eq=False)
class FormatValue(Expr):
    """`{value!conversion:spec}` inside an f-string; conversion is "r", "s", "a" or None,
    spec an FString (it may hold nested replacement fields) or None."""
    value: Expr
    conversion: str | None
    spec: Expr | None


@dataclass(eq=False)
class FString(Expr):
    """f"..." : parts are str Consts and FormatValues, concatenated."""
    parts: list[Expr]


@dataclass(eq=False)
class Subscript(Expr):
    """`value[index]`; `a[i, j]` has a TupleExpr index, slices appear as Slice nodes."""
    value: Expr
    index: Expr


@dataclass(eq=False)
class ListExpr(Expr):
    elts: list[Expr]


@dataclass(eq=False)
class TupleExpr(Expr):
    elts: list[Expr]


@dataclass(eq=False)
class ListComp(Expr):
    """`[elt for target in iter if cond ...]` (one `for` clause)."""
    elt: Expr
    target: Expr
    iter: Expr
    conds: list[Expr] = field(default_factory=list)


@dataclass(eq=False)
class GeneratorExp(Expr):
    """`(elt for target in iter if cond ...)`, consumed lazily (see frontend.check_iter)."""
    elt: Expr
    target: Expr
    iter: Expr
    conds: list[Expr] = field(default_factory=list)


@dataclass(eq=False)
class DictExpr(Expr):
    """`{k: v, ...}` (frontend.check_dicts)."""
    keys: list[Expr]
    values: list[Expr]


@dataclass(eq=False)
class SetExpr(Expr):
    """`{a, b, ...}` (frontend.check_dicts)."""
    elts: list[Expr]


@dataclass(eq=False)
class DictComp(Expr):
    """`{key: value for target in iter if cond ...}` (one `for` clause)."""
    key: Expr
    value: Expr
    target: Expr
    iter: Expr
    conds: list[Expr] = field(default_factory=list)


@dataclass(eq=False)
class SetComp(Expr):
    """`{elt for target in iter if cond ...}` (one `for` clause)."""
    elt: Expr
    target: Expr
    iter: Expr
    conds: list[Expr] = field(default_factory=list)


# ---------------------------------------------------------------- statements

@dataclass(eq=False)
class Stmt(Node):
    pass


@dataclass(eq=False)
class Return(Stmt):
    value: Expr | None


@dataclass(eq=False)
class If(Stmt):
    """`elif` chains are nested Ifs in `orelse`."""
    test: Expr
    body: list[Stmt]
    orelse: list[Stmt] = field(default_factory=list)


@dataclass(eq=False)
class While(Stmt):
    test: Expr
    body: list[Stmt]
    orelse: list[Stmt] = field(default_factory=list)


@dataclass(eq=False)
class For(Stmt):
    """`for target in iter:`; target is a Name or a TupleExpr of Names."""
    target: Expr
    iter: Expr
    body: list[Stmt]
    orelse: list[Stmt] = field(default_factory=list)


@dataclass(eq=False)
class Break(Stmt):
    pass


@dataclass(eq=False)
class Continue(Stmt):
    pass


@dataclass(eq=False)
class Pass(Stmt):
    pass


@dataclass(eq=False)
class Assign(Stmt):
    """`a = b = value`: targets=[a, b]; a target is a Name, TupleExpr, Subscript or Attribute."""
    targets: list[Expr]
    value: Expr


@dataclass(eq=False)
class AugAssign(Stmt):
    """`target op= value`, op without the '=' (e.g. '+', '//')."""
    target: Expr
    op: str
    value: Expr


@dataclass(eq=False)
class AnnAssign(Stmt):
    """`target: annotation = value` (value may be None)."""
    target: Expr
    annotation: TypeExpr
    value: Expr | None


@dataclass(eq=False)
class Delete(Stmt):
    """`del xs[i]`, `del xs[a:b]`, `del d[k]` (several, comma-separated; frontend.check_lists
    and check_dicts)."""
    targets: list[Expr]


@dataclass(eq=False)
class Global(Stmt):
    """`global a, b`: the function rebinds these module-level names (frontend.global_rebind)."""
    names: list[str]


@dataclass(eq=False)
class Import(Stmt):
    """`import a.b as c` / `from m import x as y` inside a function: names=[(local name,
    module, attribute or None)].  The names are bound when compiling (frontend.program's
    globals view): a module is the same object wherever it is imported."""
    names: list[tuple[str, str, str | None]]


@dataclass(eq=False)
class Assert(Stmt):
    test: Expr
    msg: Expr | None = None


@dataclass(eq=False)
class Raise(Stmt):
    """`raise ValueError("...")`, `raise ValueError`, `raise e` or bare `raise`; exc is the
    expression (None: bare), cause the `from` expression."""
    exc: Expr | None
    cause: Expr | None = None


@dataclass(eq=False)
class ExceptHandler(Node):
    """`except E as name:` (type None: a bare `except:`; a TupleExpr: several classes)."""
    type: Expr | None
    name: str | None
    body: list[Stmt]


@dataclass(eq=False)
class Try(Stmt):
    body: list[Stmt]
    handlers: list[ExceptHandler]
    orelse: list[Stmt] = field(default_factory=list)
    finalbody: list[Stmt] = field(default_factory=list)


@dataclass(eq=False)
class Yield(Stmt):
    """`yield value` (value may be None) as a statement of a generator function."""
    value: Expr | None


@dataclass(eq=False)
class YieldFrom(Stmt):
    """`yield from iterable` as a statement of a generator function."""
    value: Expr


@dataclass(eq=False)
class ExprStmt(Stmt):
    value: Expr


@dataclass(eq=False)
class Param(Node):
    """A parameter; `default` is the default's expression (its value is taken from the
    function object at compile time, as Python evaluated it at `def` time).  `kind`:
    "pos" (positional or keyword), "kwonly" (after `*` or `*args`), "star" (`*args`),
    "starstar" (`**kwargs`)."""
    name: str
    annotation: TypeExpr | None = None
    default: Expr | None = None
    kind: str = "pos"


@dataclass(eq=False)
class FunctionDef(Stmt):
    name: str
    params: list[Param]
    returns: TypeExpr | None
    body: list[Stmt]
    docstring: str | None = None
    decorators: list[Expr] = field(default_factory=list)


@dataclass(eq=False)
class ClassDef(Stmt):
    """Only produced when a model class is parsed on purpose (pts.script(instance))."""
    name: str
    bases: list[Expr]
    body: list[Stmt]
