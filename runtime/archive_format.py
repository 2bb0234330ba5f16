"""The `.pts` archive's fixed facts, shared by its writer and its readers: the format
version, the entries' alignment and names, how constants are stored in the manifest, and
the version check (the format itself: runtime.archive).
"""
from __future__ import annotations

from pts.runtime.image import ArchiveError

FORMAT_VERSION = "1.0"
ALIGNMENT = 64
MANIFEST = "manifest.json"
IR_PATH = "ir/module.ir"


class FunctionConst:
    """A Python function an entry was specialized on (pts.save of a call `apply(f, x)`): the
    code has it built in; a call from Python selects the entry by passing a function of
    this module and qualified name (C and pts-run call the entry without it)."""

    def __init__(self, name: str):
        self.name = name

    @staticmethod
    def name_of(fn) -> str:
        fn = getattr(fn, "py_func", fn)          # (a pts.script function: the one it wraps)
        return f"{getattr(fn, '__module__', None)}.{getattr(fn, '__qualname__', None)}"

    def matches(self, value) -> bool:
        return callable(value) and self.name_of(value) == self.name

    def __eq__(self, other):
        return isinstance(other, FunctionConst) and other.name == self.name

    def __hash__(self):
        return hash(self.name)

    def __repr__(self) -> str:
        return f"<function {self.name}>"


def encode_value(v):
    """A Python constant (argument value, default) as JSON: floats and tuples tagged, so
    that decode_value gives back the same type (inf and nan included)."""
    if v is None or isinstance(v, (bool, int, str)):
        return v
    if isinstance(v, float):
        return {"float": v.hex()}
    if isinstance(v, tuple):
        return {"tuple": [encode_value(x) for x in v]}
    if isinstance(v, FunctionConst):
        return {"function": v.name}
    # (a shared module-level value's state at save time: frontend.shared_globals)
    if type(v) is list:
        return {"list": [encode_value(x) for x in v]}
    if type(v) is set:
        return {"set": [encode_value(x) for x in v]}
    if type(v) is dict:
        return {"dict": [[encode_value(k), encode_value(x)] for k, x in v.items()]}
    raise TypeError(f"cannot store {type(v).__name__} {v!r} in an archive manifest")


def decode_value(j):
    if isinstance(j, dict):
        if "float" in j:
            return float.fromhex(j["float"])
        if "tuple" in j:
            return tuple(decode_value(x) for x in j["tuple"])
        if "function" in j:
            return FunctionConst(j["function"])
        if isinstance(j.get("list"), list):
            return [decode_value(x) for x in j["list"]]
        if isinstance(j.get("set"), list):
            return {decode_value(x) for x in j["set"]}
        if isinstance(j.get("dict"), list) and all(isinstance(p, list) and len(p) == 2
                                                   for p in j["dict"]):
            return {decode_value(k): decode_value(x) for k, x in j["dict"]}
        raise ArchiveError(f"bad constant in the manifest: {j!r}")
    if isinstance(j, list):
        raise ArchiveError(f"bad constant in the manifest: {j!r}")
    return j


def check_version(manifest: dict) -> None:
    v = manifest.get("format")
    if not isinstance(v, str) or v.count(".") != 1 or not all(p.isdigit() for p in v.split(".")):
        raise ArchiveError(f"archive has no valid format version (got {v!r})")
    major = int(v.split(".")[0])
    if major > int(FORMAT_VERSION.split(".")[0]):
        raise ArchiveError(f"archive format {v} is newer than this pts reads ({FORMAT_VERSION}); "
                           f"upgrade pts to load it")
