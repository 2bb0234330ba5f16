"""The generated parser (grammar/pts_tables.py run by pts.grammar.lalr) against Lark.

- pts_tables.py must be what `python -m pts.grammar.generate` makes of pts.lark now.
- On every input, the generated parser must give exactly what Lark gives with the same
  grammar and post-lexer: the same tree (node names, children, tokens with their types and
  positions, metas including container positions) or the same error at the same place.
- A stale pts_tables.py must not break parsing (the tables are then computed with Lark).
"""
from __future__ import annotations

import glob
import os
import random
import sys
import sysconfig

import lark
import pytest

from pts.errors import CompileError
from pts.frontend import parse as P
from pts.grammar import generate, lalr

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_tables_are_up_to_date():
    with open(generate.TABLES_FILE, encoding="utf-8") as f:
        committed = f.read()
    assert committed == generate.module_source(generate.tables()), (
        "grammar/pts_tables.py was not generated from the current grammar/pts.lark: "
        f"run `{generate.REGENERATE}` (or `.venv/bin/python -m pts.grammar.generate`)")


def test_fast_path_does_not_import_lark():
    import subprocess
    code = ("import sys; from pts.frontend.parse import parse_function; "
            "parse_function('def f(x: int) -> int:\\n    return x + 1\\n', 'x.py'); "
            "print('lark' in sys.modules)")
    out = subprocess.run([sys.executable, "-W", "error", "-c", code], capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == "False"


# ---------------------------------------------------------------- same results as Lark

class _LarkLayout:
    """parse._layout as a Lark post-lexer, with the tokens it makes turned into Lark's."""
    always_accept = ()

    def process(self, stream):
        for tok in P._layout(stream):
            if not isinstance(tok, lark.Token):
                tok = lark.Token(tok.type, str(tok), tok.start_pos, tok.line, tok.column,
                                 tok.end_line, tok.end_column, tok.end_pos)
            yield tok


@pytest.fixture(scope="module")
def reference():
    return generate.lark_parser(generate.read_grammar(), postlex=_LarkLayout())


_META = ("empty", "line", "column", "start_pos", "end_line", "end_column", "end_pos",
         "container_line", "container_column", "container_start_pos", "container_end_line",
         "container_end_column", "container_end_pos")


def _canon(x):
    if x is None:
        return None
    if isinstance(x, (lark.Tree, lalr.Tree)):
        meta = tuple(getattr(x.meta, a, None) for a in _META)
        return ("tree", str(x.data), meta, tuple(_canon(c) for c in x.children))
    assert isinstance(x, (lark.Token, lalr.Token)), x
    return ("token", x.type, str(x), x.start_pos, x.line, x.column, x.end_line,
            x.end_column, x.end_pos)


def _ours(text):
    parser = P._parser()
    try:
        return _canon(parser.parse(P._layout(parser.lex(text))))
    except P._LayoutError as e:
        return ("layout", e.msg, e.line, e.col)
    except lalr.UnexpectedToken as e:
        return ("token error", _canon(e.token), frozenset(e.expected))
    except lalr.UnexpectedCharacters as e:
        return ("character error", e.line, e.column)


def _theirs(reference, text):
    try:
        return _canon(reference.parse(text))
    except P._LayoutError as e:
        return ("layout", e.msg, e.line, e.col)
    except lark.exceptions.UnexpectedToken as e:
        return ("token error", _canon(e.token), frozenset(e.expected))
    except lark.exceptions.UnexpectedCharacters as e:
        return ("character error", e.line, e.column)


def _corpus():
    files = sorted(glob.glob(os.path.join(ROOT, "tests", "lang", "programs", "*.py")))
    files += sorted(glob.glob(os.path.join(ROOT, "tests", "errors", "programs", "*.py")))
    files.append(os.path.join(ROOT, "tests", "frontend", "test_parse.py"))
    stdlib = sysconfig.get_paths()["stdlib"]
    files += [os.path.join(stdlib, name) for name in ("colorsys.py", "bisect.py")]
    texts = []
    for path in files:
        try:
            with open(path, encoding="utf-8") as f:
                texts.append(f.read())
        except OSError:
            pass
    texts += [
        "", "\n", "x", "x\n", ")", "(((", "def", "def f(", "@", "x = = 1", "if:", "\t\tx",
        "  x = 1\n", "def f():\n    return\n  x\n", "x = (1,\n 2\n", "'abc", "0x", "1__0",
        "x = 1 $ 2\n", "x = ’\n", "a = b\\\n  + c\n", "f(a)(b)[c].d\n", "x = -2**-1\n",
        "x = [i for i in y if i if j]\n", "x = a[1:2, ::3, :]\n", "x = ((a))\n",
        "return (a)\n", "x = 'a' \"b\" '''c'''\n", "class A(B, c=1):\n  '''d'''\n  x: int\n",
        "async def f(): await g()\n", "try:\n pass\nexcept E as e:\n pass\nfinally:\n pass\n",
        "with a as b, c: pass\n", "lambda x, *y, **z: 0\n", "x = {1: 2, **d}\n",
        "x = {a for a in b}\n", "x = (yield)\n", "del a, b\n", "global a\n", "x = 1j + 0o7\n",
        "from ..a import (b as c, d,)\n", "import a.b as c, d\n", "def f(a, /, *, b=1, **k):"
        " pass\n", "x = a if b else c if d else e\n", "x: 'List[int]' = []\n",
        "if a:\n    pass\nelif b:\n    pass\nelse:\n    pass\n", "while x:\n\tx -= 1\nelse: y\n",
        "for (a, b) in c: pass\n", "x = not a in b is not c\n", "x = a @ b // c % d << e\n",
        "x = ...\n", "match x:\n    case 1: pass\n", "def f():\n\n    # c\n\n    return 1\n",
    ]
    return texts


def _mutations(texts, count, seed=1234):
    """Texts with one character or one line deleted, duplicated or swapped."""
    rng = random.Random(seed)
    pool = [t for t in texts if len(t) > 20]
    out = []
    for _ in range(count):
        text = rng.choice(pool)
        lines = text.split("\n")
        # keep mutants short so that the test stays fast
        start = rng.randrange(len(lines))
        chunk = lines[start:start + rng.randint(3, 25)]
        text = "\n".join(chunk) + "\n"
        kind = rng.randrange(5)
        i = rng.randrange(len(text))
        if kind == 0:
            text = text[:i] + text[i + 1:]
        elif kind == 1:
            text = text[:i] + text[i] + text[i:]
        elif kind == 2:
            text = text[:i] + rng.choice("()[]{}:,.'\"\\=+-*#@ \t\n") + text[i:]
        elif kind == 3 and len(chunk) > 1:
            j = rng.randrange(len(chunk))
            chunk.insert(rng.randrange(len(chunk)), chunk[j])
            text = "\n".join(chunk) + "\n"
        else:
            text = "\n".join(chunk)
        out.append(text)
    return out


def test_same_trees_and_errors_as_lark(reference):
    texts = _corpus()
    texts += _mutations(texts, 600)
    kinds = {}
    for text in texts:
        ours, theirs = _ours(text), _theirs(reference, text)
        assert ours == theirs, text
        kinds[ours[0]] = kinds.get(ours[0], 0) + 1
    # the corpus exercises every outcome
    assert set(kinds) == {"tree", "layout", "token error", "character error"}, kinds


# ---------------------------------------------------------------- stale tables

def test_stale_tables_fall_back_to_lark(monkeypatch, tmp_path):
    monkeypatch.setenv("PTS_CACHE_DIR", str(tmp_path))
    grammar = generate.read_grammar()
    edited = tmp_path / "pts.lark"
    edited.write_text(grammar.replace("pass_stmt: \"pass\"", "pass_stmt: \"pass\" | \"skip\""),
                      encoding="utf-8")
    monkeypatch.setattr(P, "GRAMMAR_FILE", str(edited))
    monkeypatch.setattr(P, "_PARSER", None)
    with pytest.warns(UserWarning, match="python -m pts.grammar.generate"):
        f = P.parse_function("def f():\n    skip\n", "x.py")
    assert type(f.body[0]).__name__ == "Pass"
    assert list(tmp_path.glob("grammar-*.tables")), "the computed tables are cached"
    # a new process (a fresh _PARSER) loads them from the cache
    monkeypatch.setattr(P, "_PARSER", None)
    monkeypatch.setattr(generate, "tables", None)    # computing them again would fail
    with pytest.warns(UserWarning):
        f = P.parse_function("def f():\n    skip\n    pass\n", "x.py")
    assert len(f.body) == 2
    # syntax errors are still CompileErrors
    monkeypatch.setattr(P, "_PARSER", None)
    with pytest.warns(UserWarning), pytest.raises(CompileError, match="invalid syntax"):
        P.parse_function("def f():\n    x = = 1\n", "x.py")
