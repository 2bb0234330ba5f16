"""Shrink a program that differs, keeping the difference.

    reduce(program, difference) -> Program     (the minimized program, one argument set)

Greedy, to a fixed point: each round tries the edits below, smallest result first, and
keeps an edit when `differ.check` on the edited program (only the backend that differed)
still finds a difference with the same `Difference.signature()` — the same backend, the
same part of the outcome (value, exception, stdout, arguments) and the same outcome kinds.
Edits: drop a function other than `main`; delete a statement; replace an `if`/loop by its
body; replace an expression by one of its subexpressions or a small constant; drop a
parameter of `main` (its value becomes an assignment, for scalars and lists); shorten a list
argument; pass an array argument C-contiguous instead of as a view.  The budget is a
number of seconds; what is left when it runs out is still a program that differs.
"""
from __future__ import annotations

import ast
import copy
import time
from dataclasses import replace

import differ
from progen import ArrayArg, Program

CONSTANTS = [ast.Constant(0), ast.Constant(1), ast.Constant(0.0), ast.Constant(True)]


def _stmt_lists(tree: ast.AST):
    """(node, field) for every statement list in the tree."""
    for node in ast.walk(tree):
        for name in ("body", "orelse"):
            stmts = getattr(node, name, None)
            if isinstance(stmts, list) and stmts and isinstance(stmts[0], ast.stmt):
                yield node, name


def _exprs(tree: ast.AST):
    """(parent, field, index or None, expr) for every expression that is read."""
    for parent in ast.walk(tree):
        for name, value in ast.iter_fields(parent):
            items = value if isinstance(value, list) else [value]
            for i, child in enumerate(items):
                if isinstance(child, ast.expr) and not isinstance(getattr(child, "ctx", None), (ast.Store, ast.Del)):
                    if isinstance(parent, (ast.Attribute, ast.keyword)) or \
                            (isinstance(parent, ast.Call) and name == "func"):
                        continue
                    yield parent, name, i if isinstance(value, list) else None, child


def source_edits(source: str):
    """Candidate sources, each one edit away from `source`, roughly smallest first."""
    tree = ast.parse(source)
    seen = set()

    def emit(t: ast.Module):
        text = ast.unparse(ast.fix_missing_locations(t)) + "\n"
        if text not in seen and text != source:
            seen.add(text)
            return text
        return None

    # whole functions, then statements, then expressions (candidates are tried smallest
    # first anyway: reduce() sorts them)
    for i, node in enumerate(tree.body):
        if isinstance(node, ast.FunctionDef) and node.name != "main":
            t = copy.deepcopy(tree)
            del t.body[i]
            if (s := emit(t)):
                yield s
    lists = list(_stmt_lists(tree))
    for li, (node, name) in enumerate(lists):
        stmts = getattr(node, name)
        for i in reversed(range(len(stmts))):
            if isinstance(node, ast.Module):
                continue
            for replacement in _statement_replacements(stmts[i]):
                t = copy.deepcopy(tree)
                tnode, tname = list(_stmt_lists(t))[li]
                body = getattr(tnode, tname)
                body[i:i + 1] = replacement
                if not body:
                    body.append(ast.Pass())
                if (s := emit(t)):
                    yield s
    exprs = list(_exprs(tree))
    for ei, (parent, name, idx, e) in enumerate(exprs):
        options = [c for c in ast.iter_child_nodes(e) if isinstance(c, ast.expr)
                   and not (isinstance(c, ast.Name) and c.id in ("math", "np"))]
        options += [] if isinstance(e, ast.Constant) else CONSTANTS
        for opt in options:
            t = copy.deepcopy(tree)
            tparent, tname, tidx, _ = list(_exprs(t))[ei]
            if tidx is None:
                setattr(tparent, tname, copy.deepcopy(opt))
            else:
                getattr(tparent, tname)[tidx] = copy.deepcopy(opt)
            if (s := emit(t)):
                yield s


def _statement_replacements(stmt: ast.stmt) -> list[list]:
    out = [[]]                                     # delete it
    if isinstance(stmt, ast.If):
        out += [stmt.body, stmt.orelse]
    elif isinstance(stmt, (ast.For, ast.While)):
        out += [stmt.body]
    return out


def argument_edits(program: Program):
    """Candidate programs with simpler arguments for main (one argument set)."""
    args = program.arg_sets[0]
    tree = ast.parse(program.source)
    for i, a in enumerate(args):
        if isinstance(a, (int, float, bool, list)):
            t = copy.deepcopy(tree)
            tmain = next(n for n in t.body if isinstance(n, ast.FunctionDef) and n.name == "main")
            param = tmain.args.args.pop(i)
            value = ast.parse(differ.literal(a), mode="eval").body
            tmain.body.insert(0, ast.Assign([ast.Name(param.arg, ast.Store())], value, lineno=0))
            yield replace(program, source=ast.unparse(ast.fix_missing_locations(t)) + "\n",
                          arg_sets=[args[:i] + args[i + 1:]])
        if isinstance(a, list):
            for j in range(len(a)):
                yield replace(program, arg_sets=[args[:i] + (a[:j] + a[j + 1:],) + args[i + 1:]])
        if isinstance(a, ArrayArg) and a.layout != "C":
            yield replace(program, arg_sets=[args[:i] + (ArrayArg(a.values, "C"),) + args[i + 1:]])


def reduce(program: Program, diff: differ.Difference, budget: float = 120.0,
           log=lambda msg: None) -> Program:
    backend = [b for b in differ.BACKENDS if b[0] == diff.backend]
    want = diff.signature()

    def still_differs(p: Program) -> bool:
        try:
            report = differ.check(p, backends=backend)
        except Exception:  # noqa: BLE001 - the edit broke the reference run (e.g. a NameError)
            return False
        return any(d.signature() == want for d in report.differences)

    current = replace(program, arg_sets=[program.arg_sets[diff.call]])
    deadline = time.monotonic() + budget
    progress = True
    while progress and time.monotonic() < deadline:
        progress = False
        candidates = list(argument_edits(current))
        candidates += [replace(current, source=s) for s in source_edits(current.source)]
        for cand in sorted(candidates, key=lambda c: len(c.source)):
            if len(cand.source) > len(current.source) + 40:
                continue
            if time.monotonic() > deadline:
                break
            if still_differs(cand):
                current = cand
                progress = True
                log(f"reduced to {len(current.source)} characters")
                break
    return current
