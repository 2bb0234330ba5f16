"""A small table-driven LALR(1) parser that runs the tables of pts_tables.py.

It reproduces what Lark does for pts (see generate.py for the configuration), without
importing Lark, so that a new process can parse in a few milliseconds:

- `lex(text)` is Lark's basic lexer: at each position the first alternative of one
  regular expression that matches wins; NAME tokens that spell a keyword are retyped
  (`if` -> IF); ignored terminals are skipped; positions are 1-based, end exclusive.
- `Parser.parse(tokens)` is Lark's LALR loop, building the same parse tree as Lark's
  ParseTreeBuilder with maybe_placeholders and propagate_positions: anonymous tokens are
  dropped, `_rule` children are inlined, `?rule`s with one child are replaced by it,
  `[x]` contributes a None when absent, and every node's `meta` spans its source text
  (including the dropped tokens).
- `Token`, `Tree` and `Meta` mirror Lark's classes (attributes only), `Transformer` is
  Lark's Transformer with `@v_args(meta=True)`: methods are called `f(meta, children)`.
- Errors are `UnexpectedToken(token, expected)` and `UnexpectedCharacters(line, column)`,
  with the same meaning as Lark's.
"""
from __future__ import annotations

import re


class Token(str):
    """A lexed token: its text, `type` (terminal name) and position."""

    def __new__(cls, type, value, start_pos=None, line=None, column=None, end_line=None,
                end_column=None, end_pos=None):
        self = str.__new__(cls, value)
        self.type = type
        self.value = value
        self.start_pos = start_pos
        self.line = line
        self.column = column
        self.end_line = end_line
        self.end_column = end_column
        self.end_pos = end_pos
        return self

    @classmethod
    def new_borrow_pos(cls, type, value, borrow):
        return cls(type, value, borrow.start_pos, borrow.line, borrow.column,
                   borrow.end_line, borrow.end_column, borrow.end_pos)

    def __repr__(self):
        return f"Token({self.type!r}, {self.value!r})"

    def __reduce__(self):
        return (Token, (self.type, self.value, self.start_pos, self.line, self.column,
                        self.end_line, self.end_column, self.end_pos))


class Meta:
    """A node's position.  `empty` until the node covers some token; `container_*` is the
    extent of the text the node was built from, which is larger than its own when parts
    were dropped (the parentheses around `(a + b)`)."""
    line = column = start_pos = end_line = end_column = end_pos = None

    def __init__(self):
        self.empty = True


class Tree:
    __slots__ = ("data", "children", "meta")

    def __init__(self, data: str, children: list, meta: Meta | None = None):
        self.data = data
        self.children = children
        self.meta = meta if meta is not None else Meta()

    def __repr__(self):
        return f"Tree({self.data!r}, {self.children!r})"

    def __eq__(self, other):
        return (isinstance(other, Tree) and self.data == other.data
                and self.children == other.children)

    __hash__ = None


class Transformer:
    """Bottom-up tree rewriting: `self.<data>(meta, children)` for each node, children
    first; nodes without a method are rebuilt as Trees."""

    def transform(self, tree: Tree):
        children = [self.transform(c) if isinstance(c, Tree) else c for c in tree.children]
        method = getattr(self, tree.data, None) if tree.data[:1] != "_" else None
        if method is None:
            return Tree(tree.data, children, tree.meta)
        return method(tree.meta, children)


class ParseError(Exception):
    pass


class UnexpectedCharacters(ParseError):
    """No terminal matches the text at (line, column)."""

    def __init__(self, text: str, pos: int, line: int, column: int):
        super().__init__(f"unexpected character {text[pos:pos + 1]!r} at line {line}, "
                         f"column {column}")
        self.pos_in_stream, self.line, self.column = pos, line, column


class UnexpectedToken(ParseError):
    """`token` cannot come next; `expected` are the terminals that could."""

    def __init__(self, token: Token, expected: set[str]):
        super().__init__(f"unexpected token {token!r} at line {token.line}, "
                         f"column {token.column}; expected one of {sorted(expected)}")
        self.token, self.expected = token, expected
        self.line, self.column = token.line, token.column


class Parser:
    """A lexer and LALR parser for one set of tables (a module or a dict of them)."""

    def __init__(self, tables):
        get = tables.get if isinstance(tables, dict) else tables.__dict__.get
        self.pattern = re.compile(get("PATTERN"))
        self.retype = get("RETYPE")
        self.ignore = frozenset(get("IGNORE"))
        self.newline_types = frozenset(get("NEWLINE_TYPES"))
        self.start_state = get("START_STATE")
        self.end_state = get("END_STATE")
        self.rules = get("RULES")
        self.symbols = get("SYMBOLS")
        self.rows = get("STATES")
        self.char = {sym: chr(i) for i, sym in enumerate(self.symbols)}
        # A rule's origin (to look up the goto after a reduction), and whether the rule
        # hands its only child up unchanged (`?rule` with one symbol), in which case Lark's
        # position propagation changes nothing either.
        self.origins = [self.char[rule[0]] for rule in self.rules]
        self.passes = [size == 1 and expand1 and include is None
                       for _, size, _, expand1, include, _ in self.rules]

    def lex(self, text: str):
        """Yield the tokens of `text` (a generator: an error comes when it is reached)."""
        match = self.pattern.match
        retype = self.retype
        ignore = self.ignore
        newline_types = self.newline_types
        pos, line, line_start, n = 0, 1, 0, len(text)
        while pos < n:
            m = match(text, pos)
            if m is None:
                raise UnexpectedCharacters(text, pos, line, pos - line_start + 1)
            value = m.group()
            type_ = m.lastgroup
            start, start_line, start_col = pos, line, pos - line_start + 1
            pos = m.end()
            if type_ in newline_types:
                newlines = value.count("\n")
                if newlines:
                    line += newlines
                    line_start = start + value.rindex("\n") + 1
            if type_ in ignore:
                continue
            words = retype.get(type_)
            if words is not None:
                type_ = words.get(value, type_)
            yield Token(type_, value, start, start_line, start_col, line, pos - line_start + 1,
                        pos)

    def expected(self, state: int) -> set[str]:
        """The terminals `state` has an action for."""
        return {sym for sym in map(self.symbols.__getitem__, map(ord, self.rows[state][0]))
                if sym.isupper()}

    def parse(self, tokens) -> Tree:
        """Parse a token stream into the tree of the start rule."""
        rows = self.rows
        rules = self.rules
        origins = self.origins
        passes = self.passes
        char = self.char
        reduce_base = len(rows)
        end_state = self.end_state
        state = self.start_state
        state_stack = [state]
        value_stack: list = []
        for token in _with_end(tokens):
            type_ = token.type
            c = char.get(type_, "\uffff")
            while True:
                keys, actions = rows[state]
                i = keys.find(c)
                if i < 0:
                    raise UnexpectedToken(token, self.expected(state))
                action = ord(actions[i])
                if action < reduce_base:            # shift
                    state = action
                    state_stack.append(state)
                    value_stack.append(token)
                    break
                r = action - reduce_base             # reduce by rule r
                if passes[r]:
                    del state_stack[-1]
                else:
                    _, size, name, expand1, include, append_none = rules[r]
                    if size:
                        raw = value_stack[-size:]
                        del value_stack[-size:]
                        del state_stack[-size:]
                    else:
                        raw = []
                    value_stack.append(_build(raw, name, expand1, include, append_none))
                keys, actions = rows[state_stack[-1]]
                state = ord(actions[keys.find(origins[r])])      # goto
                state_stack.append(state)
                if state == end_state and type_ == "$END":
                    return value_stack[-1]
        raise AssertionError("the parser shifted $END")   # never: Lark's tables reduce


def _with_end(tokens):
    """`tokens`, then `$END` at the position of the last one (as Lark does)."""
    token = None
    for token in tokens:
        yield token
    yield Token.new_borrow_pos("$END", "", token) if token is not None else \
        Token("$END", "", 0, 1, 1)


def _build(raw: list, name: str, expand1: bool, include, append_none: int):
    """The value of a reduction whose right-hand side matched `raw`.

    Lark's rule callback: ChildFilterLALR (keep, inline, add None placeholders), then
    ExpandSingleChild (`?rule`), then a Tree, all inside PropagatePositions."""
    if include is None:
        children = raw
    else:
        children = []
        for i, inline, nones in include:
            if nones:
                children += [None] * nones
            if inline:
                children += raw[i].children
            else:
                children.append(raw[i])
        if append_none:
            children += [None] * append_none
    if expand1 and len(children) == 1:
        value = children[0]
        if not isinstance(value, Tree):
            return value
    else:
        value = Tree(name, children, Meta())
    meta = value.meta
    for c in raw:                                   # the first child with a position
        if isinstance(c, Tree):
            m = c.meta
            if m.empty:
                continue
            line, column, start_pos = m.container_line, m.container_column, \
                m.container_start_pos
        elif isinstance(c, Token):
            line, column, start_pos = c.line, c.column, c.start_pos
        else:
            continue
        if meta.line is None:
            meta.line, meta.column, meta.start_pos = line, column, start_pos
            meta.empty = False
        meta.container_line, meta.container_column, meta.container_start_pos = \
            line, column, start_pos
        break
    for c in reversed(raw):                         # the last child with a position
        if isinstance(c, Tree):
            m = c.meta
            if m.empty:
                continue
            line, column, pos = m.container_end_line, m.container_end_column, \
                m.container_end_pos
        elif isinstance(c, Token):
            line, column, pos = c.end_line, c.end_column, c.end_pos
        else:
            continue
        if meta.end_line is None:
            meta.end_line, meta.end_column, meta.end_pos = line, column, pos
            meta.empty = False
        meta.container_end_line, meta.container_end_column, meta.container_end_pos = \
            line, column, pos
        break
    return value
