"""Calling the code of a loaded `.pts` archive: LoadedFunction (a function, or one method
of a model) and LoadedModule (a model), callable like the pts.script objects they were.

A call binds keyword and default arguments from the manifest's Python signature, picks the
entry of its argument types (and of the values of the arguments the code was specialized
on), appends a model's weights, and calls the native entry (runtime.native.NativeEntry),
which raises the scripted exception named as the user wrote the function.
"""
from __future__ import annotations

import re

from pts.ir.types import (F64, I1, I64, NONE, ListType, OptionalType, TupleType, VarTupleType,
                          type_of_value)
from pts.runtime.archive_format import FunctionConst, decode_value
from pts.runtime.image import ArchiveError, Image
from pts.runtime.native import NativeEntry, error_from_status


class ImageModule:
    """What runtime.native.NativeEntry needs of a compiled module, for a mapped image."""

    def __init__(self, image: Image, symbols: dict[str, str]):
        self.image = image
        self.symbols = symbols            # IR function -> boxed symbol

    def entry_address(self, fname: str) -> int:
        return self.image.entries[self.symbols[fname]][0]

    def release_address(self) -> int:
        return next(iter(self.image.entries.values()))[1]


_RENAMED = re.compile(r"s\d+\.")


def entry_class():
    """runtime.native.NativeEntry, naming functions as the user wrote them: archives rename
    signature k's functions `s<k>.<name>` (the `func` a runtime error carries)."""
    class ArchiveEntry(NativeEntry):
        def _error(self, ctx, status: int) -> BaseException:
            def text(b):
                return b.decode("utf-8") if b else None
            func = text(ctx.func)
            if func and _RENAMED.match(func):
                func = func[_RENAMED.match(func).end():]
            return error_from_status(status, text(ctx.file), ctx.line, ctx.col, text(ctx.msg),
                                     func)
    return ArchiveEntry


class LoadedFunction:
    """A function (or one method of a model) loaded from an archive: callable like the
    pts.script function it was — keyword and default arguments included, and arguments
    the code was specialized on (strings, axis=dim) matched by value."""

    def __init__(self, path: str, manifest: dict, entries: list, native_by_entry: dict,
                 from_ir: bool, name: str | None = None, signature: dict | None = None,
                 weights: list | None = None):
        self.path = path
        self.manifest = manifest
        self.__name__ = name or manifest.get("name", "<archive>")
        self.from_ir = from_ir
        self._entries = []        # (param types, NativeEntry, manifest record, consts, weights)
        # the module-level lists, dicts and sets its code shared with Python when saved
        # (manifest "shared": each one's value then): objects this loaded function holds,
        # changed in place by its calls as the Python function changed the module's; the
        # archive file is never written
        shared = [decode_value(r["value"]) for r in manifest.get("shared", [])]
        for rec, fn in entries:
            consts = {int(c["index"]): decode_value(c["value"]) for c in rec.get("consts", [])}
            wanted = rec.get("weights", [])
            if any(not isinstance(k, int) or not 0 <= k < len(weights or ()) for k in wanted):
                raise ArchiveError(f"{path}: entry {rec.get('key')!r} takes weights the "
                                   f"archive does not have")
            ws = tuple(weights[k] for k in wanted)
            ws = tuple(shared[k] for k in rec.get("shared", ())) + ws
            nuser = len(rec["params"])
            self._entries.append((fn.param_types[:nuser], native_by_entry[rec["key"]], rec,
                                  consts, ws))
        self._fast: dict = {}      # Python types of scalar arguments -> (entry, weights)
        self._pysig = None
        if signature and isinstance(signature.get("params"), list):
            import inspect
            P = inspect.Parameter
            defaults = signature.get("defaults") or {}
            kinds = signature.get("kinds") or {}      # keyword-only, *args, **kwargs
            try:
                self._pysig = inspect.Signature([
                    P(n, getattr(P, kinds.get(n, "POSITIONAL_OR_KEYWORD")),
                      default=decode_value(defaults[n]) if n in defaults
                      else P.empty) for n in signature["params"]])
            except (ValueError, TypeError, ArchiveError):
                self._pysig = None

    @property
    def signatures(self) -> list[str]:
        return [f"{r['key']} -> {r['ret']}" for _, _, r, _, _ in self._entries]

    def _bind(self, args: tuple, kwargs: dict) -> tuple:
        if self._pysig is None:
            if kwargs:
                raise TypeError(f"{self.__name__}(): keyword arguments need the parameter "
                                f"names, which {self.path} does not record")
            return args
        try:
            bound = self._pysig.bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError(f"{self.__name__}(): {e}") from None
        bound.apply_defaults()
        if any(p.kind != p.POSITIONAL_OR_KEYWORD for p in self._pysig.parameters.values()):
            return tuple(bound.arguments.values())     # one value per parameter (*args a tuple)
        return tuple(bound.args)

    def _pick(self, args: tuple):
        """(entry, the arguments it takes, the weights it takes after them)."""

        def const_ok(a, v) -> bool:
            if isinstance(v, FunctionConst):     # a function the entry was specialized on
                return v.matches(a)
            return type(a) is type(v) and a == v

        candidates = []
        for params, entry, rec, consts, ws in self._entries:
            if len(params) + len(consts) != len(args):
                continue
            if not all(i < len(args) and const_ok(args[i], v) for i, v in consts.items()):
                continue
            rest = tuple(a for i, a in enumerate(args) if i not in consts)
            candidates.append((params, entry, rest, ws))
        for params, entry, rest, ws in candidates:
            try:
                sig = tuple(type_of_value(a) for a in rest)
            except TypeError as e:
                raise TypeError(f"{self.__name__}(): {e}") from None
            if tuple(params) == sig:
                return entry, rest, ws

        def fits(t, p):
            if t == p:
                return True
            if isinstance(t, TupleType) and isinstance(p, TupleType) and len(t.elems) == len(p.elems):
                return all(fits(a, b) for a, b in zip(t.elems, p.elems))
            if isinstance(p, VarTupleType) and isinstance(t, TupleType):   # Tuple[T, ...]
                return all(fits(e, p.elem) for e in t.elems)
            if isinstance(t, ListType) and isinstance(p, ListType) and \
                    isinstance(t, VarTupleType) == isinstance(p, VarTupleType):
                return fits(t.elem, p.elem)
            if isinstance(p, OptionalType):          # None, or what the value fits
                return t == NONE or fits(t, p.elem)
            return (t == I64 and p == F64) or (t == I1 and p in (I64, F64))
        for params, entry, rest, ws in candidates:
            try:
                sig = tuple(type_of_value(a) for a in rest)
            except TypeError as e:
                raise TypeError(f"{self.__name__}(): {e}") from None
            if len(params) == len(sig) and all(fits(t, p) for t, p in zip(sig, params)):
                return entry, rest, ws
        try:
            shown = ", ".join(str(type_of_value(a)) for a in args)
        except TypeError:
            shown = ", ".join(type(a).__name__ for a in args)
        raise TypeError(f"{self.__name__}(): no compiled signature for ({shown}) in "
                        f"{self.path}; it has {'; '.join(self.signatures)}")

    def entry_key(self, *args, **kwargs) -> str:
        """The key of the entry a call with these arguments runs ("f(tensor<f32, 2>,
        axis=0)"): what `pts-run --entry` takes to run the same entry from C."""
        if self._needs_bind(args, kwargs):
            args = self._bind(args, kwargs)
        entry = self._pick(args)[0]
        return next(r["key"] for _, e, r, _, _ in self._entries if e is entry)

    def _needs_bind(self, args: tuple, kwargs: dict) -> bool:
        sig = self._pysig
        return bool(kwargs) or sig is not None and (
            len(args) < len(sig.parameters)
            or any(p.kind != p.POSITIONAL_OR_KEYWORD for p in sig.parameters.values()))

    def __call__(self, *args, **kwargs):
        if self._needs_bind(args, kwargs):
            args = self._bind(args, kwargs)
        key = tuple(map(type, args))
        hit = self._fast.get(key)
        if hit is not None:             # int/float/bool arguments seen before: no matching
            entry, ws = hit
            rest = args
        else:
            entry, rest, ws = self._pick(args)
            if len(rest) == len(args) and all(k in (int, float, bool) for k in key):
                self._fast[key] = (entry, ws)
        try:
            return entry(rest + ws)
        except (ArithmeticError, LookupError, ValueError, AssertionError, RuntimeError,
                TypeError) as e:
            if getattr(e, "pts_span", None) is not None:
                raise e.with_traceback(None) from None
            raise

    def __repr__(self) -> str:
        return f"<pts.load {self.__name__} from {self.path}>"


class LoadedModule:
    """A model loaded from an archive: `m(x)` runs forward, `m.method(...)` an exported
    method; `m.weights` maps dotted attribute names to the stored arrays (passed to the
    code as the model's attributes were: in-place updates by the code persist)."""

    def __init__(self, path: str, manifest: dict, methods: dict, weights: dict, from_ir: bool):
        self.path = path
        self.manifest = manifest
        self.__name__ = manifest.get("name", "<model>")
        self.weights = weights
        self.from_ir = from_ir
        self._methods = methods

    @property
    def methods(self) -> list[str]:
        return list(self._methods)

    def __getattr__(self, name):
        methods = self.__dict__.get("_methods", {})
        if name in methods:
            return methods[name]
        raise AttributeError(f"'{self.__name__}' model loaded from {self.__dict__.get('path')} "
                             f"has no method '{name}'")

    def __call__(self, *args, **kwargs):
        if "forward" not in self._methods:
            raise TypeError(f"'{self.__name__}' has no forward method")
        return self._methods["forward"](*args, **kwargs)

    def __repr__(self) -> str:
        return f"<pts.load {self.__name__} ({', '.join(self._methods)}) from {self.path}>"


