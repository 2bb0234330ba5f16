"""pts.save's images (backend.save_images): built in parallel, kept in the disk cache.

An archive saved a second time — in this process or the next — takes its images from the
disk cache and is the same file; one built with every target in this process
(PTS_SAVE_JOBS=1) has the same images as one built on parallel threads, and one built with
our codegen shared between targets those of each target's own codegen; a damaged cache
entry is a miss, never a broken archive; an image exports the archive's entries only.
"""
from __future__ import annotations

import hashlib
import math
import os
import subprocess
import sys
import textwrap
import zipfile

import numpy as np
import pytest

import pts
import pts.nn as nn
from pts.backend import link, save_images
from pts.runtime import archive, archive_write


def _images(path) -> dict:
    with zipfile.ZipFile(path) as z:
        return {n: hashlib.sha256(z.read(n)).hexdigest() for n in z.namelist()
                if n.startswith("images/")}


def poly(x: float, n: int) -> float:
    s = 0.0
    for i in range(n):
        s = s * x + float(i)
    return s


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 3)

    def forward(self, x: pts.Tensor) -> pts.Tensor:
        return np.tanh(self.fc(x))


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    d = tmp_path / "cache"
    monkeypatch.setenv("PTS_CACHE_DIR", str(d))
    return d


def test_second_save_is_cached_and_identical(tmp_path, cache_dir):
    f = pts.script(poly)
    assert f(0.5, 4) == poly(0.5, 4)
    a, b = tmp_path / "a.pts", tmp_path / "b.pts"
    pts.save(f, a)
    assert archive_write.TIMINGS["cached"] == 0
    built = archive_write.TIMINGS["targets"]
    assert built == len([t for t in archive_write.default_targets()
                         if t != link.HOST_TARGET or link.host_image_target()])
    pts.save(f, b)
    assert archive_write.TIMINGS["cached"] == built
    assert a.read_bytes() == b.read_bytes()
    assert pts.load(b)(0.5, 4) == poly(0.5, 4)
    assert list(cache_dir.glob("code/save-*.img"))


def _saving_program(tmp_path):
    prog = tmp_path / "prog.py"
    prog.write_text(textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {os.path.dirname(__file__)!r})
        import numpy as np
        import pts
        from pts.runtime import archive_write
        from test_save_images import Net
        pts.manual_seed(0)
        m = pts.script(Net())
        m(np.ones((2, 6), np.float32))
        pts.save(m, sys.argv[1])
        print(archive_write.TIMINGS["cached"], archive_write.TIMINGS["targets"])
    """))
    return prog


def test_cache_hit_in_a_new_process(tmp_path, cache_dir):
    """A model saved by two processes: the second takes every image from the cache and
    writes the same archive; both archives give the same outputs, bit for bit."""
    prog = _saving_program(tmp_path)
    runs = []
    for name in ("a.pts", "b.pts"):
        p = subprocess.run([sys.executable, str(prog), str(tmp_path / name)],
                           capture_output=True, text=True, env=dict(os.environ), timeout=600)
        assert p.returncode == 0, p.stderr
        runs.append([int(v) for v in p.stdout.split()])
    (c0, n0), (c1, n1) = runs
    assert c0 == 0 and c1 == n1 == n0
    a, b = tmp_path / "a.pts", tmp_path / "b.pts"
    assert a.read_bytes() == b.read_bytes()
    x = np.random.default_rng(1).standard_normal((5, 6)).astype(np.float32)
    assert np.array_equal(pts.load(a)(x), pts.load(b)(x))


@pytest.mark.all_targets
def test_serial_and_parallel_builds_agree(tmp_path, cache_dir, monkeypatch):
    f = pts.script(poly)
    f(1.5, 3)
    monkeypatch.setenv("PTS_SAVE_JOBS", "1")
    pts.save(f, tmp_path / "serial.pts")
    serial = _images(tmp_path / "serial.pts")
    monkeypatch.setenv("PTS_CACHE", "0")        # (build again, not from the cache)
    monkeypatch.setenv("PTS_SAVE_JOBS", "3")
    pts.save(f, tmp_path / "parallel.pts")
    assert archive_write.TIMINGS["cached"] == 0
    assert _images(tmp_path / "parallel.pts") == serial
    assert (tmp_path / "parallel.pts").read_bytes() == (tmp_path / "serial.pts").read_bytes()


def _sum_exp(x: float, n: int) -> float:
    s = 0.0
    for i in range(n):
        s += math.exp(x * float(i)) + math.fmod(x, float(i + 1))
    return s


@pytest.mark.all_targets
@pytest.mark.parametrize("fn, args", [(Net(), (np.ones((2, 6), np.float32),)),
                                      (_sum_exp, (0.25, 5))])
def test_shared_codegen_gives_the_images_of_separate_codegen(tmp_path, cache_dir, monkeypatch,
                                                             fn, args):
    """Targets whose LLVM IR differs only in its triple and data layout are generated once
    (save_images._same_code): the images are those each target's own codegen makes.  A
    model calling the archive library (both baselines share), and scalar code calling libm
    (the host image's code differs: its own codegen)."""
    m = pts.script(fn)
    m(*args)
    monkeypatch.setenv("PTS_CACHE", "0")
    pts.save(m, tmp_path / "shared.pts")
    monkeypatch.setattr(save_images, "_same_code", lambda *a: False)
    pts.save(m, tmp_path / "separate.pts")
    assert _images(tmp_path / "shared.pts") == _images(tmp_path / "separate.pts")
    loaded = pts.load(tmp_path / "shared.pts")
    assert np.array_equal(np.asarray(loaded(*args)), np.asarray(m(*args)))


def test_same_code_decisions(monkeypatch):
    """Which targets share our codegen: the baselines when both have their archive
    library; the host image with them only when codegen's libm_call did not run."""
    from types import SimpleNamespace

    from pts.backend import archive_library
    monkeypatch.setattr(archive_library, "load", lambda target: object())
    plain, libm = SimpleNamespace(libm_called=False), SimpleNamespace(libm_called=True)
    assert save_images._same_code("aarch64-linux", "x86_64-linux", libm)
    assert save_images._same_code(link.HOST_TARGET, "x86_64-linux", plain)
    assert not save_images._same_code(link.HOST_TARGET, "x86_64-linux", libm)
    monkeypatch.setattr(archive_library, "load",
                        lambda target: None if target == "aarch64-linux" else object())
    assert not save_images._same_code("aarch64-linux", "x86_64-linux", plain)
    monkeypatch.setattr(archive_library, "load", lambda target: None)
    # (without the library the module's own gemm is blocked for the target's registers)
    assert not save_images._same_code("aarch64-linux", "x86_64-linux", plain)


@pytest.mark.all_targets
def test_two_processes_build_the_same_archive(tmp_path, cache_dir):
    """Without the disk cache, two processes (other string hashes: the module's parts,
    the library objects linked) write the same bytes."""
    prog = _saving_program(tmp_path)
    for name, seed in (("a.pts", "1"), ("b.pts", "2")):
        p = subprocess.run([sys.executable, str(prog), str(tmp_path / name)],
                           capture_output=True, text=True, timeout=600,
                           env=dict(os.environ, PTS_CACHE="0", PYTHONHASHSEED=seed))
        assert p.returncode == 0, p.stderr
    assert (tmp_path / "a.pts").read_bytes() == (tmp_path / "b.pts").read_bytes()


def test_damaged_cache_entry_is_a_miss(tmp_path, cache_dir):
    f = pts.script(poly)
    f(2.0, 5)
    pts.save(f, tmp_path / "a.pts")
    for img in cache_dir.glob("code/save-*.img"):
        data = bytearray(img.read_bytes())
        data[len(data) // 2] ^= 0xFF
        img.write_bytes(bytes(data))
    pts.save(f, tmp_path / "b.pts")
    assert archive_write.TIMINGS["cached"] == 0
    assert (tmp_path / "a.pts").read_bytes() == (tmp_path / "b.pts").read_bytes()
    assert pts.load(tmp_path / "b.pts")(2.0, 5) == poly(2.0, 5)


def test_images_export_the_entries_only(tmp_path, cache_dir):
    """The archive's functions other than its entries are internal to the image (inlined
    or kept out of line, never a boxed entry)."""
    from pts.backend.abi import ENTRY, HEADER
    m = pts.script(Net())
    m(np.ones((2, 6), np.float32))
    manifest = archive.save(m, str(tmp_path / "m.pts"))
    assert len(manifest["entries"]) == 1
    with zipfile.ZipFile(tmp_path / "m.pts") as z:
        for target in manifest["images"]:
            data = z.read(f"images/{target}.img")
            nent = HEADER.unpack_from(data, 0)[6]
            assert nent == 1, target


def test_build_reports_a_refused_host_image_from_the_cache(tmp_path, cache_dir, monkeypatch):
    """A host image the linker refused is recorded: the next save warns again and writes
    the baselines, without compiling."""
    if link.host_image_target() is None:
        pytest.skip("no host image on this machine")
    real = link.link

    def refuse(obj, exports, imports, **kw):
        if any(k.startswith("pts.") for k in exports) and refuse.host:
            refuse.host = False
            raise link.LinkError("test: refused")
        return real(obj, exports, imports, **kw)
    refuse.host = True
    monkeypatch.setattr(link, "link", refuse)
    monkeypatch.setenv("PTS_SAVE_JOBS", "1")    # (the patch lives in this process)
    f = pts.script(poly)
    f(3.0, 2)
    with pytest.warns(RuntimeWarning, match="no host image"):
        m1 = archive.save(f, str(tmp_path / "a.pts"))
    assert link.HOST_TARGET not in m1["images"]
    with pytest.warns(RuntimeWarning, match="no host image"):
        m2 = archive.save(f, str(tmp_path / "b.pts"))
    assert archive_write.TIMINGS["cached"] == archive_write.TIMINGS["targets"]
    assert link.HOST_TARGET not in m2["images"]
    assert pts.load(tmp_path / "b.pts")(3.0, 2) == poly(3.0, 2)
    assert save_images.FORMAT >= 1 and archive.HOST_TARGET == link.HOST_TARGET


def test_PTS_SAVE_TARGETS_chooses_the_images(monkeypatch):
    monkeypatch.setenv("PTS_SAVE_TARGETS", "host, aarch64-linux,host")
    assert archive_write.default_targets() == [archive.native_targets()[0], "aarch64-linux"]
    monkeypatch.setenv("PTS_SAVE_TARGETS", "")
    assert archive_write.default_targets() == link.all_targets()
    monkeypatch.setenv("PTS_SAVE_TARGETS", "riscv")
    with pytest.raises(ValueError, match="unknown target 'riscv'; choose from host, "):
        archive_write.default_targets()


def test_host_image_is_the_first_calls_objects_linked(tmp_path, cache_dir, monkeypatch):
    """A tensor model's host image is the objects the JIT made for its first call, linked
    with the host archive library (save_images._from_jit): no codegen, no LLVM; it gives
    the in-process outputs bit for bit, as does the image the save compiles itself without
    them, and pts-run runs it."""
    if link.host_image_target() is None:
        pytest.skip("no host image on this machine")
    monkeypatch.setenv("PTS_TIER", "auto")      # (a tensor module's first call: in parts)
    pts.manual_seed(0)
    m = pts.script(Net())
    x = np.random.default_rng(2).standard_normal((4, 6)).astype(np.float32)
    y = m(x)
    archive.save(m, str(tmp_path / "jit.pts"), targets=[link.HOST_TARGET])
    assert archive_write.TIMINGS["jit"] == 1 and "codegen" not in archive_write.TIMINGS
    monkeypatch.setattr(save_images, "_from_jit", lambda *a: None)
    monkeypatch.setenv("PTS_CACHE", "0")
    archive.save(m, str(tmp_path / "own.pts"), targets=[link.HOST_TARGET])
    assert "jit" not in archive_write.TIMINGS and archive_write.TIMINGS["codegen"] > 0
    for name in ("jit.pts", "own.pts"):
        assert np.array_equal(pts.load(tmp_path / name)(x), y)
    sys.path.insert(0, os.path.dirname(__file__))
    from ptsbuild import build_runtime, have
    if not have("cc"):
        return
    np.save(tmp_path / "x.npy", x)
    r = subprocess.run([str(build_runtime() / "pts-run"), str(tmp_path / "jit.pts"),
                        str(tmp_path / "x.npy"), "--out", str(tmp_path)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert np.array_equal(np.load(tmp_path / "result.npy"), y)
