"""Compile grammar/pts.lark into the parse tables of grammar/pts_tables.py.

    python -m pts.grammar.generate          # rewrite grammar/pts_tables.py (and its .pyc)
    python -m pts.grammar.generate --check  # exit 1 if pts_tables.py is out of date

pts.lark is the single source of truth for the syntax.  Lark (a build-time dependency
here) reads it and computes the LALR(1) automaton, the lexer's terminals and the shape of
every parse-tree node; this module extracts all of that as plain data (strings, ints,
tuples, dicts) that `pts.grammar.lalr` runs without importing Lark.  The data reproduce
Lark's own configuration for pts: `Lark(grammar, parser="lalr", lexer="basic",
start="file_input", propagate_positions=True, maybe_placeholders=True)`.

frontend/parse.py compares the tables' GRAMMAR_CRC32 and GRAMMAR_LENGTH with pts.lark at
run time; when the grammar was edited without regenerating, it calls `tables()` below
instead (slow, but correct) and caches the result on disk, so a grammar edit never breaks
parsing.  tests/frontend/test_parse_tables.py fails until the tables are regenerated.
"""
from __future__ import annotations

import binascii
import os
import pprint
import sys

GRAMMAR_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pts.lark")
TABLES_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pts_tables.py")
REGENERATE = "python -m pts.grammar.generate"

LARK_OPTIONS = dict(parser="lalr", lexer="basic", start="file_input",
                    propagate_positions=True, maybe_placeholders=True)


def read_grammar(path: str = GRAMMAR_FILE) -> str:
    with open(path, encoding="utf-8", newline="") as f:
        return f.read().replace("\r\n", "\n")


def grammar_key(text: str) -> tuple[int, int]:
    """(CRC-32, length) of the grammar's UTF-8 text: what says which grammar tables are
    for.  (hashlib would cost a few milliseconds to import; an edit that keeps both is
    vanishingly unlikely.)"""
    data = text.encode("utf-8")
    return binascii.crc32(data), len(data)


class _NoLayout:
    """Stands in for parse.py's post-lexer: the tables do not depend on it."""
    always_accept = ()

    def process(self, stream):
        return stream


def lark_parser(text: str, postlex=None):
    """The reference Lark parser for the grammar `text` (used here and by the tests)."""
    from lark import Lark
    return Lark(text, postlex=postlex or _NoLayout(), **LARK_OPTIONS)


def tables(text: str | None = None) -> dict:
    """The tables for grammar `text` (default: pts.lark) as a dict of plain data."""
    import re

    from lark import __version__ as lark_version
    from lark.lexer import PatternStr, UnlessCallback
    from lark.parse_tree_builder import maybe_create_child_filter
    from lark.parsers.lalr_analysis import Shift

    if text is None:
        text = read_grammar()
    parser = lark_parser(text)
    lexer = parser.parser.lexer.lexer          # PostLexConnector -> BasicLexer
    scanner = lexer.scanner
    assert len(scanner._mres) == 1, "the terminals no longer fit in one regular expression"
    assert scanner._mres[0].flags == re.UNICODE, scanner._mres[0].flags
    # The same expression as Lark's, except that inline flags are applied in sorted order
    # (Lark's order depends on string hashing).
    alternatives = []
    for term in scanner.terminals:
        pattern = term.pattern
        regexp = re.escape(pattern.value) if isinstance(pattern, PatternStr) else pattern.value
        for flag in sorted(pattern.flags):
            regexp = f"(?{flag}:{regexp})"
        assert len(pattern.flags) > 1 or regexp == pattern.to_regexp(), term
        alternatives.append(f"(?P<{term.name}>{regexp})")
    pattern = "|".join(alternatives)
    assert len(pattern) == len(scanner._mres[0].pattern)

    # Keyword terminals: Lark lexes them as NAME, then retypes the token when its whole
    # text equals the keyword (UnlessCallback).  All of them are plain strings, so a dict
    # lookup is the same test.
    retype = {}
    for name, callback in lexer.callback.items():
        assert isinstance(callback, UnlessCallback), (name, callback)
        words = {}
        for term in callback.scanner.terminals:
            assert isinstance(term.pattern, PatternStr) and not term.pattern.flags, term
            words[term.pattern.value] = term.name
        retype[name] = words

    # The LALR automaton: per state, symbol -> action (shift or goto to a state, or reduce
    # by a rule).  Lark numbers states and rules in an order that depends on string
    # hashing, so both are renumbered canonically: rules by their text, states in
    # breadth-first order from the start state.
    lalr = parser.parser.parser.parser
    table = lalr.parse_table
    start = "file_input"

    def rule_key(rule):
        return (str(rule.origin.name), tuple(str(s.name) for s in rule.expansion),
                str(rule.alias or ""))

    all_rules = {arg for row in table.states.values() for action, arg in row.values()
                 if action is not Shift}
    rule_ids = {rule: i for i, rule in enumerate(sorted(all_rules, key=rule_key))}
    order = [table.start_states[start]]
    state_ids = {order[0]: 0}
    for s in order:
        for sym in sorted(table.states[s]):
            action, arg = table.states[s][sym]
            if action is Shift and arg not in state_ids:
                state_ids[arg] = len(order)
                order.append(arg)
    assert len(order) == len(table.states)
    # Each row is stored as two strings of equal length, which load much faster than dicts:
    # character i of the first is the number of a symbol the state has an action for
    # (chr(number)), character i of the second that action: chr(s) to shift to (or goto)
    # state s, chr(len(STATES) + r) to reduce by rule r.
    symbols = sorted({str(sym) for row in table.states.values() for sym in row})
    symbol_ids = {sym: i for i, sym in enumerate(symbols)}
    reduce_base = len(order)
    rows = []
    for s in order:
        keys, actions = [], []
        for sym in sorted(table.states[s], key=str):
            action, arg = table.states[s][sym]
            keys.append(chr(symbol_ids[str(sym)]))
            actions.append(chr(state_ids[arg] if action is Shift else reduce_base + rule_ids[arg]))
        rows.append(("".join(keys), "".join(actions)))

    # How each rule builds its node (Lark's ParseTreeBuilder, see lalr.py).
    rules = [None] * len(rule_ids)
    for rule, i in rule_ids.items():
        options = rule.options
        child_filter = maybe_create_child_filter(rule.expansion, options.keep_all_tokens, False,
                                                 options.empty_indices)
        if child_filter is None:
            include, append_none = None, 0
        elif len(child_filter.args) == 2:    # ChildFilterLALR(to_include, append_none)
            include = tuple((j, bool(expand), n) for j, expand, n in child_filter.args[0])
            append_none = child_filter.args[1]
        else:                                 # ChildFilterLALR_NoPlaceholders(to_include)
            include = tuple((j, bool(expand), 0) for j, expand in child_filter.args[0])
            append_none = 0
        name = str(rule.alias or options.template_source or rule.origin.name)
        expand1 = bool(options.expand1 and not rule.alias)
        rules[i] = (str(rule.origin.name), len(rule.expansion), name, expand1, include,
                    append_none)

    return {
        "GRAMMAR_CRC32": grammar_key(text)[0],
        "GRAMMAR_LENGTH": grammar_key(text)[1],
        "LARK_VERSION": lark_version,
        "PATTERN": pattern,
        "RETYPE": retype,
        "IGNORE": tuple(sorted(lexer.ignore_types)),
        "NEWLINE_TYPES": tuple(sorted(lexer.newline_types)),
        "START_STATE": state_ids[table.start_states[start]],
        "END_STATE": state_ids[table.end_states[start]],
        "RULES": tuple(rules),
        "SYMBOLS": tuple(symbols),
        "STATES": tuple(rows),
    }


def module_source(data: dict) -> str:
    """The text of pts_tables.py for `data`."""
    out = [
        f'"""Parse tables for pts.lark, generated by `{REGENERATE}`.  Do not edit.',
        "",
        "Run by pts.grammar.lalr (grammar/lalr.py); grammar/generate.py says what each table",
        "means.",
        '"""',
        "",
        f"GRAMMAR_CRC32 = {data['GRAMMAR_CRC32']:#010x}",
    ]
    for key in ("GRAMMAR_LENGTH", "LARK_VERSION", "PATTERN", "START_STATE", "END_STATE",
                "IGNORE", "NEWLINE_TYPES"):
        out.append(f"{key} = {data[key]!r}")
    out.append(f"RETYPE = {pprint.pformat(data['RETYPE'], width=96, compact=True)}")
    out.append("")
    out.append("# (origin, length, node name, expand a single child, children to keep as "
               "(index, inline, Nones before) or None for all, Nones after)")
    out.append("RULES = (")
    out.extend(f"    {rule!r}," for rule in data["RULES"])
    out.append(")")
    out.append("")
    out.append("SYMBOLS = (")
    for i in range(0, len(data["SYMBOLS"]), 6):
        out.append("    " + " ".join(f"{sym!r}," for sym in data["SYMBOLS"][i:i + 6]))
    out.append(")")
    out.append("")
    out.append("# Per state: (symbols, actions), two strings: ord(symbols[i]) is the number of a")
    out.append("# symbol, ord(actions[i]) the action on it: the state to shift to if it is less")
    out.append("# than len(STATES), else len(STATES) + the rule to reduce by.")
    out.append("STATES = (")
    out.extend(f"    ({ascii(keys)},\n     {ascii(actions)})," for keys, actions in data["STATES"])
    out.append(")")
    out.append("")
    return "\n".join(out)


def main(argv: list[str]) -> int:
    source = module_source(tables())
    try:
        with open(TABLES_FILE, encoding="utf-8") as f:
            current = f.read()
    except OSError:
        current = None
    if "--check" in argv:
        if current != source:
            print(f"{TABLES_FILE} is out of date: run `{REGENERATE}`", file=sys.stderr)
            return 1
        return 0
    if current != source:
        with open(TABLES_FILE, "w", encoding="utf-8") as f:
            f.write(source)
    import py_compile
    py_compile.compile(TABLES_FILE, doraise=True)
    print(f"wrote {TABLES_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
