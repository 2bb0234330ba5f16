"""Variable webs: a local variable whose assignments reach disjoint sets of uses is split
into separately typed variables, as Numba renames a variable redefined with another type.

pts gives each variable one type.  Python does not: pyperformance's chaos computes
`x = (point.x - self.minx) / self.width * w` (a float), then `x = int(x)` and indexes a
list with it.  Those two assignments never reach a common use: every use after `x = int(x)`
sees only the int.  A *web* is a set of assignments (and the uses they reach) closed under
"reach a common use"; each web of a variable is typed on its own, so the float x and the int
x are two variables.  Where two assignments do reach one use (`x = 0` on one path, `x = 0.5`
on another, then `print(x)`) they stay one web and meet as the checker's `join` says (int
and float: float, the documented difference).

`split_webs(fdef)` runs a reaching-definitions analysis over the structured body (if, while,
for with break/continue/else, try, return/raise) and marks, for each variable with two or
more webs:
- every assignment target Name (`=`, `op=`, `for` targets): `.web_key`, the variable key of
  its web (the web holding the parameter, else the first assignment, keeps the plain name;
  the others are `name.w1`, `name.w2`, ...);
- every statement whose own expressions read such a variable: `.web_uses`, name -> key
  (the checker sets its current key for the name before checking the statement,
  `FunctionChecker.block`).
The analysis errs towards merging: anything it does not follow precisely (a `try`'s
handlers see every assignment of the protected body) only joins webs, which is the typing
pts had before.  Variables it leaves alone: annotated ones (the annotation is the
variable's type), `global` names, names read or assigned by a nested def or lambda (a
closure reads the variable by name), exception names, nested def names, names deleted or
assigned in a `finally`, and all variables of a generator function (inlined into its
consumer's loop).
"""
from __future__ import annotations

from pts.frontend import ast as A

_CACHE_ATTR = "webs_done"


def split_webs(fdef: A.FunctionDef) -> None:
    """Mark fdef's body (once per tree) with the webs of its variables."""
    if getattr(fdef, _CACHE_ATTR, False):
        return
    fdef.webs_done = True
    body = fdef.body
    if _has_yield(body):
        return
    excluded = _excluded_names(fdef)
    params = {p.name for p in fdef.params}
    candidates = _assigned(body) - excluded
    if not candidates:
        return
    _Webs(fdef, candidates, params).run()


# ---------------------------------------------------------------- the analysis

class _Webs:
    def __init__(self, fdef, candidates: set[str], params: set[str]):
        self.fdef = fdef
        self.candidates = candidates
        self.parent: dict[int, int] = {}         # union-find over definition ids
        self.defs: list[tuple[str, A.Name | None]] = []   # id -> (name, target node)
        self.stmt_uses: list[tuple[A.Stmt, str, frozenset]] = []
        self.loops: list[tuple[list, list]] = []  # (break states, continue states)
        self.entry: dict[str, frozenset] = {}
        for p in fdef.params:
            if p.name in candidates:
                self.entry[p.name] = frozenset([self.new_def(p.name, None)])

    def new_def(self, name: str, node: A.Name | None) -> int:
        i = len(self.defs)
        self.defs.append((name, node))
        self.parent[i] = i
        return i

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def union(self, ids) -> None:
        ids = list(ids)
        for j in ids[1:]:
            a, b = self.find(ids[0]), self.find(j)
            if a != b:
                self.parent[max(a, b)] = min(a, b)

    def run(self) -> None:
        self.def_ids: dict[int, int] = {}          # id(target Name) -> definition id
        self.block(self.fdef.body, dict(self.entry))
        self.mark()

    # ------------------------------------------------------------ states
    # A state maps a candidate name to the frozenset of definition ids that reach here;
    # None is "unreachable" (after return, raise, break, continue).

    @staticmethod
    def join(*states):
        live = [s for s in states if s is not None]
        if not live:
            return None
        out = dict(live[0])
        for s in live[1:]:
            for k, v in s.items():
                out[k] = out[k] | v if k in out else v
        return out

    def define(self, target: A.Expr, state: dict) -> None:
        for n in _target_nodes(target):
            if n.id in self.candidates:
                d = self.def_ids.get(id(n))
                if d is None:
                    d = self.def_ids[id(n)] = self.new_def(n.id, n)
                state[n.id] = frozenset([d])

    def use(self, stmt: A.Stmt, exprs, state: dict, shadow=frozenset()) -> None:
        for name in _reads(exprs, shadow):
            if name in self.candidates:
                reaching = state.get(name, frozenset())
                self.union(reaching)
                self.stmt_uses.append((stmt, name, reaching))

    # ------------------------------------------------------------ statements

    def block(self, stmts: list, state):
        for s in stmts:
            if state is None:
                return None
            state = self.stmt(s, state)
        return state

    def stmt(self, s: A.Stmt, state: dict):
        if isinstance(s, A.Assign):
            self.use(s, [s.value] + [t for t in s.targets if not isinstance(t, A.Name)],
                     state)
            state = dict(state)
            for t in s.targets:
                self.define(t, state)
            return state
        if isinstance(s, A.AugAssign):
            self.use(s, [s.target, s.value], state)
            before = state.get(s.target.id, frozenset()) if isinstance(s.target, A.Name) \
                else frozenset()
            state = dict(state)
            self.define(s.target, state)
            if isinstance(s.target, A.Name) and s.target.id in self.candidates:
                self.union(before | state[s.target.id])     # x += 1 reads and writes x
            return state
        if isinstance(s, A.AnnAssign):
            self.use(s, [s.value] if s.value is not None else [], state)
            return state                  # (annotated names are never candidates)
        if isinstance(s, (A.Return, A.Raise)):
            self.use(s, [e for e in vars(s).values() if isinstance(e, A.Expr)], state)
            return None
        if isinstance(s, A.If):
            self.use(s, [s.test], state)
            return self.join(self.block(s.body, dict(state)), self.block(s.orelse, dict(state)))
        if isinstance(s, A.While):
            return self.loop(s, state, None)
        if isinstance(s, A.For):
            self.use(s, [s.iter], state)
            return self.loop(s, state, s.target)
        if isinstance(s, A.Break):
            self.loops[-1][0].append(state)
            return None
        if isinstance(s, A.Continue):
            self.loops[-1][1].append(state)
            return None
        if isinstance(s, A.Try):
            return self.try_(s, state)
        if isinstance(s, A.FunctionDef):
            self.use(s, [p.default for p in s.params if p.default is not None], state)
            return state
        # ExprStmt, Assert, Delete, Pass, Global, Yield, ...: reads only
        self.use(s, [e for e in vars(s).values() if isinstance(e, A.Expr)]
                 + [e for v in vars(s).values() if isinstance(v, list)
                    for e in v if isinstance(e, A.Expr)], state)
        return state

    def loop(self, s, state: dict, target):
        head = dict(state)
        for _ in range(len(self.defs) + 2):
            self.loops.append(([], []))
            if target is None:
                self.use(s, [s.test], head)
                inside = dict(head)
            else:
                inside = dict(head)
                self.define(target, inside)
            out = self.block(s.body, inside)
            breaks, continues = self.loops.pop()
            new_head = self.join(state, out, *continues)
            if new_head == head:
                break
            head = new_head
        return self.join(self.block(s.orelse, dict(head)), *breaks)

    def try_(self, s: A.Try, state: dict):
        body_out = self.block(s.body, dict(state))
        # an exception may leave the body anywhere: a handler sees every assignment in it
        anywhere = self.join(state, *self.everywhere(s.body, state))
        outs = [self.block(s.orelse, dict(body_out)) if body_out is not None else None]
        for h in s.handlers:
            if h.type is not None:
                self.use(s, [h.type], anywhere)
            outs.append(self.block(h.body, dict(anywhere)))
        out = self.join(*outs)
        if s.finalbody:
            every = self.join(anywhere, *outs, *self.everywhere(
                s.orelse + [x for h in s.handlers for x in h.body], anywhere))
            return self.block(s.finalbody, every) if out is not None else \
                (self.block(s.finalbody, every) and None)
        return out

    def everywhere(self, body: list, state: dict) -> list[dict]:
        """One state per assignment in body (nested ones too): it may be the last one run
        before an exception."""
        states = []
        for n in A.walk(body):
            if isinstance(n, (A.Assign, A.AugAssign, A.For)):
                st = dict(state)
                for t in (n.targets if isinstance(n, A.Assign) else [n.target]):
                    for name_node in _target_nodes(t):
                        d = self.def_ids.get(id(name_node))
                        if d is not None:
                            st[name_node.id] = st.get(name_node.id, frozenset()) | {d}
                states.append(st)
        return states

    # ------------------------------------------------------------ marking

    def mark(self) -> None:
        webs: dict[str, dict[int, int]] = {}     # name -> web root -> first def id
        for i, (name, _) in enumerate(self.defs):
            roots = webs.setdefault(name, {})
            roots.setdefault(self.find(i), i)
        keys: dict[int, str] = {}
        for name, roots in webs.items():
            if len(roots) < 2:
                continue
            for n, root in enumerate(sorted(roots, key=lambda r: roots[r])):
                keys[root] = name if n == 0 else f"{name}.w{n}"
        if not keys:
            return
        self.fdef.web_names = {name for name, roots in webs.items() if len(roots) > 1}
        for i, (name, node) in enumerate(self.defs):
            key = keys.get(self.find(i))
            if key is not None and node is not None:
                node.web_key = key
        for stmt, name, reaching in self.stmt_uses:
            if not reaching:
                continue
            key = keys.get(self.find(next(iter(reaching))))
            if key is not None:
                uses = stmt.__dict__.setdefault("web_uses", {})
                uses[name] = key


# ---------------------------------------------------------------- syntax helpers

def _target_nodes(t: A.Expr) -> list[A.Name]:
    if isinstance(t, A.Name):
        return [t]
    if isinstance(t, (A.TupleExpr, A.ListExpr)):
        return [n for x in t.elts for n in _target_nodes(x)]
    if isinstance(t, A.Starred):
        return _target_nodes(t.value)
    return []


def _assigned(body: list) -> set[str]:
    names: set[str] = set()
    for n in _own_nodes(body):
        if isinstance(n, A.Assign):
            for t in n.targets:
                names.update(x.id for x in _target_nodes(t))
        elif isinstance(n, (A.AugAssign, A.For)):
            names.update(x.id for x in _target_nodes(n.target))
    return names


_COMPS = (A.ListComp, A.GeneratorExp, A.SetComp, A.DictComp)


def _reads(exprs, shadow) -> set[str]:
    """Names read by these expressions (not inside lambdas; a comprehension's own
    variables are its own)."""
    out: set[str] = set()

    def go(e, shadow):
        if e is None:
            return
        if isinstance(e, list):
            for x in e:
                go(x, shadow)
            return
        if isinstance(e, A.Name):
            if e.id not in shadow:
                out.add(e.id)
            return
        if isinstance(e, A.Lambda):
            return
        if isinstance(e, _COMPS):
            go(e.iter, shadow)
            inner = shadow | {x.id for x in _target_nodes(e.target)}
            for part in ("elt", "key", "value", "conds"):
                go(getattr(e, part, None), inner)
            return
        if isinstance(e, A.Node):
            for v in vars(e).values():
                if isinstance(v, (A.Node, list)):
                    go(v, shadow)

    go(exprs, shadow)
    return out


def _own_nodes(body: list):
    """Nodes of a body, not descending into nested defs or lambdas."""
    stack = [body]
    while stack:
        n = stack.pop()
        if isinstance(n, list):
            stack.extend(n)
        elif isinstance(n, A.Node):
            yield n
            if isinstance(n, (A.FunctionDef, A.Lambda)):
                continue
            stack.extend(v for v in vars(n).values() if isinstance(v, (list, A.Node)))


def _has_yield(body: list) -> bool:
    return any(isinstance(n, (A.Yield, A.YieldFrom)) for n in _own_nodes(body))


def _excluded_names(fdef: A.FunctionDef) -> set[str]:
    out = {p.name for p in fdef.params if p.annotation is not None}
    for n in _own_nodes(fdef.body):
        if isinstance(n, A.AnnAssign) and isinstance(n.target, A.Name):
            out.add(n.target.id)
        elif isinstance(n, A.Global):
            out.update(n.names)
        elif isinstance(n, (A.FunctionDef, A.Lambda)):
            if isinstance(n, A.FunctionDef):
                out.add(n.name)
            out.update(x.id for x in A.walk(n.body) if isinstance(x, A.Name))
            out.update(x.name for x in A.walk(n.body) if isinstance(x, A.FunctionDef))
        elif isinstance(n, A.Try):
            out.update(h.name for h in n.handlers if h.name is not None)
            for x in _own_nodes(n.finalbody):
                if isinstance(x, (A.Assign, A.AugAssign, A.For)):
                    for t in (x.targets if isinstance(x, A.Assign) else [x.target]):
                        out.update(y.id for y in _target_nodes(t))
        elif isinstance(n, A.Delete):
            out.update(t.id for t in n.targets if isinstance(t, A.Name))
    return out
