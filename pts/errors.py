"""Errors that pts shows to users.

`CompileError` is the only exception the compiler raises for bad input.  Its message reads
like a C compiler's: `file:line:col: what is wrong`, then the source line and a caret under
the offending span.  Run-time errors are ordinary Python exceptions (ZeroDivisionError, ...)
built by `runtime_error`, so user code catches them as it would in CPython.
"""
from __future__ import annotations

import functools
import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Span:
    """Where a node came from: 1-based line and column, end exclusive, plus the file name."""
    file: str = "<unknown>"
    line: int = 0
    col: int = 0
    end_line: int = 0
    end_col: int = 0

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


NOSPAN = Span()

_LIBRARY_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "stdlib")


def is_library_file(path: str) -> bool:
    """Whether `path` is a source of pts's own library (pts.stdlib: list methods, math,
    sorting, nn layers written in the language).  A run-time error raised there is
    reported at the user's call of the library function, as CPython reports an error of
    a builtin at its caller's line."""
    return os.path.dirname(path) in _library_dirs()


@functools.cache
def _library_dirs() -> frozenset:
    dirs = {_LIBRARY_DIR}
    try:                                    # an installed layout: pts/stdlib in site-packages
        import importlib.util
        spec = importlib.util.find_spec("pts.stdlib")
        dirs.update(os.path.abspath(p) for p in (spec.submodule_search_locations or ()))
    except (ImportError, ValueError):
        pass
    return frozenset(dirs)


class CompileError(Exception):
    """A program pts refuses: message `file:line:col: msg`, the source line and a caret."""

    def __init__(self, msg: str, span: Span = NOSPAN, source_line: str | None = None):
        self.msg = msg
        self.span = span
        self.filename = span.file
        self.line = span.line
        self.col = span.col
        self.source_line = source_line if source_line is not None else _line_of(span)
        super().__init__(self._render())

    def _render(self) -> str:
        head = f"{self.span}: {self.msg}" if self.span.line else self.msg
        if not self.source_line:
            return head
        text = self.source_line.rstrip("\n")
        width = 1
        if self.span.end_line == self.span.line and self.span.end_col > self.span.col:
            width = self.span.end_col - self.span.col
        caret = " " * max(self.col - 1, 0) + "^" * max(width, 1)
        return f"{head}\n    {text}\n    {caret}"


class TraceError(CompileError):
    """A traced program that depends on what pts.trace cannot record (a Python decision on an
    array's values, a function outside numpy): at the user's line, naming the value, with
    what to do instead (pts.trace_record)."""


# Source text of files the compiler has read, so errors can quote lines of any of them.
_SOURCES: dict[str, list[str]] = {}


def remember_source(filename: str, text: str, first_line: int = 1) -> None:
    """Record `text` as lines of `filename` starting at `first_line` (1-based)."""
    lines = _SOURCES.setdefault(filename, [])
    needed = first_line - 1 + len(text.splitlines())
    if len(lines) < needed:
        lines.extend([""] * (needed - len(lines)))
    for i, line in enumerate(text.splitlines()):
        lines[first_line - 1 + i] = line


def _line_of(span: Span) -> str | None:
    lines = _SOURCES.get(span.file)
    if lines is None:
        try:
            with open(span.file, encoding="utf-8") as f:
                lines = f.read().splitlines()
        except OSError:
            return None
        _SOURCES[span.file] = lines
    if 1 <= span.line <= len(lines):
        return lines[span.line - 1]
    return None


# Exception kinds as they cross the native boundary (status codes); 0 means success.
EXCEPTION_KINDS = [
    "ZeroDivisionError", "IndexError", "ValueError", "AssertionError",
    "RuntimeError", "TypeError", "OverflowError", "UnboundLocalError", "RecursionError",
]
KIND_CODES = {name: i + 1 for i, name in enumerate(EXCEPTION_KINDS)}

# CPython's hierarchy of the builtin classes a scripted program may raise or catch: each
# class and its parent.  (pts.frontend.check_exceptions and pts.ir.exceptions read it.)
BUILTIN_PARENTS = {
    "BaseException": None, "Exception": "BaseException",
    "ArithmeticError": "Exception", "ZeroDivisionError": "ArithmeticError",
    "OverflowError": "ArithmeticError", "FloatingPointError": "ArithmeticError",
    "LookupError": "Exception", "IndexError": "LookupError", "KeyError": "LookupError",
    "ValueError": "Exception", "UnicodeError": "ValueError", "TypeError": "Exception",
    "RuntimeError": "Exception", "NotImplementedError": "RuntimeError",
    "RecursionError": "RuntimeError", "AssertionError": "Exception",
    "StopIteration": "Exception", "NameError": "Exception", "UnboundLocalError": "NameError",
    "AttributeError": "Exception", "MemoryError": "Exception",
}
# the builtin kinds after the first nine get codes too (append only: archives record them)
EXCEPTION_KINDS += [k for k in BUILTIN_PARENTS if k not in EXCEPTION_KINDS]
KIND_CODES.update({name: i + 1 for i, name in enumerate(EXCEPTION_KINDS)})

# A user exception class is the kind "Name.Parent....Builtin": its chain of classes up to
# the first builtin one, so a kind names its own ancestry.  Its status code is derived from
# that text (stable across processes and archives); USER_CLASSES maps a kind to the class
# the compiler saw, so an escaping exception is an instance of the user's class.
USER_CODE_BASE = 1 << 16
USER_CLASSES: dict[str, type] = {}
# every class seen for a kind: two modules may each define their own `class U1(Exception)`
# (the kind names the chain, not the module); a raise picks the one defined in the file of
# the raising line (`_user_class`)
USER_CLASSES_ALL: dict[str, list] = {}
_USER_KINDS_BY_CODE: dict[int, str] = {}


def register_user_class(kind: str, cls: type, file: str | None = None) -> None:
    """`cls` is a class of `kind`, defined in `file` (its module's, when known)."""
    USER_CLASSES[kind] = cls
    seen = USER_CLASSES_ALL.setdefault(kind, [])
    seen[:] = [(c, f) for c, f in seen if c is not cls]
    seen.append((cls, file))                 # (the most recently compiled last)


def kind_code(kind: str) -> int:
    """The status code of exception kind `kind` (a builtin name or a user chain)."""
    code = KIND_CODES.get(kind)
    if code is not None:
        return code
    import zlib
    code = USER_CODE_BASE + zlib.crc32(kind.encode()) % (1 << 30)
    _USER_KINDS_BY_CODE[code] = kind
    return code


def kind_of_code(code: int) -> str:
    """The kind a status code stands for ('RuntimeError' when unknown)."""
    if 1 <= code <= len(EXCEPTION_KINDS):
        return EXCEPTION_KINDS[code - 1]
    return _USER_KINDS_BY_CODE.get(code, "RuntimeError")


def kind_ancestors(kind: str) -> list[str]:
    """The kinds `kind` is an instance of, itself first: 'B.A.ValueError' -> ['B.A.ValueError',
    'A.ValueError', 'ValueError', 'Exception', 'BaseException']."""
    parts = kind.split(".")
    out = [".".join(parts[i:]) for i in range(len(parts) - 1)]
    k: str | None = parts[-1]
    while k is not None:
        out.append(k)
        k = BUILTIN_PARENTS.get(k)
    return out


def function_display_name(name: str) -> str:
    """The Python name of the function an IR function name stands for, as a traceback
    shows it (CPython's co_name): `div.1` (a second specialization), `s0.div` (an
    archive's), `convnet.0.forward` (a submodule's method) and `Point.norm` are `div`,
    `div`, `forward` and `norm`."""
    parts = [p for p in name.split(".") if p and not p.isdigit()]
    return parts[-1] if parts else name


def runtime_error(kind: str, message: str, span: Span, func: str | None = None) -> Exception:
    """The Python exception for a scripted run-time error, pointing at the scripted line."""
    func = function_display_name(func) if func else func
    cls = _builtin_exception(kind, span.file)
    where = f'  File "{span.file}", line {span.line}'
    if func:
        where += f", in {func}"
    text = _line_of(span)
    detail = f"{where}\n    {text.strip()}" if text else where
    if cls is KeyError:
        # CPython's KeyError holds the key (str() is its repr): the message is that repr
        exc = KeyError(_key_of(message))
        exc.add_note(detail)
    else:
        exc = cls(f"{message}\n{detail}" if message else f"\n{detail}")
    exc.pts_message = message
    exc.pts_span = span
    exc.pts_kind = kind
    exc.pts_func = func
    return exc


def _key_of(message: str):
    """The key whose repr `message` is (a KeyError's message), else the message itself."""
    import ast
    try:
        return ast.literal_eval(message)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return message


def _user_class(kind: str, file: str | None) -> type:
    """The user class of `kind` defined in `file` (the raising line's; the most recently
    compiled one when a file was loaded as several modules), else the last seen."""
    for cls, where in reversed(USER_CLASSES_ALL.get(kind, ())):
        if file and where == file:
            return cls
    return USER_CLASSES[kind]


def _builtin_exception(kind: str, file: str | None = None) -> type[Exception]:
    import builtins
    if kind in USER_CLASSES:
        return _user_class(kind, file)
    if "." in kind:                       # a user class this process has not seen: its builtin base
        kind = kind.rsplit(".", 1)[1]
    cls = getattr(builtins, kind, None)
    if isinstance(cls, type) and issubclass(cls, Exception):
        return cls
    return RuntimeError
