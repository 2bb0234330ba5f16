"""The methods `@dataclass` generates, as source pts can compile.

CPython's dataclass decorator makes `__init__`, `__eq__` and `__repr__` with `exec`: they have
no source file to read.  `record_method(cls, name)` gives, for a dataclass, an equivalent
Python function written out here (its tree registered with frontend.source, its spans at
the class's definition), so constructors, `==`, `repr()`/`str()`/print/f-strings of records
compile like any class's methods (frontend.check_classes):

  __init__(self, x: float, y: float = 0.0, items: Optional[List[int]] = None)
      one parameter per field in order, its annotation and default; a
      `field(default_factory=list/dict/set)` field defaults to None and gets a new empty
      container (CPython calls the factory for every object)
  __eq__(self, other)     the fields compared in order (CPython compares their tuples)
  __repr__(self)          "P(x=1, y=2)": each field's repr()

It also writes `__iter__` as a generator for a class whose `__iter__` returns `iter(E)`
(`iter_generator`: a `for` over the object inlines it, frontend.check_dunders), and the
dataclass `__init__` calls `__post_init__` and sets `field(init=False)` fields, as CPython's.

`frozen=True` is kept in `is_frozen(cls)`: the checker refuses stores into its fields
(CPython raises FrozenInstanceError when it runs) except in this `__init__`.
"""
from __future__ import annotations

import __future__
import dataclasses
import inspect
import sys

from pts.errors import CompileError
from pts.ir.object_ops import is_rec_tuple

_MADE: dict = {}        # (class, name) -> the function


def is_namedtuple(cls: type) -> bool:
    """A typing.NamedTuple (or collections.namedtuple) class."""
    return isinstance(cls, type) and issubclass(cls, tuple) and hasattr(cls, "_fields")


def is_frozen(cls: type) -> bool:
    if is_namedtuple(cls):
        return True
    params = getattr(cls, "__dataclass_params__", None)
    return bool(params is not None and params.frozen)


def record_method(cls: type, name: str):
    """The compilable stand-in of a dataclass's (or NamedTuple's) generated method, or of a
    comparison `functools.total_ordering` added, else None."""
    made = _total_ordering(cls, name)
    if made is not None:
        return made
    if is_namedtuple(cls):
        if name not in ("__init__", "__eq__", "__repr__", "__len__", "__getitem__") + (
                () if is_rec_tuple(cls) else _ORDER + ("_replace",)) or (
                name in cls.__dict__ and not _is_generated(cls.__dict__[name])
                and name != "__init__"):
            return None
        key = (cls, name)
        if key not in _MADE:
            _MADE[key] = _make(cls, name)
        return _MADE[key]
    if not dataclasses.is_dataclass(cls) or name not in ("__init__", "__eq__", "__repr__") + (
            _ORDER if cls.__dataclass_params__.order else ()):
        return None
    generated = cls.__dict__.get(name)
    if generated is None or not _is_generated(generated):
        return None
    key = (cls, name)
    if key not in _MADE:
        _MADE[key] = _make(cls, name)
    return _MADE[key]


_ORDER = ("__lt__", "__le__", "__gt__", "__ge__")
_ORDER_OPS = dict(zip(_ORDER, ("<", "<=", ">", ">=")))


# functools.total_ordering's comparisons, from the root the class defines (its _le_from_lt
# is `a < b or a == b`): each the same expression over the class's own dunders
_TOTAL = {"_gt_from_lt": "not (self < other) and self != other",
          "_le_from_lt": "self < other or self == other",
          "_ge_from_lt": "not (self < other)",
          "_ge_from_le": "not (self <= other) or self == other",
          "_lt_from_le": "self <= other and self != other",
          "_gt_from_le": "not (self <= other)",
          "_lt_from_gt": "not (self > other) and self != other",
          "_ge_from_gt": "self > other or self == other",
          "_le_from_gt": "not (self > other)",
          "_le_from_ge": "not (self >= other) or self == other",
          "_gt_from_ge": "self >= other and self != other",
          "_lt_from_ge": "not (self >= other)"}


def _total_ordering(cls: type, name: str):
    import functools
    for klass in cls.__mro__:
        fn = klass.__dict__.get(name)
        if fn is not None:
            break
    else:
        return None
    code = getattr(fn, "__code__", None)          # (total_ordering renames the function)
    expr = _TOTAL.get(code.co_name) if code is not None else None
    if expr is None or getattr(fn, "__module__", None) != functools.__name__:
        return None
    key = (klass, name)
    if key not in _MADE:
        _MADE[key] = _compile_method(klass, name, f"def {name}(self, other) -> bool:\n"
                                                  f"    return {expr}\n")
    return _MADE[key]


def _is_generated(fn) -> bool:
    """Made by the decorator: exec'd code, or its recursion guard around __repr__."""
    code = getattr(fn, "__code__", None)
    import collections
    return code is not None and (not code.co_filename.endswith(".py")
                                 or code.co_filename in (dataclasses.__file__,
                                                         collections.__file__))


def _annotation_text(t) -> str:
    if isinstance(t, str):
        return t
    if isinstance(t, type):
        return t.__name__
    return repr(t).replace("typing.", "")


def _default_text(v, cls, fname) -> str:
    if isinstance(v, (bool, int, float, str, type(None))) or (
            isinstance(v, tuple) and all(isinstance(x, (bool, int, float, str)) for x in v)):
        return repr(v)
    raise CompileError(f"the default of field '{fname}' of {cls.__name__} ({v!r}) is not a "
                       f"constant pts can use")


_FACTORIES = {list: "[]", dict: "{}", set: "set()"}


def _factory_text(f, cls) -> str:
    """The expression a field's default_factory stands for: an empty list, dict or set, or
    a call of a class of the module with no arguments (`field(default_factory=Inner)`)."""
    empty = _FACTORIES.get(f.default_factory)
    if empty is not None:
        return empty
    factory = f.default_factory
    module = sys.modules.get(cls.__module__)
    name = getattr(factory, "__name__", None)
    if isinstance(factory, type) and module is not None and getattr(module, name, None) is factory:
        return f"{name}()"
    raise CompileError(f"the default_factory of field '{f.name}' of {cls.__name__} is not "
                       f"list, dict, set or a class of its module")


class _Field:
    """A NamedTuple field as dataclasses.Field's few attributes the writer reads."""

    def __init__(self, name, type_, default):
        self.name, self.type, self.default = name, type_, default
        self.default_factory = dataclasses.MISSING
        self.init = self.repr = self.compare = True


def _fields(cls: type) -> list:
    if is_namedtuple(cls):
        ann = getattr(cls, "__annotations__", {})
        plain = "int" if not is_rec_tuple(cls) else None    # (a recursive tuple's: joined)
        return [_Field(n, ann.get(n, plain), cls._field_defaults.get(n, dataclasses.MISSING))
                for n in cls._fields]
    return list(dataclasses.fields(cls))


def _make(cls: type, name: str):
    fields = _fields(cls)
    lines: list[str] = []
    if name == "__init__":
        params, body = ["self"], []
        for f in (f for f in fields if f.init):
            ann = _annotation_text(f.type)
            if f.default is not dataclasses.MISSING:
                params.append(f"{f.name}: {ann} = {_default_text(f.default, cls, f.name)}")
                body.append(f"    self.{f.name} = {f.name}")
            elif f.default_factory is not dataclasses.MISSING:
                empty = _factory_text(f, cls)
                params.append(f"{f.name}: Optional[{ann}] = None")  # (check.resolve_type)
                body += [f"    if {f.name} is None:", f"        self.{f.name} = {empty}",
                         "    else:", f"        self.{f.name} = {f.name}"]
            else:
                params.append(f"{f.name}: {ann}" if f.type is not None else f.name)
                body.append(f"    self.{f.name} = {f.name}")
        for f in (f for f in fields if not f.init):      # field(init=False): its default
            if f.default is not dataclasses.MISSING:
                body.append(f"    self.{f.name} = {_default_text(f.default, cls, f.name)}")
            elif f.default_factory is not dataclasses.MISSING:
                body.append(f"    self.{f.name} = {_factory_text(f, cls)}")
        initvars = [n for n, f in getattr(cls, "__dataclass_fields__", {}).items()
                    if f._field_type is dataclasses._FIELD_INITVAR]
        if initvars:
            raise CompileError(f"{cls.__name__}'s field '{initvars[0]}' is an InitVar: pts "
                               f"dataclasses take fields only")
        if hasattr(cls, "__post_init__"):                 # as dataclasses' own __init__
            body.append("    self.__post_init__()")
        lines = [f"def __init__({', '.join(params)}) -> None:"] + (body or ["    pass"])
    elif name == "__eq__" and is_rec_tuple(cls):     # None equals only None (Optional fields)
        lines = ["def __eq__(self, other) -> bool:"]
        for k, f in enumerate(fields):
            lines += [f"    a{k} = self.{f.name}", f"    b{k} = other.{f.name}",
                      f"    if a{k} is None:", f"        if b{k} is not None:",
                      "            return False", f"    elif b{k} is None:",
                      "        return False", f"    elif a{k} != b{k}:", "        return False"]
        lines += ["    return True"]
    elif name == "__eq__":
        cmp = " and ".join(f"self.{f.name} == other.{f.name}" for f in fields if f.compare)
        lines = ["def __eq__(self, other) -> bool:", f"    return {cmp or 'True'}"]
    elif name in _ORDER:                   # NamedTuple (a tuple), dataclass(order=True)
        mine = ", ".join(f"self.{f.name}" for f in fields if f.compare)
        theirs = ", ".join(f"other.{f.name}" for f in fields if f.compare)
        lines = [f"def {name}(self, other) -> bool:",
                 f"    return ({mine},) {_ORDER_OPS[name]} ({theirs},)"]
    elif name == "_replace":               # p._replace(x=1): a new record, the rest kept
        if any("Optional" in _annotation_text(f.type) or "None" in _annotation_text(f.type)
               for f in fields):
            raise CompileError(f"{cls.__name__}._replace: a field may be None, which pts's "
                               f"_replace cannot tell from a field left out")
        params = ", ".join(f"{f.name}: Optional[{_annotation_text(f.type)}] = None"
                           for f in fields)
        lines = [f"def _replace(self, *, {params}):"]
        args = ", ".join(f"self.{f.name} if {f.name} is None else {f.name}" for f in fields)
        lines += [f"    return {cls.__qualname__}({args})"]
    elif name == "__len__":
        lines = ["def __len__(self) -> int:", f"    return {len(fields)}"]
    elif name == "__getitem__":            # p[i]: one element type (tuple's rules)
        lines = ["def __getitem__(self, i: int):", f"    if i < 0:", f"        i += {len(fields)}"]
        for k, f in enumerate(fields):
            lines += [f"    if i == {k}:", f"        return self.{f.name}"]
        lines += ["    raise IndexError('tuple index out of range')"]
    elif is_rec_tuple(cls):                # a plain tuple's repr: (1, (2, None, None), None)
        lines = ["def __repr__(self) -> str:"]
        for k, f in enumerate(fields):         # (a field may be an Optional record)
            lines += [f"    a{k} = self.{f.name}",
                      f"    s{k} = 'None' if a{k} is None else repr(a{k})"]
        inner = " + ', ' + ".join(f"s{k}" for k in range(len(fields)))
        close = repr(",)" if len(fields) == 1 else ")")
        lines += [f"    return '(' + {inner} + {close}"]
    else:
        parts = [f"'{f.name}=' + repr(self.{f.name})" for f in fields if f.repr]
        inner = " + ', ' + ".join(parts) if parts else "''"
        lines = ["def __repr__(self) -> str:",
                 f"    return '{cls.__qualname__}(' + {inner} + ')'"]
    return _compile_method(cls, name, "\n".join(lines) + "\n")


def iter_generator(cls: type, fn):
    """`__iter__` as a generator function pts can inline in a `for`: fn itself if it
    yields, else, for the delegating form `return iter(E)`, the generator
    `for x in E: yield x` (the same elements: iter(E) and `for` evaluate E once); else None."""
    if inspect.isgeneratorfunction(fn):
        return fn
    key = (cls, "__iter__")
    if key in _MADE:
        return _MADE[key]
    import ast
    fdef = python_tree(fn)
    if fdef is None:
        return None
    body = [s for s in fdef.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    if not (isinstance(fdef, ast.FunctionDef) and len(fdef.args.args) == 1 and len(body) == 1
            and isinstance(body[0], ast.Return) and isinstance(body[0].value, ast.Call)
            and isinstance(body[0].value.func, ast.Name) and body[0].value.func.id == "iter"
            and len(body[0].value.args) == 1 and not body[0].value.keywords):
        return None
    this = fdef.args.args[0].arg
    text = (f"def __iter__({this}):\n    for __pts_item in {ast.unparse(body[0].value.args[0])}:\n"
            f"        yield __pts_item\n")
    _MADE[key] = _compile_method(cls, "__iter__", text, inspect.getsourcelines(fn)[1])
    return _MADE[key]


def sequence_generator(cls: type):
    """CPython's old sequence protocol as a generator: a class with __getitem__ and no
    __iter__ iterates self[0], self[1], ... until __getitem__ raises IndexError."""
    key = (cls, "__iter__ of __getitem__")
    if key not in _MADE:
        text = ("def __iter__(self):\n"
                "    __pts_i = 0\n"
                "    while True:\n"
                "        try:\n"
                "            __pts_item = self[__pts_i]\n"
                "        except IndexError:\n"
                "            return\n"
                "        yield __pts_item\n"
                "        __pts_i += 1\n")
        getitem = inspect.getattr_static(cls, "__getitem__")
        try:
            line = inspect.getsourcelines(getitem)[1]
        except (OSError, TypeError):        # a NamedTuple's (tuple's own): at the class
            line = None
        _MADE[key] = _compile_method(cls, "__iter__", text, line)
    return _MADE[key]


def python_tree(fn):
    """Python's own syntax tree (ast.FunctionDef) of a method, dedented as the parser reads
    it (frontend.parse.function_source), or None when its source cannot be read."""
    import ast
    from pts.frontend.parse import function_source
    try:
        return ast.parse(function_source(fn)[0]).body[0]
    except (CompileError, SyntaxError):
        return None


def _compile_method(cls: type, name: str, text: str, line: int | None = None):
    """A method of cls from its source text: a Python function (in the module's globals)
    whose syntax tree frontend.source knows, spans at the class (or at `line`)."""
    module = sys.modules.get(cls.__module__)
    g = vars(module) if module is not None else {}
    ns: dict = {}
    # (annotations stay text: the function reads the module's globals, as the class does)
    code = compile(text, f"<dataclass {cls.__qualname__}>", "exec",
                   flags=__future__.annotations.compiler_flag, dont_inherit=True)
    exec(code, g, ns)  # noqa: S102
    fn = ns[name]
    fn.__qualname__ = f"{cls.__qualname__}.{name}"
    fn.__pts_record_of__ = cls
    from pts.frontend import source
    from pts.frontend.parse import parse_function
    try:
        if is_rec_tuple(cls):               # (made by the checker: at its function)
            filename, class_line = cls.__pts_rec_tuple__
        else:
            _, class_line = inspect.getsourcelines(cls)
            filename = inspect.getsourcefile(cls) or "<dataclass>"
    except (OSError, TypeError):
        class_line, filename = 1, "<dataclass>"
    line = line or class_line
    fdef = parse_function(text, filename, line_offset=line - 1)
    source._PARSED[id(fn.__code__)] = (fn.__code__, fdef)
    return fn
