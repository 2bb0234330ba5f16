"""The `.pts` archive (DESIGN.md §6): `save` writes one, `load` runs one without the compiler.

An archive is a zip file of stored (uncompressed) entries whose data start on 64-byte
boundaries (padding goes in an extra field, id 0xD935, as Android's zipalign does), so
`unzip -l` lists it and a loader can use any entry in place:

    manifest.json              format version "major.minor", producer, entry points with their
                               signatures (IR type text), the runtime ABI the code expects
                               (context fields, import-table names, exception kinds) and one
                               record per image (path, triple, cpu, size, sha256)
    ir/module.ir               the portable IR (pts.ir.printer) of every entry: signature i's
                               functions are renamed `s<i>.<name>`, so one module holds all
    source/<file>              the source files the IR's spans name (for error messages)
    images/<target>.img        native code per target (backend.link), x86_64 and aarch64

`load(path)` maps the image of the host (this module's `Image` is the Python twin of the C
loader in runtime/c/loader.c: same checks, same fixups, W^X) and calls it with the context
and import table of `pts.runtime.native`, so `print` goes to `sys.stdout` as in-process
code does.  LLVM is not used — unless no image matches the host: then the stored IR is
compiled (said once with `warnings.warn`).  A reader refuses a newer major format version.
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

def _signatures(sf, example_inputs) -> list[tuple[tuple, tuple]]:
    """(signature, example values) of every compiled signature, then of example_inputs.
    Signatures specialized on argument values (their cache key holds the values) are left
    out: an archive entry must take all of its arguments."""
    out: list[tuple[tuple, tuple]] = []
    for key in sf._cache:
        if len(key) == 2 and isinstance(key[0], tuple) and isinstance(key[1], tuple):
            sig, consts = key           # (types, values of value-specialized arguments)
            if consts:
                continue
        else:
            sig = key
        out.append((sig, ()))
    for args in example_inputs or []:
        if not isinstance(args, tuple):
            args = (args,)
        sig = sf.signature(args)
        if all(sig != s for s, _ in out):
            out.append((sig, args))
    return out


def _build_optimized(pyfunc, sig: tuple, values: tuple):
    import inspect
    from pts.api import _build, _optimize
    if values and len(inspect.signature(_build).parameters) >= 3:
        module = _build(pyfunc, sig, values)
    else:
        module = _build(pyfunc, sig)
    spec = getattr(module, "entry_spec", None)
    if getattr(spec, "const_params", None):
        raise ValueError(f"pts.save: {pyfunc.__name__}({', '.join(map(str, sig))}) is specialized "
                         f"on the values of {', '.join(sorted(spec.const_params))}; archives "
                         f"hold signatures that take all their arguments")
    _optimize(module)
    return module


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
            if i.op == "call" and "callee" in i.attrs:
                i.attrs["callee"] = prefix + i.attrs["callee"]
        m.add(f)
    m.entry = prefix + m.entry if m.entry else None
    return m


def save(obj, path: str, example_inputs=None, targets=None) -> dict:
    """Write `obj` (a pts.script function) to the archive `path`: every signature compiled so
    far plus those of `example_inputs` (argument tuples).  Returns the manifest."""
    from pts import __version__
    from pts.api import ScriptFunction
    from pts.backend import link
    from pts.backend.codegen import CTX_FIELDS, IMPORTS
    from pts.errors import EXCEPTION_KINDS
    from pts.ir.core import Module
    from pts.ir.printer import print_module
    from pts.ir.types import STR, TensorType
    if not isinstance(obj, ScriptFunction):
        if callable(obj) and hasattr(obj, "__code__"):
            obj = ScriptFunction(obj)
        else:
            raise TypeError(f"pts.save needs a pts.script function, got {type(obj).__name__} "
                            f"(models are not archived yet)")
    sigs = _signatures(obj, example_inputs)
    if not sigs:
        raise ValueError(f"pts.save: '{obj.py_func.__name__}' has no compiled signature; call it "
                         f"first or pass example_inputs=[(args...), ...]")
    merged = Module()
    entries = []
    for sig, values in sigs:
        if any(t == STR or isinstance(t, TensorType) for t in sig):
            raise ValueError(f"pts.save: signature ({', '.join(map(str, sig))}) has a string or "
                             f"tensor argument; archives hold scalar and list signatures for now")
        module = _build_optimized(obj.py_func, sig, values)
        params = [str(t) for t in module[module.entry].param_types]
        if any(e["params"] == params for e in entries):
            continue        # f(2, 3) and f(2, 3.0) of f(a: int, b: float) compile alike
        m = _renamed(module, f"s{len(entries)}.")
        for f in m:
            merged.add(f)
        entry = m[m.entry]
        entries.append({
            "name": obj.py_func.__name__,
            "key": f"{obj.py_func.__name__}({', '.join(str(t) for t in entry.param_types)})",
            "ir_function": entry.name,
            "params": [str(t) for t in entry.param_types],
            "ret": str(entry.ret_type),
        })
    files: list[tuple[str, bytes]] = []
    sources = []
    seen = {}
    for f in merged:
        if f.file in seen or not os.path.isfile(f.file):
            continue
        base = os.path.basename(f.file)
        name = base
        n = 1
        while name in seen.values():
            name = f"{n}_{base}"
            n += 1
        seen[f.file] = name
        with open(f.file, "rb") as fh:
            files.append(("source/" + name, fh.read()))
        sources.append({"path": "source/" + name, "file": f.file})
    images = {}
    image_files = []
    for target in targets or list(link.TARGETS):
        obj_code, mc = link.compile_object(merged, target)
        exports = {}
        for e in entries:
            e["symbol"] = mc.export_name(e["ir_function"])
            e["release"] = mc.release_name()
            exports[e["symbol"]] = (e["symbol"], e["release"])
        img = link.link(obj_code, exports, IMPORTS).to_bytes()
        t = link.TARGETS[target]
        images[target] = {"path": f"images/{target}.img", "triple": t["triple"], "cpu": t["cpu"],
                          "features": t["features"], "size": len(img),
                          "sha256": hashlib.sha256(img).hexdigest()}
        image_files.append((f"images/{target}.img", img))
    manifest = {
        "format": FORMAT_VERSION,
        "producer": f"pts {__version__}",
        "kind": "function",
        "name": obj.py_func.__name__,
        "entries": entries,
        "ir": IR_PATH,
        "sources": sources,
        "abi": {"context": CTX_FIELDS, "imports": IMPORTS, "exceptions": EXCEPTION_KINDS},
        "images": images,
    }
    files = ([(MANIFEST, json.dumps(manifest, indent=1).encode("utf-8") + b"\n"),
              (IR_PATH, print_module(merged).encode("utf-8"))] + files + image_files)
    write_zip(path, files)
    return manifest


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
    if not sys.platform.startswith("linux"):
        return None
    return {"x86_64": "x86_64-linux", "amd64": "x86_64-linux", "aarch64": "aarch64-linux",
            "arm64": "aarch64-linux"}.get(platform.machine().lower())


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


def _runtime_function(name: str) -> int:
    """Address of a C library function an image may import (backend.link.RUNTIME_FUNCTIONS)."""
    from pts.runtime import native
    for lib in (native._libm, _libc):
        try:
            return ctypes.cast(getattr(lib, name), ctypes.c_void_p).value
        except AttributeError:
            continue
    raise ArchiveError(f"image imports '{name}', which this runtime cannot provide")


class Image:
    """A native image mapped into this process (see backend.link for the format)."""

    def __init__(self, data: bytes, machine: int):
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
        addrs = [native._IMPORT_ADDRS[n] if i < nctx else _runtime_function(n)
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
    """A function loaded from an archive: callable like the pts.script function it was."""

    def __init__(self, path: str, manifest: dict, entries: list, native_by_entry: dict,
                 from_ir: bool):
        self.path = path
        self.manifest = manifest
        self.__name__ = manifest.get("name", "<archive>")
        self.from_ir = from_ir
        self._entries = []                # (param types, NativeEntry, manifest record)
        for rec, fn in entries:
            self._entries.append((fn.param_types, native_by_entry[rec["key"]], rec))

    @property
    def signatures(self) -> list[str]:
        return [f"{r['key']} -> {r['ret']}" for _, _, r in self._entries]

    def _pick(self, args: tuple):
        from pts.ir.types import F64, I1, I64, ListType, TupleType
        try:
            sig = tuple(_type_of_value(a) for a in args)
        except TypeError as e:
            raise TypeError(f"{self.__name__}(): {e}") from None
        for params, entry, _ in self._entries:
            if tuple(params) == sig:
                return entry

        def fits(t, p):
            if t == p:
                return True
            if isinstance(t, TupleType) and isinstance(p, TupleType) and len(t.elems) == len(p.elems):
                return all(fits(a, b) for a, b in zip(t.elems, p.elems))
            if isinstance(t, ListType) and isinstance(p, ListType):
                return fits(t.elem, p.elem)
            return (t == I64 and p == F64) or (t == I1 and p in (I64, F64))
        for params, entry, _ in self._entries:
            if len(params) == len(sig) and all(fits(t, p) for t, p in zip(sig, params)):
                return entry
        raise TypeError(f"{self.__name__}(): no compiled signature for "
                        f"({', '.join(str(t) for t in sig)}) in {self.path}; it has "
                        f"{'; '.join(self.signatures)}")

    def __call__(self, *args):
        entry = self._pick(args)
        try:
            return entry(args)
        except (ArithmeticError, LookupError, ValueError, AssertionError, RuntimeError,
                TypeError) as e:
            if getattr(e, "pts_span", None) is not None:
                raise e.with_traceback(None) from None
            raise

    def __repr__(self) -> str:
        return f"<pts.load {self.__name__} from {self.path}>"


def _type_of_value(value):
    """frontend.program.type_of_value for what archives take, without importing the
    frontend (loading an archive needs no compiler)."""
    from pts.ir.types import F64, I1, I64, ListType, TupleType
    if isinstance(value, bool):
        return I1
    if isinstance(value, int):
        return I64
    if isinstance(value, float):
        return F64
    if isinstance(value, tuple):
        return TupleType(tuple(_type_of_value(v) for v in value))
    if isinstance(value, list) and value and all(type(v) in (int, float, bool) for v in value):
        kinds = {type(v) for v in value}
        if kinds == {bool}:
            return ListType(I1)
        if bool not in kinds:
            return ListType(F64 if float in kinds else I64)
    from pts.frontend.program import type_of_value
    return type_of_value(value)


def _machine_of(target: str) -> int:
    from pts.backend.link import TARGETS
    return TARGETS[target]["machine"]


def load(path: str) -> LoadedFunction:
    """Load an archive written by `save`: native code of the host's image, or (said once)
    the stored IR compiled again when the archive has no image for this host."""
    global _warned_fallback
    from pts.errors import remember_source
    from pts.ir.core import Function
    from pts.ir.types import parse_type
    NativeEntry = _entry_class()
    ar = Archive(path)
    m = ar.manifest
    if m.get("kind") != "function":
        raise ArchiveError(f"{path}: archives of kind {m.get('kind')!r} are not supported")
    try:
        records = list(m["entries"])
        sigs = [Function(r["ir_function"], [parse_type(t) for t in r["params"]],
                         parse_type(r["ret"])) for r in records]
    except (KeyError, TypeError, ValueError) as e:
        raise ArchiveError(f"{path}: bad entry list in the manifest ({e})") from None
    for s in m.get("sources", []):
        try:
            remember_source(s["file"], ar.read(s["path"]).decode("utf-8"))
        except (ArchiveError, KeyError, TypeError, UnicodeDecodeError):
            pass
    target = host_target()
    image_rec = (m.get("images") or {}).get(target) if target else None
    natives = {}
    if image_rec is not None:
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
        return LoadedFunction(path, m, list(zip(records, sigs)), natives, from_ir=False)
    if not _warned_fallback:
        _warned_fallback = True
        warnings.warn(f"pts.load: {path} has no native image for this host "
                      f"({target or platform.machine()}); compiling its IR", RuntimeWarning,
                      stacklevel=2)
    from pts.backend.jit import compile_module
    from pts.ir.parser import parse_module
    module = parse_module(ar.read(m.get("ir", IR_PATH)).decode("utf-8"))
    native = compile_module(module)
    for r in records:
        natives[r["key"]] = NativeEntry(native, module[r["ir_function"]])
    return LoadedFunction(path, m, list(zip(records, sigs)), natives, from_ir=True)


def describe(path: str) -> str:
    """`pts inspect`: manifest summary, entries, images and the sizes of every entry."""
    ar = Archive(path)
    m = ar.manifest
    lines = [f"archive:  {path} ({os.path.getsize(path)} bytes)",
             f"format:   {m.get('format')}   producer: {m.get('producer')}",
             f"kind:     {m.get('kind')} {m.get('name', '')}", "entries:"]
    for r in m.get("entries", []):
        lines.append(f"  {r.get('key')} -> {r.get('ret')}    [{r.get('symbol')}]")
    lines.append("images:")
    for t, rec in (m.get("images") or {}).items():
        lines.append(f"  {t:14} {rec.get('path')}  {rec.get('size')} bytes  "
                     f"triple {rec.get('triple')}  cpu {rec.get('cpu')}")
    lines.append("files:")
    for info in ar.infos():
        lines.append(f"  {info.file_size:10}  {info.filename}")
    return "\n".join(lines)
