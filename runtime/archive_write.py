"""Writing a `.pts` archive (the format: runtime.archive): the aligned zip writer and the
save-time compile.

`save_function` and `save_model` take what pts.script compiled (each ScriptFunction's or
ScriptMethod's signatures so far, with their compile records) plus example inputs, run the
compile driver (pts.compiler) for every signature without a record it can reuse, merge
the entries' IR into one module (signature k's functions renamed `s<k>.<name>`), build one
image per target (backend.save_images: the targets in parallel, each image kept in the disk
cache under its IR's hash, so saving the same model again compiles nothing) and write the
zip: manifest, IR, sources, images, weights.  A save that takes more than 2 s says what it
is doing on stderr; `TIMINGS` keeps the last save's phases (bench/save.py).
"""
from __future__ import annotations

import hashlib
import io
import json
import os
import struct
import sys
import threading
import time
import warnings
import zlib

from pts.backend import link, save_images
from pts.backend.abi import CTX_FIELDS, IMPORTS
from pts.errors import EXCEPTION_KINDS, CompileError
from pts.frontend.objects import guards_hold, resolve
from pts.ir.core import Module
from pts.ir.parser import parse_module
from pts.ir.printer import print_module
from pts.runtime.archive_format import (ALIGNMENT, FORMAT_VERSION, IR_PATH, MANIFEST, FunctionConst,
                                        encode_value)
from pts.version import __version__

# seconds of the last save's phases (bench/save.py): 'compile' (frontend and passes of the
# signatures without a reusable record), 'merge', 'images' (backend.save_images.build's,
# with its 'codegen', 'llvm', 'link', 'cached' of 'targets') and 'zip'
TIMINGS: dict = {}
_ALIGN_EXTRA_ID = 0xD935
_DOS_DATE = (0 << 9) | (1 << 5) | 1        # 1980-01-01: archives are reproducible


# ---------------------------------------------------------------- zip writing

def write_zip(path: str, files: list[tuple[str, object]]) -> None:
    """A zip of stored entries with their data aligned to ALIGNMENT bytes.  An entry's data
    are bytes, or a tuple of buffers written one after another (a weight: its .npy header
    and the array's own memory, never copied), streamed to the file."""
    central = []
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        with open(tmp, "wb") as out:
            for name, data in files:
                parts = data if isinstance(data, tuple) else (data,)
                size = sum(memoryview(p).nbytes for p in parts)
                crc = 0
                for p in parts:
                    crc = zlib.crc32(p, crc)
                crc &= 0xffffffff
                raw = name.encode("utf-8")
                off = out.tell()
                pad = -(off + 30 + len(raw) + 6) % ALIGNMENT
                extra = struct.pack("<HHH", _ALIGN_EXTRA_ID, 2 + pad, ALIGNMENT) + b"\0" * pad
                out.write(struct.pack("<IHHHHHIIIHH", 0x04034b50, 20, 0x800, 0, 0, _DOS_DATE,
                                      crc, size, size, len(raw), len(extra)))
                out.write(raw + extra)
                assert out.tell() % ALIGNMENT == 0
                for p in parts:
                    out.write(p)
                central.append(struct.pack("<IHHHHHHIIIHHHHHII", 0x02014b50, (3 << 8) | 20, 20,
                                           0x800, 0, 0, _DOS_DATE, crc, size, size, len(raw), 0,
                                           0, 0, 0, 0o100644 << 16, off) + raw)
            cd_off = out.tell()
            cd = b"".join(central)
            out.write(cd)
            out.write(struct.pack("<IHHHHIIH", 0x06054b50, 0, 0, len(files), len(files),
                                  len(cd), cd_off, 0))
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def npy_parts(arr) -> tuple:
    """The .npy file (format 1.0, header padded to 64 bytes as numpy pads it) of a
    C-contiguous array, as (header bytes, the array's memory)."""
    import numpy as np
    arr = np.asarray(arr, order="C")
    head = io.BytesIO()
    np.lib.format.write_array_header_1_0(head, np.lib.format.header_data_from_array_1_0(arr))
    data = memoryview(arr.reshape(-1)).cast("B") if arr.size else b""
    return head.getvalue(), data


# ---------------------------------------------------------------- save

class _Signature:
    """One signature to archive: the argument types (all Python arguments), the values the
    compiled code was specialized on (index -> value), and example values (or None)."""

    def __init__(self, types: tuple, consts: dict, values: tuple | None, compiled=None):
        self.types = types
        self.consts = consts
        self.values = values
        self.compiled = compiled        # the pts.compiled.Compiled of an in-process compilation

    def build_values(self) -> tuple:
        if self.values is not None:
            return self.values
        # only the constants matter to the compile driver (frontend.program.build): others
        # are None
        return tuple(self.consts.get(i) for i in range(len(self.types)))


def _storable(value, pyfunc):
    """A constant of a specialization as the manifest stores it: a function argument
    (frontend.check_functions.FunctionType) by its module and qualified name, which a
    call from Python matches; one with no such name (a lambda or closure made in Python)
    cannot be saved."""
    from pts.frontend.check_functions import FunctionType, LocalFunction
    if not isinstance(value, FunctionType):
        return value
    if isinstance(value.fn, LocalFunction):
        raise TypeError(f"pts.save: {pyfunc.__name__}() was specialized on a lambda or a "
                        f"closure made in Python, which an archive cannot name: pass a "
                        f"function defined with def at module level")
    return FunctionConst(FunctionConst.name_of(value.fn))


def _cached_signatures(cache: dict, offset: int = 0) -> list[_Signature]:
    """The signatures compiled so far (a ScriptFunction's or ScriptMethod's `_cache`,
    keyed (types, values of the value-specialized arguments)).  offset: 1 for methods,
    whose const_indices count `self`."""
    out = []
    for key, compiled in cache.items():
        if len(key) == 2 and isinstance(key[0], tuple) and isinstance(key[1], tuple):
            types, values = key
        else:
            types, values = key, ()
        indices = [i - offset for i in getattr(compiled, "const_indices", ()) if i >= offset]
        consts = dict(zip(indices, values)) if len(indices) == len(values) else {}
        out.append(_Signature(tuple(types), consts, None, compiled))
    return out


def _example_signatures(signature, examples, pyfunc, skip_self: bool) -> list[_Signature]:
    import inspect
    out = []
    for args in examples or []:
        if not isinstance(args, tuple):
            args = (args,)
        try:                        # defaults filled in, as a call would bind them
            sig = inspect.signature(pyfunc)
            bound = sig.bind(*((None,) if skip_self else ()), *args)
            bound.apply_defaults()
            full = bound.args
            if any(p.kind != p.POSITIONAL_OR_KEYWORD for p in sig.parameters.values()):
                full = tuple(bound.arguments.values())     # *args a tuple, keyword-only
            args = tuple(full[1:] if skip_self else full)
        except TypeError as e:
            raise TypeError(f"pts.save: example {args!r}: {e}") from None
        out.append(_Signature(tuple(signature(args)), {}, args))
    return out


def _renamed(module, prefix: str):
    """A copy of `module` (printed and parsed) whose functions are named prefix + name."""
    return parse_module(print_module(module)).rename(prefix)


def _python_signature(pyfunc, skip_self: bool) -> dict:
    """Parameter names and (storable) defaults: pts.load binds keyword and default
    arguments as Python would."""
    import inspect
    params = list(inspect.signature(pyfunc).parameters.values())
    if skip_self:
        params = params[1:]
    defaults = {}
    kinds = {p.name: p.kind.name for p in params if p.kind != p.POSITIONAL_OR_KEYWORD}
    for p in params:
        if p.default is not inspect.Parameter.empty:
            try:
                defaults[p.name] = encode_value(p.default)
            except TypeError:
                pass
    out = {"params": [p.name for p in params], "defaults": defaults}
    if kinds:
        out["kinds"] = kinds          # (runtime.archive_call binds keyword-only and *args)
    return out


def merge_classes(merged, module, class_types: dict) -> None:
    """The entry's classes join the archive's one class table (their tags are positions
    in it); two entries' classes of one name must agree."""
    for name, fields in getattr(module, "classes", {}).items():
        if merged.classes.get(name, fields) != fields:
            raise ValueError(f"pts.save: the entries use class {name} with different fields "
                             f"({merged.classes[name]} and {fields}): save them apart")
        merged.classes[name] = fields
        base = module.class_bases.get(name)
        if base is not None:
            merged.class_bases[name] = base
        cls = class_types.get(name)
        if cls is not None:
            self_types = merged.__dict__.setdefault("pts_class_types", {})
            self_types[name] = cls


def class_records(merged) -> list:
    """The manifest's class table, in tag order: name, fields, base, the Python class."""
    types = merged.__dict__.get("pts_class_types", {})
    out = []
    for name, fields in merged.classes.items():
        cls = types.get(name)
        rec = cls is not None and getattr(cls, "__pts_rec_tuple__", None) is not None
        out.append({"name": name, "fields": [[f, str(t)] for f, t in fields],
                    "base": merged.class_bases.get(name),
                    "python": f"{cls.__module__}:{cls.__qualname__}" if cls and not rec
                    else None})
        if rec:                      # a recursive tuple's record (frontend.rec_tuples)
            out[-1]["rec_tuple"] = True
    return out


def user_exceptions(module) -> list:
    """[code, kind] of each user exception kind in `module` (ir.exception_ops)."""
    from pts.errors import kind_code
    from pts.ir.exception_ops import module_kinds
    return sorted([kind_code(k), k] for k in module_kinds(module) if "." in k)


class _Saver:
    """Collects entries (one per signature of each function or method), their IR, the
    weights of a module, then writes the archive."""

    def __init__(self, path: str = ""):
        self.merged = Module()
        self.entries: list[dict] = []
        self.weights: dict[str, object] = {}          # dotted path -> ndarray, in order
        self.shared: dict = {}        # SharedLocation -> its manifest record (shared_indices)
        self.path = path
        # entry (IR function) -> the jit.NativeModule of its module's first call, whose
        # objects the host image may be linked from (save_images._from_jit)
        self.jit_parts: dict = {}
        self.start = time.perf_counter()
        TIMINGS.clear()
        TIMINGS.update(compile=0.0, merge=0.0)
        self.said = None
        self.timer = threading.Timer(2.0, lambda: self.progress(None))
        self.timer.daemon = True
        self.timer.start()

    def progress(self, what: str | None) -> None:
        """Say on stderr what the save is doing once it has taken 2 s (a timer repeats the
        current step then)."""
        if what is not None:
            self.said = what
        if time.perf_counter() - self.start >= 2.0 and self.said:
            print(f"pts.save: {self.path}: {self.said} "
                  f"({time.perf_counter() - self.start:.1f} s)", file=sys.stderr, flush=True)
            self.said = None

    def done(self, written: bool = False) -> None:
        """The save ended (`written`: with the file written); no progress after this."""
        self.timer.cancel()
        self.said = None
        if written and time.perf_counter() - self.start >= 2.0:
            print(f"pts.save: {self.path}: written in {time.perf_counter() - self.start:.1f} s",
                  file=sys.stderr, flush=True)

    def add(self, name: str, pyfunc, sig: _Signature, root=None, reuse: bool = True,
            weights_root=None) -> None:
        """reuse: the optimized IR of an in-process compilation may be used (for a model:
        native code, whose tensor attributes are parameters, compiled for what the model
        still is).  weights_root: where the record's `lifted` paths lead when there is no
        model (a trace's captured arrays)."""
        from pts import compiler     # (not imported by pts.load, which imports this module)
        record = getattr(sig.compiled, "record", None) if reuse else None
        if record is not None and root is not None and not guards_hold(root, record.guards):
            record = None
        if record is None:
            self.progress(f"compiling {name}")
            t0 = time.perf_counter()
            record = compiler.compile(pyfunc, sig.types, sig.build_values(), root,
                                      lift_attributes=root is not None)
            TIMINGS["compile"] += time.perf_counter() - t0
        shared = self.shared_indices(pyfunc, getattr(record, "shared", ()))
        t0 = time.perf_counter()
        module, lifted = record.module, record.lifted
        names = list(record.param_names)
        const_params = record.const_params
        if root is not None:            # (self: the model, not an argument of the entry)
            names = names[1:]
            const_params = {k: v for k, v in const_params.items() if k in names}
        consts = {names.index(n): _storable(v, pyfunc) for n, v in const_params.items()}
        entry_types = [str(t) for t in module[module.entry].param_types]
        nuser = len(entry_types) - len(lifted) - len(shared)
        params, weight_types = entry_types[:nuser], entry_types[nuser + len(shared):]
        const_rec = [{"index": i, "name": names[i], "value": encode_value(v)}
                     for i, v in sorted(consts.items())]
        for e in self.entries:
            if e["name"] == name and e["params"] == params and e.get("consts", []) == const_rec:
                return          # f(2, 3) and f(2, 3.0) of f(a: int, b: float) compile alike
        m = _renamed(module, f"s{len(self.entries)}.")
        for f in m:
            self.merged.add(f)
        merge_classes(self.merged, module, getattr(record, "class_types", {}))
        TIMINGS["merge"] += time.perf_counter() - t0
        entry = m[m.entry]
        if record is getattr(sig.compiled, "record", None):      # (the code the JIT made)
            native = getattr(sig.compiled, "jit_parts", None) or \
                getattr(sig.compiled, "native", None)
            if getattr(native, "objects", None):
                self.jit_parts[entry.name] = native
        shown = []
        it = iter(params)
        for i in range(len(names)):
            shown.append(f"{names[i]}={consts[i]!r}" if i in consts else next(it, "?"))
        rec = {"name": name, "key": f"{name}({', '.join(shown)})", "ir_function": entry.name,
               "params": params, "ret": str(entry.ret_type)}
        if const_rec:
            rec["consts"] = const_rec
        if shared:          # hidden parameters after the user's: the archive's objects
            rec["shared"] = shared
            rec["shared_types"] = entry_types[nuser:nuser + len(shared)]
        if lifted:
            import numpy as np
            indices = []
            for path in lifted:
                dotted = ".".join(path)
                if dotted not in self.weights:
                    # (asarray: ascontiguousarray would make a 0-d buffer, num_batches_tracked, 1-d)
                    self.weights[dotted] = np.asarray(resolve(weights_root or root, path),
                                                      order="C")
                indices.append(list(self.weights).index(dotted))
            rec["weights"] = indices
            rec["weight_types"] = weight_types
        self.entries.append(rec)

    def shared_indices(self, pyfunc, shared: tuple) -> list[int]:
        """The positions in the manifest's "shared" list of the module-level lists, dicts
        and sets (and list defaults) an entry shares with Python (frontend.shared_globals):
        each location once, its value now the loaded archive's initial value."""
        out = []
        for loc, t in shared:
            if loc not in self.shared:
                try:
                    value = encode_value(loc.get())
                except TypeError as e:
                    raise CompileError(f"cannot save {pyfunc.__name__}(): the {loc.describe()} "
                                       f"it shares with Python cannot be stored: {e}") from None
                self.shared[loc] = {"name": loc.label, "what": loc.describe(),
                                    "type": str(t), "value": value}
            out.append(list(self.shared).index(loc))
        return out

    def write(self, path: str, kind: str, name: str, extra: dict, targets) -> dict:
        files: list[tuple[str, bytes]] = []
        sources = []
        seen = {}
        for f in self.merged:
            if f.file in seen or not os.path.isfile(f.file):
                continue
            base = os.path.basename(f.file)
            fname = base
            n = 1
            while fname in seen.values():
                fname = f"{n}_{base}"
                n += 1
            seen[f.file] = fname
            with open(f.file, "rb") as fh:
                files.append(("source/" + fname, fh.read()))
            sources.append({"path": "source/" + fname, "file": f.file})
        weight_recs, weight_files = [], []
        for dotted, arr in self.weights.items():
            wpath = f"weights/{dotted}.npy"
            weight_files.append((wpath, npy_parts(arr)))
            weight_recs.append({"name": dotted, "path": wpath, "dtype": arr.dtype.name,
                                "shape": list(arr.shape)})
        images = {}
        image_files = []
        wanted = list(targets or default_targets())
        t0 = time.perf_counter()
        ir_text = print_module(self.merged)
        built = save_images.build(self.merged, ir_text, [e["ir_function"] for e in self.entries],
                                  wanted, TIMINGS, self.progress, self.jit_parts)
        TIMINGS["images"] = time.perf_counter() - t0
        t0 = time.perf_counter()
        for target in wanted:
            if target not in built:
                continue            # a host image is only made on an x86-64 host
            host = target == link.HOST_TARGET
            t = link.host_image_target() if host else link.TARGETS[target]
            if isinstance(built[target], link.LinkError):
                warnings.warn(f"pts.save: {path}: no host image ({built[target]}); loaders "
                              f"will run the baseline image", RuntimeWarning, stacklevel=3)
                continue
            img, symbols, release = built[target]
            for e in self.entries:
                # (every target names them alike: codegen's prefix "pts")
                e["symbol"] = symbols[e["ir_function"]]
                e["release"] = release
            images[target] = {"path": f"images/{target}.img", "triple": t["triple"],
                              "cpu": t["cpu"], "features": t["features"], "size": len(img),
                              "sha256": hashlib.sha256(img).hexdigest()}
            if host:
                images[target]["requires"] = t["requires"]
            image_files.append((f"images/{target}.img", img))
        manifest = {
            "format": FORMAT_VERSION,
            "producer": f"pts {__version__}",
            "kind": kind,
            "name": name,
            **extra,
            "entries": self.entries,
            "ir": IR_PATH,
            "sources": sources,
            "abi": {"context": CTX_FIELDS, "imports": IMPORTS, "exceptions": EXCEPTION_KINDS,
                    # [status code, kind] of the user exception classes the code raises (the
                    # kind 'Name.Base...Builtin' spells the class's ancestry, pts.errors)
                    "user_exceptions": user_exceptions(self.merged)},
            "images": images,
        }
        if weight_recs:
            manifest["weights"] = weight_recs
        if self.shared:
            manifest["shared"] = list(self.shared.values())
        if self.merged.classes:                       # objects of user classes
            manifest["classes"] = class_records(self.merged)
        files = ([(MANIFEST, json.dumps(manifest, indent=1).encode("utf-8") + b"\n"),
                  (IR_PATH, ir_text.encode("utf-8"))] + files + image_files + weight_files)
        write_zip(path, files)
        TIMINGS["zip"] = time.perf_counter() - t0
        self.done(written=True)
        return manifest


def default_targets() -> list[str]:
    """The images pts.save writes unless told: every one (backend.link.all_targets), or
    those PTS_SAVE_TARGETS names (comma-separated keys of link.TARGETS, link.HOST_TARGET,
    or `host`: the image this machine would load)."""
    from pts.backend import link
    chosen = os.environ.get("PTS_SAVE_TARGETS", "").strip()
    if not chosen:
        return link.all_targets()
    known = [link.HOST_TARGET, *link.TARGETS]
    out = []
    for name in (n.strip() for n in chosen.split(",")):
        t = link.native_targets()[0] if name == "host" else name
        if t not in known or (t == link.HOST_TARGET and not link.host_image_target()):
            raise ValueError(f"PTS_SAVE_TARGETS: unknown target {name!r}; choose from "
                             f"host, {', '.join(known)}")
        if t not in out:
            out.append(t)
    return out


def save_function(obj, path: str, example_inputs, targets) -> dict:
    """runtime.archive.save of a pts.script function `obj` (a pts.api.ScriptFunction)."""
    name = obj.py_func.__name__
    sigs = _cached_signatures(obj._cache) + _example_signatures(obj.signature, example_inputs,
                                                                    obj.py_func, False)
    if not sigs:
        raise ValueError(f"pts.save: '{name}' has no compiled signature; call it first or "
                         f"pass example_inputs=[(args...), ...]")
    saver = _Saver(path)
    try:
        for sig in sigs:
            saver.add(name, obj.py_func, sig)
        return saver.write(path, "function", name,
                           {"signature": _python_signature(obj.py_func, False)}, targets)
    finally:
        saver.done()


def save_trace(obj, path: str, example_inputs, targets) -> dict:
    """runtime.archive.save of a pts.trace (a pts.traced.TracedFunction): an entry per
    input signature of its traces (and of `example_inputs`, traced where no trace holds
    yet), testing the traces' guards in order; the arrays it captured are weights."""
    import types
    from pts import compiler
    for args in example_inputs or ():
        obj(*args)
    name = obj.__name__
    saver = _Saver(path)
    try:
        names: list = []
        for key in dict.fromkeys(tr.key for tr in obj.traces):
            module, captured, names = obj.saved_module(key)
            record = compiler.compile_traced(module, tuple(names))
            record.lifted = tuple((f"captured{k}",) for k in range(len(captured)))
            record.param_names = tuple(names[:len(names) - len(captured)])
            weights = types.SimpleNamespace(**{f"captured{k}": c for k, c in enumerate(captured)})
            saver.add(name, None, _Signature((), {}, None, types.SimpleNamespace(record=record)),
                      weights_root=weights)
        inputs = obj.traces[0].names
        return saver.write(path, "function", name,
                           {"signature": {"params": list(inputs), "defaults": {}}}, targets)
    finally:
        saver.done()


def save_model(sm, path: str, example_inputs, targets) -> dict:
    """runtime.archive.save of a pts.script(model) `sm` (a pts.api.ScriptModule)."""
    root = sm.module
    cls = type(root).__name__
    if isinstance(example_inputs, dict):
        examples = dict(example_inputs)
    else:
        examples = {"forward": example_inputs or []}
    saver = _Saver(path)
    methods = {}
    try:
        for mname, method in sm._methods.items():
            unknown = set(examples) - set(sm._methods)
            if unknown:
                raise ValueError(f"pts.save: '{cls}' has no scripted method "
                                 f"{sorted(unknown)[0]!r}")
            sigs = _cached_signatures(method._cache, offset=1) + \
                _example_signatures(method.signature, examples.get(mname), method.py_func, True)
            for sig in sigs:
                saver.add(mname, method.py_func, sig, root, reuse=sm.backend == "native")
            methods[mname] = _python_signature(method.py_func, True)
        if not saver.entries:
            raise ValueError(f"pts.save: '{cls}' has no compiled signature; call it first or "
                             f"pass example_inputs=[(args...), ...]")
        return saver.write(path, "module", cls, {"methods": methods}, targets)
    finally:
        saver.done()
