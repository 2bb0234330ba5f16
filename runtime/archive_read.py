"""Reading a `.pts` archive (the format: runtime.archive): `load` and `describe`.

`load(path)` checks the zip and the manifest, maps the image `choose_image` picks with
runtime.image (no LLVM) and returns the call objects of runtime.archive_call; where no image
matches the host, it compiles the stored IR instead (backend.jit), said once with a warning.
Weights are used in place from a copy-on-write mapping of the file.
"""
from __future__ import annotations

import hashlib
import io
import json
import os
import platform
import struct
import sys
import warnings
import zipfile
import zlib

from pts.backend.link import EM_X86_64, HOST_TARGET, TARGETS, host_target, native_targets  # noqa: F401
from pts.errors import kind_code, remember_source
from pts.ir.core import Function
from pts.ir.parser import parse_module
from pts.ir.types import parse_type
from pts.runtime.archive_call import ImageModule, LoadedFunction, LoadedModule, entry_class
from pts.runtime.archive_format import IR_PATH, MANIFEST, check_version
from pts.runtime.image import ArchiveError, Image


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


MAX_REQUIRES = 512                        # as runtime/c/loader.c


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


def machine_of(target: str) -> int:
    """The ELF machine number of a target's images (a key of backend.link.TARGETS, or
    HOST_TARGET)."""
    return EM_X86_64 if target == HOST_TARGET else TARGETS[target]["machine"]


_warned_fallback = False


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
    """Load an archive written by `save`: a LoadedFunction (a LoadedModule for a model, a
    runtime.archive_train.LoadedTrainStep for a training step)
    running the native code of the image `choose_image` picks (its key in `.image`), or
    (said once) the stored IR compiled again when the archive has no image for this host
    (`.from_ir`, `.image` None)."""
    global _warned_fallback
    NativeEntry = entry_class()
    ar = Archive(path)
    m = ar.manifest
    kind = m.get("kind")
    if kind not in ("function", "module", "train_step"):
        raise ArchiveError(f"{path}: archives of kind {kind!r} are not supported")
    try:
        records = list(m["entries"])
        sigs = [Function(r["ir_function"], [parse_type(t) for t in
                                            list(r["params"]) + list(r.get("shared_types", []))
                                            + list(r.get("weight_types", []))],
                         parse_type(r["ret"])) for r in records]
    except (KeyError, TypeError, ValueError) as e:
        raise ArchiveError(f"{path}: bad entry list in the manifest ({e})") from None
    for pair in (m.get("abi") or {}).get("user_exceptions", []):
        if isinstance(pair, list) and len(pair) == 2 and isinstance(pair[1], str):
            kind_code(pair[1])        # the status code names the kind again (pts.errors)
    for s in m.get("sources", []):
        try:
            remember_source(s["file"], ar.read(s["path"]).decode("utf-8"))
        except (ArchiveError, KeyError, TypeError, UnicodeDecodeError):
            pass
    weights = _load_weights(ar, m)
    target, image_rec, _note = choose_image(m)
    natives = {}
    if image_rec is not None:
        if not isinstance(image_rec.get("path"), str):
            raise ArchiveError(f"{path}: image {target} has no path")
        data = ar.read(image_rec["path"])
        if image_rec.get("sha256") not in (None, hashlib.sha256(data).hexdigest()):
            raise ArchiveError(f"{path}: image {image_rec['path']} does not match its checksum")
        image = Image(data, machine_of(target))
        module = ImageModule(image, {r["ir_function"]: r["symbol"] for r in records})
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
        from pts.backend.jit import compile_module      # (llvmlite)
        module = parse_module(ar.read(m.get("ir", IR_PATH)).decode("utf-8"))
        native = compile_module(module)
        for r in records:
            natives[r["key"]] = NativeEntry(native, module[r["ir_function"]])
        from_ir = True
    pairs = list(zip(records, sigs))
    image = None if from_ir else target
    if m.get("classes"):                  # objects of user classes (runtime.object_values)
        from pts.runtime.object_values import loaded_classes
        tables = loaded_classes(m["classes"])
        for n in natives.values():
            n.classes, n.class_bases, n.class_types = tables
    arrays = [a for _, a in weights]
    if kind == "function":       # (a pts.trace's captured arrays are its weights)
        f = LoadedFunction(path, m, pairs, natives, from_ir, signature=m.get("signature"),
                           weights=arrays)
        f.image = image
        return f
    if kind == "train_step":
        from pts.runtime.archive_train import LoadedTrainStep
        fn = LoadedFunction(path, m, pairs, natives, from_ir, name=m.get("name"),
                            signature=m.get("signature"), weights=arrays)
        s = LoadedTrainStep(fn, m, weights)
        s.image = image
        return s
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
