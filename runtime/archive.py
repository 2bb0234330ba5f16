"""The `.pts` archive (DESIGN.md §6): `save` writes one, `load` runs one without the compiler.

An archive is a zip file of stored (uncompressed) entries whose data start on 64-byte
boundaries (padding goes in an extra field, id 0xD935, as Android's zipalign does), so
`unzip -l` lists it and a loader can use any entry in place:

    manifest.json              format version "major.minor", producer, entry points with their
                               signatures (IR type text), the runtime ABI the code expects
                               (context fields, import-table names, exception kinds) and one
                               record per image (path, triple, cpu, features, size, sha256;
                               the host image's also "requires": the CPU features it needs)
    ir/module.ir               the portable IR (pts.ir.printer) of every entry: signature i's
                               functions are renamed `s<i>.<name>`, so one module holds all
    source/<file>              the source files the IR's spans name (for error messages)
    images/<target>.img        native code per target (backend.link): the baselines
                               x86_64-linux and aarch64-linux, and (saved on x86-64) the
                               host image x86_64-linux-host, the JIT's code for this CPU
    weights/<attr path>.npy    a model's tensor attributes (kind "module"), .npy format 1.0:
                               numpy pads its header to 64 bytes, so the array data are
                               64-byte aligned in the file and loaders use them in place

Entries: one per compiled signature (of the function, or of each scripted method of a
model: "name" is the method).  "params" are the IR types of the arguments the entry takes;
"consts" the Python arguments the code was specialized on (axis=1, strings), with their
values (`encode_value`), which the entry does not take; "weights" (indices into the
manifest's "weights") and "weight_types" the model attributes passed after the arguments
(frontend.objects.lift_attributes).  "signature" (functions) and "methods" (models) keep
the Python parameter names and defaults, so pts.load binds keywords and defaults.

`load(path)` maps the image `choose_image` picks — the host image when this CPU has every
feature its record requires (checked with cpuid by runtime/c/cpu.c through pts._dispatch,
so pts.load and libpts choose alike; without the extension, or for a malformed record, the
baseline), else the baseline of this machine — (this module's `Image` is the Python twin
of the C loader in runtime/c/loader.c: same checks, same fixups, W^X) and calls it with
the context and import table of `pts.runtime.native`, so `print` goes to `sys.stdout` as
in-process code does.  LLVM is not used — unless no image matches the host: then the stored
IR is compiled (said once with `warnings.warn`).  A reader refuses a newer major format
version.  The host image (format 1.0 too: older readers ignore it and run the baseline)
gives the in-process results bit for bit; a baseline image may differ from them in the
last bits of float reductions (vectorized for other vector widths, no FMA).
"""
from __future__ import annotations

import ctypes
import hashlib
import io
import json
import os
import platform
import re
import struct
import sys
import warnings
import zipfile
import zlib

from pts.backend.abi import IMPORT_MATH
from pts.backend.link import HOST_TARGET   # (backend.link imports no llvmlite)

FORMAT_VERSION = "1.0"
ALIGNMENT = 64
MANIFEST = "manifest.json"
IR_PATH = "ir/module.ir"
_ALIGN_EXTRA_ID = 0xD935
_DOS_DATE = (0 << 9) | (1 << 5) | 1        # 1980-01-01: archives are reproducible


class ArchiveError(ValueError):
    """A file that is not a usable .pts archive (corrupt, newer, or unsuitable)."""


# ---------------------------------------------------------------- zip writing

def write_zip(path: str, files: list[tuple[str, bytes]]) -> None:
    """A zip of stored entries with their data aligned to ALIGNMENT bytes."""
    out = io.BytesIO()
    central = []
    for name, data in files:
        raw = name.encode("utf-8")
        off = out.tell()
        pad = -(off + 30 + len(raw) + 6) % ALIGNMENT
        extra = struct.pack("<HHH", _ALIGN_EXTRA_ID, 2 + pad, ALIGNMENT) + b"\0" * pad
        crc = zlib.crc32(data) & 0xffffffff
        out.write(struct.pack("<IHHHHHIIIHH", 0x04034b50, 20, 0x800, 0, 0, _DOS_DATE, crc,
                              len(data), len(data), len(raw), len(extra)))
        out.write(raw + extra)
        assert out.tell() % ALIGNMENT == 0
        out.write(data)
        central.append(struct.pack("<IHHHHHHIIIHHHHHII", 0x02014b50, (3 << 8) | 20, 20, 0x800,
                                   0, 0, _DOS_DATE, crc, len(data), len(data), len(raw), 0, 0,
                                   0, 0, 0o100644 << 16, off) + raw)
    cd_off = out.tell()
    cd = b"".join(central)
    out.write(cd)
    out.write(struct.pack("<IHHHHIIH", 0x06054b50, 0, 0, len(files), len(files), len(cd),
                          cd_off, 0))
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "wb") as f:
        f.write(out.getvalue())
    os.replace(tmp, path)


# ---------------------------------------------------------------- save

def encode_value(v):
    """A Python constant (argument value, default) as JSON: floats and tuples tagged, so
    that decode_value gives back the same type (inf and nan included)."""
    if v is None or isinstance(v, (bool, int, str)):
        return v
    if isinstance(v, float):
        return {"float": v.hex()}
    if isinstance(v, tuple):
        return {"tuple": [encode_value(x) for x in v]}
    raise TypeError(f"cannot store {type(v).__name__} {v!r} in an archive manifest")


def decode_value(j):
    if isinstance(j, dict):
        if "float" in j:
            return float.fromhex(j["float"])
        if "tuple" in j:
            return tuple(decode_value(x) for x in j["tuple"])
        raise ArchiveError(f"bad constant in the manifest: {j!r}")
    if isinstance(j, list):
        raise ArchiveError(f"bad constant in the manifest: {j!r}")
    return j


class _Signature:
    """One signature to archive: the argument types (all Python arguments), the values the
    compiled code was specialized on (index -> value), and example values (or None)."""

    def __init__(self, types: tuple, consts: dict, values: tuple | None, compiled=None):
        self.types = types
        self.consts = consts
        self.values = values
        self.compiled = compiled        # the api.Compiled of an in-process compilation

    def build_values(self) -> tuple:
        if self.values is not None:
            return self.values
        # only the constants matter to build_module (frontend.program): others are None
        return tuple(self.consts.get(i) for i in range(len(self.types)))


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
            bound = inspect.signature(pyfunc).bind(*((None,) if skip_self else ()), *args)
            bound.apply_defaults()
            args = tuple(bound.args[1:] if skip_self else bound.args)
        except TypeError as e:
            raise TypeError(f"pts.save: example {args!r}: {e}") from None
        out.append(_Signature(tuple(signature(args)), {}, args))
    return out


def _renamed(module, prefix: str):
    """A copy of `module` (printed and parsed) whose functions are named prefix + name."""
    from pts.ir.parser import parse_module
    from pts.ir.printer import print_module
    m = parse_module(print_module(module))
    funcs = list(m)
    m.functions = {}
    for f in funcs:
        f.name = prefix + f.name
        for i in f.instructions():
            if i.op in ("call", "kernel") and "callee" in i.attrs:
                i.attrs["callee"] = prefix + i.attrs["callee"]
        m.add(f)
    m.entry = prefix + m.entry if m.entry else None
    return m


def _python_signature(pyfunc, skip_self: bool) -> dict:
    """Parameter names and (storable) defaults: pts.load binds keyword and default
    arguments as Python would."""
    import inspect
    params = list(inspect.signature(pyfunc).parameters.values())
    if skip_self:
        params = params[1:]
    defaults = {}
    for p in params:
        if p.default is not inspect.Parameter.empty:
            try:
                defaults[p.name] = encode_value(p.default)
            except TypeError:
                pass
    return {"params": [p.name for p in params], "defaults": defaults}


class _Saver:
    """Collects entries (one per signature of each function or method), their IR, the
    weights of a module, then writes the archive."""

    def __init__(self):
        from pts.ir.core import Module
        self.merged = Module()
        self.entries: list[dict] = []
        self.weights: dict[str, object] = {}          # dotted path -> ndarray, in order

    def add(self, name: str, pyfunc, sig: _Signature, root=None, reuse: bool = True) -> None:
        """reuse: the optimized IR of an in-process compilation may be used (for a model:
        native code, whose tensor attributes are parameters, compiled for what the model
        still is)."""
        from pts.api import _build, _guards_hold, _optimize
        from pts.errors import CompileError
        c = sig.compiled
        module = getattr(c, "module", None) if reuse else None
        if module is not None and (getattr(module, "entry_spec", None) is None or
                                   root is not None and not _guards_hold(root, c.guards)):
            module = None
        lifted = getattr(c, "lifted", ()) if module is not None else ()
        if module is None:
            try:
                module = _build(pyfunc, sig.types, sig.build_values(), root)
            except CompileError as e:
                raise e.with_traceback(None) from None
        spec = module.entry_spec
        const_params = dict(getattr(spec, "const_params", {}) or {})
        names = [p.name for p in spec.fdef.params]
        if root is not None:
            names = names[1:]
            const_params = {k: v for k, v in const_params.items() if k in names}
        consts = {names.index(n): v for n, v in const_params.items()}
        if c is None or module is not getattr(c, "module", None):
            _optimize(module)
            if root is not None:
                from pts.frontend.objects import lift_attributes
                lifted = lift_attributes(module)
        entry_types = [str(t) for t in module[module.entry].param_types]
        nuser = len(entry_types) - len(lifted)
        params, weight_types = entry_types[:nuser], entry_types[nuser:]
        const_rec = [{"index": i, "name": names[i], "value": encode_value(v)}
                     for i, v in sorted(consts.items())]
        for e in self.entries:
            if e["name"] == name and e["params"] == params and e.get("consts", []) == const_rec:
                return          # f(2, 3) and f(2, 3.0) of f(a: int, b: float) compile alike
        m = _renamed(module, f"s{len(self.entries)}.")
        for f in m:
            self.merged.add(f)
        entry = m[m.entry]
        shown = []
        it = iter(params)
        for i in range(len(names)):
            shown.append(f"{names[i]}={consts[i]!r}" if i in consts else next(it, "?"))
        rec = {"name": name, "key": f"{name}({', '.join(shown)})", "ir_function": entry.name,
               "params": params, "ret": str(entry.ret_type)}
        if const_rec:
            rec["consts"] = const_rec
        if lifted:
            from pts.frontend.objects import resolve
            import numpy as np
            indices = []
            for path in lifted:
                dotted = ".".join(path)
                if dotted not in self.weights:
                    self.weights[dotted] = np.ascontiguousarray(resolve(root, path))
                indices.append(list(self.weights).index(dotted))
            rec["weights"] = indices
            rec["weight_types"] = weight_types
        self.entries.append(rec)

    def write(self, path: str, kind: str, name: str, extra: dict, targets) -> dict:
        from pts import __version__
        from pts.backend import link
        from pts.backend.codegen import CTX_FIELDS, IMPORTS
        from pts.errors import EXCEPTION_KINDS
        from pts.ir.printer import print_module
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
            buf = io.BytesIO()
            import numpy as np
            np.save(buf, arr, allow_pickle=False)
            wpath = f"weights/{dotted}.npy"
            weight_files.append((wpath, buf.getvalue()))
            weight_recs.append({"name": dotted, "path": wpath, "dtype": arr.dtype.name,
                                "shape": list(arr.shape)})
        images = {}
        image_files = []
        for target in targets or link.default_targets():
            host = target == link.HOST_TARGET
            t = link.host_image_target() if host else link.TARGETS[target]
            if t is None:
                continue            # a host image is only made on an x86-64 host
            obj_code, mc = link.compile_object(self.merged, target)
            exports = {}
            for e in self.entries:
                e["symbol"] = mc.export_name(e["ir_function"])
                e["release"] = mc.release_name()
                exports[e["symbol"]] = (e["symbol"], e["release"])
            try:
                img = link.link(obj_code, exports, IMPORTS).to_bytes()
            except link.LinkError as e:
                if not host:
                    raise
                warnings.warn(f"pts.save: {path}: no host image ({e}); loaders will run the "
                              f"baseline image", RuntimeWarning, stacklevel=3)
                continue
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
            "abi": {"context": CTX_FIELDS, "imports": IMPORTS, "exceptions": EXCEPTION_KINDS},
            "images": images,
        }
        if weight_recs:
            manifest["weights"] = weight_recs
        files = ([(MANIFEST, json.dumps(manifest, indent=1).encode("utf-8") + b"\n"),
                  (IR_PATH, print_module(self.merged).encode("utf-8"))] + files +
                 image_files + weight_files)
        write_zip(path, files)
        return manifest


def save(obj, path: str, example_inputs=None, targets=None) -> dict:
    """Write `obj` to the archive `path` and return its manifest.  `targets`: the images
    to write (keys of backend.link.TARGETS, and HOST_TARGET); default all (the host image
    where this machine has one: backend.link.default_targets).

    obj is a pts.script function (every signature compiled so far plus those of
    `example_inputs`, a list of argument tuples) or a pts.script(model) (its forward and
    exported methods: the signatures they were compiled for plus `example_inputs` — a
    list of forward's argument tuples, or a dict method name -> such a list; the tensor
    attributes the code reads are stored as weights).  Signatures specialized on
    argument values (strings, axis=dim) are stored with those values."""
    from pts.api import ScriptFunction, ScriptModule
    if isinstance(obj, ScriptModule):
        return _save_module(obj, path, example_inputs, targets)
    if not isinstance(obj, ScriptFunction):
        if callable(obj) and hasattr(obj, "__code__"):
            obj = ScriptFunction(obj)
        else:
            raise TypeError(f"pts.save needs a pts.script function or model, got "
                            f"{type(obj).__name__}")
    name = obj.py_func.__name__
    sigs = _cached_signatures(obj._cache) + _example_signatures(obj.signature, example_inputs,
                                                                    obj.py_func, False)
    if not sigs:
        raise ValueError(f"pts.save: '{name}' has no compiled signature; call it first or "
                         f"pass example_inputs=[(args...), ...]")
    saver = _Saver()
    for sig in sigs:
        saver.add(name, obj.py_func, sig)
    return saver.write(path, "function", name,
                       {"signature": _python_signature(obj.py_func, False)}, targets)


def _save_module(sm, path: str, example_inputs, targets) -> dict:
    root = sm.module
    cls = type(root).__name__
    if isinstance(example_inputs, dict):
        examples = dict(example_inputs)
    else:
        examples = {"forward": example_inputs or []}
    saver = _Saver()
    methods = {}
    for mname, method in sm._methods.items():
        unknown = set(examples) - set(sm._methods)
        if unknown:
            raise ValueError(f"pts.save: '{cls}' has no scripted method {sorted(unknown)[0]!r}")
        sigs = _cached_signatures(method._cache, offset=1) + \
            _example_signatures(method.signature, examples.get(mname), method.py_func, True)
        for sig in sigs:
            saver.add(mname, method.py_func, sig, root, reuse=sm.backend == "native")
        methods[mname] = _python_signature(method.py_func, True)
    if not saver.entries:
        raise ValueError(f"pts.save: '{cls}' has no compiled signature; call it first or "
                         f"pass example_inputs=[(args...), ...]")
    return saver.write(path, "module", cls, {"methods": methods}, targets)


# ---------------------------------------------------------------- reading

def check_version(manifest: dict) -> None:
    v = manifest.get("format")
    if not isinstance(v, str) or v.count(".") != 1 or not all(p.isdigit() for p in v.split(".")):
        raise ArchiveError(f"archive has no valid format version (got {v!r})")
    major = int(v.split(".")[0])
    if major > int(FORMAT_VERSION.split(".")[0]):
        raise ArchiveError(f"archive format {v} is newer than this pts reads ({FORMAT_VERSION}); "
                           f"upgrade pts to load it")


class Archive:
    """The entries of a .pts file, checked (CRC by zipfile, version by check_version)."""

    def __init__(self, path: str):
        self.path = path
        try:
            self.zip = zipfile.ZipFile(path)
            names = self.zip.namelist()
            if len(names) != len(set(names)):
                raise ArchiveError(f"{path}: duplicate entries")
            for info in self.zip.infolist():
                if info.compress_type != zipfile.ZIP_STORED:
                    raise ArchiveError(f"{path}: entry {info.filename} is compressed")
            self.manifest = json.loads(self.read(MANIFEST))
        except (zipfile.BadZipFile, KeyError, OSError, EOFError, UnicodeDecodeError,
                json.JSONDecodeError, zlib.error) as e:
            raise ArchiveError(f"{path}: not a valid .pts archive ({e})") from None
        if not isinstance(self.manifest, dict):
            raise ArchiveError(f"{path}: manifest is not an object")
        check_version(self.manifest)

    def read(self, name: str) -> bytes:
        try:
            return self.zip.read(name)
        except KeyError:
            raise ArchiveError(f"{self.path}: missing entry {name}") from None
        except (zipfile.BadZipFile, OSError, EOFError, zlib.error) as e:
            raise ArchiveError(f"{self.path}: entry {name}: {e}") from None

    def infos(self) -> list[zipfile.ZipInfo]:
        return self.zip.infolist()


def host_target() -> str | None:
    """The baseline target of this machine ("x86_64-linux", "aarch64-linux"), or None."""
    if not sys.platform.startswith("linux"):
        return None
    return {"x86_64": "x86_64-linux", "amd64": "x86_64-linux", "aarch64": "aarch64-linux",
            "arm64": "aarch64-linux"}.get(platform.machine().lower())


MAX_REQUIRES = 512                        # as runtime/c/loader.c


def native_targets() -> list[str]:
    """The images pts.load would prefer on this machine, best first, as `save` takes them
    (targets=...): the host image (x86-64) and the baseline."""
    base = host_target()
    return ([HOST_TARGET] if base == "x86_64-linux" else []) + ([base] if base else [])


def cpu_missing(features) -> list[str] | None:
    """The features of a host image's "requires" list this CPU lacks (unknown names count
    as lacking), by the cpuid check of runtime/c/cpu.c (through pts._dispatch); None if the
    list is not a list of at most MAX_REQUIRES strings or the extension is not built."""
    if not isinstance(features, list) or len(features) > MAX_REQUIRES or \
            not all(isinstance(f, str) for f in features):
        return None
    try:
        from pts import _dispatch
        return list(_dispatch.cpu_missing(features))
    except (ImportError, AttributeError):
        return None


def choose_image(manifest: dict) -> tuple[str | None, dict | None, str]:
    """(target, image record, note) of the image a loader runs on this machine — the same
    choice as runtime/c/loader.c: the host image if its record is sound and this CPU has
    every feature it requires, else the baseline of the machine; (None, None, note) if the
    archive has neither.  `note` says why a host image was passed over ("" otherwise)."""
    images = manifest.get("images")
    if not isinstance(images, dict):
        images = {}
    base = host_target()
    note = ""
    rec = images.get(HOST_TARGET) if base == "x86_64-linux" else None
    if isinstance(rec, dict):
        missing = cpu_missing(rec.get("requires"))
        if not isinstance(rec.get("path"), str):
            note = "the host image has no path"
        elif missing is None:
            note = ("the host image's feature list is not valid"
                    if cpu_missing([]) is not None else
                    "the cpuid check (pts._dispatch) is not built")
        elif missing:
            shown = ", ".join(missing[:4]) + (", ..." if len(missing) > 4 else "")
            note = f"the host image needs {shown}, which this CPU lacks"
        else:
            return HOST_TARGET, rec, ""
    rec = images.get(base) if base else None
    if not isinstance(rec, dict):
        return None, None, note
    return base, rec, note


# ---------------------------------------------------------------- images (the Python loader)

_libc = ctypes.CDLL(None, use_errno=True)
_libc.mmap.restype = ctypes.c_void_p
_libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int,
                       ctypes.c_int, ctypes.c_long]
_libc.mprotect.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
_libc.munmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
_PROT_READ, _PROT_WRITE, _PROT_EXEC = 1, 2, 4
_MAP_PRIVATE, _MAP_ANONYMOUS = 0x02, 0x20
_MAP_FAILED = ctypes.c_void_p(-1).value


def _runtime_function(name: str, library: bool = False) -> int:
    """Address of a C library function an image may import (backend.link.RUNTIME_FUNCTIONS),
    or with `library` (the disk cache's images, never an archive's) of a precompiled kernel
    of backend.kernel_library."""
    from pts.backend import link
    from pts.runtime import native
    if library and name.startswith(link.LIBRARY_PREFIX):
        from pts.backend import kernel_library
        try:
            return kernel_library.address(name)
        except KeyError:
            raise ArchiveError(f"image imports '{name}', which this pts does not have") from None
    if name in IMPORT_MATH:
        return native.libm_address(name)
    for lib in (native._libm, _libc):
        try:
            return ctypes.cast(getattr(lib, name), ctypes.c_void_p).value
        except AttributeError:
            continue
    raise ArchiveError(f"image imports '{name}', which this runtime cannot provide")


class Image:
    """A native image mapped into this process (see backend.link for the format)."""

    def __init__(self, data: bytes, machine: int, library: bool = False):
        """`library`: the image may import backend.kernel_library's kernels (the disk
        cache's images, compiled in a process like this one)."""
        from pts.backend import link
        from pts.runtime import native
        self.entries: dict[str, tuple[int, int]] = {}

        def fail(why: str):
            raise ArchiveError(f"bad native image: {why}")

        if len(data) < link.HEADER.size:
            fail("truncated header")
        (magic, mach, flags, align, nreg, vsize, nent, nimp, nctx, nfix, str_off, str_size,
         _r) = link.HEADER.unpack_from(data, 0)
        if magic != link.MAGIC:
            fail("wrong magic")
        if mach != machine:
            fail(f"machine {mach}, this host is {machine}")
        page = os.sysconf("SC_PAGESIZE")
        if flags or align & (align - 1) or align < page or vsize % align or not 0 < vsize <= 1 << 32:
            fail("bad alignment or size")
        if nreg > 8 or nent > 1 << 16 or nimp > 1 << 12 or nctx > nimp or nfix > 1 << 20:
            fail("counts out of range")
        pos = link.HEADER.size
        table = link.REGION.size * nreg + link.ENTRY.size * nent + link.IMPORT.size * nimp + \
            link.FIXUP.size * nfix
        if pos + table > len(data) or str_off < pos + table or str_off + str_size > len(data):
            fail("tables out of bounds")
        strtab = data[str_off:str_off + str_size]

        def name(off, n):
            if off + n > len(strtab):
                fail("name out of bounds")
            return strtab[off:off + n].decode("utf-8", "replace")

        regions = []
        end = 0
        for i in range(nreg):
            va, vs, fo, fs, prot, _ = link.REGION.unpack_from(data, pos)
            pos += link.REGION.size
            if va % align or va < end or vs > vsize or va > vsize - vs or fs > vs or \
                    fo + fs > len(data) or prot & ~7 or (prot & 6) == 6:
                fail(f"region {i} out of bounds")
            end = va + vs
            regions.append((va, vs, fo, fs, prot))
        entries = []
        for _ in range(nent):
            no, nl, boxed, rel = link.ENTRY.unpack_from(data, pos)
            pos += link.ENTRY.size
            entries.append((name(no, nl), boxed, rel))
        imports = []
        for _ in range(nimp):
            no, nl = link.IMPORT.unpack_from(data, pos)
            pos += link.IMPORT.size
            imports.append(name(no, nl))
        fixups = []
        for _ in range(nfix):
            off, kind, index, addend = link.FIXUP.unpack_from(data, pos)
            pos += link.FIXUP.size
            if off % 8 or off > vsize - 8 or kind not in (link.FIX_BASE, link.FIX_IMPORT) or \
                    (kind == link.FIX_IMPORT and index >= nimp) or \
                    (kind == link.FIX_BASE and not 0 <= addend < vsize):
                fail("bad fixup")
            if not any(va <= off and off + 8 <= va + vs and not p & 4 for va, vs, _, _, p in regions):
                fail("fixup outside a data region")
            fixups.append((off, kind, index, addend))
        for n, boxed, rel in entries:
            for a in (boxed, rel):
                if not any(va <= a < va + vs and p & 4 for va, vs, _, _, p in regions):
                    fail(f"entry {n} is not in code")
        # the context's import table, by name
        ctx_names = imports[:nctx]
        missing = [n for n in ctx_names if n not in native._IMPORT_ADDRS]
        if missing:
            fail(f"needs runtime functions this pts does not have: {', '.join(missing)}")
        if ctx_names != native.IMPORTS[:nctx]:
            # NativeEntry passes runtime.native.IMPORT_TABLE; IMPORTS only ever grows
            fail("its import table does not match this pts's (IMPORTS must only be appended to)")
        addrs = [native._IMPORT_ADDRS[n] if i < nctx else _runtime_function(n, library)
                 for i, n in enumerate(imports)]
        self.import_table = (ctypes.c_void_p * max(nctx, 1))(*addrs[:nctx])

        base = _libc.mmap(None, vsize, _PROT_READ | _PROT_WRITE, _MAP_PRIVATE | _MAP_ANONYMOUS, -1, 0)
        if base in (None, _MAP_FAILED):
            raise MemoryError("pts: cannot map a native image")
        self.base, self.size = base, vsize
        for va, vs, fo, fs, prot in regions:
            ctypes.memmove(base + va, data[fo:fo + fs], fs)
        for off, kind, index, addend in fixups:
            value = base + addend if kind == link.FIX_BASE else addrs[index] + addend
            ctypes.c_uint64.from_address(base + off).value = value & 0xffffffffffffffff
        for va, vs, fo, fs, prot in regions:
            p = (_PROT_READ if prot & 1 else 0) | (_PROT_WRITE if prot & 2 else 0) | \
                (_PROT_EXEC if prot & 4 else 0)
            if _libc.mprotect(base + va, (vs + page - 1) // page * page, p) != 0:
                raise OSError(ctypes.get_errno(), "pts: mprotect of a native image failed")
        for n, boxed, rel in entries:
            self.entries[n] = (base + boxed, base + rel)
        # images stay mapped for the life of the process: entries may be referenced anywhere


class _ImageModule:
    """What runtime.native.NativeEntry needs of a compiled module, for a mapped image."""

    def __init__(self, image: Image, symbols: dict[str, str]):
        self.image = image
        self.symbols = symbols            # IR function -> boxed symbol

    def entry_address(self, fname: str) -> int:
        return self.image.entries[self.symbols[fname]][0]

    def release_address(self) -> int:
        return next(iter(self.image.entries.values()))[1]


_warned_fallback = False
_RENAMED = re.compile(r"s\d+\.")


def _entry_class():
    """runtime.native.NativeEntry, naming functions as the user wrote them: archives rename
    signature k's functions `s<k>.<name>` (the `func` a runtime error carries)."""
    from pts.runtime.native import NativeEntry, error_from_status

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
        for rec, fn in entries:
            consts = {int(c["index"]): decode_value(c["value"]) for c in rec.get("consts", [])}
            ws = tuple(weights[k] for k in rec.get("weights", [])) if weights else ()
            nuser = len(rec["params"])
            self._entries.append((fn.param_types[:nuser], native_by_entry[rec["key"]], rec,
                                  consts, ws))
        self._fast: dict = {}      # Python types of scalar arguments -> (entry, weights)
        self._pysig = None
        if signature and isinstance(signature.get("params"), list):
            import inspect
            P = inspect.Parameter
            defaults = signature.get("defaults") or {}
            try:
                self._pysig = inspect.Signature([
                    P(n, P.POSITIONAL_OR_KEYWORD, default=decode_value(defaults[n]) if n in defaults
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
        return tuple(bound.args)

    def _pick(self, args: tuple):
        """(entry, the arguments it takes, the weights it takes after them)."""
        from pts.ir.types import F64, I1, I64, ListType, TupleType

        def const_ok(a, v) -> bool:
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
                sig = tuple(_type_of_value(a) for a in rest)
            except TypeError as e:
                raise TypeError(f"{self.__name__}(): {e}") from None
            if tuple(params) == sig:
                return entry, rest, ws

        def fits(t, p):
            if t == p:
                return True
            if isinstance(t, TupleType) and isinstance(p, TupleType) and len(t.elems) == len(p.elems):
                return all(fits(a, b) for a, b in zip(t.elems, p.elems))
            if isinstance(t, ListType) and isinstance(p, ListType):
                return fits(t.elem, p.elem)
            return (t == I64 and p == F64) or (t == I1 and p in (I64, F64))
        for params, entry, rest, ws in candidates:
            try:
                sig = tuple(_type_of_value(a) for a in rest)
            except TypeError as e:
                raise TypeError(f"{self.__name__}(): {e}") from None
            if len(params) == len(sig) and all(fits(t, p) for t, p in zip(sig, params)):
                return entry, rest, ws
        try:
            shown = ", ".join(str(_type_of_value(a)) for a in args)
        except TypeError:
            shown = ", ".join(type(a).__name__ for a in args)
        raise TypeError(f"{self.__name__}(): no compiled signature for ({shown}) in "
                        f"{self.path}; it has {'; '.join(self.signatures)}")

    def entry_key(self, *args, **kwargs) -> str:
        """The key of the entry a call with these arguments runs ("f(tensor<f32, 2>,
        axis=0)"): what `pts-run --entry` takes to run the same entry from C."""
        if kwargs or self._pysig is not None and len(args) < len(self._pysig.parameters):
            args = self._bind(args, kwargs)
        entry = self._pick(args)[0]
        return next(r["key"] for _, e, r, _, _ in self._entries if e is entry)

    def __call__(self, *args, **kwargs):
        if kwargs or self._pysig is not None and len(args) < len(self._pysig.parameters):
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


def _type_of_value(value):
    """frontend.program.type_of_value for what archives take, without importing the
    frontend (loading an archive needs no compiler)."""
    from pts.ir.types import F64, I1, I64, STR, ListType, TupleType
    if isinstance(value, bool):
        return I1
    if isinstance(value, int):
        return I64
    if isinstance(value, float):
        return F64
    if isinstance(value, str):
        return STR
    if isinstance(value, tuple):
        return TupleType(tuple(_type_of_value(v) for v in value))
    if isinstance(value, list) and value and all(type(v) in (int, float, bool) for v in value):
        kinds = {type(v) for v in value}
        if kinds == {bool}:
            return ListType(I1)
        if bool not in kinds:
            return ListType(F64 if float in kinds else I64)
    np = sys.modules.get("numpy")
    if np is not None and isinstance(value, (np.ndarray, np.generic)):
        from pts.ir.types import DTYPES, SCALAR_OF_DTYPE, TensorType
        dtype = DTYPES.get(value.dtype.name)
        if dtype is None:
            raise TypeError(f"pts tensors have dtype float32, float64, int32, int64 or bool, "
                            f"not {value.dtype.name}")
        return TensorType(dtype, value.ndim) if isinstance(value, np.ndarray) \
            else SCALAR_OF_DTYPE[dtype]
    from pts.frontend.program import type_of_value
    return type_of_value(value)


def _machine_of(target: str) -> int:
    from pts.backend.link import EM_X86_64, TARGETS
    return EM_X86_64 if target == HOST_TARGET else TARGETS[target]["machine"]


def _load_weights(ar: Archive, m: dict) -> list:
    """(name, array) of each stored weight: arrays over a copy-on-write mapping of the file
    (no copy; in-place updates by the code stay in this process), CRC checked."""
    import numpy as np
    out = []
    mapped = None
    for w in m.get("weights", []) or []:
        try:
            info = ar.zip.getinfo(w["path"])
            with open(ar.path, "rb") as f:
                f.seek(info.header_offset)
                local = f.read(30)
            if len(local) != 30 or local[:4] != b"PK\x03\x04":
                raise ValueError("bad local header")
            n, k = struct.unpack_from("<HH", local, 26)
            start = info.header_offset + 30 + n + k
            if mapped is None:
                mapped = np.memmap(ar.path, dtype=np.uint8, mode="c")
            if start + info.file_size > len(mapped):
                raise ValueError("entry out of bounds")
            data = mapped[start:start + info.file_size]
            if zlib.crc32(data) & 0xffffffff != info.CRC:
                raise ValueError("CRC mismatch (corrupt archive)")
            head = io.BytesIO(bytes(data[:min(len(data), 1 << 16)]))
            version = np.lib.format.read_magic(head)
            read = np.lib.format.read_array_header_1_0 if version == (1, 0) else \
                np.lib.format.read_array_header_2_0
            shape, fortran, dtype = read(head)
            off = head.tell()
            nbytes = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
            if dtype.hasobject or off + nbytes > len(data):
                raise ValueError("bad .npy data")
            arr = np.ndarray(shape, dtype, buffer=data, offset=off,
                             order="F" if fortran else "C")
        except (KeyError, TypeError, ValueError, OSError, EOFError) as e:
            raise ArchiveError(f"{ar.path}: bad weight {w.get('name') if isinstance(w, dict) else w!r} "
                               f"({e})") from None
        out.append((w["name"], arr))
    return out


def load(path: str):
    """Load an archive written by `save`: a LoadedFunction (or a LoadedModule for a model)
    running the native code of the image `choose_image` picks (its key in `.image`), or
    (said once) the stored IR compiled again when the archive has no image for this host
    (`.from_ir`, `.image` None)."""
    global _warned_fallback
    from pts.errors import remember_source
    from pts.ir.core import Function
    from pts.ir.types import parse_type
    NativeEntry = _entry_class()
    ar = Archive(path)
    m = ar.manifest
    kind = m.get("kind")
    if kind not in ("function", "module"):
        raise ArchiveError(f"{path}: archives of kind {kind!r} are not supported")
    try:
        records = list(m["entries"])
        sigs = [Function(r["ir_function"], [parse_type(t) for t in
                                            list(r["params"]) + list(r.get("weight_types", []))],
                         parse_type(r["ret"])) for r in records]
    except (KeyError, TypeError, ValueError) as e:
        raise ArchiveError(f"{path}: bad entry list in the manifest ({e})") from None
    for s in m.get("sources", []):
        try:
            remember_source(s["file"], ar.read(s["path"]).decode("utf-8"))
        except (ArchiveError, KeyError, TypeError, UnicodeDecodeError):
            pass
    weights = _load_weights(ar, m) if kind == "module" else []
    target, image_rec, _note = choose_image(m)
    natives = {}
    if image_rec is not None:
        if not isinstance(image_rec.get("path"), str):
            raise ArchiveError(f"{path}: image {target} has no path")
        data = ar.read(image_rec["path"])
        if image_rec.get("sha256") not in (None, hashlib.sha256(data).hexdigest()):
            raise ArchiveError(f"{path}: image {image_rec['path']} does not match its checksum")
        image = Image(data, _machine_of(target))
        module = _ImageModule(image, {r["ir_function"]: r["symbol"] for r in records})
        for r in records:
            if r["symbol"] not in image.entries:
                raise ArchiveError(f"{path}: entry {r['key']} is missing from the image")
        for r, f in zip(records, sigs):
            natives[r["key"]] = NativeEntry(module, f)
        from_ir = False
    else:
        if not _warned_fallback:
            _warned_fallback = True
            warnings.warn(f"pts.load: {path} has no native image for this host "
                          f"({host_target() or platform.machine()}); compiling its IR",
                          RuntimeWarning, stacklevel=2)
        from pts.backend.jit import compile_module
        from pts.ir.parser import parse_module
        module = parse_module(ar.read(m.get("ir", IR_PATH)).decode("utf-8"))
        native = compile_module(module)
        for r in records:
            natives[r["key"]] = NativeEntry(native, module[r["ir_function"]])
        from_ir = True
    pairs = list(zip(records, sigs))
    image = None if from_ir else target
    if kind == "function":
        f = LoadedFunction(path, m, pairs, natives, from_ir, signature=m.get("signature"))
        f.image = image
        return f
    arrays = [a for _, a in weights]
    methods = {}
    specs = m.get("methods") or {}
    for name in dict.fromkeys(r["name"] for r in records):
        mine = [(r, f) for r, f in pairs if r["name"] == name]
        methods[name] = LoadedFunction(path, m, mine, natives, from_ir, name=name,
                                       signature=specs.get(name), weights=arrays)
        methods[name].image = image
    lm = LoadedModule(path, m, methods, dict(weights), from_ir)
    lm.image = image
    return lm


def describe(path: str) -> str:
    """`pts inspect`: manifest summary, entries, images (and the one this host runs, with
    why a host image was passed over) and the sizes of every entry."""
    ar = Archive(path)
    m = ar.manifest
    lines = [f"archive:  {path} ({os.path.getsize(path)} bytes)",
             f"format:   {m.get('format')}   producer: {m.get('producer')}",
             f"kind:     {m.get('kind')} {m.get('name', '')}", "entries:"]
    for r in m.get("entries", []):
        w = f"  + {len(r['weights'])} weights" if r.get("weights") else ""
        lines.append(f"  {r.get('key')} -> {r.get('ret')}    [{r.get('symbol')}]{w}")
    if m.get("weights"):
        lines.append("weights:")
        for w in m["weights"]:
            lines.append(f"  {w.get('name')}  {w.get('dtype')} {tuple(w.get('shape', []))}")
    lines.append("images:")
    images = m.get("images") if isinstance(m.get("images"), dict) else {}
    for t, rec in images.items():
        if not isinstance(rec, dict):
            continue
        req = rec.get("requires")
        needs = f"  requires {len(req)} features" if isinstance(req, list) else ""
        lines.append(f"  {t:17} {rec.get('path')}  {rec.get('size')} bytes  "
                     f"triple {rec.get('triple')}  cpu {rec.get('cpu')}{needs}")
    target, rec, note = choose_image(m)
    if rec is not None:
        runs = f"{rec.get('path')} ({target})"
    else:
        runs = f"no image for {host_target() or platform.machine()}: pts.load compiles the IR"
    lines.append(f"this host runs: {runs}" + (f"; {note}" if note else ""))
    lines.append("files:")
    for info in ar.infos():
        lines.append(f"  {info.file_size:10}  {info.filename}")
    return "\n".join(lines)
