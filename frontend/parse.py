"""Parse pts source text into the syntax tree of `frontend.ast`.

Entry points:

- `parse_source(text, filename, line_offset=0, col_offset=0) -> list[Stmt]` parses a
  module-level chunk (functions, classes, assignments, ...).  `import` statements at module
  level are skipped; a leading module docstring is dropped.
- `parse_function(text, filename, line_offset=0, col_offset=0) -> FunctionDef` parses the
  source of exactly one (possibly decorated) function.

The grammar is `grammar/pts.lark` (read it as the language's syntax reference).  Parsing
runs in three steps, each a function below:

1. An LALR(1) parser generated from the grammar with Lark (`pts.grammar.lalr` running the
   tables of `grammar/pts_tables.py`; it builds the same trees as Lark itself, without
   importing Lark), with `_layout`, a post-lexer that turns indentation into `_INDENT` /
   `_DEDENT` tokens and checks brackets.  Any parse error is turned into a CompileError
   (`_syntax_error`): "invalid syntax", "unexpected indent", "expected ':'", ... with the
   offending token's position.  No parser exception escapes.
2. `_refuse` walks the parse tree top-down, in source order, and rejects constructs the
   grammar accepts but the language does not ("'try' is not supported", ...), including
   the ones that depend on context (a `class`, or a relative import, inside a function).
3. `_Build`, a Transformer, builds the AST bottom-up; every node gets a Span.

Positions.  Spans are `Span(file, line + line_offset, col + col_offset, ...)` where line and
col are 1-based positions in `text` (end exclusive).  Callers pass the source of a function
as `inspect.getsource` returns it, dedented (`textwrap.dedent`), with `line_offset` = the
function's first line - 1 and `col_offset` = the number of characters dedent removed.
Spans then point into the real file.  To keep the caret of a CompileError under the quoted
line, the parser remembers (errors.remember_source) the real file's lines when the file can
be read and matches the text; otherwise it remembers `text` re-indented by `col_offset`
spaces, which quotes the same columns.  With col_offset=0 it remembers `text` as given.

The parse tables.  `grammar/pts_tables.py` is generated from pts.lark by
`python -m pts.grammar.generate` and committed; tests/frontend checks it is up to date.  If
pts.lark was edited without regenerating (its CRC-32 and length differ from the tables'),
parsing still works: the tables are computed from pts.lark with Lark (slow) and cached on
disk, in $PTS_CACHE_DIR, else $XDG_CACHE_HOME/pts or ~/.cache/pts (if it is writable).
"""
from __future__ import annotations

import _thread
import ast as pyast
import inspect
import os
import re
import textwrap
import tokenize

import pts.grammar
from pts.errors import CompileError, Span, remember_source
from pts.frontend import ast
from pts.grammar.lalr import (ParseError, Parser, Token, Transformer, Tree,
                              UnexpectedCharacters, UnexpectedToken)

GRAMMAR_FILE = os.path.join(os.path.dirname(os.path.abspath(pts.grammar.__file__)), "pts.lark")
TAB_SIZE = 8


# ================================================================ entry points

def parse_source(text: str, filename: str, line_offset: int = 0,
                 col_offset: int = 0) -> list[ast.Stmt]:
    """Parse a module-level chunk into its statements (imports skipped)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    _remember(text, filename, line_offset, col_offset)
    pos = _Positions(filename, line_offset, col_offset)
    if not text.endswith("\n"):
        text += "\n"
    tree = _parse_tree(text, pos)
    _refuse(tree, pos, in_function=False, in_class=False)
    body = _Build(pos).transform(tree)
    # A module docstring is documentation, not code.
    if body and _is_docstring(body[0]):
        body = body[1:]
    return body


def function_source(pyfunc) -> tuple[str, str, int, int]:
    """(dedented source, file name, line offset, column offset: the indentation removed) of
    a Python function."""
    try:
        # (of its code: inspect unwraps a function's __wrapped__, and functools.wraps /
        # update_wrapper would give a memoizing wrapper the source of what it wraps)
        lines, first = inspect.getsourcelines(getattr(pyfunc, "__code__", pyfunc))
    except (OSError, TypeError, SyntaxError, tokenize.TokenError) as e:
        # (inspect tokenizes the file as it is now: one edited since the import may not
        # tokenize, an unclosed bracket is a TokenError, a bad indent an IndentationError)
        raise CompileError(f"cannot read the source of '{getattr(pyfunc, '__name__', pyfunc)}': "
                           f"{e}") from None
    filename = pyfunc.__code__.co_filename
    text = _dedent(lines)
    return text, filename, first - 1, _removed_indent(lines, text)


def _removed_indent(lines: list[str], text: str) -> int:
    """How many columns _dedent took off the code's first line."""
    def first_code(ls):
        return next((ln for ln in ls if ln.strip() and not ln.lstrip().startswith("#")), "")
    return len(first_code(lines)) - len(first_code(text.splitlines(keepends=True)))


def _dedent(lines: list[str]) -> str:
    """A method's lines without the indentation of its `def` (or first decorator).  Unlike
    textwrap.dedent, a comment line indented less (`#` in column 0 inside a method, as
    pyperformance's go has) does not stop it: Python ignores comments' indentation."""
    first = next((ln for ln in lines if ln.strip() and not ln.lstrip().startswith("#")), "")
    prefix = first[:len(first) - len(first.lstrip())]
    if not prefix:
        return "".join(lines)
    out = []
    for ln in lines:
        if ln.startswith(prefix):
            out.append(ln[len(prefix):])
        elif not ln.strip() or ln.lstrip().startswith("#"):
            out.append(ln.lstrip() or "\n")
        else:
            return textwrap.dedent("".join(lines))     # (the parser says where it is wrong)
    return "".join(out)


def parse_function(text: str, filename: str, line_offset: int = 0,
                   col_offset: int = 0) -> ast.FunctionDef:
    """Parse the source of one (possibly decorated) function definition."""
    body = parse_source(text, filename, line_offset, col_offset)
    if len(body) == 1 and isinstance(body[0], ast.FunctionDef):
        return body[0]
    pos = _Positions(filename, line_offset, col_offset)
    for stmt in body:
        if not isinstance(stmt, ast.FunctionDef):
            raise CompileError("expected a single function definition", stmt.span)
    if body:
        raise CompileError("expected a single function definition", body[1].span)
    raise CompileError("expected a function definition", pos.at(1, 1))


# ================================================================ positions

class _Positions:
    """Turns positions in the parsed text into Spans in the user's file."""

    def __init__(self, filename: str, line_offset: int, col_offset: int):
        self.file = filename
        self.lo = line_offset
        self.co = col_offset

    def at(self, line: int, col: int, end_line: int | None = None,
           end_col: int | None = None) -> Span:
        if end_line is None:
            end_line, end_col = line, col + 1
        return Span(self.file, line + self.lo, col + self.co, end_line + self.lo, end_col + self.co)

    def meta(self, meta) -> Span:
        if getattr(meta, "empty", True):
            return Span(self.file)
        return self.at(meta.line, meta.column, meta.end_line, meta.end_column)

    def token(self, tok: Token) -> Span:
        if tok.type in ("_NEWLINE", "$END", "_INDENT", "_DEDENT") or not tok.line:
            # Layout tokens: point at a single column (the end of the line, or the first
            # character of the next one for indentation).
            return self.at(tok.line or 1, tok.column or 1)
        return self.at(tok.line, tok.column, tok.end_line, tok.end_column)


def _join(first: Span, last: Span) -> Span:
    """The span from the start of `first` to the end of `last`."""
    return Span(first.file, first.line, first.col, last.end_line, last.end_col)


def _remember(text: str, filename: str, line_offset: int, col_offset: int) -> None:
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if col_offset:
        real = _real_lines(filename, line_offset, col_offset, lines)
        lines = real if real is not None else [
            " " * col_offset + line if line else line for line in lines]
    remember_source(filename, "\n".join(lines), first_line=1 + line_offset)


def _real_lines(filename: str, line_offset: int, col_offset: int,
                lines: list[str]) -> list[str] | None:
    """The file's own lines for `lines` (dedented by col_offset), if the file matches."""
    try:
        with open(filename, encoding="utf-8") as f:
            real = f.read().splitlines()[line_offset:line_offset + len(lines)]
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    if len(real) != len(lines):
        return None
    for have, want in zip(real, lines):
        if have[col_offset:] != want and (have.strip() or want.strip()):
            return None
    return real


# ================================================================ step 1: the parser

class _LayoutError(Exception):
    def __init__(self, msg: str, line: int, col: int, end_line: int | None = None,
                 end_col: int | None = None):
        super().__init__(msg)
        self.msg, self.line, self.col = msg, line, col
        self.end_line, self.end_col = end_line, end_col


_CLOSER = {"(": ")", "[": "]", "{": "}"}
_OPEN_TYPES = ("LPAR", "LSQB", "LBRACE")
_CLOSE_TYPES = ("RPAR", "RSQB", "RBRACE")


def _layout(stream):
    """Yield the tokens of `stream` with _INDENT/_DEDENT after each _NEWLINE as needed.

    Newlines inside brackets are dropped (implicit line joining).  An _INDENT or _DEDENT is
    positioned at the first character of the line it introduces.
    """
    indents = [0]
    brackets: list[Token] = []
    last = None
    for tok in stream:
        if last is None and tok.type != "_NEWLINE" and tok.column != 1:
            raise _LayoutError("unexpected indent", tok.line, tok.column)
        last = tok
        if tok.type == "_NEWLINE":
            if brackets:
                continue
            yield tok
            # (a comment that ends the file is a _NEWLINE without a line break)
            spaces = tok.rsplit("\n", 1)[1] if "\n" in tok else ""
            width = spaces.count(" ") + spaces.count("\t") * TAB_SIZE
            line, col = tok.end_line, tok.end_column
            if width > indents[-1]:
                indents.append(width)
                yield Token("_INDENT", spaces, tok.end_pos, line, col, line, col, tok.end_pos)
            else:
                while width < indents[-1]:
                    indents.pop()
                    yield Token("_DEDENT", spaces, tok.end_pos, line, col, line, col, tok.end_pos)
                if width != indents[-1]:
                    raise _LayoutError("unindent does not match any outer indentation level",
                                       line, col)
            continue
        if tok.type in _OPEN_TYPES:
            brackets.append(tok)
        elif tok.type in _CLOSE_TYPES:
            if not brackets:
                raise _LayoutError(f"unmatched '{tok}'", tok.line, tok.column)
            opener = brackets.pop()
            if _CLOSER[str(opener)] != str(tok):
                raise _LayoutError(f"closing parenthesis '{tok}' does not match opening "
                                   f"parenthesis '{opener}'", tok.line, tok.column)
        yield tok
    if brackets:
        opener = brackets[-1]
        raise _LayoutError(f"'{opener}' was never closed", opener.line, opener.column)
    while len(indents) > 1:
        indents.pop()
        yield Token.new_borrow_pos("_DEDENT", "", last) if last else Token("_DEDENT", "")


_PARSER: Parser | None = None
_PARSER_LOCK = _thread.allocate_lock()


def _parser() -> Parser:
    """The parser for pts.lark, made once per process."""
    global _PARSER
    if _PARSER is None:
        with _PARSER_LOCK:
            if _PARSER is None:
                _PARSER = Parser(_tables())
    return _PARSER


def _tables():
    """The parse tables of pts.lark: grammar/pts_tables.py if it was generated from the
    current pts.lark, else tables computed now with Lark (and cached on disk)."""
    import binascii
    with open(GRAMMAR_FILE, "rb") as f:
        data = f.read().replace(b"\r\n", b"\n")
    key = (binascii.crc32(data), len(data))
    try:
        from pts.grammar import pts_tables
    except ImportError:
        pts_tables = None
    if pts_tables is not None and (pts_tables.GRAMMAR_CRC32, pts_tables.GRAMMAR_LENGTH) == key:
        return pts_tables
    return _stale_tables(data.decode("utf-8"), key)


def _stale_tables(grammar: str, key: tuple[int, int]) -> dict:
    import marshal
    import sys
    import warnings
    warnings.warn("grammar/pts.lark differs from the grammar of grammar/pts_tables.py: "
                  "computing the parse tables with Lark (slow); to fix, run "
                  "`python -m pts.grammar.generate`", stacklevel=2)
    path = _cache_file(f"grammar-{key[0]:08x}-{key[1]}-py{sys.version_info[0]}"
                       f"{sys.version_info[1]}-m{marshal.version}.tables")
    if path is not None:
        try:
            with open(path, "rb") as f:
                tables = marshal.load(f)
            if (tables["GRAMMAR_CRC32"], tables["GRAMMAR_LENGTH"]) == key:
                return tables
        except Exception:       # missing or unreadable: compute it again
            pass
    from pts.grammar.generate import tables as compute_tables
    tables = compute_tables(grammar)
    if path is not None:
        try:
            tmp = f"{path}.{os.getpid()}.tmp"
            with open(tmp, "wb") as f:
                marshal.dump(tables, f)
            os.replace(tmp, path)
        except OSError:
            pass
    return tables


def _cache_file(name: str) -> str | None:
    base = os.environ.get("PTS_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
        "pts")
    try:
        os.makedirs(base, exist_ok=True)
    except OSError:
        return None
    return os.path.join(base, name) if os.access(base, os.W_OK) else None


def _parse_tree(text: str, pos: _Positions) -> Tree:
    parser = _parser()
    try:
        return parser.parse(_layout(parser.lex(text)))
    except _LayoutError as e:
        raise CompileError(e.msg, pos.at(e.line, e.col)) from None
    except ParseError as e:
        raise _syntax_error(e, text, pos) from None


_MATCH_LINE = re.compile(r"\s*(match|case)\b(?!\s*[=.,)\]:(\[])[^#]*:\s*(#.*)?$")


def _syntax_error(e: ParseError, text: str, pos: _Positions) -> CompileError:
    """A CompileError for any parse error, at the offending token."""
    lines = text.split("\n")
    if isinstance(e, UnexpectedToken):
        tok = e.token
        expected = set(e.expected or ())
        if tok.type == "$END":
            line = max(len(lines) - 1, 1)
            span = pos.at(line, len(lines[line - 1]) + 1)
            if "_INDENT" in expected:
                return CompileError("expected an indented block", span)
            return CompileError("unexpected end of input", span)
        span = pos.token(tok)
        line_text = lines[tok.line - 1] if 1 <= (tok.line or 0) <= len(lines) else ""
        m = _MATCH_LINE.match(line_text)
        if m:
            return CompileError(f"'{m.group(1)}' is not supported",
                                pos.at(tok.line, m.start(1) + 1, tok.line, m.end(1) + 1))
        if tok.type == "_INDENT":
            return CompileError("unexpected indent", span)
        if "_INDENT" in expected:
            return CompileError("expected an indented block", span)
        if tok.type == "_NEWLINE" and "COLON" in expected:
            return CompileError("expected ':'", span)
        return CompileError("invalid syntax", span)
    if isinstance(e, UnexpectedCharacters):
        line, col = e.line, e.column
        rest = lines[line - 1][col - 1:] if 1 <= line <= len(lines) else ""
        char = rest[:1] or "\n"
        if char in "'\"":
            triple = rest[:3] in ("'''", '"""')
            what = "unterminated triple-quoted string literal" if triple else \
                "unterminated string literal"
            return CompileError(what, pos.at(line, col))
        if re.match(r"[a-zA-Z]{1,2}['\"]", rest):
            return CompileError("unterminated string literal", pos.at(line, col))
        if not char.isascii():
            return CompileError(f"invalid character '{char}' (U+{ord(char):04X})",
                                pos.at(line, col))
        return CompileError("invalid syntax", pos.at(line, col))
    return CompileError("invalid syntax", pos.at(1, 1))


# ================================================================ step 2: refusals

# Parse-tree nodes that are never in the language, and the name the error uses.
_REFUSED = {
    "yield_expr": "yield",            # (as a statement: see yield_stmt)
    "yield_from": "yield",
    "nonlocal_stmt": "nonlocal",
    "async_stmt": "async",
    "async_funcdef": "async",
    "await": "await",
    "assign_expr": "walrus (:=)",
    "star_expr": "starred expression",
    "ellipsis": "Ellipsis",
}
def _refuse(tree: Tree, pos: _Positions, in_function: bool, in_class: bool) -> None:
    """Raise a CompileError for the first refused construct in source order."""
    for node in tree.children:
        if isinstance(node, Token):
            _refuse_token(node, pos)
            continue
        if not isinstance(node, Tree):
            continue
        name = node.data
        span = pos.meta(node.meta)
        if name == "yield_stmt":          # `yield v` / `yield from it` as a statement only
            _refuse(node.children[0], pos, in_function, in_class)
            continue
        if name == "subscript_tuple" and len(node.children) == 2 and \
                isinstance(node.children[1], Tree) and node.children[1].data == "ellipsis":
            _refuse(Tree("x", node.children[:1]), pos, in_function, in_class)
            continue                       # `Tuple[T, ...]` (frontend/check_vartuple.py)
        if name == "with_stmt" and all(_is_no_grad(i) for i in node.children[:-1]):
            _refuse(node.children[-1], pos, in_function, in_class)   # (pts.no_grad(): a no-op)
            continue
        if name in _REFUSED:
            raise CompileError(f"'{_REFUSED[name]}' is not supported", span)
        if name == "decorated" and in_function:
            raise CompileError("'decorator on a nested def' is not supported", span)
        if name == "parameters":
            for tok in node.children:
                if isinstance(tok, Token) and tok.type == "SLASH":
                    raise CompileError("'positional-only parameters' is not supported",
                                       pos.token(tok))
        if name == "funcdef":         # (nested defs too: frontend.check_functions)
            _refuse(node, pos, True, in_class)
            continue
        if name == "classdef":
            if in_function or in_class:
                raise CompileError("'class' is not supported", _head(node, pos, "class"))
            _refuse(node, pos, in_function, True)
            continue
        if name == "import_from" and in_function:      # (frontend.function_imports)
            if any(isinstance(c, Tree) and c.data == "dots" for c in node.children):
                raise CompileError("'relative import' is not supported", span)
            if not any(isinstance(c, Tree) and c.data == "import_as_names"
                       for c in node.children):
                raise CompileError("'import *' is not supported", span)
        _refuse(node, pos, in_function, in_class)


def _is_no_grad(item) -> bool:
    """Is a with_item `pts.no_grad()` (or `torch.no_grad()`, `no_grad()`), without `as`?"""
    if not isinstance(item, Tree) or item.data != "with_item" or item.children[1] is not None:
        return False
    call = item.children[0]
    if not isinstance(call, Tree) or call.data != "call" or call.children[1] is not None:
        return False
    f = call.children[0]
    last = f.children[-1] if isinstance(f, Tree) and f.data in ("attribute", "var") else None
    return isinstance(last, Token) and last.value == "no_grad" and \
        (f.data == "var" or isinstance(f.children[0], Tree) and f.children[0].data == "var")


def _no_grad_call(e) -> bool:
    """Is e `pts.no_grad()` (or `torch.no_grad()`, `no_grad()`)?"""
    if not isinstance(e, ast.Call) or e.args or e.keywords:
        return False
    f = e.func
    return isinstance(f, ast.Name) and f.id == "no_grad" or isinstance(f, ast.Attribute) \
        and f.attr == "no_grad" and isinstance(f.value, ast.Name)


def _head(node: Tree, pos: _Positions, keyword: str) -> Span:
    """The span of a statement's keyword and name (`def f`), for errors about it."""
    name = node.children[0]
    start = pos.meta(node.meta)
    if isinstance(name, Token) and name.end_line == node.meta.line:
        return _join(start, pos.token(name))
    return pos.at(node.meta.line, node.meta.column, node.meta.line,
                  node.meta.column + len(keyword))


def _refuse_token(tok: Token, pos: _Positions) -> None:
    if tok.type in ("STRING", "LONG_STRING"):
        prefix = re.match(r"[a-zA-Z]*", tok).group(0).lower()
        if "b" in prefix:
            raise CompileError("'bytes literal' is not supported", pos.token(tok))


# ================================================================ step 3: the AST

_STAR = object()       # a bare `*` among parameters


def _param_kinds(children) -> list:
    """Parameters with their kinds: those after `*` or `*args` are keyword-only."""
    out, kwonly = [], False
    for c in children:
        if c is _STAR:
            kwonly = True
        elif isinstance(c, ast.Param):
            if c.kind == "star":
                kwonly = True
            elif c.kind == "pos" and kwonly:
                c.kind = "kwonly"
            out.append(c)
    return out


def _is_docstring(stmt: ast.Stmt) -> bool:
    return (isinstance(stmt, ast.ExprStmt) and isinstance(stmt.value, ast.Const)
            and isinstance(stmt.value.value, str))


def _stmts(children) -> list[ast.Stmt]:
    """Flatten statements: simple_stmt gives lists, imports give None."""
    out: list[ast.Stmt] = []
    for c in children:
        if isinstance(c, list):
            out.extend(s for s in c if s is not None)
        elif c is not None:
            out.append(c)
    return out


def _block_span(head: Span, body: list[ast.Stmt]) -> Span:
    """A compound statement spans its header and body, not the newline after it."""
    return _join(head, body[-1].span) if body else head


_TARGET_KINDS = {ast.Const: "literal", ast.Call: "function call", ast.BinOp: "expression",
                 ast.UnaryOp: "expression", ast.Compare: "comparison",
                 ast.BoolOp: "expression", ast.IfExp: "conditional expression",
                 ast.ListComp: "list comprehension", ast.Slice: "slice"}


class _Build(Transformer):
    """Parse tree -> AST.  Each method is named after a grammar rule or alias, and the
    production it handles is in the comment above it; it is called with the node's meta
    (position) and its children, already transformed."""

    def __init__(self, pos: _Positions):
        self.pos = pos

    def _span(self, meta) -> Span:
        return self.pos.meta(meta)

    # ------------------------------------------------------------ module and blocks

    # file_input: (_NEWLINE | stmt)*
    def file_input(self, meta, children):
        return [s for s in _stmts(children) if not isinstance(s, ast.Import)]

    # suite: simple_stmt | _NEWLINE _INDENT stmt+ _DEDENT
    def suite(self, meta, children):
        return _stmts(children)

    # simple_stmt: _small_stmt (";" _small_stmt)* [";"] _NEWLINE
    def simple_stmt(self, meta, children):
        return [c for c in children if c is not None]

    # ------------------------------------------------------------ simple statements

    # expr_stmt: testlist_star_expr
    def expr_stmt(self, meta, children):
        return ast.ExprStmt(children[0], span=self._span(meta))

    # assign: testlist_star_expr ("=" (yield_expr | testlist_star_expr))+
    def assign(self, meta, children):
        *targets, value = children
        targets = [self._target(t) for t in targets]
        return ast.Assign(targets, value, span=self._span(meta))

    # augassign: testlist_star_expr augassign_op (yield_expr | testlist)
    def augassign(self, meta, children):
        target, op, value = children
        if not isinstance(target, (ast.Name, ast.Subscript, ast.Attribute)):
            raise CompileError(f"'{_describe(target)}' is an illegal expression for "
                               f"augmented assignment", target.span)
        return ast.AugAssign(target, op, value, span=self._span(meta))

    # augassign_op: "+=" | "-=" | ... ; stored without the "="
    def augassign_op(self, meta, children):
        return str(children[0])[:-1]

    # annassign: testlist_star_expr ":" test ["=" (yield_expr | testlist_star_expr)]
    def annassign(self, meta, children):
        target, annotation, value = children
        if not isinstance(target, (ast.Name, ast.Subscript, ast.Attribute)):
            raise CompileError("only a single target can be annotated", target.span)
        return ast.AnnAssign(target, self._type(annotation), value, span=self._span(meta))

    # global_stmt: "global" NAME ("," NAME)*
    def global_stmt(self, meta, children):
        return ast.Global([str(t) for t in children], span=self._span(meta))

    # pass_stmt: "pass"
    def pass_stmt(self, meta, children):
        return ast.Pass(span=self._span(meta))

    # break_stmt: "break"
    def break_stmt(self, meta, children):
        return ast.Break(span=self._span(meta))

    # continue_stmt: "continue"
    def continue_stmt(self, meta, children):
        return ast.Continue(span=self._span(meta))

    # return_stmt: "return" [testlist_star_expr]
    def return_stmt(self, meta, children):
        return ast.Return(children[0], span=self._span(meta))

    # raise_stmt: "raise" [test ["from" test]]
    def raise_stmt(self, meta, children):
        exc, cause = children
        return ast.Raise(exc, cause, span=self._span(meta))

    # try_stmt: "try" ":" suite except_clause+ [else_clause] [finally_clause]
    #         | "try" ":" suite finally_clause
    def try_stmt(self, meta, children):
        body, rest = children[0], children[1:]
        handlers = [c for c in rest if isinstance(c, ast.ExceptHandler)]
        orelse = next((c for c in rest if isinstance(c, list)), [])
        final = next((c[1] for c in rest if isinstance(c, tuple)), [])
        stmts = body + [s for h in handlers for s in h.body] + orelse + final
        return ast.Try(body, handlers, orelse, final, span=_block_span(self._span(meta), stmts))

    # except_clause: "except" [test ["as" NAME]] ":" suite
    def except_clause(self, meta, children):
        test, name, body = children
        return ast.ExceptHandler(test, str(name) if name is not None else None, body,
                                 span=self._span(meta))

    # finally_clause: "finally" ":" suite
    def finally_clause(self, meta, children):
        return ("finally", children[0])

    # assert_stmt: "assert" test ["," test]
    def assert_stmt(self, meta, children):
        test, msg = children
        return ast.Assert(test, msg, span=self._span(meta))

    # import_stmt: "import" ... | "from" ... "import" ...   (skipped at module level)
    def import_name(self, meta, children):
        names = []
        for c in children:                       # dotted_as_name: dotted_name ["as" NAME]
            module = ".".join(str(t) for t in c.children[0].children)
            alias = c.children[1]
            # `import a.b` binds a; `import a.b as c` binds c to a.b
            names.append((str(alias), module, None) if alias is not None
                         else (module.split(".")[0], module, None))
        return ast.Import(names, span=self._span(meta))

    def import_from(self, meta, children):
        dotted = next(c for c in children if isinstance(c, Tree) and c.data == "dotted_name")
        module = ".".join(str(t) for t in dotted.children)
        targets = next(c for c in children if isinstance(c, Tree) and c.data == "import_as_names")
        names = []
        for t in targets.children:               # import_as_name: NAME ["as" NAME]
            if t is None:
                continue
            attr, alias = t.children
            names.append((str(alias or attr), module, str(attr)))
        return ast.Import(names, span=self._span(meta))

    # ------------------------------------------------------------ compound statements

    # if_stmt: "if" test ":" suite elif_clause* [else_clause]
    def if_stmt(self, meta, children):
        test, body, *elifs, orelse = children
        orelse = orelse or []
        for e_test, e_body, e_head in reversed(elifs):
            orelse = [ast.If(e_test, e_body, orelse, span=_block_span(e_head, e_body + orelse))]
        head = self._span(meta)
        return ast.If(test, body, orelse, span=_block_span(head, body + orelse))

    # elif_clause: "elif" test ":" suite
    def elif_clause(self, meta, children):
        return children[0], children[1], self._span(meta)

    # else_clause: "else" ":" suite
    def else_clause(self, meta, children):
        return children[0]

    # with_stmt: "with" with_item ("," with_item)* ":" suite.  `with pts.no_grad():` (a
    # context that changes nothing the language computes) is `if True:` (only the body is
    # checked); another context manager (an object of a user class) is CPython's protocol
    # for a body that leaves normally, by return or break, or by an exception:
    #     m = E; t = m.__enter__(); try: body finally: m.__exit__(None, None, None)
    # (the checker refuses an __exit__ that reads the exception or may suppress it:
    # check_classes.exit_call)
    def with_stmt(self, meta, children):
        items, body = children[:-1], children[-1]
        head = self._span(meta)
        if all(_no_grad_call(e) and t is None for e, t in items):
            return ast.If(ast.Const(True, span=head), body, [], span=_block_span(head, body))
        for expr, target in reversed(items):
            mgr = ast.Name(f"__pts_with_{expr.span.line}_{expr.span.col}", span=expr.span)
            enter = ast.Call(ast.Attribute(ast.Name(mgr.id, span=expr.span), "__enter__",
                                           span=expr.span), [], span=expr.span)
            exit_ = ast.Call(ast.Attribute(ast.Name(mgr.id, span=expr.span), "__exit__",
                                           span=expr.span),
                             [ast.Const(None, span=expr.span) for _ in range(3)], span=expr.span)
            exit_.exit_call = enter.enter_call = True
            first = ast.Assign([self._loop_target(target)], enter, span=expr.span) \
                if target is not None else ast.ExprStmt(enter, span=expr.span)
            body = [ast.Assign([mgr], expr, span=expr.span), first,
                    ast.Try(body, [], [], [ast.ExprStmt(exit_, span=expr.span)],
                            span=_block_span(head, body))]
        return ast.If(ast.Const(True, span=head), body, [], span=_block_span(head, body))

    def with_item(self, meta, children):
        return children[0], children[1]

    # while_stmt: "while" test ":" suite [else_clause]
    def while_stmt(self, meta, children):
        test, body, orelse = children
        orelse = orelse or []
        return ast.While(test, body, orelse, span=_block_span(self._span(meta), body + orelse))

    # for_stmt: "for" exprlist "in" testlist ":" suite [else_clause]
    def for_stmt(self, meta, children):
        target, iterable, body, orelse = children
        orelse = orelse or []
        return ast.For(self._loop_target(target), iterable, body, orelse,
                       span=_block_span(self._span(meta), body + orelse))

    # funcdef: "def" NAME "(" [parameters] ")" ["->" test] ":" suite
    def funcdef(self, meta, children):
        name, params, returns, body = children
        docstring = None
        if body and _is_docstring(body[0]):
            docstring, body = body[0].value.value, body[1:]
        returns = self._type(returns) if returns is not None else None
        span = self._span(meta)
        if body:
            span = _join(span, body[-1].span)
        return ast.FunctionDef(str(name), params or [], returns, body, docstring, span=span)

    # parameters: _parameter ("," _parameter)* [","]
    def parameters(self, meta, children):
        return _param_kinds(children)

    # starparam: "*" [NAME [":" test]]  (a bare `*`: the marker of keyword-only parameters)
    def starparam(self, meta, children):
        name = children[0] if children else None
        if name is None:
            return _STAR
        annotation = children[1] if len(children) > 1 else None
        annotation = self._type(annotation) if annotation is not None else None
        return ast.Param(str(name), annotation, None, "star", span=self._span(meta))

    # kwparam: "**" NAME [":" test]
    def kwparam(self, meta, children):
        name, annotation = children[0], children[1] if len(children) > 1 else None
        annotation = self._type(annotation) if annotation is not None else None
        return ast.Param(str(name), annotation, None, "starstar", span=self._span(meta))

    # lambdef: "lambda" [lambda_params] ":" test
    def lambdef(self, meta, children):
        params, body = children
        return ast.Lambda(params or [], body, span=self._span(meta))

    # lambda_params: _lambda_param ("," _lambda_param)* [","]
    def lambda_params(self, meta, children):
        return _param_kinds(children)

    # lambda_star: "*" [NAME]
    def lambda_star(self, meta, children):
        if children[0] is None:
            return _STAR
        return ast.Param(str(children[0]), None, None, "star", span=self._span(meta))

    # lambda_kwstar: "**" NAME
    def lambda_kwstar(self, meta, children):
        return ast.Param(str(children[0]), None, None, "starstar", span=self._span(meta))

    # lambda_param: NAME ["=" test]
    def lambda_param(self, meta, children):
        name, default = children
        return ast.Param(str(name), None, default, span=self._span(meta))

    # param: NAME [":" test] ["=" test]
    def param(self, meta, children):
        name, annotation, default = children
        annotation = self._type(annotation) if annotation is not None else None
        return ast.Param(str(name), annotation, default, span=self._span(meta))

    # decorated: decorator+ (funcdef | classdef | async_funcdef)
    def decorated(self, meta, children):
        *decorators, definition = children
        if isinstance(definition, ast.FunctionDef):
            definition.decorators = decorators
        # Decorators of a model class (e.g. @dataclass) are not part of its code.
        return definition

    # decorator: "@" test _NEWLINE
    def decorator(self, meta, children):
        return children[0]

    # classdef: "class" NAME ["(" [arguments] ")"] ":" suite
    def classdef(self, meta, children):
        name, arguments, body = children
        bases = []
        for arg in arguments or []:
            if isinstance(arg, ast.Keyword):
                raise CompileError("'class keyword argument' is not supported", arg.span)
            bases.append(arg)
        if body and _is_docstring(body[0]):
            body = body[1:]
        body = [s for s in body if not isinstance(s, ast.Import)]      # (skipped, as at
        span = self._span(meta)                                         # module level)
        if body:
            span = _join(span, body[-1].span)
        return ast.ClassDef(str(name), bases, body, span=span)

    # ------------------------------------------------------------ expressions

    # test: or_test "if" or_test "else" test -> ifexp
    def ifexp(self, meta, children):
        body, test, orelse = children
        return ast.IfExp(test, body, orelse, span=self._span(meta))

    # or_test: and_test ("or" and_test)*
    def or_test(self, meta, children):
        return ast.BoolOp("or", children, span=self._span(meta))

    # and_test: not_test ("and" not_test)*
    def and_test(self, meta, children):
        return ast.BoolOp("and", children, span=self._span(meta))

    # not_test: "not" not_test -> not_
    def not_(self, meta, children):
        return ast.UnaryOp("not", children[0], span=self._span(meta))

    # comparison: expr (comp_op expr)*
    def comparison(self, meta, children):
        return ast.Compare(children[0], children[1::2], children[2::2], span=self._span(meta))

    # comp_op: "==" | "!=" | "<" | "<=" | ">" | ">=" | "in" | "not" "in" | "is" | "is" "not"
    def comp_op(self, meta, children):
        return " ".join(str(t) for t in children)

    # or_expr: xor_expr ("|" xor_expr)*
    def or_expr(self, meta, children):
        return self._fold_same("|", children)

    # xor_expr: and_expr ("^" and_expr)*
    def xor_expr(self, meta, children):
        return self._fold_same("^", children)

    # and_expr: shift_expr ("&" shift_expr)*
    def and_expr(self, meta, children):
        return self._fold_same("&", children)

    # shift_expr: arith_expr (_shift_op arith_expr)*
    # arith_expr: term (_add_op term)*
    # term: factor (_mul_op factor)*
    def shift_expr(self, meta, children):
        return self._fold(children)

    arith_expr = term = shift_expr

    # factor: _unary_op factor -> unary
    def unary(self, meta, children):
        op, operand = children
        return ast.UnaryOp(str(op), operand, span=self._span(meta))

    # power: await_expr ("**" factor)?
    def power(self, meta, children):
        base, exponent = children
        return ast.BinOp("**", base, exponent, span=self._span(meta))

    def _fold_same(self, op, operands):
        children = [operands[0]]
        for x in operands[1:]:
            children += [op, x]
        return self._fold(children)

    def _fold(self, children):
        """`a op b op c` -> BinOp(op, BinOp(op, a, b), c): left associative."""
        left = children[0]
        for i in range(1, len(children), 2):
            right = children[i + 1]
            left = ast.BinOp(str(children[i]), left, right, span=_join(left.span, right.span))
        return left

    # atom_expr: atom_expr "(" [arguments] ")" -> call
    def call(self, meta, children):
        func, arguments = children
        if isinstance(arguments, ast.GeneratorExp):    # f(x for x in xs): the only argument
            arguments = [arguments]
        args, keywords = [], []
        for arg in arguments or []:
            if isinstance(arg, ast.Keyword):
                keywords.append(arg)
            elif keywords:
                raise CompileError("positional argument follows keyword argument", arg.span)
            else:
                args.append(arg)
        return ast.Call(func, args, keywords, span=self._span(meta))

    # arguments: argument ("," argument)* [","]
    def arguments(self, meta, children):
        return [c for c in children if c is not None]

    # argument: "*" test -> stararg
    def stararg(self, meta, children):
        return ast.Starred(children[0], span=self._span(meta))

    # argument: "**" test -> kwstararg   (a Keyword named "**": check_functions.spread_args)
    def kwstararg(self, meta, children):
        return ast.Keyword("**", children[0], span=self._span(meta))

    # argument: NAME "=" test -> keyword
    def keyword(self, meta, children):
        name, value = children
        return ast.Keyword(str(name), value, span=self._span(meta))

    # atom_expr: atom_expr "[" subscriptlist "]" -> subscript
    def subscript(self, meta, children):
        value, index = children
        return ast.Subscript(value, index, span=self._span(meta))

    # subscriptlist: subscript_item ("," subscript_item)+ [","] -> subscript_tuple
    def subscript_tuple(self, meta, children):
        return ast.TupleExpr([c for c in children if c is not None], span=self._span(meta))

    # subscript_item: [test] ":" [test] [sliceop] -> slice
    def slice(self, meta, children):
        lower, upper, step = children
        return ast.Slice(lower, upper, step, span=self._span(meta))

    # sliceop: ":" [test]
    def sliceop(self, meta, children):
        return children[0]

    # atom_expr: atom_expr "." NAME -> attribute
    def attribute(self, meta, children):
        value, name = children
        return ast.Attribute(value, str(name), span=self._span(meta))

    # atom: NAME -> var
    def var(self, meta, children):
        return ast.Name(str(children[0]), span=self._span(meta))

    # number: DEC_NUMBER | HEX_NUMBER | BIN_NUMBER | OCT_NUMBER | FLOAT_NUMBER
    def number(self, meta, children):
        tok = children[0]
        try:
            value = pyast.literal_eval(str(tok))
        except (ValueError, SyntaxError):
            raise CompileError("invalid number literal", self.pos.token(tok)) from None
        return ast.Const(value, span=self._span(meta))

    # atom: string+ -> strings      (adjacent literals are concatenated)
    def strings(self, meta, children):
        if all(isinstance(c, str) for c in children):
            return ast.Const("".join(children), span=self._span(meta))
        parts: list[ast.Expr] = []          # an f-string among them: one FString
        for c in children:
            for p in ([ast.Const(c, span=self._span(meta))] if isinstance(c, str) else c):
                if isinstance(p, ast.Const) and parts and isinstance(parts[-1], ast.Const):
                    parts[-1] = ast.Const(parts[-1].value + p.value, span=parts[-1].span)
                elif not (isinstance(p, ast.Const) and p.value == ""):
                    parts.append(p)
        return ast.FString(parts, span=self._span(meta))

    def _fstring_expr(self, tok: Token):
        """parse_expr for the replacement fields of f-string token tok."""
        pos = _Positions(self.pos.file, self.pos.lo + tok.line - 1, self.pos.co + tok.column - 2)

        def parse_expr(text: str) -> ast.Expr:
            tree = _parse_tree("(" + text.replace("\n", " ") + ")\n", pos)
            _refuse(tree, pos, in_function=True, in_class=False)
            return _Build(pos).transform(tree)[0].value
        return parse_expr

    # string: STRING | LONG_STRING      (an f-string gives its list of parts)
    def string(self, meta, children):
        tok = children[0]
        if "f" in re.match(r"[a-zA-Z]*", tok).group(0).lower():
            from pts.frontend.fstrings import fstring_parts
            return fstring_parts(str(tok), self._fstring_expr(tok), self.pos.token(tok))
        try:
            value = pyast.literal_eval(str(tok))
        except (ValueError, SyntaxError) as e:
            raise CompileError(f"invalid string literal ({e.msg if hasattr(e, 'msg') else e})",
                               self.pos.token(tok)) from None
        return value

    # atom: "..." -> ellipsis (only as `Tuple[T, ...]`: _refuse lets no other through)
    def ellipsis(self, meta, children):
        return ast.Const(Ellipsis, span=self._span(meta))

    # atom: "None" -> const_none | "True" -> const_true | "False" -> const_false
    def const_none(self, meta, children):
        return ast.Const(None, span=self._span(meta))

    def const_true(self, meta, children):
        return ast.Const(True, span=self._span(meta))

    def const_false(self, meta, children):
        return ast.Const(False, span=self._span(meta))

    # atom: "(" _tuple_inner? ")" -> tuple       and bare `a, b` in statements
    def tuple(self, meta, children):
        return ast.TupleExpr([c for c in children if c is not None], span=self._span(meta))

    # atom: "[" _list_inner? "]" -> list
    def list(self, meta, children):
        return ast.ListExpr([c for c in children if c is not None], span=self._span(meta))

    # atom: "[" test_or_star_expr comp_for _comp_iter* "]" -> listcomp
    def listcomp(self, meta, children):
        elt, (_, (target, iterable), _), *rest = children
        span = self._span(meta)
        if any(kind == "for" for kind, _, _ in rest):
            # [e for a in x for b in y] is [v for v in (e for a in x for b in y)]: the
            # clauses nest as generator expressions (frontend.check_iter), and the list's
            # own variable cannot clash with a user's name
            gen = self.genexp(meta, children)
            flat = ast.Name("comp.item", span=span)
            return ast.ListComp(ast.Name("comp.item", span=span), flat, gen, [], span=span)
        conds = [value for _, value, _ in rest]
        return ast.ListComp(elt, target, iterable, conds, span=span)

    # del_stmt: "del" testlist_star_expr
    def del_stmt(self, meta, children):
        t = children[0]
        targets = t.elts if isinstance(t, ast.TupleExpr) else [t]
        return ast.Delete(list(targets), span=self._span(meta))     # (check_lists says which)

    # key_value: test ":" test
    def key_value(self, meta, children):
        return ("kv", children[0], children[1])

    # atom: "{" _dict_inner? "}" -> dict
    def dict(self, meta, children):
        items = [c for c in children if c is not None]
        for c in items:
            if not (isinstance(c, tuple) and c[0] == "kv"):
                raise CompileError("'dict unpacking (**)' is not supported", c.span)
        return ast.DictExpr([k for _, k, _ in items], [v for _, _, v in items],
                            span=self._span(meta))

    # atom: "{" _list_inner "}" -> set
    def set(self, meta, children):
        return ast.SetExpr([c for c in children if c is not None], span=self._span(meta))

    # atom: "{" key_value comp_for _comp_iter* "}" -> dictcomp
    def dictcomp(self, meta, children):
        (_, key, value), (_, (target, iterable), _), *rest = children
        span = self._span(meta)
        if any(kind == "for" for kind, _, _ in rest):
            # {k: v for a in x for b in y}: over the generator of (k, v) pairs, as listcomp
            gen = self.genexp(meta, [ast.TupleExpr([key, value], span=span)] + children[1:])
            item = ast.Name("comp.item", span=span)
            return ast.DictComp(ast.Subscript(item, ast.Const(0, span=span), span=span),
                                ast.Subscript(item, ast.Const(1, span=span), span=span),
                                ast.Name("comp.item", span=span), gen, [], span=span)
        return ast.DictComp(key, value, target, iterable, [v for _, v, _ in rest], span=span)

    # atom: "{" test_or_star_expr comp_for _comp_iter* "}" -> setcomp
    def setcomp(self, meta, children):
        elt, (_, (target, iterable), _), *rest = children
        span = self._span(meta)
        if any(kind == "for" for kind, _, _ in rest):
            gen = self.genexp(meta, children)
            return ast.SetComp(ast.Name("comp.item", span=span), ast.Name("comp.item", span=span),
                               gen, [], span=span)
        return ast.SetComp(elt, target, iterable, [v for _, v, _ in rest], span=span)

    # atom: "(" test_or_star_expr comp_for _comp_iter* ")" -> genexp
    # arguments: test comp_for _comp_iter* -> genexp
    def genexp(self, meta, children):
        elt, first, *rest = children
        span = self._span(meta)
        # (e for a in x if c for b in y) nests: the outer generator's element is the inner
        # generator, flattened (its `flatten` attribute)
        clauses = [[first[1], []]]
        for kind, value, _ in rest:
            if kind == "for":
                clauses.append([value, []])
            else:
                clauses[-1][1].append(value)
        gen = elt
        for i, ((target, iterable), conds) in enumerate(reversed(clauses)):
            gen = ast.GeneratorExp(gen, target, iterable, conds, span=span)
            gen.flatten = i > 0
        return gen

    # yield_stmt: yield_expr        (yield_expr: "yield" [testlist] | "yield" "from" test)
    def yield_stmt(self, meta, children):
        return children[0]

    def yield_expr(self, meta, children):
        return ast.Yield(children[0] if children else None, span=self._span(meta))

    def yield_from(self, meta, children):
        return ast.YieldFrom(children[0], span=self._span(meta))

    # comp_for: "for" exprlist "in" or_test
    def comp_for(self, meta, children):
        target, iterable = children
        return ("for", (self._loop_target(target), iterable), self._span(meta))

    # comp_if: "if" test_nocond
    def comp_if(self, meta, children):
        return ("if", children[0], self._span(meta))

    # ------------------------------------------------------------ helpers

    def _target(self, target: ast.Expr) -> ast.Expr:
        """Check an assignment target: a name, `x[i]`, `obj.attr`, or a tuple of those."""
        if isinstance(target, (ast.Name, ast.Subscript, ast.Attribute)):
            return target
        if isinstance(target, (ast.TupleExpr, ast.ListExpr)):
            elts = [self._target(e) for e in target.elts]
            return ast.TupleExpr(elts, span=target.span)
        raise CompileError(f"cannot assign to {_describe(target)}", target.span)

    def _loop_target(self, target: ast.Expr) -> ast.Expr:
        """A `for` target: a name or a (possibly parenthesized) tuple of names."""
        if isinstance(target, ast.Name):
            return target
        if isinstance(target, (ast.TupleExpr, ast.ListExpr)):
            return ast.TupleExpr([self._loop_target(e) for e in target.elts], span=target.span)
        if isinstance(target, (ast.Subscript, ast.Attribute)):
            raise CompileError("a 'for' target must be a name or a tuple of names", target.span)
        raise CompileError(f"cannot assign to {_describe(target)}", target.span)

    def _type(self, e: ast.Expr) -> ast.TypeExpr:
        """An annotation as a TypeExpr: `int`, `np.ndarray`, `List[int]`, `None`,
        `Tuple[int, float]`; `A | B` is TypeExpr('Union', [A, B])."""
        if isinstance(e, (ast.Name, ast.Attribute)):
            return ast.TypeExpr(_dotted(e), span=e.span)
        if isinstance(e, ast.Const) and e.value is None:
            return ast.TypeExpr("None", span=e.span)
        if isinstance(e, ast.Const) and isinstance(e.value, str) and \
                re.fullmatch(r"\s*[^\W\d]\w*(\s*\.\s*[^\W\d]\w*)*\s*", e.value):
            return ast.TypeExpr(re.sub(r"\s", "", e.value), span=e.span)
        if isinstance(e, ast.Subscript) and isinstance(e.value, (ast.Name, ast.Attribute)):
            index = e.index.elts if isinstance(e.index, ast.TupleExpr) else [e.index]
            return ast.TypeExpr(_dotted(e.value), [self._type(i) for i in index], span=e.span)
        if isinstance(e, ast.Const) and e.value is Ellipsis:       # Tuple[T, ...]
            return ast.TypeExpr("...", span=e.span)
        if isinstance(e, ast.ListExpr):          # Callable[[float, int], float]'s parameters
            return ast.TypeExpr("[]", [self._type(x) for x in e.elts], span=e.span)
        if isinstance(e, ast.BinOp) and e.op == "|":
            args = []
            for side in (e.left, e.right):
                t = self._type(side)
                args.extend(t.args if t.name == "Union" and side is e.left
                            and isinstance(side, ast.BinOp) else [t])
            return ast.TypeExpr("Union", args, span=e.span)
        raise CompileError("invalid type annotation", e.span)


def _dotted(e: ast.Expr) -> str:
    if isinstance(e, ast.Name):
        return e.id
    if isinstance(e, ast.Attribute) and isinstance(e.value, (ast.Name, ast.Attribute)):
        return f"{_dotted(e.value)}.{e.attr}"
    raise CompileError("invalid type annotation", e.span)


def _describe(e: ast.Expr) -> str:
    if isinstance(e, ast.Const):
        if e.value is None or isinstance(e.value, bool):
            return repr(e.value)
        return "literal"
    return _TARGET_KINDS.get(type(e), "expression")
