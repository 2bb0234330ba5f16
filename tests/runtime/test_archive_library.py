"""The archive library (backend.archive_library): the kernel library's gemm, copies, fills
and streams precompiled per archive target, linked into pts.save's images (several objects
in one image: backend.link.read_objects).  A file made from other sources (or for another
host or target) is never used: the save then compiles those functions into its module, with
the same results, and neither save takes the other's image from the disk cache.
"""
from __future__ import annotations

import zipfile

import numpy as np
import pytest

import pts
import pts.nn as nn
from pts.backend import archive_library, kernel_library, link, save_images
from pts.runtime import archive, archive_write


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(8, 16)
        self.fc2 = nn.Linear(16, 4)

    def forward(self, x: pts.Tensor) -> pts.Tensor:
        return self.fc2(np.tanh(self.fc1(x))).reshape(-1)


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    d = tmp_path / "cache"
    monkeypatch.setenv("PTS_CACHE_DIR", str(d))
    return d


def test_every_target_has_a_current_library_with_every_symbol():
    for target in archive_library.targets():
        lib = archive_library.read(target)
        assert lib is not None, f"{archive_library.path(target)} is missing or stale: make"
        groups = {s for group in kernel_library.groups() for s in group}
        if target == link.HOST_TARGET:       # (and kernels.img's fused kernels and loops)
            groups |= set(kernel_library.loops().values()) | \
                set(kernel_library.kernels().values())
        assert set(lib.objects) == groups
        # a dtype's gemm entries are one object; each copy loop its own
        gemm = [kernel_library.symbol("f32", part) for part in ("", "par", "batch")]
        assert len(lib.objects_for(gemm)) == 1
        assert len(lib.objects_for(gemm + [kernel_library.fill_symbol(kernel_library.F32)])) == 2


def test_a_stale_or_damaged_file_is_never_used(tmp_path, monkeypatch):
    target = archive_library.targets()[0]
    data = open(archive_library.path(target), "rb").read()
    assert archive_library.read(target, str(archive_library.path(target))) is not None
    cut = tmp_path / "cut.lib"
    cut.write_bytes(data[:len(data) - 100])
    assert archive_library.read(target, str(cut)) is None
    assert archive_library.read("aarch64-linux" if target != "aarch64-linux" else
                                "x86_64-linux", archive_library.path(target)) is None
    header = kernel_library._header()
    monkeypatch.setattr(kernel_library, "_header",
                        lambda: dict(header, fingerprint=header["fingerprint"] + "-edited"))
    assert archive_library.read(target) is None


def _image_sizes(path) -> dict:
    with zipfile.ZipFile(path) as z:
        return {n: z.getinfo(n).file_size for n in z.namelist() if n.startswith("images/")}


@pytest.mark.all_targets
def test_saves_with_and_without_the_library_agree(tmp_path, cache_dir, monkeypatch):
    """The same outputs bit for bit (and the JIT's, from the host image) whether the gemm
    and copies come from the library or from the module; the disk cache keeps the two
    apart."""
    pts.manual_seed(0)
    m = pts.script(MLP())
    x = np.random.default_rng(0).standard_normal((3, 8)).astype(np.float32)
    want = m(x)
    pts.save(m, tmp_path / "lib.pts")
    assert archive_write.TIMINGS["cached"] == 0
    with monkeypatch.context() as patch:
        patch.setattr(archive_library, "load", lambda target: None)
        pts.save(m, tmp_path / "own.pts")
    assert archive_write.TIMINGS["cached"] == 0          # (not the library's images)
    assert _image_sizes(tmp_path / "lib.pts") != _image_sizes(tmp_path / "own.pts")
    for name in ("lib.pts", "own.pts"):
        assert np.array_equal(pts.load(tmp_path / name)(x), want), name
    pts.save(m, tmp_path / "again.pts")
    assert archive_write.TIMINGS["cached"] == archive_write.TIMINGS["targets"]
    assert (tmp_path / "again.pts").read_bytes() == (tmp_path / "lib.pts").read_bytes()


def test_scalar_code_links_no_library_object(tmp_path, cache_dir):
    def poly(x: float, n: int) -> float:
        s = 0.0
        for i in range(n):
            s = s * x + float(i)
        return s
    f = pts.script(poly)
    f(0.5, 3)
    pts.save(f, tmp_path / "p.pts")
    with zipfile.ZipFile(tmp_path / "p.pts") as z:
        sizes = [z.getinfo(n).file_size for n in z.namelist() if n.startswith("images/")]
    # (a gemm object alone is tens of KiB)
    assert sizes and max(sizes) < 16384


# ---------------------------------------------------------------- several objects

def _object(text: str) -> bytes:
    import llvmlite.binding as llvm
    tm = link.target_machine("x86_64-linux")
    mod = llvm.parse_assembly('target triple = "x86_64-unknown-linux-gnu"\n' + text)
    return tm.emit_object(mod)


CALLER = """
declare i64 @"lib.g"(i64)
define i64 @"e.boxed"(i64 %x) { %r = call i64 @"lib.g"(i64 %x)  ret i64 %r }
define void @"e.release"() { ret void }
"""
CALLEE = 'define i64 @"lib.g"(i64 %x) { %r = add i64 %x, 42  ret i64 %r }\n'


def test_link_resolves_one_objects_calls_in_another():
    exports = {"e": ("e.boxed", "e.release")}
    with pytest.raises(link.LinkError, match="needs 'lib.g'"):
        link.link(_object(CALLER), exports, [])
    img = link.link([_object(CALLER), _object(CALLEE)], exports, [])
    assert not img.imports and len(img.entries) == 1
    # exports may be defined by any object
    img = link.link([_object(CALLEE), _object(CALLER)], exports, [])
    assert [e[0] for e in img.entries] == ["e"]


def test_link_refuses_a_symbol_two_objects_define():
    with pytest.raises(link.LinkError, match="lib.g is defined by two objects"):
        link.link([_object(CALLER), _object(CALLEE), _object(CALLEE)],
                  {"e": ("e.boxed", "e.release")}, [])


def test_save_images_names_the_library_objects_it_links(monkeypatch, tmp_path, cache_dir):
    """An MLP's image links its gemm's object and its copies', nothing else."""
    linked = []
    real = link.link

    def spy(objs, exports, imports, **kw):
        linked.append(list(objs) if isinstance(objs, list) else [objs])
        return real(objs, exports, imports, **kw)
    monkeypatch.setattr(link, "link", spy)
    m = pts.script(MLP())
    m(np.ones((2, 8), np.float32))
    archive.save(m, str(tmp_path / "m.pts"), targets=["x86_64-linux"])
    lib = archive_library.load("x86_64-linux")
    library_objects = {id(o) for o in lib.objects.values()}
    (objs,) = [o for o in linked if any(id(x) in library_objects for x in o)]
    used = [x for x in objs if id(x) in library_objects]
    gemm = lib.objects[kernel_library.symbol("f32", "par")]
    assert any(x is gemm for x in used)
    assert len(used) < len({id(o) for o in lib.objects.values()})
