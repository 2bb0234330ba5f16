"""The precompiled kernel library (backend.kernel_library): code compiled in this process
calls one gemm per machine instead of carrying its own, and the library's conv2d instead of
compiling it again; the disk cache's images import it and a fresh process maps it without
LLVM; a stale or damaged library file is ignored; archives never depend on it."""
import itertools
import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import pts
import pts.nn.functional as F
from pts import compiler
from pts.backend import jit, kernel_library, link
from pts.ir.types import F32, F64
from pts.runtime.archive import ArchiveError, Image, host_target, machine_of


@pytest.fixture
def small_corpus(monkeypatch):
    """A library built with the first of loop_corpus's models only (~3 s instead of ~30):
    for the tests of the library file's mechanics, not of its contents."""
    corpus = kernel_library.loop_corpus
    monkeypatch.setattr(kernel_library, "loop_corpus", lambda: itertools.islice(corpus(), 1))


def mm_bias(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    return a @ b + c


def batched(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a @ b


def args(dtype, m=37, k=300, n=45):
    rng = np.random.default_rng(3)
    return (rng.standard_normal((m, k)).astype(dtype), rng.standard_normal((k, n)).astype(dtype),
            rng.standard_normal(n).astype(dtype))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_in_process_matmul_uses_the_library(dtype, monkeypatch):
    """The JIT's module calls pts_lib.gemm.*; results as numpy's (and as an archive's:
    tests/runtime/test_archive_tensors.py compares those bit for bit)."""
    monkeypatch.setenv("PTS_CACHE", "0")
    a, b, c = args(dtype)
    got = pts.script(mm_bias)(a, b, c)
    np.testing.assert_allclose(got, a @ b + c, rtol=1e-4 if dtype == np.float32 else 1e-12,
                               atol=1e-4 if dtype == np.float32 else 1e-12)
    from pts.backend.codegen import generate
    module = compiler.compile(mm_bias, pts.script(mm_bias).signature((a, b, c))).module
    mc = generate(module, jit.host_triple(), str(jit.target_machine().target_data), library=True)
    assert mc.library_used and "define internal void @\"pts.gemm" not in str(mc.m)
    assert f"declare void @\"{kernel_library.symbol('f32' if dtype == np.float32 else 'f64', 'par')}\"" in str(mc.m)


def copies(x: np.ndarray, y: np.ndarray, z: np.ndarray) -> np.ndarray:
    t = x.T.reshape(-1)                 # a copy of rank 2 (float32 to float32)
    y[1:3] = z                          # slice assignment: int64 rank 2
    return t + y.reshape(-1)[:t.shape[0]].astype(np.float32)


def test_common_copy_loops_come_from_the_library(monkeypatch):
    """Copies of one float dtype to itself (rank <= 6), of ints and bools (rank <= 2) and
    between float32 and float64 (rank <= 2) call pts_lib.copy.*; others stay the module's."""
    monkeypatch.setenv("PTS_CACHE", "0")
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    y, z = np.arange(20).reshape(5, 4), np.full((2, 4), 7)
    want = copies(x, y.copy(), z)
    np.testing.assert_array_equal(pts.script(copies)(x, y, z), want)
    from pts.backend.codegen import generate
    module = compiler.compile(copies, pts.script(copies).signature((x, y, z))).module
    text = str(generate(module, jit.host_triple(), str(jit.target_machine().target_data),
                        library=True).m)
    assert '@"pts_lib.copy.float32.float32.r2"' in text
    assert '@"pts_lib.copy.int64.int64.r2"' in text
    assert 'define internal void @"pts.copy.float32.float32' not in text
    assert 'define internal void @"pts.copy.int64.float32.r1"' in text    # not in the library


def test_batched_matmul_workspace_from_the_library(monkeypatch):
    monkeypatch.setenv("PTS_CACHE", "0")
    rng = np.random.default_rng(4)
    a = rng.standard_normal((5, 20, 33)).astype(np.float32)
    b = rng.standard_normal((5, 33, 17)).astype(np.float32)
    np.testing.assert_allclose(pts.script(batched)(a, b), a @ b, rtol=1e-4, atol=1e-4)


RUNNER = """\
import json, sys
sys.path.insert(0, {dir!r})
import numpy as np
import pts
import prog
rng = np.random.default_rng(5)
a = rng.standard_normal((40, 70)).astype(np.float32)
b = rng.standard_normal((70, 30)).astype(np.float32)
got = prog.f(a, b)
from pts.cache import STATS, compiler_fingerprint
print(json.dumps({{"ok": bool(np.allclose(got, a @ b, rtol=1e-4, atol=1e-4)), "stats": STATS,
                  "compiler": compiler_fingerprint(), "llvmlite": "llvmlite" in sys.modules}}))
"""


def fresh_processes(runner: str, tmp_path, envs: list[dict]) -> list[dict]:
    """`runner` (formatted with tmp_path, where prog.py is) run by one fresh process per
    entry of envs (extra environment variables), in order, with the disk cache in
    tmp_path/cache and tier 2 only: the JSON each printed last.  Skips the test when pts's
    sources changed between the runs."""
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PTS_CACHE_DIR=str(tmp_path / "cache"),
               PTS_TIER="opt")
    env.pop("PTS_CACHE", None)
    outs = []
    for extra in envs:
        r = subprocess.run([sys.executable, "-c", runner.format(dir=str(tmp_path))],
                           capture_output=True, text=True, timeout=120, env=dict(env, **extra))
        assert r.returncode == 0, r.stderr
        outs.append(json.loads(r.stdout.strip().splitlines()[-1]))
    if len({o["compiler"] for o in outs}) != 1:
        pytest.skip("the pts sources changed during the test")
    return outs


def test_cached_matmul_maps_the_library_without_llvm(tmp_path, monkeypatch):
    """The disk cache saves a matmul as an image that imports the library; a fresh process
    maps both, with no LLVM (and, without preloading, no llvmlite) when `make` has written
    stdlib/kernels.img for this compiler and host."""
    assert kernel_library._read_precompiled() is not None, \
        "no precompiled kernel library for this compiler: `make test` writes it"
    (tmp_path / "prog.py").write_text(textwrap.dedent("""\
        import numpy as np
        import pts

        @pts.script
        def f(a: np.ndarray, b: np.ndarray) -> np.ndarray:
            return a @ b
        """))
    outs = fresh_processes(RUNNER, tmp_path, [{"PTS_PRELOAD": "1"}, {"PTS_PRELOAD": "0"}])
    assert [o["ok"] for o in outs] == [True, True]
    assert outs[0]["stats"]["llvm_compiles"] == 1
    assert outs[1]["stats"]["llvm_compiles"] == 0 and outs[1]["stats"]["cache_loads"] == 1
    assert not outs[1]["llvmlite"]
    assert list((tmp_path / "cache" / "code").glob("*.img"))


@pytest.mark.slow           # (compiles the kernel library: ~40 s each; make test-all)
@pytest.mark.parametrize("damage", ["missing", "garbage", "other compiler", "truncated"])
def test_stale_or_damaged_library_file_is_ignored(damage, tmp_path, monkeypatch,
                                                  small_corpus):
    path = tmp_path / "kernels.img"
    monkeypatch.setattr(kernel_library, "precompiled_path", lambda: str(path))
    if damage != "missing":
        kernel_library.write_precompiled(str(path))
        assert kernel_library._read_precompiled() is not None      # as written: valid
        data = path.read_bytes()
        if damage == "garbage":
            data = b"\x00" * len(data)
        elif damage == "other compiler":
            data = data.replace(b'"fingerprint": "', b'"fingerprint": "x', 1)
        else:
            data = data[:len(data) // 2]
        path.write_bytes(data)
    found = kernel_library._read_precompiled()
    if damage == "truncated" and found is not None:
        # the header still matches: the image itself is cut, and mapping it fails
        with pytest.raises(ArchiveError):
            Image(found[0], machine_of(host_target()))
    else:
        assert found is None


def test_archives_never_import_the_library(monkeypatch):
    """An image that imports pts_lib.* is the disk cache's alone: archive linking refuses
    the name, and the archive loader refuses such an image."""
    monkeypatch.setenv("PTS_CACHE", "0")
    a, b, c = args(np.float32)
    module = compiler.compile(mm_bias, pts.script(mm_bias).signature((a, b, c))).module
    kind, code, _symbols, _release = jit.compile_image(module, "pts_libtest")
    assert kind == "image"
    with pytest.raises(ArchiveError, match="pts_lib"):
        Image(code, machine_of(host_target()))             # as pts.load maps an archive
    Image(code, machine_of(host_target()), library=kernel_library.address)   # as the disk cache
    with pytest.raises(link.LinkError, match="pts_lib"):
        tm = jit.image_target_machine()
        import llvmlite.binding as llvm
        from pts.backend.codegen import generate
        mc = generate(module, jit.host_triple(), str(tm.target_data), prefix="pts_x",
                      library=True)
        llmod = llvm.parse_assembly(str(mc.m))
        link.link(tm.emit_object(llmod), {}, [])


@pytest.mark.slow           # (compiles the kernel library: ~40 s each; make test-all)
def test_a_library_compiled_here_is_left_in_the_disk_cache(tmp_path, monkeypatch,
                                                            small_corpus):
    """Without a usable set-up file the library is compiled once and saved in the disk
    cache, where the next process maps it instead of compiling it again."""
    monkeypatch.setattr(kernel_library, "precompiled_path", lambda: str(tmp_path / "none.img"))
    monkeypatch.setenv("PTS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("PTS_CACHE", raising=False)
    monkeypatch.setattr(kernel_library, "_loaded", {})
    first = kernel_library.addresses()
    saved = tmp_path / "cache" / "code" / "kernels.img"
    assert kernel_library._read_precompiled(str(saved)) is not None
    monkeypatch.setattr(kernel_library, "_loaded", {})          # as a new process
    monkeypatch.setattr(kernel_library, "build_image", lambda: pytest.fail("compiled again"))
    loops = set(kernel_library.loops().values())
    kernels = set(kernel_library.kernels().values())
    assert loops and kernels and set(kernel_library.addresses()) == set(first) == \
        set(kernel_library.symbols()) | loops | kernels


# ---------------------------------------------------------------- precompiled library functions

# two calls of conv2d: called once, the IR passes inline it (and the library's copy is not
# used: the module compiles the inlined code)
def conv(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    return F.conv2d(F.conv2d(x, w, b, 1, 1), w, b, 1, 1)


def conv_relu(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    y = np.maximum(F.conv2d(x, w, b, 2, 0), 0.0)
    return np.maximum(F.conv2d(y, w, b, 1, 2, 2), 0.0)


def conv_args(dtype, wdtype=None):
    rng = np.random.default_rng(6)
    return (rng.standard_normal((3, 4, 9, 8)).astype(dtype),
            rng.standard_normal((4, 4, 3, 3)).astype(wdtype or dtype),
            rng.standard_normal(4).astype(wdtype or dtype))


def llvm_module(fn, fn_args):
    from pts.backend.codegen import generate
    module = compiler.compile(fn, pts.script(fn).signature(fn_args)).module
    return generate(module, jit.host_triple(), str(jit.target_machine().target_data),
                    library=True)


@pytest.mark.parametrize("fn", [conv, conv_relu])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_conv2d_comes_from_the_library(fn, dtype, monkeypatch):
    """A scripted function's conv2d calls the library's compiled copy (its kernels are not
    generated either); results as the eager function's, and as the interpreter's."""
    monkeypatch.setenv("PTS_CACHE", "0")
    x, w, b = conv_args(dtype)
    got = pts.script(fn)(x, w, b)
    tol = 1e-4 if dtype == np.float32 else 1e-12
    np.testing.assert_allclose(got, fn(x, w, b), rtol=tol, atol=tol)
    np.testing.assert_allclose(got, pts.script(fn, backend="interp")(x, w, b), rtol=tol, atol=tol)
    mc = llvm_module(fn, (x, w, b))
    sym = kernel_library.spec_symbol("conv2d", F32 if dtype == np.float32 else F64)
    text = str(mc.m)
    assert mc.library_used and f'declare {{i32, {{ptr, ptr, [4 x i64], [4 x i64]}}}} @"{sym}"' in text
    # conv2d's own fused kernels are the library's too: none is generated in the module
    assert mc.skipped and all(k.startswith("conv2d.k") for k in mc.skipped)
    assert not any(f'"pts.{k}' in text for k in mc.skipped)


def test_other_conv2d_code_is_compiled_in_the_module(monkeypatch):
    """conv2d of other types (float32 input, float64 weight), or whose code is not the
    library's (its key differs: another nn.py, or PTS_FUSION=0's IR), is the module's own."""
    monkeypatch.setenv("PTS_CACHE", "0")
    x, w, b = conv_args(np.float32, np.float64)
    np.testing.assert_allclose(pts.script(conv)(x, w, b), conv(x, w, b), rtol=1e-6, atol=1e-6)
    mc = llvm_module(conv, (x, w, b))
    assert not mc.skipped and 'define internal fastcc' in str(mc.m) and "pts_lib.nn" not in str(mc.m)
    x, w, b = conv_args(np.float32)
    table = {sym: dict(entry, key="0" * 64) for sym, entry in kernel_library.specs().items()}
    monkeypatch.setattr(kernel_library, "specs", lambda: table)
    mc = llvm_module(conv, (x, w, b))
    assert not mc.skipped and "pts_lib.nn" not in str(mc.m)


def test_errors_raised_in_the_librarys_conv2d(monkeypatch):
    """The library's code raises as the module's would: the exception, its message, and the
    user's line that called the library (as CPython names the caller of a builtin)."""
    monkeypatch.setenv("PTS_CACHE", "0")
    x, w, b = conv_args(np.float32)
    x = x[:, :3]                                    # 3 channels against the weight's 4
    errors = []
    for backend in ("native", "interp"):
        with pytest.raises(ValueError) as info:
            pts.script(conv, backend=backend)(x, w, b)
        errors.append(str(info.value))
    assert errors[0] == errors[1]
    assert "conv2d: input channels do not match the weight" in errors[0]
    assert "test_kernel_library.py" in errors[0] and "nn.py" not in errors[0]


@pytest.mark.slow           # (compiles the kernel library: ~40 s each; make test-all)
def test_a_library_compiled_for_a_compile_gets_the_default_options(tmp_path, monkeypatch,
                                                                  small_corpus):
    """Without a usable library file, the first tensor compile compiles the library before it
    takes codegen_for (whose process-wide LLVM options are for tensor modules' code, not the
    gemm's)."""
    monkeypatch.setattr(kernel_library, "precompiled_path", lambda: str(tmp_path / "none.img"))
    monkeypatch.setenv("PTS_CACHE", "0")
    monkeypatch.setenv("PTS_TIER", "opt")
    monkeypatch.setattr(kernel_library, "_loaded", {})
    build, seen = kernel_library.build_image, []

    def watched():
        seen.append(jit._codegen_lock.locked())
        return build()
    monkeypatch.setattr(kernel_library, "build_image", watched)
    a, b, c = args(np.float32)
    np.testing.assert_allclose(pts.script(mm_bias)(a, b, c), a @ b + c, rtol=1e-4, atol=1e-4)
    assert seen == [False]


CONV_RUNNER = """\
import json, sys
sys.path.insert(0, {dir!r})
import numpy as np
import pts
import prog
rng = np.random.default_rng(5)
x = rng.standard_normal((2, 4, 9, 8)).astype(np.float32)
w = rng.standard_normal((4, 4, 3, 3)).astype(np.float32)
b = rng.standard_normal(4).astype(np.float32)
got = prog.f(x, w, b)
want = pts.script(prog.f.py_func, backend="interp")(x, w, b)
from pts.cache import STATS, compiler_fingerprint
print(json.dumps({{"ok": bool(np.allclose(got, want, rtol=1e-5, atol=1e-5)), "stats": STATS,
                  "compiler": compiler_fingerprint()}}))
"""


def cached_image_imports(tmp_path, prog: str, symbol: bytes) -> None:
    """prog's `f`, run by two fresh processes with the disk cache (CONV_RUNNER): both get
    the interpreter's results, the second maps the image the first saved, which imports
    `symbol` from the library."""
    assert kernel_library._read_precompiled() is not None, \
        "no precompiled kernel library for this compiler: `make test` writes it"
    (tmp_path / "prog.py").write_text(textwrap.dedent(prog))
    outs = fresh_processes(CONV_RUNNER, tmp_path, [{}, {}])
    assert [o["ok"] for o in outs] == [True, True]
    assert outs[1]["stats"]["cache_loads"] == 1 and outs[1]["stats"]["llvm_compiles"] == 0
    images = [p.read_bytes() for p in (tmp_path / "cache" / "code").glob("*.img")
              if p.name != "kernels.img"]
    assert any(symbol in image for image in images)


def test_cached_code_calls_the_librarys_conv2d(tmp_path):
    """The disk cache's image of a function whose conv2d is the library's imports it by
    name; a fresh process maps both and gets the interpreter's results."""
    cached_image_imports(tmp_path, """\
        import numpy as np
        import pts
        import pts.nn.functional as F

        @pts.script
        def f(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
            return F.conv2d(F.conv2d(x, w, b, 1, 1), w, b, 1, 1)
        """, b"pts_lib.nn.conv2d.float32")


# ---------------------------------------------------------------- fused kernels and their loops

def tier2(monkeypatch, model, x, library: bool = True):
    """(model(x) compiled by tier 2 in this process, its ModuleCodegen); `library`: False
    as if the library had no fused kernels and loops."""
    monkeypatch.setenv("PTS_CACHE", "0")
    monkeypatch.setenv("PTS_TIER", "opt")
    if not library:
        monkeypatch.setattr(kernel_library, "kernels", dict)
        monkeypatch.setattr(kernel_library, "loops", dict)
    seen = {}
    generate = jit._generate

    def recording(*a, **k):
        seen["tm"], seen["mc"] = out = generate(*a, **k)
        return out
    monkeypatch.setattr(jit, "_generate", recording)
    got = pts.script(model, backend="native")(x)
    monkeypatch.undo()
    return got, seen["mc"]


def stack(name: str, dt):
    import pts.nn as nn
    pts.manual_seed(1)
    if name == "conv-bn-relu":
        return nn.Sequential(nn.Conv2d(3, 5, 3, padding=1, dtype=dt), nn.BatchNorm2d(5, dtype=dt),
                             nn.ReLU()).eval(), (2, 3, 7, 6)
    if name == "conv-bn-gelu (training)":
        return nn.Sequential(nn.Conv2d(3, 5, 3, padding=1, dtype=dt), nn.BatchNorm2d(5, dtype=dt),
                             nn.GELU()).train(), (2, 3, 7, 6)
    if name == "linear-layernorm-tanh":
        return nn.Sequential(nn.Linear(6, 9, dtype=dt), nn.LayerNorm(9, dtype=dt),
                             nn.Tanh()).eval(), (2, 5, 6)
    return nn.Sequential(nn.Linear(6, 9, dtype=dt), nn.ReLU(), nn.Linear(9, 4, dtype=dt),
                         nn.LogSoftmax(dim=1)).eval(), (5, 6)


@pytest.mark.parametrize("name", ["conv-bn-relu", "conv-bn-gelu (training)",
                                  "linear-layernorm-tanh", "linear-relu-linear-logsoftmax"])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_stdlib_layers_kernels_come_from_the_library(name, dtype, monkeypatch):
    """Stacks of stdlib layers (kernel_library.loop_corpus) call the library's fused
    kernels — the code that runs them, their loops and their fallbacks: the module generates
    none of it.  Results bit for bit those of the module compiling its own kernels."""
    model, shape = stack(name, dtype)
    x = np.random.default_rng(2).standard_normal(shape).astype(dtype)
    got, mc = tier2(monkeypatch, model, x)
    kernels = kernel_library.kernel_sites(mc.irmod)
    assert kernels and all(mc.precompiled_symbols.get(k, "").startswith("pts_lib.kernel.")
                           for k in kernels)
    text = str(mc.m)
    assert ".run\"(" not in text and ".rows\"(" not in text and ".flat\"(" not in text
    own, mc = tier2(monkeypatch, model, x, library=False)
    assert not mc.precompiled_symbols.keys() & kernels.keys()
    np.testing.assert_array_equal(got, own)
    tol = 1e-4 if dtype == np.float32 else 1e-10
    np.testing.assert_allclose(got, model(x), rtol=tol, atol=tol)


def test_errors_raised_in_a_library_kernel(monkeypatch):
    """A library kernel's fallback raises as the module's own would: a layer norm's weight
    of 9 elements against a linear layer's 8 outputs (the exception, its message and the
    line of stdlib/nn.py; layer_norm checks normalized_shape, not the weight's shape)."""
    import pts.nn as nn
    model = nn.Sequential(nn.Linear(6, 8), nn.LayerNorm(8), nn.Tanh()).eval()
    model[1].weight = np.ones(9, np.float32)
    x = np.ones((2, 5, 6), np.float32)
    errors = []
    for library in (True, False):
        with pytest.raises(ValueError) as info:
            tier2(monkeypatch, model, x, library)
        errors.append(str(info.value))
    with pytest.raises(ValueError) as info:
        pts.script(model, backend="interp")(x)
    assert errors == [str(info.value)] * 2
    assert "could not be broadcast together with shapes (2,5,8) (9,)" in errors[0]
    assert "nn.py" in errors[0]


def test_a_library_kernel_called_elsewhere_keeps_the_librarys_loops(monkeypatch):
    """log_softmax called from a function of the user's: the code that runs the kernel names
    that function in its errors, so it is the module's own; its loop is the library's
    (kernel_library.loop_key: the same code).  Nothing is left to optimize."""
    def predict(x: np.ndarray) -> np.ndarray:
        return F.log_softmax(x, 1)
    x = np.random.default_rng(4).standard_normal((7, 10)).astype(np.float32)
    got, mc = tier2(monkeypatch, predict, x)
    early = mc.declared_hook
    assert not mc.precompiled_symbols and list(early.library) == ["predict.k0.rows"]
    assert early.library["predict.k0.rows"].startswith("pts_lib.loop.") and not early.started
    np.testing.assert_allclose(got, x - np.log(np.exp(x).sum(1, keepdims=True)), rtol=1e-5,
                               atol=1e-5)


def test_a_small_module_calls_the_librarys_loops(monkeypatch):
    """leaky_relu called from a function: a module small enough to be compiled whole (no
    Split), whose loops are the library's, called by the library's names."""
    def act(x: np.ndarray) -> np.ndarray:
        return F.leaky_relu(x)
    x = np.random.default_rng(9).standard_normal((5, 7))
    split = []
    of = jit.Split.of.__func__
    monkeypatch.setattr(jit.Split, "of", classmethod(
        lambda cls, *a: split.append(of(cls, *a)) or split[-1]))
    got, mc = tier2(monkeypatch, act, x)
    assert split == [None] and sorted(mc.declared_hook.library) == ["act.k0.flat", "act.k0.rows"]
    np.testing.assert_array_equal(got, np.where(x > 0, x, x * 0.01))


def test_cached_code_calls_the_librarys_kernels(tmp_path):
    """The same for a kernel of the library's (log_softmax called by a function named
    `forward`, as in a model: the same code and call site)."""
    cached_image_imports(tmp_path, """\
        import numpy as np
        import pts
        import pts.nn.functional as F

        @pts.script
        def forward(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
            return F.log_softmax(x.reshape(x.shape[0], -1), 1)

        f = forward
        """, b"pts_lib.kernel.")
