"""Tests of frontend.parse: source text -> AST with spans, refusals, syntax errors."""
from __future__ import annotations

import textwrap

import pytest

from pts.errors import CompileError, Span
from pts.frontend import ast
from pts.frontend.parse import parse_function, parse_source

FILE = "t.py"


def module(src: str) -> list[ast.Stmt]:
    return parse_source(textwrap.dedent(src), FILE)


def expr(src: str) -> ast.Expr:
    """The expression `src`, parsed as the value of `x = <src>` (so columns start at 5)."""
    (stmt,) = parse_source(f"x = {src}\n", FILE)
    return stmt.value


def body(src: str) -> list[ast.Stmt]:
    """The body of `def f():` holding the dedented statements `src`."""
    text = "def f():\n" + textwrap.indent(textwrap.dedent(src), "    ")
    return parse_function(text, FILE).body


def error(src: str) -> CompileError:
    with pytest.raises(CompileError) as info:
        parse_source(textwrap.dedent(src), FILE)
    return info.value


def where(e: CompileError | ast.Node) -> tuple[int, int]:
    span = e.span
    return span.line, span.col


# ---------------------------------------------------------------- functions

def test_function_params_annotations_and_return_type():
    f = parse_function("def f(x: int, y, z: List[float]) -> float:\n    return x\n", FILE)
    assert f.name == "f"
    assert [p.name for p in f.params] == ["x", "y", "z"]
    assert f.params[0].annotation.name == "int"
    assert f.params[1].annotation is None
    z = f.params[2].annotation
    assert z.name == "List" and [a.name for a in z.args] == ["float"]
    assert f.returns.name == "float"
    assert f.span == Span(FILE, 1, 1, 2, 13)
    assert f.params[0].span == Span(FILE, 1, 7, 1, 13)


def test_function_without_params_or_return_type():
    f = parse_function("def g():\n    pass\n", FILE)
    assert f.params == [] and f.returns is None
    assert isinstance(f.body[0], ast.Pass)


def test_trailing_comma_in_params():
    f = parse_function("def g(a, b,):\n    pass\n", FILE)
    assert [p.name for p in f.params] == ["a", "b"]


def test_type_annotations():
    f = parse_function("def f(a: Tuple[int, float], b: np.ndarray, c: None, d: 'Foo',"
                       " e: int | None, g: List[List[int]]):\n    pass\n", FILE)
    a, b, c, d, e, g = (p.annotation for p in f.params)
    assert (a.name, [t.name for t in a.args]) == ("Tuple", ["int", "float"])
    assert b.name == "np.ndarray" and b.args == []
    assert c.name == "None"
    assert d.name == "Foo"
    assert (e.name, [t.name for t in e.args]) == ("Union", ["int", "None"])
    assert g.args[0].name == "List" and g.args[0].args[0].name == "int"


def test_invalid_type_annotation():
    e = error("def f(x: 3) -> int:\n    pass\n")
    assert "invalid type annotation" in e.msg and where(e) == (1, 10)


def test_docstring_is_removed_from_body():
    f = parse_function('def f():\n    """Doc\n    string."""\n    return 1\n', FILE)
    assert f.docstring == "Doc\n    string."
    assert len(f.body) == 1 and isinstance(f.body[0], ast.Return)


def test_docstring_only_body():
    f = parse_function("def f():\n    'doc'\n", FILE)
    assert f.docstring == "doc" and f.body == []


def test_decorators_are_expressions():
    f = parse_function("@pts.script\n@deco(1, k=2)\ndef f():\n    pass\n", FILE)
    d1, d2 = f.decorators
    assert isinstance(d1, ast.Attribute) and d1.attr == "script"
    assert isinstance(d2, ast.Call) and d2.keywords[0].name == "k"
    assert f.span.line == 3          # the span of a decorated def starts at `def`


def test_parse_function_rejects_other_text():
    with pytest.raises(CompileError, match="single function"):
        parse_function("def f():\n    pass\ndef g():\n    pass\n", FILE)
    with pytest.raises(CompileError, match="function definition"):
        parse_function("x = 1\n", FILE)
    with pytest.raises(CompileError):
        parse_function("", FILE)


# ---------------------------------------------------------------- statements

def test_return_forms():
    r1, r2, r3 = body("return\nreturn x\nreturn a, b\n")
    assert r1.value is None
    assert isinstance(r2.value, ast.Name)
    assert isinstance(r3.value, ast.TupleExpr) and len(r3.value.elts) == 2
    assert r3.span == Span(FILE, 4, 5, 4, 16)


def test_if_elif_else_nests_in_orelse():
    (s,) = body("if a:\n    x = 1\nelif b:\n    x = 2\nelse:\n    x = 3\n")
    assert isinstance(s, ast.If) and s.test.id == "a"
    (inner,) = s.orelse
    assert isinstance(inner, ast.If) and inner.test.id == "b"
    assert isinstance(inner.orelse[0], ast.Assign)
    assert s.span == Span(FILE, 2, 5, 7, 14)
    assert inner.span.line == 4


def test_if_without_else():
    (s,) = body("if a: pass\n")
    assert s.orelse == [] and isinstance(s.body[0], ast.Pass)


def test_while_else():
    (s,) = body("while i < n:\n    i += 1\nelse:\n    pass\n")
    assert isinstance(s, ast.While) and isinstance(s.test, ast.Compare)
    assert isinstance(s.body[0], ast.AugAssign) and isinstance(s.orelse[0], ast.Pass)


def test_for_targets():
    a, b, c = body("for i in range(n): pass\nfor i, j in xs: pass\nfor (i, j) in xs:\n"
                   "    break\n")
    assert isinstance(a, ast.For) and a.target.id == "i"
    assert isinstance(a.iter, ast.Call)
    assert [t.id for t in b.target.elts] == ["i", "j"]
    assert isinstance(c.target, ast.TupleExpr) and isinstance(c.body[0], ast.Break)


def test_for_else_and_continue():
    (s,) = body("for x in xs:\n    continue\nelse:\n    pass\n")
    assert isinstance(s.body[0], ast.Continue) and isinstance(s.orelse[0], ast.Pass)


def test_for_target_must_be_names():
    e = error("def f(xs):\n    for xs[0] in xs:\n        pass\n")
    assert "name or a tuple of names" in e.msg and where(e) == (2, 9)


def test_assign_chained():
    (s,) = body("a = b = 1\n")
    assert isinstance(s, ast.Assign) and [t.id for t in s.targets] == ["a", "b"]
    assert s.value.value == 1


def test_assign_tuple_swap():
    (s,) = body("a, b = b, a % b\n")
    (target,) = s.targets
    assert isinstance(target, ast.TupleExpr) and [t.id for t in target.elts] == ["a", "b"]
    assert isinstance(s.value, ast.TupleExpr) and s.value.elts[1].op == "%"


def test_assign_subscript_and_attribute_targets():
    s1, s2, s3 = body("xs[i] = v\ny[0, :] = -1.0\nself.w = v\n")
    assert isinstance(s1.targets[0], ast.Subscript)
    idx = s2.targets[0].index
    assert isinstance(idx, ast.TupleExpr) and isinstance(idx.elts[1], ast.Slice)
    assert isinstance(s2.value, ast.UnaryOp) and s2.value.operand.value == 1.0
    assert isinstance(s3.targets[0], ast.Attribute) and s3.targets[0].attr == "w"


@pytest.mark.parametrize("op", ["+", "-", "*", "/", "//", "%", "**", "&", "|", "^", "<<",
                                ">>", "@"])
def test_augmented_assignment_ops(op):
    (s,) = body(f"x {op}= 2\n")
    assert isinstance(s, ast.AugAssign) and s.op == op and s.target.id == "x"


def test_annotated_assignment():
    s1, s2 = body("xs: List[int] = []\nn: int\n")
    assert isinstance(s1, ast.AnnAssign) and s1.annotation.name == "List"
    assert isinstance(s1.value, ast.ListExpr) and s1.value.elts == []
    assert s2.value is None and s2.annotation.name == "int"


def test_invalid_assignment_targets():
    e = error("def f():\n    f() = 1\n")
    assert e.msg == "cannot assign to function call" and where(e) == (2, 5)
    e = error("def f():\n    1 += 1\n")
    assert "augmented assignment" in e.msg


def test_assert_and_raise():
    a1, a2, r1, r2, r3 = body("assert x\nassert x > 0, 'neg'\nraise ValueError('bad')\n"
                              "raise ValueError\nraise\n")
    assert a1.msg is None and a2.msg.value == "neg"
    assert isinstance(r1.exc, ast.Call) and isinstance(r2.exc, ast.Name) and r3.exc is None


def test_expression_statement_and_semicolons():
    s1, s2, s3 = body("xs.append(1); print(x)\nf()\n")
    assert all(isinstance(s, ast.ExprStmt) for s in (s1, s2, s3))
    assert s2.span == Span(FILE, 2, 19, 2, 27)


def test_comments_and_blank_lines():
    (f,) = module("""\
        # leading comment
        def f(x):  # trailing

            # in the body
            return x   # done
        # end
        """)
    assert isinstance(f.body[0], ast.Return) and f.body[0].span.line == 5


def test_backslash_continuation_and_implicit_joining():
    (s,) = body("x = 1 + \\\n    2\ny = (1 +\n  2)\n")[:1]
    assert isinstance(s.value, ast.BinOp)


# ---------------------------------------------------------------- module level

def test_module_level_imports_skipped_and_assignments_kept():
    stmts = module("""\
        '''Module doc.'''
        import numpy as np
        from typing import List, Tuple
        import os.path, sys
        N = 10
        def f() -> int:
            return N
        """)
    assert isinstance(stmts[0], ast.Assign) and stmts[0].targets[0].id == "N"
    assert isinstance(stmts[1], ast.FunctionDef)
    assert len(stmts) == 2


def test_class_definition():
    (c,) = module("""\
        class Net(Base):
            '''A model.'''
            scale: float = 2.0
            def __init__(self, n: int):
                self.n = n
            def forward(self, x):
                return x * self.scale
        """)
    assert isinstance(c, ast.ClassDef) and c.name == "Net"
    assert [b.id for b in c.bases] == ["Base"]
    assert isinstance(c.body[0], ast.AnnAssign)
    assert [m.name for m in c.body[1:]] == ["__init__", "forward"]
    assert c.span.line == 1 and c.span.end_line == 7


# ---------------------------------------------------------------- expressions

def test_precedence_arithmetic():
    e = expr("1 + 2 * 3 - 4")
    assert e.op == "-" and e.left.op == "+" and e.left.right.op == "*"
    assert e.span == Span(FILE, 1, 5, 1, 18)
    assert e.left.span == Span(FILE, 1, 5, 1, 14)


def test_power_binds_tighter_than_unary_minus_and_is_right_assoc():
    e = expr("-2**2")
    assert isinstance(e, ast.UnaryOp) and e.op == "-" and e.operand.op == "**"
    e = expr("2**3**2")
    assert e.op == "**" and e.right.op == "**"
    e = expr("2**-1")
    assert isinstance(e.right, ast.UnaryOp)


def test_bitwise_and_shift_precedence():
    e = expr("a | b ^ c & d << 1 + 2")
    assert e.op == "|" and e.right.op == "^" and e.right.right.op == "&"
    assert e.right.right.right.op == "<<" and e.right.right.right.right.op == "+"


def test_unary_ops():
    for op in ["-", "+", "~"]:
        e = expr(f"{op}x")
        assert isinstance(e, ast.UnaryOp) and e.op == op


def test_boolean_ops():
    e = expr("a or b and not c or d")
    assert isinstance(e, ast.BoolOp) and e.op == "or" and len(e.values) == 3
    assert e.values[1].op == "and" and e.values[1].values[1].op == "not"


def test_chained_comparison():
    e = expr("a < b <= c")
    assert isinstance(e, ast.Compare) and e.ops == ["<", "<="]
    assert [c.id for c in e.comparators] == ["b", "c"]


@pytest.mark.parametrize("op", ["==", "!=", "<", "<=", ">", ">=", "in", "not in", "is",
                                "is not"])
def test_comparison_ops(op):
    e = expr(f"a {op} b")
    assert e.ops == [op]


def test_conditional_expression():
    e = expr("a if c else b")
    assert isinstance(e, ast.IfExp)
    assert (e.test.id, e.body.id, e.orelse.id) == ("c", "a", "b")


def test_calls_with_keywords():
    e = expr("np.zeros(3, dtype=np.float32)")
    assert isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute)
    assert e.args[0].value == 3
    (kw,) = e.keywords
    assert kw.name == "dtype" and kw.value.attr == "float32"
    assert e.span == Span(FILE, 1, 5, 1, 34)


def test_positional_after_keyword_is_an_error():
    e = error("x = f(a=1, 2)\n")
    assert "positional argument follows keyword argument" in e.msg and where(e) == (1, 12)


def test_subscripts_and_slices():
    e = expr("a[1:n:2]")
    s = e.index
    assert isinstance(s, ast.Slice) and s.lower.value == 1 and s.upper.id == "n"
    assert s.step.value == 2
    s = expr("a[::-1]").index
    assert s.lower is None and s.upper is None and s.step.op == "-"
    s = expr("a[:]").index
    assert (s.lower, s.upper, s.step) == (None, None, None)
    s = expr("a[i, j]").index
    assert isinstance(s, ast.TupleExpr) and len(s.elts) == 2
    s = expr("a[:, None]").index
    assert isinstance(s.elts[0], ast.Slice) and s.elts[1].value is None


def test_attribute_chains():
    e = expr("a.b.c(1).d")
    assert e.attr == "d" and isinstance(e.value, ast.Call)
    assert e.value.func.attr == "c" and e.value.func.value.attr == "b"


def test_list_and_tuple_literals():
    assert [c.value for c in expr("[1, 2, 3,]").elts] == [1, 2, 3]
    assert expr("[]").elts == []
    t = expr("(1, 2)")
    assert isinstance(t, ast.TupleExpr) and t.span == Span(FILE, 1, 5, 1, 11)
    assert isinstance(expr("()"), ast.TupleExpr) and expr("()").elts == []
    assert len(expr("(1,)").elts) == 1
    assert isinstance(expr("(1)"), ast.Const)


def test_list_comprehension():
    e = expr("[x * 2 for x in xs if x > 0 if x < 9]")
    assert isinstance(e, ast.ListComp) and e.elt.op == "*"
    assert e.target.id == "x" and e.iter.id == "xs" and len(e.conds) == 2
    e = expr("[i + j for i, j in pairs]")
    assert isinstance(e.target, ast.TupleExpr)


def test_comprehension_with_two_fors_nests_generators():
    e = expr("[i + j for i in a if i for j in b]")
    # [v for v in (i + j for i in a if i for j in b)]
    assert isinstance(e, ast.ListComp) and isinstance(e.iter, ast.GeneratorExp)
    outer = e.iter
    assert outer.target.id == "i" and len(outer.conds) == 1 and outer.flatten
    inner = outer.elt
    assert isinstance(inner, ast.GeneratorExp) and inner.target.id == "j" and not inner.flatten
    assert inner.elt.op == "+"


@pytest.mark.parametrize("src,value", [
    ("42", 42), ("0x1F", 31), ("0o17", 15), ("0b101", 5), ("1_000_000", 1000000),
    ("1.0", 1.0), ("1e-3", 1e-3), (".5", 0.5), ("1.", 1.0), ("2.5E+2", 250.0),
    ("True", True), ("False", False), ("None", None),
    ("'a'", "a"), ('"b"', "b"), ("'a\\nb'", "a\nb"), ("'a' \"b\" 'c'", "abc"),
    ("r'\\d'", "\\d"),
])
def test_literals(src, value):
    e = expr(src)
    assert isinstance(e, ast.Const) and e.value == value and type(e.value) is type(value)


def test_literal_span():
    e = expr("'ab' 'cd'")
    assert e.span == Span(FILE, 1, 5, 1, 14)


def test_imports_inside_a_function_are_statements():
    f = parse_function("def f():\n    import a.b, c as d\n    from m import x, y as z\n",
                       FILE)
    first, second = f.body
    assert isinstance(first, ast.Import) and isinstance(second, ast.Import)
    assert first.names == [("a", "a.b", None), ("d", "c", None)]
    assert second.names == [("x", "m", "x"), ("z", "m", "y")]


def test_keywords_are_not_names():
    e = error("x = if\n")
    assert e.msg == "invalid syntax" and where(e) == (1, 5)


# ---------------------------------------------------------------- refused constructs

REFUSED = [
    ("class", "def f():\n    class C:\n        pass\n", (2, 5)),
    ("yield", "def f():\n    x = yield\n", (2, 9)),
    ("yield", "def f():\n    g((yield 1))\n", (2, 8)),
    ("nonlocal", "def f():\n    nonlocal g\n", (2, 5)),
    ("dict unpacking (**)", "def f():\n    d = {**a}\n", (2, 12)),
    ("async", "async def f():\n    pass\n", (1, 1)),
    ("async", "def f():\n    async for x in y:\n        pass\n", (2, 5)),
    ("await", "def f():\n    x = await g()\n", (2, 9)),
    ("relative import", "def f():\n    from . import m\n", (2, 5)),
    ("relative import", "def f():\n    from .pkg import sqrt\n", (2, 5)),
    ("import *", "def f():\n    from math import *\n", (2, 5)),
    ("walrus (:=)", "def f():\n    if (n := 3) > 2:\n        pass\n", (2, 9)),
    ("starred expression", "def f():\n    a, *b = xs\n", (2, 8)),
    ("starred expression", "def f():\n    ys = [*xs]\n", (2, 11)),
    ("match", "def f(x):\n    match x:\n        case 1:\n            pass\n", (2, 5)),
    ("bytes literal", "def f():\n    s = b'x'\n", (2, 9)),
]


@pytest.mark.parametrize("name,src,pos", REFUSED, ids=[f"{n}-{i}" for i, (n, _, _) in
                                                         enumerate(REFUSED)])
def test_refused_construct(name, src, pos):
    e = error(src)
    assert e.msg == f"'{name}' is not supported"
    assert where(e) == pos
    assert e.filename == FILE


def test_first_refused_construct_in_source_order_wins():
    e = error("def f():\n    def g():\n        nonlocal h\n    with a:\n        pass\n")
    assert e.msg.startswith("'nonlocal' is not supported") and where(e) == (3, 9)


def test_functions_as_values_parse():
    """lambda, nested def, keyword-only parameters, *args, **kwargs and f(*t) (see
    frontend.check_functions)."""
    (f,) = module("def f(a, b=2, *rest, c, d=4, **kw):\n    def g(x, *, y=1):\n"
                  "        return x + y\n    h = lambda x, k=3: x * k\n    return g(*rest)\n")
    assert [(p.name, p.kind) for p in f.params] == [
        ("a", "pos"), ("b", "pos"), ("rest", "star"), ("c", "kwonly"), ("d", "kwonly"),
        ("kw", "starstar")]
    g = f.body[0]
    assert isinstance(g, ast.FunctionDef) and [(p.name, p.kind) for p in g.params] == [
        ("x", "pos"), ("y", "kwonly")]
    lam = f.body[1].value
    assert isinstance(lam, ast.Lambda) and [p.name for p in lam.params] == ["x", "k"]
    assert isinstance(lam.body, ast.BinOp)
    call = f.body[2].value
    assert isinstance(call.args[0], ast.Starred) and call.args[0].value.id == "rest"


def test_try_statement_tree():
    (f,) = module("def f():\n    try:\n        x = 1\n    except (A, B) as e:\n        pass\n"
                  "    except:\n        raise\n    else:\n        y = 2\n    finally:\n"
                  "        z = 3\n")
    t = f.body[0]
    assert isinstance(t, ast.Try) and t.span.line == 2 and t.span.end_line == 11
    assert [type(h.type) for h in t.handlers] == [ast.TupleExpr, type(None)]
    assert [h.name for h in t.handlers] == ["e", None]
    assert isinstance(t.handlers[1].body[0], ast.Raise) and t.handlers[1].body[0].exc is None
    assert isinstance(t.orelse[0], ast.Assign) and isinstance(t.finalbody[0], ast.Assign)
    (g,) = module("def g():\n    try:\n        pass\n    finally:\n        pass\n")
    assert g.body[0].handlers == [] and g.body[0].orelse == []


def test_raise_from_tree():
    (f,) = module("def f():\n    raise E('m') from e\n")
    r = f.body[0]
    assert isinstance(r.exc, ast.Call) and isinstance(r.cause, ast.Name) and r.cause.id == "e"


def test_yield_statements_and_generator_expressions():
    (f,) = module("def f(a):\n    yield 1\n    yield\n    yield from a\n"
                  "    s = sum(k for k in a if k)\n    t = (k for k in a)\n")
    y1, y2, yf, s, t = f.body
    assert isinstance(y1, ast.Yield) and y1.value.value == 1 and y2.value is None
    assert isinstance(yf, ast.YieldFrom) and yf.value.id == "a"
    (g,) = s.value.args
    assert isinstance(g, ast.GeneratorExp) and g.target.id == "k" and len(g.conds) == 1
    assert isinstance(t.value, ast.GeneratorExp)


def test_methods_in_class_are_not_nested_defs():
    (c,) = module("class C:\n    def f(self):\n        return 1\n")
    assert isinstance(c.body[0], ast.FunctionDef)


# ---------------------------------------------------------------- syntax errors

SYNTAX = [
    ("def f(x):\n    y = x + * 2\n", "invalid syntax", (2, 13)),
    ("def f(x)\n    return x\n", "expected ':'", (1, 9)),
    ("def f(x):\n    if x > 3\n        pass\n", "expected ':'", (2, 13)),
    ("def f(x):\n    y = 1\n        z = 2\n", "unexpected indent", (3, 9)),
    ("  x = 1\n", "unexpected indent", (1, 3)),
    ("def f(x):\n    if x:\n        y = 1\n      z = 2\n",
     "unindent does not match any outer indentation level", (4, 7)),
    ("def f(x):\nreturn x\n", "expected an indented block", (2, 1)),
    ("def f(x):\n", "expected an indented block", (1, 10)),
    ("def f(x):\n    y = (x + 1]\n", "closing parenthesis ']' does not match opening "
     "parenthesis '('", (2, 15)),
    ("def f(x):\n    y = (x +\n    return y\n", "invalid syntax", (3, 5)),
    ("x = [1, 2\n", "'[' was never closed", (1, 5)),
    ("x = 1)\n", "unmatched ')'", (1, 6)),
    ("x = 'abc\n", "unterminated string literal", (1, 5)),
    ('x = """abc\n', "unterminated triple-quoted string literal", (1, 5)),
    ("x = 1 $ 2\n", "invalid syntax", (1, 7)),
    ("x = 1 \u20ac 2\n", "invalid character '\u20ac' (U+20AC)", (1, 7)),
    ("else:\n    pass\n", "invalid syntax", (1, 1)),
    ("x = 1 +\n", "invalid syntax", (1, 8)),
    ("def f(:\n    pass\n", "invalid syntax", (1, 7)),
]


@pytest.mark.parametrize("src,msg,pos", SYNTAX, ids=[m for _, m, _ in SYNTAX])
def test_syntax_error(src, msg, pos):
    with pytest.raises(CompileError) as info:
        parse_source(src, FILE)
    e = info.value
    assert e.msg == msg
    assert where(e) == pos
    rendered = str(e).split("\n")
    assert rendered[0].startswith(f"{FILE}:{pos[0]}:{pos[1]}: ")
    # The quoted line is the offending one and the caret sits under the column.
    assert rendered[1] == "    " + src.split("\n")[pos[0] - 1]
    assert rendered[2].index("^") == 4 + pos[1] - 1


def test_no_lark_exception_escapes():
    junk = ["", "\n", ")", "(((", "def", "def f(", "class", "@", "x = = 1", "for in x:",
            "if:", "\t\tx", "x = [i for]", "return return", "lambda", "'", "0x", "1__0",
            "x = a[1:2:3:4]", "import", "from . import", "def f():\n    return\n  x\n"]
    for src in junk:
        try:
            parse_source(src, FILE)
        except CompileError as e:
            assert e.line >= 1 and e.col >= 1, (src, e)


def test_missing_final_newline_is_fine():
    f = parse_function("def f(x):\n    return x", FILE)
    assert isinstance(f.body[0], ast.Return)


def test_crlf_line_endings():
    f = parse_function("def f(x):\r\n    return x\r\n", FILE)
    assert f.body[0].span == Span(FILE, 2, 5, 2, 13)


# ---------------------------------------------------------------- offsets

def test_line_and_col_offsets_point_into_the_real_file(tmp_path):
    path = tmp_path / "m.py"
    path.write_text("class K:\n    def f(self, x):\n        return x +* 1\n")
    text = "def f(self, x):\n    return x +* 1\n"     # the method, dedented
    with pytest.raises(CompileError) as info:
        parse_function(text, str(path), line_offset=1, col_offset=4)
    e = info.value
    assert (e.line, e.col) == (3, 19)
    head, source, caret = str(e).split("\n")
    assert source == "            return x +* 1"
    assert caret.index("^") == 4 + 19 - 1


def test_offsets_without_a_real_file():
    text = "def f(x):\n    return x +* 1\n"
    with pytest.raises(CompileError) as info:
        parse_function(text, "<nofile-offsets>", line_offset=10, col_offset=4)
    e = info.value
    assert (e.line, e.col) == (12, 19)
    head, source, caret = str(e).split("\n")
    assert source[caret.index("^")] == "*"


def test_spans_shift_with_offsets():
    f = parse_function("def f(x):\n    return x\n", FILE, line_offset=5, col_offset=8)
    assert f.span.line == 6 and f.span.col == 9
    assert f.body[0].span == Span(FILE, 7, 13, 7, 21)


def test_default_arguments_are_kept():
    from pts.frontend.parse import parse_function
    f = parse_function("def f(x, y: float = 2.0, mode='a'):\n    pass\n", "t.py")
    assert [p.name for p in f.params] == ["x", "y", "mode"]
    assert f.params[0].default is None
    assert isinstance(f.params[1].default, ast.Const) and f.params[1].default.value == 2.0
    assert f.params[2].default.value == "a"
