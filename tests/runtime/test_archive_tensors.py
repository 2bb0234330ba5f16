"""Tensor archives: the tensor corpus saved, loaded in Python and run by `pts-run` with .npy.

Every function of tests/lang/tensor_programs whose run lines compile natively is called in
process (native), saved with the signatures of those calls (value-specialized ones such as
`axis=0` included), loaded back with `pts.load` (the stored image, no LLVM) and run again,
then run with `pts-run`, tensor arguments as .npy files and tensor results read back from
`--out`.  The archive holds the host image (backend.link HOST_TARGET: compiled exactly as
the JIT compiles, for this CPU and its features), which both loaders run, so all three agree
bit for bit: arrays of the same dtype, shape and bytes, scalars of the same type and value,
the same arguments after the call, the same exception and message, the same printed text.
(On a host without host images — not x86-64 — the archive holds the baseline image, which
agrees with the in-process code as the corpus's native run does: ints exactly, floats
within tests/lang/test_tensor_programs.py's tolerances, since reductions may vectorize
differently.)  Run lines whose arguments pts-run cannot express (tuples or lists holding
arrays) are checked in Python only.

The programs are split in two: eight run in `make test`, the rest in `make test-all`
(slow: saving compiles every signature again).  Also here: pts-run's .npy arguments and
results (format versions, Fortran order, dtypes, errors) and entries specialized on argument
values (str, axis=) with defaults and keywords.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import pts
from pts.runtime import archive

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ptsbuild import ROOT, build_runtime, compile_c, have  # noqa: E402

LANG = ROOT / "tests" / "lang"
sys.path.insert(0, str(LANG))
import test_programs as tp  # noqa: E402
import test_tensor_programs as ttp  # noqa: E402

PATHS = ttp.program_paths()
# the image the archives here hold and the loaders run: the host image where there is one
TARGET = archive.native_targets()[0]
EXACT = TARGET == archive.HOST_TARGET
# in `make test`: errors, 0-d results, axis= specializations, matmul, views, loops, the
# small dtypes (uint8 images, float16, their numpy scalars); the rest of the corpus in
# `make test-all`
FAST_NAMES = ["attention.py", "broadcast_errors.py", "reshape_forms.py", "reduce_4d.py",
              "matmul_2d.py", "rnn_cell.py", "concatenate_forms.py", "max_pool2d.py",
              "fancy_mask_write.py", "fancy_int_read.py", "fancy_mask_errors.py",
              "dtype_uint8_image.py", "dtype_mask_fancy_uint8.py", "dtype_float16_arith.py",
              "dtype_numpy_scalars.py"]
FAST = [p for p in PATHS if p.name in FAST_NAMES]


@pytest.fixture(scope="module")
def pts_run():
    if not have("cc"):
        pytest.skip("needs a C compiler")
    return build_runtime() / "pts-run"


def same(a, b) -> bool:
    """Identical values: same types, arrays with the same dtype, shape and bytes."""
    if type(a) is not type(b):
        return False
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, np.ndarray):
        return a.dtype == b.dtype and a.shape == b.shape and \
            np.ascontiguousarray(a).tobytes() == np.ascontiguousarray(b).tobytes()
    if isinstance(a, (float, np.floating)):
        return np.asarray(a).tobytes() == np.asarray(b).tobytes()
    return a == b


def cli_arg(v, d: Path, k: list) -> str | None:
    """A pts-run argument for v: a literal, or a .npy file written to d; None if pts-run
    cannot express it."""
    if isinstance(v, np.ndarray):
        k[0] += 1
        path = d / f"arg{k[0]}.npy"
        np.save(path, v)
        return str(path)
    if isinstance(v, (bool, np.bool_)):
        return repr(bool(v))
    if isinstance(v, (int, np.integer)):
        return str(int(v))
    if isinstance(v, (float, np.floating)):
        return repr(float(v))
    if v is None:
        return "None"
    if isinstance(v, (tuple, list)):
        items = [cli_arg(x, d, k) for x in v]
        if any(i is None or i.endswith(".npy") for i in items):
            return None
        inner = ", ".join(items)
        if isinstance(v, tuple):
            return f"({inner}{',' if len(v) == 1 else ''})"
        return f"[{inner}]"
    return None


def printed(value, out_dir: Path, name: str = "result", top: bool = True) -> tuple[str, dict]:
    """What pts-run prints for a result, and the .npy files it writes (path -> array)."""
    files = {}
    if isinstance(value, np.ndarray):
        path = f"{out_dir}/{name}.npy"
        files[path] = value
        return (path if top else repr(path)), files
    if isinstance(value, tuple):
        parts = []
        for i, v in enumerate(value):
            text, f = printed(v, out_dir, f"{name}_{i}", False)
            parts.append(text)
            files.update(f)
        return "(" + ", ".join(parts) + ("," if len(value) == 1 else "") + ")", files
    return (str(value) if top else repr(value)), files


def check_program(path: Path, tmp_path: Path, pts_run) -> int:
    module = ttp.load_module(path)
    runs = ttp.parse_run_lines(path)
    by_func: dict[str, list] = {}
    for run in runs:
        by_func.setdefault(run.func_name, []).append(run)
    checked = 0
    for fname, fruns in by_func.items():
        fn = pts.script(getattr(module, fname))
        expected = []
        for run in fruns:
            out = tp.call_capturing(ttp.with_args_after(fn), run.args())
            # every program of the corpus compiles natively: a CompileError is a regression
            assert not isinstance(out.exc, (pts.CompileError, NotImplementedError)), \
                f"{path.name}:{run.lineno} {run.expr}: {out.exc!r}"
            expected.append((run, out))
        target = tmp_path / f"{path.stem}.{fname}.pts"
        archive.save(fn, str(target), targets=[TARGET])
        loaded = pts.load(target)
        assert not loaded.from_ir and loaded.image == TARGET
        for run, want in expected:
            where = f"{path.name}:{run.lineno} {run.expr}"
            got = tp.call_capturing(ttp.with_args_after(loaded), run.args())
            compare(where, run, want, got)
            check_pts_run(where, pts_run, target, loaded, run, got, tmp_path)
            checked += 1
    return checked


def compare(where, run, want, got):
    """pts.load's outcome against the in-process one: bit for bit (the host image), else
    with the corpus's tolerances (a baseline image)."""
    if want.exc is not None:
        assert type(got.exc) is type(want.exc), f"{where}: {got.exc!r} != {want.exc!r}"
        assert tp.first_line(got.exc) == tp.first_line(want.exc), where
    elif EXACT:
        assert got.exc is None, f"{where}: raised {got.exc!r}"
        for part, w, g in (("result", want.value[0], got.value[0]),
                           ("arguments", tuple(want.value[1]), tuple(got.value[1]))):
            assert same(w, g), (f"{where}: {part} differs in bits: "
                                f"{ttp.difference(w, g, run, part) or (w, g)}")
    else:
        assert got.exc is None, f"{where}: raised {got.exc!r}"
        d = ttp.difference(want.value[0], got.value[0], run)
        assert d is None, f"{where}: {d}"
        d = ttp.difference(tuple(want.value[1]), tuple(got.value[1]), run, "arguments")
        assert d is None, f"{where}: {d}"
    assert got.stdout == want.stdout, where


def check_pts_run(where, pts_run, target, loaded, run, want, tmp_path):
    """pts-run against pts.load's outcome `want`: bit for bit."""
    args = run.args()
    try:
        key = loaded.entry_key(*args)
    except TypeError:
        return
    rec = next(r for r in loaded.manifest["entries"] if r["key"] == key)
    consts = {c["index"] for c in rec.get("consts", [])}
    d = tmp_path / f"run{run.lineno}"
    d.mkdir(exist_ok=True)
    k = [0]
    cli = [cli_arg(a, d, k) for i, a in enumerate(args) if i not in consts]
    if any(c is None for c in cli):
        return                      # arrays inside tuples or lists: Python only
    if want.exc is None and isinstance(want.value[0], list) and \
            any(isinstance(v, np.ndarray) for v in want.value[0]):
        return                      # a list of arrays (np.split's): libpts cannot return it
    r = subprocess.run([str(pts_run), str(target), "--entry", key, *cli, "--out", str(d)],
                       capture_output=True, text=True, timeout=120)
    if want.exc is not None:
        assert r.returncode == 1, f"{where}: pts-run: rc {r.returncode} {r.stderr}"
        msg = tp.first_line(want.exc)
        last = r.stderr.rstrip("\n").splitlines()[-1]      # numpy's messages may end in " "
        kind = type(want.exc).__name__
        assert last == (f"{kind}: {msg}" if msg else kind), f"{where}: {last}"
        return
    assert r.returncode == 0, f"{where}: pts-run: rc {r.returncode} {r.stderr}"
    value = want.value[0]
    text, files = printed(value, d)
    expected_out = want.stdout + ("" if value is None else text + "\n")
    assert r.stdout == expected_out, f"{where}: pts-run printed {r.stdout!r}, expected {expected_out!r}"
    for p, arr in files.items():
        assert same(np.load(p), arr.copy(order="C")), f"{where}: {p} differs"


@pytest.mark.parametrize("path", FAST, ids=[p.name for p in FAST])
def test_tensor_program_archives(path, tmp_path, pts_run, monkeypatch):
    # (tests/lang/test_tensor_programs.py's interpreted runs verified this IR after every pass)
    monkeypatch.setenv("PTS_VERIFY", "0")
    assert check_program(path, tmp_path, pts_run), "no run line"


SLOW = [p for p in PATHS if p not in FAST]


@pytest.mark.slow
@pytest.mark.parametrize("path", SLOW, ids=[p.name for p in SLOW])
def test_tensor_program_archives_all(path, tmp_path, pts_run):
    assert check_program(path, tmp_path, pts_run), "no run line"


# ---------------------------------------------------------------- .npy in pts-run

TENSOR_SOURCE = '''
import numpy as np


def affine(x: np.ndarray, k: float) -> np.ndarray:
    return x * k + 1


def stats(x: np.ndarray):
    return x.sum(), x.T.copy(), x.shape[0], x[0]


def reduce(x: np.ndarray, mode: str = "sum", axis: int = 0) -> np.ndarray:
    if mode == "max":
        return x.max(axis=axis)
    return x.sum(axis=axis)
'''


@pytest.fixture(scope="module")
def tensor_archives(tmp_path_factory):
    import importlib.util
    d = tmp_path_factory.mktemp("npy")
    src = d / "npy_prog.py"
    src.write_text(TENSOR_SOURCE)
    spec = importlib.util.spec_from_file_location("pts_npy_prog", src)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    x64 = np.arange(6.0).reshape(2, 3)
    out = {"module": module, "dir": d}
    for name, examples in {"affine": [(x64, 2.0), (x64.astype(np.float32), 2.0),
                                      (np.arange(6).reshape(2, 3), 2.0)],
                           "stats": [(x64,)],
                           "reduce": [(x64,), (x64, "max", 1)]}.items():
        out[name] = d / f"{name}.pts"
        archive.save(pts.script(getattr(module, name)), str(out[name]), example_inputs=examples,
                     targets=[TARGET])
    return out


def test_npy_arguments_and_results(tensor_archives, pts_run, tmp_path):
    mod = tensor_archives["module"]
    loaded = pts.load(tensor_archives["stats"])
    x = np.arange(6.0).reshape(2, 3)
    want = loaded(x)
    xs = {
        "c.npy": x,
        "fortran.npy": np.asfortranarray(x),             # read as its strides, no copy
        "v2.npy": x,
        "v3.npy": x,
    }
    for name, arr in xs.items():
        path = tmp_path / name
        with open(path, "wb") as f:
            version = {"v2.npy": (2, 0), "v3.npy": (3, 0)}.get(name)
            np.lib.format.write_array(f, arr, version=version)
        r = subprocess.run([str(pts_run), str(tensor_archives["stats"]), str(path), "--out",
                            str(tmp_path)], capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, f"{name}: {r.stderr}"
        assert r.stdout == f"({want[0]!r}, '{tmp_path}/result_1.npy', 2, " \
                           f"'{tmp_path}/result_3.npy')\n", name
        assert same(np.load(tmp_path / "result_1.npy"), want[1])
        assert same(np.load(tmp_path / "result_3.npy"), want[3])
    for dtype in (np.float32, np.int64):                 # the entry is chosen by dtype
        np.save(tmp_path / "a.npy", x.astype(dtype))
        r = subprocess.run([str(pts_run), str(tensor_archives["affine"]), str(tmp_path / "a.npy"),
                            "0.5", "--out", str(tmp_path)], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        want = pts.script(mod.affine)(x.astype(dtype), 0.5)
        assert same(np.load(tmp_path / "result.npy"), want)


def test_npy_errors(tensor_archives, pts_run, tmp_path):
    target = str(tensor_archives["affine"])

    def run(*args):
        return subprocess.run([str(pts_run), target, *args, "--out", str(tmp_path)],
                              capture_output=True, text=True, timeout=60)
    np.save(tmp_path / "big.npy", np.arange(6.0).reshape(2, 3).astype(">f8"))
    r = run(str(tmp_path / "big.npy"), "1.0")
    assert r.returncode == 2 and "not a pts tensor dtype" in r.stderr
    np.save(tmp_path / "c8.npy", np.arange(6, dtype=np.complex64))
    r = run(str(tmp_path / "c8.npy"), "1.0")
    assert r.returncode == 2 and "'<c8' is not a pts tensor dtype" in r.stderr
    np.save(tmp_path / "u8.npy", np.arange(6, dtype=np.uint8).reshape(2, 3))   # no such entry
    r = run(str(tmp_path / "u8.npy"), "1.0")
    assert r.returncode == 2 and "no entry" in r.stderr
    good = (tmp_path / "u8.npy").read_bytes()
    for bad in (b"'|u9'", b"'|x1'", b"'|u1 '"):                          # corrupt descrs
        (tmp_path / "bad.npy").write_bytes(good.replace(b"'|u1'", bad))
        r = run(str(tmp_path / "bad.npy"), "1.0")
        assert r.returncode == 2 and "dtype" in r.stderr, (bad, r.stderr)
    (tmp_path / "trunc.npy").write_bytes((tmp_path / "big.npy").read_bytes()[:100])
    r = run(str(tmp_path / "trunc.npy"), "1.0")
    assert r.returncode == 2 and "truncated" in r.stderr
    (tmp_path / "text.npy").write_text("hello")
    assert "not a .npy file" in run(str(tmp_path / "text.npy"), "1.0").stderr
    assert "cannot open" in run(str(tmp_path / "missing.npy"), "1.0").stderr
    np.save(tmp_path / "r1.npy", np.arange(3.0))                   # rank 1: no entry
    r = run(str(tmp_path / "r1.npy"), "1.0")
    assert r.returncode == 2 and "no entry" in r.stderr
    r = subprocess.run([str(pts_run), target, "--list"], capture_output=True, text=True)
    assert "affine  (tensor<f64, 2>, f64) -> tensor<f64, 2>" in r.stdout
    assert "affine  (tensor<f32, 2>, f64) -> tensor<f32, 2>" in r.stdout
    assert "affine  (tensor<i64, 2>, f64) -> tensor<f64, 2>" in r.stdout


SMALL_DTYPES = ("int8", "int16", "uint8", "uint16", "uint32", "uint64", "float16")


def test_npy_small_dtypes(tensor_archives, pts_run, tmp_path):
    """.npy arguments and results of the small dtypes: read by their descr (|i1 <i2 |u1 <u2
    <u4 <u8 <f2, and the '<' spellings numpy accepts for bytes), computed as the in-process
    code computes them, written back with numpy's descr; their numpy scalars print as
    numpy prints them (np.float16(0.1) inside a tuple, 0.1 alone)."""
    mod = tensor_archives["module"]
    x = np.array([[1, 2, 250], [3, 100, 7]])
    examples = [(x.astype(dt), 3.0) for dt in SMALL_DTYPES]
    target = tmp_path / "affine_small.pts"
    archive.save(pts.script(mod.affine), str(target), example_inputs=examples, targets=[TARGET])
    stats = tmp_path / "stats_small.pts"
    archive.save(pts.script(mod.stats), str(stats), targets=[TARGET],
                 example_inputs=[(x.astype(dt),) for dt in SMALL_DTYPES])
    for dt in SMALL_DTYPES:
        a = x.astype(dt)
        np.save(tmp_path / "a.npy", a)
        r = subprocess.run([str(pts_run), str(target), str(tmp_path / "a.npy"), "3.0", "--out",
                            str(tmp_path)], capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, (dt, r.stderr)
        want = pts.script(mod.affine)(a, 3.0)
        assert same(np.load(tmp_path / "result.npy"), want), dt
        header = (tmp_path / "result.npy").read_bytes()[:80]
        assert repr(np.lib.format.dtype_to_descr(want.dtype)).encode() in header, dt
        r = subprocess.run([str(pts_run), str(stats), str(tmp_path / "a.npy"), "--out",
                            str(tmp_path)], capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, (dt, r.stderr)
        got = pts.script(mod.stats)(a)
        assert r.stdout == f"({got[0]!r}, '{tmp_path}/result_1.npy', 2, " \
                           f"'{tmp_path}/result_3.npy')\n", dt
        assert same(np.load(tmp_path / "result_3.npy"), got[3]), dt
    if TARGET == archive.HOST_TARGET:      # a float16 scalar result, alone and in a tuple
        h = tmp_path / "half.pts"

        def half_sum(v: np.ndarray):
            return v.sum()
        archive.save(pts.script(half_sum), str(h), targets=[TARGET],
                     example_inputs=[(np.ones(2, np.float16),)])
        for vals in ([0.1, 0.2], [1000.0, 24.0], [1e-5, 0.0], [65504.0, 100.0]):
            np.save(tmp_path / "h.npy", np.array(vals, dtype=np.float16))
            r = subprocess.run([str(pts_run), str(h), str(tmp_path / "h.npy")],
                               capture_output=True, text=True, timeout=60)
            assert r.stdout == str(np.array(vals, dtype=np.float16).sum()) + "\n", (vals, r.stdout)


def test_value_specialized_entries_and_defaults(tensor_archives, pts_run, tmp_path):
    """str and axis arguments specialize by value: each signature is an entry recording its
    values; pts.load matches them (defaults and keywords bound as Python binds them), the
    C side takes the other arguments and names the values in the key and signature."""
    f = pts.script(tensor_archives["module"].reduce)
    x = np.arange(6.0).reshape(2, 3)
    g = pts.load(tensor_archives["reduce"])
    assert sorted(g.signatures) == ["reduce(tensor<f64, 2>, mode='max', axis=1) -> tensor<f64, 1>",
                                    "reduce(tensor<f64, 2>, mode='sum', axis=0) -> tensor<f64, 1>"]
    for args, kwargs in (((x,), {}), ((x, "max", 1), {}), ((x,), {"axis": 1, "mode": "max"}),
                         ((x, "sum"), {})):
        assert same(g(*args, **kwargs), f(*args, **kwargs)), (args, kwargs)
    with pytest.raises(TypeError, match="no compiled signature"):
        g(x, "max", 0)
    with pytest.raises(TypeError, match="unexpected keyword"):
        g(x, how="max")
    key = g.entry_key(x, axis=1, mode="max")
    assert key == "reduce(tensor<f64, 2>, mode='max', axis=1)"
    np.save(tmp_path / "x.npy", x)
    r = subprocess.run([str(pts_run), str(tensor_archives["reduce"]), "--entry", key,
                        str(tmp_path / "x.npy"), "--out", str(tmp_path)], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    assert same(np.load(tmp_path / "result.npy"), f(x, "max", 1))
    r = subprocess.run([str(pts_run), str(tensor_archives["reduce"]), "--list"],
                       capture_output=True, text=True)
    assert "reduce  (tensor<f64, 2>) -> tensor<f64, 1>  [mode='max', axis=1]" in r.stdout
