"""Type checking of exceptions: `raise`, `try` / `except` / `else` / `finally`, exception
classes.  Mixed into `check.FunctionChecker`.

Exception classes are the builtin ones of CPython's hierarchy (pts.errors.BUILTIN_PARENTS)
and user classes defined at module level that derive from them with nothing but `pass` or
a docstring in their bodies (so an instance is its class and its message, as the native
code carries it).  A class is named in the IR by its *kind* (`exception_kind`): a builtin
class's name, or a user class's chain of class names up to its builtin base
('MyError.ValueError'); the kind of a user class is registered in pts.errors.USER_CLASSES,
so that an escaping exception is an instance of the user's class.

What each construct records on its node for the lowering:
- `raise E("msg")` / `raise E`: `raise.kind`, `raise.msg_expr` (or None);
  `raise e` (e bound by `except ... as e`) and bare `raise`: `raise.reraise` = the
  variable's key, or "" for the exception being handled.  `from CAUSE` is checked and has
  no effect on what is raised (there is no traceback chain to keep).
- `except (E1, E2) as e:`: `handler.kinds` (empty: a bare `except:`), `handler.var` (the
  key of e, a variable of type EXC_VALUE = tuple<i64 kind code, str message>).
An exception variable is a value only in `str(e)` (its message), `repr(e)`,
`type(e).__name__` and `raise e`; `print(e)` and `f"{e}"` print `str(e)` (exc_as_str
rewrites the argument into that call).
- `traceback.print_exc()` / `traceback.format_exc()` in an except clause: `Callee(
  "traceback", name)`; the lowering writes (or returns) the handled exception as CPython's
  traceback text, with the one frame pts knows: where it was raised (lower_exceptions).
  `print(..., file=sys.stderr)`: the print's `file` attribute (check_strings).
"""
from __future__ import annotations

from pts.errors import BUILTIN_PARENTS, kind_code, register_user_class
from pts.frontend import ast as A
from pts.ir.exception_ops import EXC_VALUE
from pts.ir.types import NONE, STR, py_name

# what a trivial exception class may hold in its __dict__
_CLASS_KEYS = {"__module__", "__qualname__", "__doc__", "__dict__", "__weakref__",
               "__firstlineno__", "__static_attributes__"}


_TRACEBACK_FUNCTIONS = {"print_exc": NONE, "format_exc": STR}


class ExceptionChecks:
    # ---------------------------------------------------------------- tracebacks

    def std_stream(self, node: A.Expr) -> str:
        """"stderr" or "stdout" for `sys.stderr` / `sys.stdout` (print's file=, print_exc's
        file=); anything else is a CompileError."""
        import sys
        if isinstance(node, A.Attribute) and node.attr in ("stderr", "stdout") and \
                isinstance(node.value, A.Name) and self.lookup_global(node.value.id, node) is sys:
            return node.attr
        raise self.error("print's file= must be sys.stdout or sys.stderr in pts", node)

    def call_traceback(self, e: A.Call, name: str, f: A.Expr):
        """`traceback.print_exc()` / `traceback.format_exc()` inside an except clause."""
        if name not in _TRACEBACK_FUNCTIONS:
            raise self.error(f"'traceback.{name}()' is not supported: pts keeps no frames "
                             f"to walk (traceback.print_exc() and format_exc() in an except "
                             f"clause are)", f)
        if self.handler_depth == 0:
            raise self.error(f"traceback.{name}() outside an except clause is not supported "
                             f"(CPython prints 'NoneType: None')", e)
        if e.args:
            raise self.error(f"traceback.{name}() takes no positional arguments in pts", e.args[0])
        for kw in e.keywords:
            if kw.name == "file" and name == "print_exc" and self.std_stream(kw.value) == "stderr":
                continue
            if kw.name == "chain" and isinstance(kw.value, A.Const) and kw.value.value is True:
                continue
            if kw.name == "limit" and isinstance(kw.value, A.Const) and kw.value.value is None:
                continue
            raise self.error(f"traceback.{name}(): '{kw.name}=' is not supported here", kw)
        e.keywords = []
        e.target = self.fn_helpers.Callee("traceback", name)
        return _TRACEBACK_FUNCTIONS[name]

    # ---------------------------------------------------------------- classes

    def exception_kind(self, node: A.Expr) -> str:
        """The kind of the exception class `node` names (CompileError otherwise)."""
        value = None
        if isinstance(node, A.Name) and self.var_key(node.id) not in self.vars:
            value = self.lookup_global(node.id, node)
        if not (isinstance(value, type) and issubclass(value, BaseException)):
            raise self.error("expected an exception class (a builtin one, or a class "
                             "deriving from one defined at module level)", node)
        chain = []
        for c in value.__mro__:
            if c.__module__ == "builtins":
                if c.__name__ not in BUILTIN_PARENTS:
                    raise self.error(f"exception class {c.__name__} is not supported", node)
                chain.append(c.__name__)
                break
            extra = set(c.__dict__) - _CLASS_KEYS
            if extra or len([b for b in c.__bases__ if b is not object]) != 1:
                raise self.error(f"exception class {c.__name__} must derive from one exception "
                                 f"class and hold nothing but 'pass' or a docstring "
                                 f"(found {', '.join(sorted(extra)) or 'several bases'})", node)
            chain.append(c.__name__)
        kind = ".".join(chain)
        if len(chain) > 1:
            register_user_class(kind, value, self.spec.globals.globals.get("__file__"))
            kind_code(kind)
        return kind

    def is_exc_var(self, node: A.Expr) -> bool:
        return isinstance(node, A.Name) and self.var_key(node.id) in self.exc_vars \
            and self.vars.get(self.var_key(node.id)) == EXC_VALUE

    def exc_value(self, node: A.Name) -> None:
        """A use of an exception variable where one is allowed."""
        self.exc_use_ok = True
        try:
            self.expr(node)
        finally:
            self.exc_use_ok = False

    # ---------------------------------------------------------------- raise

    def stmt_Raise(self, s: A.Raise) -> None:
        exc = s.exc
        if isinstance(exc, A.Call) and isinstance(exc.func, A.IfExp) and not exc.keywords:
            # `raise (A if c else B)(msg)`: the test, then the message, as in CPython
            from pts.frontend.source import clone_tree
            f = exc.func
            exc = A.IfExp(f.test, A.Call(f.body, exc.args, span=exc.span),
                          A.Call(f.orelse, clone_tree(exc.args), span=exc.span), span=exc.span)
        if isinstance(exc, A.IfExp):
            # `raise U1 if i else U0` chooses the class at run time: it is
            # `if i: raise U1` / `else: raise U0` (the test runs first, as in CPython);
            # the statement becomes that If in place, for the later passes and lowering
            branch = [A.Raise(exc.body, s.cause, span=s.span)], [A.Raise(exc.orelse, s.cause, span=s.span)]
            s.__class__ = A.If
            s.__dict__ = {"test": exc.test, "body": branch[0], "orelse": branch[1], "span": s.span}
            return self.stmt(s)
        s.kind, s.msg_expr, s.reraise = None, None, None
        if s.cause is not None:
            self.raise_operand(s.cause, cause=True)
        if exc is None:
            if self.handler_depth == 0:
                raise self.error("bare 'raise' outside an except clause is not supported", s)
            s.reraise = ""
            return
        self.raise_operand(exc, cause=False, stmt=s)

    def raise_operand(self, exc: A.Expr, cause: bool, stmt: A.Raise | None = None) -> None:
        if isinstance(exc, A.Const) and exc.value is None and cause:
            return
        if self.is_exc_var(exc):
            self.exc_value(exc)
            if stmt is not None:
                stmt.reraise = exc.var
            return
        func = exc.func if isinstance(exc, A.Call) else exc
        kind = self.exception_kind(func)
        if isinstance(exc, A.Call):
            if exc.keywords or len(exc.args) > 1:
                raise self.error(f"{func.id}() takes at most one message argument here", exc)
            if exc.args:
                t = self.expr(exc.args[0])
                if t != STR:
                    raise self.error(f"exception message must be a string, not {py_name(t)}",
                                     exc.args[0])
                if stmt is not None:
                    stmt.msg_expr = exc.args[0]
        if stmt is not None:
            stmt.kind = kind

    # ---------------------------------------------------------------- try

    def stmt_Try(self, s: A.Try) -> None:
        self.block(s.body)
        for h in s.handlers:
            if h.type is None:
                h.kinds = []
            elif isinstance(h.type, A.TupleExpr):
                h.kinds = [self.exception_kind(x) for x in h.type.elts]
            else:
                h.kinds = [self.exception_kind(h.type)]
            h.var = None
            if h.name is not None:
                self.exc_vars.add(self.var_key(h.name))
                self.assign_var(h.name, EXC_VALUE, h)
                h.var = self.var_key(h.name)
            self.handler_depth += 1
            try:
                self.block(h.body)
            finally:
                self.handler_depth -= 1
        self.block(s.orelse)
        self.block(s.finalbody)

    def exc_as_str(self, node: A.Expr) -> A.Expr:
        """An exception variable printed (`print(e)`, `f"{e}"`) is `str(e)`: that call in its
        place; any other node as it is."""
        if not self.is_exc_var(node) or self.var_key("str") in self.vars:
            return node
        return A.Call(A.Name("str", span=node.span), [node], span=node.span)

    def exc_str(self, e: A.Call):
        """`str(e)` of an exception variable: its message; `repr(e)`: `ValueError('msg')`
        (the caller sets e.target)."""
        if e.keywords or len(e.args) != 1:
            raise self.error(f"{e.func.id}() of an exception takes one argument", e)
        self.exc_value(e.args[0])
        return STR

    def is_exc_type_name(self, e: A.Attribute) -> bool:
        """`type(e).__name__` of an exception variable (its class's name): marks e."""
        v = e.value
        if e.attr != "__name__" or not isinstance(v, A.Call) or not isinstance(v.func, A.Name) \
                or v.func.id != "type" or len(v.args) != 1 or v.keywords \
                or not self.is_exc_var(v.args[0]) or self.var_key("type") in self.vars:
            return False
        self.exc_value(v.args[0])
        e.exc_name = True
        return True


__all__ = ["ExceptionChecks", "NONE"]
