"""Linking: an ELF relocatable object (as LLVM emits it) -> a native image for an archive.

An image is what the C loader (runtime/c/loader.c) and `pts.runtime.archive` map: the
object's allocated sections laid out in three regions, each starting on an `ALIGN`
boundary so that it can be protected on its own — text (read + execute), rodata (read-only
once fixed up: constants, GOT cells, import cells) and data (read + write: .data, .bss).
Every relocation between the object's own sections is resolved here, at save time; what is
left for the loader is a short list of 8-byte fixups:

    BASE    word = image base + addend          (absolute addresses of the image's own code
                                                 and data: R_X86_64_64, R_AARCH64_ABS64)
    IMPORT  word = address of import[i] + addend (named runtime functions)

Calls of external functions (memcpy/memset/memmove that LLVM emits for its intrinsics or
recognized loops, libm functions of tensor code, fmod for frem, floor on a CPU without
roundsd, ...) become calls of a small stub in the text region that jumps through an import
cell; references through the GOT get a GOT cell in the rodata region.  Only names in
`RUNTIME_FUNCTIONS` may be imported — the functions every loader provides (C: libc and libm;
Python: the same, found through ctypes) — so an image never needs a symbol of the system
found by name or a system linker.  Anything else (a relocation type or an external symbol we
do not know) is a `LinkError` at save time, never a broken image.

The binary layout (little endian; all offsets relative to the start of the image file):

    header   64 bytes   magic "PTSIMG01", u32 machine (ELF e_machine), u32 flags (0),
                        u32 align, u32 nregions, u64 vsize, u32 nentries, u32 nimports,
                        u32 nctx_imports, u32 nfixups, u32 strtab_off, u32 strtab_size,
                        u64 reserved (0)
    regions  40 bytes each: u64 vaddr, u64 vsize, u64 file_off, u64 file_size, u32 prot
                        (1 read, 2 write, 4 exec), u32 reserved
    entries  24 bytes each: u32 name_off, u32 name_len, u64 boxed, u64 release
    imports   8 bytes each: u32 name_off, u32 name_len
    fixups   24 bytes each: u64 offset, u32 kind (1 BASE, 2 IMPORT), u32 index, i64 addend
    strtab   names (no terminator needed; loaders copy them)
    region contents

The first `nctx_imports` imports name the slots of the table the context points at
(`codegen.IMPORTS`, in order): a loader builds that table by name, so an image says which
runtime functions it expects instead of assuming a layout.
"""
from __future__ import annotations

import platform
import struct
import sys
from dataclasses import dataclass, field

# the image format, shared with the loaders (backend.abi)
from pts.backend.abi import (ENTRY, EM_AARCH64, EM_X86_64, FIX_BASE, FIX_IMPORT, FIXUP,  # noqa: F401
                             HEADER, IMPORT, IMPORT_MATH, LIBRARY_PREFIX, MAGIC, REGION)

ALIGN = 65536                   # covers 4 KiB, 16 KiB and 64 KiB pages
PROT_R, PROT_W, PROT_X = 1, 2, 4

# What a loader must provide besides the context's import table (codegen.IMPORTS): the
# C library functions generated code may reach by name.  Keep in sync with runtime/c/loader.c
# (tests/runtime/test_c_loader.py checks).
LIBC_FUNCTIONS = ["memcpy", "memmove", "memset", "madvise"]
LIBM_F64 = ["fmod", "floor", "ceil", "trunc", "round", "rint", "nearbyint", "sqrt", "fabs",
            "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "pow", "sin", "cos", "tan",
            "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
            "hypot", "cbrt", "fmin", "fmax", "copysign", "erf", "erfc", "nextafter"]
LIBM_FUNCTIONS = LIBM_F64 + [n + "f" for n in LIBM_F64] + ["sincos", "sincosf"]
RUNTIME_FUNCTIONS = LIBC_FUNCTIONS + LIBM_FUNCTIONS
# The JIT's objects call libm's functions under this prefix (jit._libm_entries: the engine
# finds glibc's entries without the errno wrapper there); in an image such a call is a call
# of the import of the function's own name, which loaders resolve to that same entry
# (runtime.native.libm_address).
JIT_LIBM_PREFIX = "pts.libm."

# Targets an archive carries images for: ELF triple, CPU (a baseline: an image runs on any
# machine of its architecture, so the loader checks nothing but the machine) and machine.
TARGETS = {
    "x86_64-linux": {"triple": "x86_64-unknown-linux-gnu", "cpu": "x86-64", "features": "",
                     "machine": EM_X86_64},
    "aarch64-linux": {"triple": "aarch64-unknown-linux-gnu", "cpu": "generic", "features": "",
                      "machine": EM_AARCH64},
}
# The host image: saved on an x86-64 host besides the baselines, compiled exactly as the JIT
# compiles (backend.jit: this CPU and its checkable features, the same codegen; PIC as the
# disk cache's images), so that loading it gives the in-process results bit for bit.  Its
# manifest record names the CPU and the features it requires ("requires"); a loader maps
# it only if its CPU has all of them (runtime/c/cpu.c), else the x86_64-linux baseline.
HOST_TARGET = "x86_64-linux-host"
HOST_BASELINE = "x86_64-linux"


def host_image_target() -> dict | None:
    """The host image's target (triple, cpu, features, requires, machine) as the JIT sees
    this machine, or None where archives get no host image (not x86-64 Linux)."""
    import sys
    if not sys.platform.startswith("linux"):
        return None
    from pts.backend import jit
    from pts.backend.cpu import is_x86_64, required_features
    triple = jit.host_triple()
    if not is_x86_64(triple):
        return None
    d = jit.target_description()
    return {"triple": triple, "cpu": d["cpu"],
            "features": d["features"], "requires": required_features(d["features"]),
            "machine": EM_X86_64}


def all_targets() -> list[str]:
    """What pts.save writes by default (runtime.archive_write.default_targets): the host
    image (where there is one) and every baseline."""
    return ([HOST_TARGET] if host_image_target() else []) + list(TARGETS)


def host_target() -> str | None:
    """The baseline target of this machine ("x86_64-linux", "aarch64-linux"), or None."""
    if not sys.platform.startswith("linux"):
        return None
    return {"x86_64": "x86_64-linux", "amd64": "x86_64-linux", "aarch64": "aarch64-linux",
            "arm64": "aarch64-linux"}.get(platform.machine().lower())


def native_targets() -> list[str]:
    """The images pts.load would prefer on this machine, best first, as `save` takes them
    (targets=...): the host image (x86-64) and the baseline."""
    base = host_target()
    return ([HOST_TARGET] if base == "x86_64-linux" else []) + ([base] if base else [])


class LinkError(Exception):
    """The object uses something an image cannot express (a bug of pts, not of the user)."""


# ---------------------------------------------------------------- compiling for a target

def target_machine(target: str, opt: int = 3):
    """A target machine for `target`: for a baseline a new one, generating code at -O`opt`;
    for HOST_TARGET the JIT's (jit.image_target_machine, -O3)."""
    import llvmlite.binding as llvm
    if target == HOST_TARGET:
        from pts.backend import jit
        return jit.image_target_machine()
    llvm.initialize_all_targets()
    llvm.initialize_all_asmprinters()
    t = TARGETS[target]
    return llvm.Target.from_triple(t["triple"]).create_target_machine(
        cpu=t["cpu"], features=t["features"], opt=opt, reloc="pic", codemodel="small")


def compile_object(module, target: str, prefix: str = "pts") -> tuple[bytes, "object"]:
    """IR module -> (ELF relocatable object for `target`, the ModuleCodegen that names its
    symbols).  Same codegen and -O3 pipeline as the JIT: for a baseline CPU, portable (every
    runtime function through the import table, gemm blocked for 128-bit vectors); for
    HOST_TARGET exactly the JIT's code (jit.compile_image's: libm by name, the host's
    blocking), which `link` may refuse (LinkError: pts.save then leaves the host image out)."""
    import llvmlite.binding as llvm
    from pts.backend.codegen import generate
    from pts.backend.jit import codegen_for, optimize
    tm = target_machine(target)
    triple = host_image_target()["triple"] if target == HOST_TARGET else TARGETS[target]["triple"]
    mc = generate(module, triple, str(tm.target_data), prefix=prefix,
                  portable=target != HOST_TARGET)
    llmod = llvm.parse_assembly(str(mc.m))
    llmod.verify()
    with codegen_for(module) as tensor:         # (the same code as the JIT's)
        optimize(llmod, tm, 3, tensor)
        return tm.emit_object(llmod), mc


# ---------------------------------------------------------------- reading ELF

@dataclass
class Section:
    index: int
    name: str
    type: int
    flags: int
    offset: int
    size: int
    link: int
    info: int
    align: int
    data: bytearray = field(default_factory=bytearray)
    vaddr: int = -1             # where it lands in the image; -1: not loaded


@dataclass
class Symbol:
    name: str
    info: int
    shndx: int
    value: int

    @property
    def type(self) -> int:
        return self.info & 0xf


SHT_PROGBITS, SHT_SYMTAB, SHT_STRTAB, SHT_RELA, SHT_NOBITS, SHT_REL = 1, 2, 3, 4, 8, 9
SHF_WRITE, SHF_ALLOC, SHF_EXECINSTR = 1, 2, 4
SHN_UNDEF, SHN_ABS, SHN_COMMON = 0, 0xfff1, 0xfff2
STT_SECTION = 3
SKIPPED_SECTIONS = (".eh_frame", ".note", ".comment", ".llvm_addrsig")


def _cstr(blob: bytes, off: int) -> str:
    end = blob.index(b"\0", off)
    return blob[off:end].decode("utf-8")


def read_elf(obj: bytes) -> tuple[int, list[Section], list[Symbol]]:
    if obj[:4] != b"\x7fELF" or obj[4] != 2 or obj[5] != 1:
        raise LinkError("not a little-endian ELF64 object")
    (_, etype, machine, _, _, _, shoff, _, _, _, _, shentsize, shnum, shstrndx) = \
        struct.unpack_from("<16sHHIQQQIHHHHHH", obj, 0)
    if etype != 1:
        raise LinkError("not a relocatable object")
    sections = []
    for i in range(shnum):
        name, typ, flags, _addr, off, size, link, info, align, _ent = \
            struct.unpack_from("<IIQQQQIIQQ", obj, shoff + i * shentsize)
        s = Section(i, str(name), typ, flags, off, size, link, info, max(align, 1))
        if typ != SHT_NOBITS:
            s.data = bytearray(obj[off:off + size])
        sections.append(s)
    names = bytes(sections[shstrndx].data)
    for s in sections:
        s.name = _cstr(names, int(s.name))
    symbols: list[Symbol] = []
    for s in sections:
        if s.type == SHT_SYMTAB:
            strtab = bytes(sections[s.link].data)
            for k in range(s.size // 24):
                st_name, st_info, _other, shndx, value, _size = struct.unpack_from("<IBBHQQ", s.data, k * 24)
                symbols.append(Symbol(_cstr(strtab, st_name), st_info, shndx, value))
    return machine, sections, symbols


# ---------------------------------------------------------------- the image

@dataclass
class Image:
    machine: int
    regions: list[tuple[int, int, bytes, int]]        # (vaddr, vsize, contents, prot)
    vsize: int
    entries: list[tuple[str, int, int]]               # (name, boxed, release)
    imports: list[str]
    nctx_imports: int
    fixups: list[tuple[int, int, int, int]]           # (offset, kind, index, addend)

    def to_bytes(self) -> bytes:
        strtab = bytearray()
        name_refs = {}

        def ref(name: str) -> tuple[int, int]:
            if name not in name_refs:
                b = name.encode("utf-8")
                name_refs[name] = (len(strtab), len(b))
                strtab.extend(b)
            return name_refs[name]

        entries = b"".join(ENTRY.pack(*ref(n), boxed, rel) for n, boxed, rel in self.entries)
        imports = b"".join(IMPORT.pack(*ref(n)) for n in self.imports)
        fixups = b"".join(FIXUP.pack(*f) for f in self.fixups)
        table_end = HEADER.size + REGION.size * len(self.regions) + len(entries) + len(imports) + len(fixups)
        strtab_off = table_end
        pos = _round_up(strtab_off + len(strtab), 64)
        region_recs, blobs = [], []
        for vaddr, vsize, contents, prot in self.regions:
            region_recs.append(REGION.pack(vaddr, vsize, pos if contents else 0, len(contents), prot, 0))
            blobs.append((pos, contents))
            pos = _round_up(pos + len(contents), 64)
        header = HEADER.pack(MAGIC, self.machine, 0, ALIGN, len(self.regions), self.vsize,
                             len(self.entries), len(self.imports), self.nctx_imports,
                             len(self.fixups), strtab_off, len(strtab), 0)
        out = bytearray(header + b"".join(region_recs) + entries + imports + fixups + strtab)
        for off, contents in blobs:
            out.extend(b"\0" * (off - len(out)))
            out.extend(contents)
        return bytes(out)


def _round_up(n: int, a: int) -> int:
    return (n + a - 1) // a * a


def _region_of(s: Section) -> int | None:
    """0 text, 1 rodata (incl. relro), 2 data; None for sections the image leaves out."""
    if not s.flags & SHF_ALLOC or s.name.startswith(SKIPPED_SECTIONS) or s.type == 0x70000001:
        return None                       # (0x70000001: SHT_X86_64_UNWIND, .eh_frame)
    if s.type not in (SHT_PROGBITS, SHT_NOBITS):
        raise LinkError(f"cannot place section {s.name} (type {s.type:#x}) in an image")
    if s.flags & SHF_EXECINSTR:
        return 0
    if s.type == SHT_NOBITS:
        return 2
    if s.flags & SHF_WRITE and not s.name.startswith(".data.rel.ro"):
        return 2
    return 1


def undefined_symbols(obj: bytes, prefix: str = "") -> list[str]:
    """The names object `obj` uses and does not define (starting with `prefix`)."""
    _machine, _sections, syms = read_elf(obj)
    return sorted({y.name for y in syms
                   if y.shndx == SHN_UNDEF and y.name and y.name.startswith(prefix)})


def read_objects(objs: list[bytes]) -> tuple[int, list[Section], dict[int, list[Symbol]],
                                              list[Symbol]]:
    """Several relocatable objects as one: their sections in one list (renumbered); for
    each relocation section (by its index there) the symbol table its entries index, where
    a symbol an object leaves undefined is the global definition another object gives it
    (a module compiled in parts calling each other, and the archive library:
    backend.save_images); and the symbols exports may name (the first object's, the others'
    global ones).  Two global definitions of one name are a LinkError."""
    machine, sections, tables, named = None, [], {}, []
    defined: dict[str, Symbol] = {}
    per_object = []
    for obj in objs:
        m, secs, syms = read_elf(obj)
        if machine is not None and m != machine:
            raise LinkError(f"objects of two machines ({machine}, {m}) in one image")
        machine, base = m, len(sections)
        for s in secs:
            s.index += base
            s.link += base if s.type in (SHT_SYMTAB, SHT_RELA, SHT_REL) else 0
            if s.type in (SHT_RELA, SHT_REL):
                s.info += base
        moved = [Symbol(y.name, y.info, y.shndx + base if 0 < y.shndx < 0xff00 else y.shndx,
                        y.value) for y in syms]
        for y in moved:
            if y.name and y.shndx != SHN_UNDEF and y.info >> 4 in (1, 2) and \
                    y.type != STT_SECTION:                          # (GLOBAL, WEAK)
                if y.name in defined:
                    raise LinkError(f"symbol {y.name} is defined by two objects")
                defined[y.name] = y
        sections += secs
        per_object.append((secs, moved))
        named += [y for y in moved if len(per_object) == 1 or y.info >> 4 in (1, 2)]
    for secs, moved in per_object:
        table = [defined.get(y.name, y) if y.shndx == SHN_UNDEF and y.name else y
                 for y in moved]
        for s in secs:
            if s.type in (SHT_RELA, SHT_REL):
                tables[s.index] = table
    return machine, sections, tables, named


def link(obj: bytes | list[bytes], exports: dict[str, tuple[str, str]],
         ctx_imports: list[str], library: bool = False) -> Image:
    """Lay out `obj` (one object, or several: `read_objects`) into an image.  `exports`:
    entry name -> (boxed symbol, release symbol);
    `ctx_imports`: codegen.IMPORTS (recorded so loaders can build the context's table).
    `library`: the code may also import backend.kernel_library's functions (`pts_lib.*`),
    which only this process's loader (runtime.image.Image) provides: for the disk cache,
    never for an archive."""
    if isinstance(obj, (bytes, bytearray)):
        machine, sections, named = read_elf(obj)
        tables = {s.index: named for s in sections if s.type in (SHT_RELA, SHT_REL)}
    else:
        machine, sections, tables, named = read_objects(list(obj))
    for table in tables.values():
        for sym in table:
            if sym.shndx == SHN_UNDEF and sym.name.startswith(JIT_LIBM_PREFIX) and \
                    sym.name[len(JIT_LIBM_PREFIX):] in IMPORT_MATH:
                sym.name = sym.name[len(JIT_LIBM_PREFIX):]
    if machine not in (EM_X86_64, EM_AARCH64):
        raise LinkError(f"unsupported ELF machine {machine}")
    for s in sections:
        if s.type == SHT_REL:
            raise LinkError(f"REL relocations ({s.name}) are not supported")
    placed = [[], [], []]
    for s in sections:
        r = _region_of(s)
        if r is not None:
            placed[r].append(s)
    placed[2].sort(key=lambda s: s.type == SHT_NOBITS)        # .bss after the contents

    relocs = [(s, sections[s.info]) for s in sections
              if s.type == SHT_RELA and _region_of(sections[s.info]) is not None]
    # external names and GOT users, to size the stub, GOT and import areas up front
    externals: list[str] = []
    got_keys: list = []
    for rs, target in relocs:
        symbols = tables[rs.index]
        for k in range(rs.size // 24):
            _off, info, _add = struct.unpack_from("<QQq", rs.data, k * 24)
            sym = symbols[info >> 32]
            rtype = info & 0xffffffff
            if sym.shndx == SHN_UNDEF and sym.name:
                if sym.name not in RUNTIME_FUNCTIONS and not (
                        library and sym.name.startswith(LIBRARY_PREFIX)):
                    raise LinkError(f"generated code needs '{sym.name}', which no pts loader "
                                    f"provides")
                if sym.name not in externals:
                    externals.append(sym.name)
            if _is_got(machine, rtype):
                key = _sym_key(sym)
                if key not in got_keys:
                    got_keys.append(key)

    stub_size = 8 if machine == EM_X86_64 else 16
    # text: sections, then stubs; rodata: sections, GOT cells, import cells; data
    vaddr = 0
    region_bounds = []
    stubs: dict[str, int] = {}
    cells: dict[str, int] = {}
    got: dict = {}
    for r in range(3):
        start = vaddr = _round_up(vaddr, ALIGN)
        for s in placed[r]:
            vaddr = _round_up(vaddr, s.align)
            s.vaddr = vaddr
            vaddr += s.size
        if r == 0:
            vaddr = _round_up(vaddr, 16)
            for name in externals:
                stubs[name] = vaddr
                vaddr += stub_size
        if r == 1:
            vaddr = _round_up(vaddr, 8)
            for key in got_keys:
                got[key] = vaddr
                vaddr += 8
            for name in externals:
                cells[name] = vaddr
                vaddr += 8
        region_bounds.append((start, vaddr))
    vsize = _round_up(vaddr, ALIGN)

    imports = list(ctx_imports) + [n for n in externals if n not in ctx_imports]
    fixups: list[tuple[int, int, int, int]] = []
    extra_words: dict[int, int] = {}       # vaddr -> 8-byte value placed in GOT cells

    def sym_addr(sym: Symbol) -> int:
        if sym.shndx == SHN_UNDEF:
            return stubs[sym.name]
        if sym.shndx == SHN_ABS:
            raise LinkError(f"absolute symbol {sym.name} is not supported")
        if sym.shndx >= len(sections) or sections[sym.shndx].vaddr < 0:
            raise LinkError(f"symbol {sym.name or sections[sym.shndx].name} is in a section "
                            f"the image leaves out")
        return sections[sym.shndx].vaddr + sym.value

    for key, cell in got.items():
        kind, what = key
        if kind == "ext":
            fixups.append((cell, FIX_IMPORT, imports.index(what), 0))
        else:
            addr = sections[what[0]].vaddr + what[1]
            extra_words[cell] = addr
            fixups.append((cell, FIX_BASE, 0, addr))
    for name, cell in cells.items():
        fixups.append((cell, FIX_IMPORT, imports.index(name), 0))

    for rs, target in relocs:
        if target.vaddr < 0:
            continue
        symbols = tables[rs.index]
        for k in range(rs.size // 24):
            off, info, addend = struct.unpack_from("<QQq", rs.data, k * 24)
            sym = symbols[info >> 32]
            rtype = info & 0xffffffff
            if target.type == SHT_NOBITS or off + 4 > len(target.data):
                raise LinkError(f"relocation outside the contents of {target.name}")
            P = target.vaddr + off
            G = got.get(_sym_key(sym)) if _is_got(machine, rtype) else None
            external = sym.shndx == SHN_UNDEF
            if machine == EM_X86_64:
                _reloc_x86(target, off, rtype, sym, addend, P, G, external, sym_addr, fixups,
                           imports)
            else:
                _reloc_aarch64(target, off, rtype, sym, addend, P, G, external, sym_addr,
                               fixups, imports)

    # region contents
    regions = []
    prots = [PROT_R | PROT_X, PROT_R, PROT_R | PROT_W]
    for r, (start, end) in enumerate(region_bounds):
        if end == start:
            continue
        buf = bytearray(end - start)
        file_end = 0
        for s in placed[r]:
            if s.type != SHT_NOBITS:
                buf[s.vaddr - start:s.vaddr - start + s.size] = s.data
                file_end = s.vaddr - start + s.size
        if r == 0:
            for name, at in stubs.items():
                stub = _stub(machine, at, cells[name])
                buf[at - start:at - start + len(stub)] = stub
                file_end = at - start + stub_size
        if r == 1:
            for cell, value in extra_words.items():
                struct.pack_into("<Q", buf, cell - start, value)
            file_end = end - start
        regions.append((start, end - start, bytes(buf[:file_end]), prots[r]))

    by_name = {}
    for sym in named:
        if sym.name and sym.shndx != SHN_UNDEF and sym.type != STT_SECTION:
            by_name[sym.name] = sym
    entries = []
    text_start, text_end = region_bounds[0]
    for name, (boxed, release) in exports.items():
        addrs = []
        for s in (boxed, release):
            if s not in by_name:
                raise LinkError(f"exported symbol {s} missing from the object")
            a = sym_addr(by_name[s])
            if not text_start <= a < text_end:
                raise LinkError(f"exported symbol {s} is not code")
            addrs.append(a)
        entries.append((name, addrs[0], addrs[1]))
    fixups.sort()
    return Image(machine, regions, vsize, entries, imports, len(ctx_imports), fixups)


def _sym_key(sym: Symbol):
    if sym.shndx == SHN_UNDEF:
        return ("ext", sym.name)
    return ("int", (sym.shndx, sym.value))


def _is_got(machine: int, rtype: int) -> bool:
    if machine == EM_X86_64:
        return rtype in (9, 41, 42)          # GOTPCREL, GOTPCRELX, REX_GOTPCRELX
    return rtype in (311, 312)               # ADR_GOT_PAGE, LD64_GOT_LO12_NC


def _stub(machine: int, at: int, cell: int) -> bytes:
    """A jump through the import cell at `cell` (like a PLT entry)."""
    if machine == EM_X86_64:
        rel = cell - (at + 6)                # jmp *rel32(%rip)
        return b"\xff\x25" + struct.pack("<i", rel) + b"\xcc\xcc"
    pages = (cell >> 12) - (at >> 12)
    adrp = 0x90000010 | ((pages & 3) << 29) | (((pages >> 2) & 0x7ffff) << 5)   # adrp x16
    ldr = 0xF9400210 | (((cell & 0xfff) >> 3) << 10)                           # ldr x16, [x16, #lo12]
    br = 0xD61F0200                                                             # br x16
    return struct.pack("<IIII", adrp, ldr, br, 0xD4200000)                     # brk #0


def _put(sec: Section, off: int, fmt: str, value: int) -> None:
    try:
        struct.pack_into(fmt, sec.data, off, value)
    except struct.error as e:
        raise LinkError(f"relocation at {sec.name}+{off:#x}: {e}") from None


def _check(value: int, bits: int, what: str) -> int:
    if not -(1 << (bits - 1)) <= value < (1 << (bits - 1)):
        raise LinkError(f"{what} out of range ({value:#x})")
    return value


def _reloc_x86(sec, off, rtype, sym, A, P, G, external, sym_addr, fixups, imports):
    if rtype == 0:                                   # R_X86_64_NONE
        return
    if rtype == 1:                                   # R_X86_64_64: S + A
        if external:
            fixups.append((P, FIX_IMPORT, imports.index(sym.name), A))
            _put(sec, off, "<q", 0)
        else:
            fixups.append((P, FIX_BASE, 0, sym_addr(sym) + A))
            _put(sec, off, "<q", sym_addr(sym) + A)
    elif rtype in (2, 4):                            # PC32, PLT32: S + A - P
        if external and rtype == 2:
            raise LinkError(f"PC-relative data reference to external symbol {sym.name}")
        _put(sec, off, "<i", _check(sym_addr(sym) + A - P, 32, "PC32 relocation"))
    elif rtype == 24:                                # PC64
        _put(sec, off, "<q", sym_addr(sym) + A - P)
    elif rtype in (9, 41, 42):                       # GOTPCREL*: G + A - P
        _put(sec, off, "<i", _check(G + A - P, 32, "GOTPCREL relocation"))
    else:
        raise LinkError(f"unsupported x86-64 relocation type {rtype}")


def _patch(sec: Section, off: int, mask: int, value: int) -> None:
    insn = struct.unpack_from("<I", sec.data, off)[0]
    struct.pack_into("<I", sec.data, off, (insn & ~mask & 0xffffffff) | (value & mask))


def _reloc_aarch64(sec, off, rtype, sym, A, P, G, external, sym_addr, fixups, imports):
    if rtype in (0, 256):                            # NONE
        return
    S = G if rtype in (311, 312) else sym_addr(sym)
    if rtype == 257:                                 # ABS64
        if external:
            fixups.append((P, FIX_IMPORT, imports.index(sym.name), A))
            _put(sec, off, "<q", 0)
        else:
            fixups.append((P, FIX_BASE, 0, S + A))
            _put(sec, off, "<q", S + A)
        return
    if external and rtype not in (282, 283, 311, 312):
        raise LinkError(f"reference to external symbol {sym.name} (aarch64 relocation {rtype})")
    if rtype == 260:                                 # PREL64
        _put(sec, off, "<q", S + A - P)
    elif rtype == 261:                               # PREL32
        _put(sec, off, "<i", _check(S + A - P, 32, "PREL32"))
    elif rtype in (275, 276, 311):                   # ADR_PREL_PG_HI21(_NC), ADR_GOT_PAGE
        pages = ((S + A) >> 12) - (P >> 12)
        if rtype != 276:
            _check(pages, 21, "ADRP")
        _patch(sec, off, (3 << 29) | (0x7ffff << 5), ((pages & 3) << 29) | (((pages >> 2) & 0x7ffff) << 5))
    elif rtype == 274:                               # ADR_PREL_LO21
        d = _check(S + A - P, 21, "ADR")
        _patch(sec, off, (3 << 29) | (0x7ffff << 5), ((d & 3) << 29) | (((d >> 2) & 0x7ffff) << 5))
    elif rtype in (277, 278, 284, 285, 286, 299, 312):
        shift = {277: 0, 278: 0, 284: 1, 285: 2, 286: 3, 299: 4, 312: 3}[rtype]
        lo = (S + A) & 0xfff
        if lo & ((1 << shift) - 1):
            raise LinkError(f"misaligned low-12 relocation {rtype}")
        _patch(sec, off, 0xfff << 10, (lo >> shift) << 10)
    elif rtype in (282, 283):                        # JUMP26, CALL26
        d = S + A - P
        _check(d, 28, "branch")
        _patch(sec, off, 0x3ffffff, d >> 2)
    elif rtype == 280:                               # CONDBR19
        _patch(sec, off, 0x7ffff << 5, (_check(S + A - P, 21, "CONDBR19") >> 2) << 5)
    elif rtype == 279:                               # TSTBR14
        _patch(sec, off, 0x3fff << 5, (_check(S + A - P, 16, "TSTBR14") >> 2) << 5)
    elif rtype == 273:                               # LD_PREL_LO19
        _patch(sec, off, 0x7ffff << 5, (_check(S + A - P, 21, "LD_PREL_LO19") >> 2) << 5)
    else:
        raise LinkError(f"unsupported aarch64 relocation type {rtype}")
