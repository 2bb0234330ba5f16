"""Call-only aliases (`append = out.append`, `chunkmap = map`), inlined before checking;
call-only lambdas in variables (`g = lambda x: x * k`) made nested defs.

Real programs name a bound method or a builtin once and then call the name in a hot loop:
`perm1_ins = perm1.insert` ... `perm1_ins(r, perm1_pop(0))`, `append = out.append`,
`chunkmap = map`, `join = "-".join`.  When the alias is only ever called, each call is the
call of what it names: `alias(args)` becomes `recv.method(args)` (or `name(args)`) and the
assignment goes.  The direct call keeps everything a call has and a function value would
lose: the element type an `append` gives an empty list, keyword arguments, a lazy `map`.

The rewrite is exact (CPython's semantics) under the conditions `inline_call_aliases`
checks, all decided on the syntax tree:
- the alias is assigned once, by a plain `alias = X` statement at the top level of the
  body (straight-line: it has run before anything that follows it), and every other use
  of the name comes textually after it and is the callee of a call;
- X is a name that is no local variable (a global or a builtin: fixed while the code runs)
  or `R.attr`, where R is a literal, a global, or a local that is never rebound after the
  alias is made (a parameter the body does not assign, or a local assigned once, by a
  top-level statement before the alias): a bound method binds its receiver object when it
  is made, and R still names that object at every call;
- no nested function or lambda binds the alias's name or R's.
An alias used any other way (passed, stored, returned, made in a loop) stays a value:
frontend.check_functions (bound methods as closures, builtins as functions).
"""
from __future__ import annotations

from pts.frontend import ast as A


def inline_call_aliases(fdef: A.FunctionDef, statements, target_names) -> bool:
    """Rewrite the calls of every call-only alias in fdef's body (see the module
    docstring); True if anything changed.  `statements` and `target_names` are check.py's
    helpers (every statement of a body; the names an assignment target binds)."""
    sites: dict[str, list[A.Stmt]] = {}
    for s in statements(fdef.body):
        for n in bound_names(s, target_names):
            sites.setdefault(n, []).append(s)
    params = {p.name for p in fdef.params}
    changed = False
    for s in list(fdef.body):
        if not (isinstance(s, A.Assign) and len(s.targets) == 1
                and isinstance(s.targets[0], A.Name)):
            continue
        alias = s.targets[0].id
        if isinstance(s.value, A.Lambda):
            changed |= lambda_as_def(s, fdef.body, sites)
            continue
        recv = stable_receiver(s.value, s, fdef.body, sites, params)
        if recv is None or len(sites.get(alias, ())) != 1 or alias in params:
            continue
        uses = name_uses(fdef.body, alias, s)
        if not uses or recv != "" and recv in nested_bindings(fdef.body):
            continue                    # (unused: checked where it is, as a value)
        for call in uses:
            # (at the alias's value: where CPython would raise an AttributeError)
            call.func = copy_expr(s.value, s.value.span)
        s.__class__ = A.Pass            # (the value is never read)
        changed = True
    return changed


def lambda_as_def(s: A.Assign, body: list, sites: dict) -> bool:
    """`g = lambda x: ...` assigned once and only called by its name is the nested def
    `def g(x): return ...` (its __name__ stays '<lambda>'): frontend.check_functions
    then reads its captured variables at each call, as CPython does."""
    name = s.targets[0].id
    if len(sites.get(name, ())) != 1 or name_uses(body, name, s, nested_ok=False) is None:
        return False
    lam = s.value
    s.__class__ = A.FunctionDef
    s.__dict__.clear()
    s.__init__(name, lam.params, None, [A.Return(lam.body, span=lam.body.span)], span=lam.span)
    s.from_lambda = True
    return True


def bound_names(s: A.Stmt, target_names) -> list[str]:
    if isinstance(s, A.Assign):
        return [n for t in s.targets for n in target_names(t)]
    if isinstance(s, (A.AugAssign, A.AnnAssign, A.For)):
        return target_names(s.target)
    if isinstance(s, A.FunctionDef):
        return [s.name]
    if isinstance(s, A.Delete):
        return [n for t in s.targets for n in target_names(t)]
    if isinstance(s, A.Try):
        return [h.name for h in s.handlers if h.name is not None]
    return []


def stable_receiver(x: A.Expr, alias_stmt: A.Stmt, body: list, sites: dict,
                    params: set) -> str | None:
    """The name the alias's value is read from ("" for a literal) when that value is the
    same object at every later call, else None."""
    if isinstance(x, A.Name):
        return x.id if x.id not in sites and x.id not in params else None
    if not isinstance(x, A.Attribute) or x.attr.startswith("__"):
        return None
    r = x.value
    if isinstance(r, A.Const) and r.value is not None:
        return ""
    if not isinstance(r, A.Name):
        return None
    if r.id in params:
        return r.id if r.id not in sites else None
    own = sites.get(r.id)
    if own is None:
        return r.id                     # a global (a module, a constant)
    if len(own) == 1 and own[0] in body and isinstance(own[0], (A.Assign, A.AnnAssign)) \
            and body.index(own[0]) < body.index(alias_stmt):
        return r.id
    return None


def name_uses(body: list, name: str, alias_stmt: A.Stmt,
              nested_ok: bool = True) -> list[A.Call] | None:
    """The calls `name(...)` in body, or None if the name is used any other way, before
    alias_stmt, or bound by a nested function (or used in one at all, unless nested_ok)."""
    calls: list[A.Call] = []
    ok = True
    start = (alias_stmt.span.end_line, alias_stmt.span.end_col)

    def walk(x, callee: bool = False) -> None:
        nonlocal ok
        if not ok:
            return
        if isinstance(x, list):
            for v in x:
                walk(v)
            return
        if not isinstance(x, A.Node) or x is alias_stmt:
            return
        if isinstance(x, (A.FunctionDef, A.Lambda)) and (
                not nested_ok and name in names_read_in(x) or name in local_bindings(x)):
            ok = False
            return
        if isinstance(x, A.Name) and x.id == name:
            if not callee or (x.span.line, x.span.col) < start:
                ok = False
            return
        if isinstance(x, A.Call):
            if isinstance(x.func, A.Name) and x.func.id == name:
                walk(x.func, True)
                if ok:
                    calls.append(x)
            else:
                walk(x.func)
            walk(x.args)
            walk(x.keywords)
            return
        for k, v in vars(x).items():
            if k not in ("ty", "span") and isinstance(v, (A.Node, list)):
                walk(v)
    walk(body)
    return calls if ok else None


def names_read_in(f) -> set[str]:
    """Every name read in a nested def or lambda (deeper ones included)."""
    return {x.id for x in A.walk(f.body) if isinstance(x, A.Name)}


def local_bindings(f) -> set[str]:
    """The names a nested def or lambda binds (its parameters, every assignment target
    in its body, deeper nested functions included: an over-approximation is safe)."""
    out = {p.name for p in f.params}
    if isinstance(f, A.FunctionDef):
        out.add(f.name)

    for x in A.walk(f.body):
        if isinstance(x, (A.Assign, A.AugAssign, A.AnnAssign, A.For, A.Delete)):
            for t in (x.targets if isinstance(x, (A.Assign, A.Delete)) else [x.target]):
                out.update(n.id for n in names_in(t))
        if isinstance(x, (A.FunctionDef, A.Lambda)) and x is not f:
            out.update(p.name for p in x.params)
            if isinstance(x, A.FunctionDef):
                out.add(x.name)
    return out


def names_in(t) -> list[A.Name]:
    if isinstance(t, A.Name):
        return [t]
    if isinstance(t, (A.TupleExpr, A.ListExpr)):
        return [n for e in t.elts for n in names_in(e)]
    return []


def nested_bindings(body: list) -> set[str]:
    """Every name some nested def or lambda in body binds."""
    return {n for x in A.walk(body) if isinstance(x, (A.FunctionDef, A.Lambda))
            for n in local_bindings(x)}


def copy_expr(x: A.Expr, span) -> A.Expr:
    """A fresh copy of a `name`, `literal.attr` or `name.attr` expression at span."""
    if isinstance(x, A.Name):
        return A.Name(x.id, span=span)
    if isinstance(x, A.Const):
        return A.Const(x.value, span=span)
    return A.Attribute(copy_expr(x.value, span), x.attr, span=span)


def builtin_global_aliases(fdef: A.FunctionDef, module_globals: dict, local_names: set) -> None:
    """A module global bound to a builtin (`xrange = range` in the Benchmarks Game's
    spectralnorm, `izip = zip`) is that builtin: each Name that reads such a global, in a
    function that has no local of that name, is renamed to the builtin's own name (when
    that name is not itself a global or local that hides the builtin).  The global cannot
    change while scripted code runs (`global` rebinding is a box, frontend.global_rebind,
    and such names are left alone)."""
    import builtins
    rebound = {n for s in A.walk(fdef.body) if isinstance(s, A.Global) for n in s.names}
    for node in A.walk(fdef.body):
        if not isinstance(node, A.Name) or node.id in local_names or node.id in rebound:
            continue
        value = module_globals.get(node.id)
        real = getattr(value, "__name__", None)
        if real is None or real == node.id or getattr(builtins, real, None) is not value \
                or not callable(value) or real in module_globals or real in local_names:
            continue
        node.id = real
