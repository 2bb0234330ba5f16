"""`.pts` archives: pts.save / pts.load and pts-run agree with in-process native code.

Every function of tests/lang/programs whose run lines pass scalars, tuples or lists of
scalars is called in process (native), saved with those signatures (the host image: the
JIT's code for this CPU), loaded back (`pts.load`: the stored image, no LLVM) and run again,
then run with `pts-run`: same result (floats compared by repr, bit for bit), same exception
kind and message, same printed text.  The rest checks the container: stored aligned entries
that `unzip -l` lists, the manifest, version checks, the choice of image (the host image
when this CPU has every feature it requires, else the baseline; the JIT and the host image
compiled for the same features), the IR fallback and the `pts compile` / `pts inspect`
commands.
"""
from __future__ import annotations

import ast
import contextlib
import importlib.util
import inspect
import io
import json
import math
import shutil
import struct
import os
import subprocess
import sys
import textwrap
import warnings
import zipfile
from pathlib import Path

import pytest

import pts
from pts.runtime import archive, archive_read

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ptsbuild import ROOT, build_runtime  # noqa: E402

PROGRAMS = ROOT / "tests" / "lang" / "programs"
INT64 = (-(1 << 63), (1 << 63) - 1)
TARGET = archive.native_targets()[0]         # the host image where there is one


# ---------------------------------------------------------------- the lang programs

def run_calls(path: Path) -> list[tuple[str, tuple]]:
    """(function name, args) of each `# run:` line (markers after two spaces and # dropped)."""
    calls = []
    for line in path.read_text().splitlines():
        s = line.strip()
        if not s.startswith("# run:"):
            continue
        node = ast.parse(s[len("# run:"):].split("  #")[0].strip(), mode="eval").body
        args = []
        for a in node.args:
            try:
                args.append(ast.literal_eval(a))
            except ValueError:
                args.append(eval(compile(ast.Expression(a), "<arg>", "eval"),
                                 {"__builtins__": {}}, {"math": math}))
        calls.append((node.func.id, tuple(args)))
    return calls


def archivable(v) -> bool:
    if isinstance(v, bool) or isinstance(v, float) or v is None:
        return True
    if isinstance(v, str):          # as pts-run reads them: quoted, no escapes
        return "\\" not in repr(v) and not ("'" in v and '"' in v)
    if isinstance(v, int):
        return INT64[0] <= v <= INT64[1]
    if isinstance(v, tuple):
        return all(archivable(x) for x in v)
    if isinstance(v, list):
        return bool(v) and all(type(x) in (int, float, bool) and archivable(x) for x in v)
    return False


def load_program(path: Path):
    name = f"pts_lang_program_{path.stem}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def outcome(fn, args):
    """(value, exception, stdout) of a call."""
    buf = io.StringIO()
    value = exc = None
    with contextlib.redirect_stdout(buf):
        try:
            value = fn(*args)
        except Exception as e:          # noqa: BLE001 - compared below
            exc = e
    return value, exc, buf.getvalue()


def first_line(e: BaseException) -> str:
    return getattr(e, "pts_message", str(e)).split("\n")[0]


def same(a, b) -> bool:
    """Equal values of identical types; floats by repr (bit for bit, nan == nan)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, float):
        return repr(a) == repr(b)
    return a == b


def literal(v) -> str:
    """An argument as pts-run reads it (Python literal syntax)."""
    if isinstance(v, tuple):
        return "(" + ", ".join(literal(x) for x in v) + ("," if len(v) == 1 else "") + ")"
    if isinstance(v, list):
        return "[" + ", ".join(literal(x) for x in v) + "]"
    if isinstance(v, str):
        return f"'{v}'" if "'" not in v else f'"{v}"'
    return repr(v)


def full_args(pyfunc, args: tuple) -> tuple:
    """Arguments with defaults filled in (archives store the signatures compiled)."""
    bound = inspect.signature(pyfunc).bind(*args)
    bound.apply_defaults()
    return tuple(bound.args)


# entries with keyword-only or *args parameters: pts.load binds them (tested with the
# loader in test_functions_archive.py); pts-run takes one value per compiled parameter
# (a tuple for *args), which this harness's argument lists do not spell yet
_PER_PARAMETER = {"args_entry_kwonly.py", "args_kwonly.py", "args_star.py"}
# programs sharing a module-level list, dict or set with Python (global_shared_*): pts.load
# holds their state, pts-run refuses such an entry by name (tests/lang/test_global_shared.py
# runs them through archives; the harness below compares every run line with pts-run)
# programs whose entries share an *object* with Python (a class attribute or a rebound
# module name holding one): an archive's manifest cannot hold the object, so pts.save
# refuses them by name (test_save_refuses_shared_objects)
_SHARES_OBJECTS = {"class_attribute_object.py", "class_global_object_rebound.py",
                   "class_dunder_class_attr.py"}
PROGRAM_FILES = [p for p in sorted(PROGRAMS.glob("*.py"))
                 if p.name not in _PER_PARAMETER | _SHARES_OBJECTS
                 and not p.name.startswith("global_shared_")]


@pytest.mark.parametrize("name", sorted(_SHARES_OBJECTS))
def test_save_refuses_shared_objects(name, tmp_path):
    path = PROGRAMS / name
    module = load_program(path)
    fname, args = run_calls(path)[0]
    fn = pts.script(getattr(module, fname))
    outcome(fn, copy_args(args))
    with pytest.raises(pts.CompileError, match="cannot be stored"):
        archive.save(fn, str(tmp_path / "x.pts"), targets=[TARGET])


# make test saves and runs every object program (classes, records) and every fourth other
# one (spread over the corpus by name); make test-all all of them
def _fast_archive(k: int, path: Path) -> bool:
    return path.stem.startswith(("class_", "record", "dataclass", "namedtuple", "rectuple")) \
        or k % 4 == 0


PROGRAM_PARAMS = [pytest.param(p, id=p.name, marks=() if _fast_archive(k, p) else pytest.mark.slow)
                  for k, p in enumerate(PROGRAM_FILES)]


@pytest.fixture(scope="module")
def pts_run():
    return build_runtime() / "pts-run"


@pytest.mark.parametrize("path", PROGRAM_PARAMS)
def test_lang_program_archives(path, tmp_path, pts_run, monkeypatch):
    # (tests/lang/test_programs.py's interpreted runs verified this IR after every pass)
    monkeypatch.setenv("PTS_VERIFY", "0")
    module = load_program(path)
    by_func: dict[str, list[tuple]] = {}
    for name, args in run_calls(path):
        if all(archivable(a) for a in args):
            by_func.setdefault(name, []).append(args)
    # (a list of strings has no pts-run spelling: a program passing only those is run by
    # tests/lang three ways, and through archives by tests/runtime/test_strings_archive.py)
    # (nor have dicts and sets: C receives them as results only, docs/language.md; nor has a
    # list of lists or tuples: tests/runtime/test_lists_archive.py runs those)
    assert by_func or all(any((isinstance(a, list) and (not a or any(isinstance(x, (str, list, tuple))
                                                                     for x in a)))
                              or isinstance(a, (dict, set)) for a in args)
                          for _, args in run_calls(path)), \
        "no run line passes only scalars, strings, tuples and lists"
    for name, calls in by_func.items():
        pyfunc = getattr(module, name)
        fn = pts.script(pyfunc)
        expected = []
        for args in calls:
            value, exc, out = outcome(fn, copy_args(args))
            # every program of the corpus compiles natively: a CompileError is a regression
            # (and so is pts's NotImplementedError, where CPython raises none itself)
            assert not isinstance(exc, pts.CompileError) and not (
                isinstance(exc, NotImplementedError) and not isinstance(
                    outcome(pyfunc, copy_args(args))[1], NotImplementedError)), \
                f"{path.name}: {name}{args}: {exc!r}"
            expected.append((full_args(pyfunc, args), value, exc, out))
        target = tmp_path / f"{name}.pts"
        archive.save(fn, str(target), targets=[TARGET])  # aarch64: test_c_loader.py
        loaded = pts.load(target)
        assert not loaded.from_ir and loaded.image == TARGET
        for args, value, exc, out in expected:
            got, gexc, gout = outcome(loaded, copy_args(args))
            where = f"{path.name}: {name}{args}"
            if exc is not None:
                assert type(gexc) is type(exc), f"{where}: {gexc!r} != {exc!r}"
                assert first_line(gexc) == first_line(exc), where
            else:
                assert gexc is None, f"{where}: raised {gexc!r}"
                assert same(got, value), f"{where}: {got!r} != {value!r}"
            assert gout == out, where
            check_pts_run(pts_run, target, name, args, value, exc, out, where, pyfunc)


def copy_args(args):
    import copy                 # (deep: a call may change a list nested in an argument)
    return copy.deepcopy(tuple(args))


def check_pts_run(pts_run, archive_path, name, args, value, exc, out, where, pyfunc=None):
    r = subprocess.run([str(pts_run), str(archive_path), "--entry", name,
                        *[literal(a) for a in args]], capture_output=True, text=True, timeout=60)
    if r.returncode == 2 and any(why in r.stderr for why in (
            "takes or returns objects of user classes",        # (issue 31 [K]: classes)
            "shares module-level state with Python")):   # (random, global, global_shared_*)
        # an entry libpts cannot run: refused by name (pts.load above ran it)
        assert f"{name}(" in r.stderr, f"{where}: {r.stderr}"
        return
    if r.returncode == 2 and "no entry named" in r.stderr and pyfunc is not None:
        # an entry specialized on a string (one it passes on or compares with a literal)
        # takes the other arguments only; its signature shows the value
        if sum(line.startswith(f"  {name}  ") for line in r.stderr.splitlines()) > 1:
            return   # entries that differ only in the string they fold in: C cannot choose
        names = list(inspect.signature(pyfunc).parameters)
        kept = [a for n, a in zip(names, args)
                if not (isinstance(a, str) and f"{n}={a!r}" in r.stderr)]
        r = subprocess.run([str(pts_run), str(archive_path), "--entry", name,
                            *[literal(a) for a in kept]], capture_output=True, text=True,
                           timeout=60)
    if r.returncode == 1 and "RuntimeError: libpts cannot run 'str." in r.stderr:
        return       # a string op libpts names as not run without Python (docs/language.md)
    if r.returncode == 2 and "libpts passes lists of bools, ints, floats and strings only" in r.stderr:
        return       # a list of lists/tuples/... as an argument or result (docs/language.md)
    if exc is not None:
        assert r.returncode == 1, f"{where}: pts-run: rc {r.returncode} {r.stderr}"
        msg = first_line(exc)
        last = r.stderr.strip().splitlines()[-1]
        assert last == (f"{type(exc).__name__}: {msg}" if msg else type(exc).__name__), where
        assert 'File "' in r.stderr and ", line " in r.stderr, where
        assert r.stdout == out, where
    else:
        assert r.returncode == 0, f"{where}: pts-run: rc {r.returncode} {r.stderr}"
        if isinstance(value, set) and len(value) > 1:
            # (a set prints in its own order: pts's is insertion order, CPython's the hash's)
            assert r.stdout.startswith(out), where
            shown = r.stdout[len(out):].strip()
            assert shown[0] + shown[-1] == "{}", where
            assert sorted(shown[1:-1].split(", ")) == sorted(repr(x) for x in value), where
            return
        assert r.stdout == out + ("" if value is None else f"{value}\n"), where


# ---------------------------------------------------------------- the container

@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    d = tmp_path_factory.mktemp("sample")
    src = d / "sample_prog.py"
    src.write_text(textwrap.dedent("""\
        import math

        def gcd(a: int, b: int) -> int:
            while b != 0:
                a, b = b, a % b
            return a

        def mix(x: float, n: int) -> float:
            s = 0.0
            for i in range(n):
                s += math.sin(x * i) + x % 0.3 + math.floor(x) + x ** 1.5
            print("mix", x, n, [1.5, 2.0], True)
            return s / 7.0

        def boom(n: int) -> int:
            return 10 // n
        """))
    module = load_program(src)
    return d, src, module


@pytest.mark.all_targets
def test_save_layout(sample, tmp_path):
    d, src, module = sample
    gcd = pts.script(module.gcd)
    assert gcd(1071, 462) == 21
    target = tmp_path / "gcd.pts"
    pts.save(gcd, target, example_inputs=[(10, 4)])
    with zipfile.ZipFile(target) as z:
        names = z.namelist()
        assert names[:2] == ["manifest.json", "ir/module.ir"]
        assert "source/sample_prog.py" in names
        assert "images/x86_64-linux.img" in names and "images/aarch64-linux.img" in names
        if archive.HOST_TARGET in archive.native_targets():
            assert "images/x86_64-linux-host.img" in names
        raw = target.read_bytes()
        for info in z.infolist():
            assert info.compress_type == zipfile.ZIP_STORED
            n, x = struct.unpack_from("<HH", raw, info.header_offset + 26)
            assert (info.header_offset + 30 + n + x) % archive.ALIGNMENT == 0, info.filename
        m = json.loads(z.read("manifest.json"))
    assert m["format"] == "1.0" and m["producer"].startswith("pts ")
    assert [(e["key"], e["ret"]) for e in m["entries"]] == [("gcd(i64, i64)", "i64")]
    assert set(m["images"]) == {"x86_64-linux", "aarch64-linux"} | \
        ({archive.HOST_TARGET} & set(archive.native_targets()))
    if shutil.which("unzip"):
        listing = subprocess.run(["unzip", "-l", str(target)], capture_output=True, text=True)
        assert listing.returncode == 0 and "images/aarch64-linux.img" in listing.stdout
        test = subprocess.run(["unzip", "-tq", str(target)], capture_output=True, text=True)
        assert test.returncode == 0, test.stdout + test.stderr
    g = pts.load(target)
    assert g(1071, 462) == 21 and g(True, 4) == 1
    with pytest.raises(TypeError, match="no compiled signature"):
        g(1.5, 2.0)


def test_load_does_not_use_llvm(sample, tmp_path):
    d, src, module = sample
    target = tmp_path / "mix.pts"
    pts.save(pts.script(module.mix), target, example_inputs=[(0.7, 5)])
    # by default `import pts` preloads llvmlite (PTS_PRELOAD): loading must not compile;
    # with PTS_PRELOAD=0 it must not even import LLVM
    for preload in ("import", "0"):
        code = textwrap.dedent(f"""
            import sys, pts
            from pts.cache import STATS
            f = pts.load({str(target)!r})
            r = f(0.7, 5)
            assert STATS["llvm_compiles"] == STATS["fast_compiles"] == 0, STATS
            if {preload!r} == "0":
                assert "llvmlite.binding" not in sys.modules, "LLVM was loaded"
            print(repr(r))
            """)
        env = dict(os.environ, PTS_PRELOAD=preload)
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           timeout=120, env=env)
        assert r.returncode == 0, r.stderr
        expected_value, _, expected_out = outcome(pts.script(module.mix), (0.7, 5))
        assert r.stdout == expected_out + repr(expected_value) + "\n"


def test_runtime_error_points_at_source(sample, tmp_path, pts_run):
    d, src, module = sample
    target = tmp_path / "boom.pts"
    pts.save(pts.script(module.boom), target, example_inputs=[(1,)])
    f = pts.load(target)
    assert f(5) == 2
    with pytest.raises(ZeroDivisionError) as info:
        f(0)
    assert info.value.pts_span.line == 16 and "in boom" in str(info.value)
    r = subprocess.run([str(pts_run), str(target), "0"], capture_output=True, text=True)
    assert r.returncode == 1
    assert f'File "{src}", line 16, in boom' in r.stderr
    assert r.stderr.strip().endswith("ZeroDivisionError: integer division or modulo by zero")


def rewrite_manifest(src: Path, dst: Path, change) -> None:
    with zipfile.ZipFile(src) as z:
        files = [(n, z.read(n)) for n in z.namelist()]
    m = json.loads(files[0][1])
    change(m)
    files[0] = ("manifest.json", json.dumps(m).encode())
    archive.write_zip(str(dst), files)


def test_newer_major_version_is_refused(sample, tmp_path, pts_run):
    d, src, module = sample
    good = tmp_path / "gcd.pts"
    pts.save(pts.script(module.gcd), good, example_inputs=[(4, 6)])
    newer = tmp_path / "newer.pts"
    rewrite_manifest(good, newer, lambda m: m.update(format="2.0"))
    with pytest.raises(archive.ArchiveError, match="format 2.0 is newer"):
        pts.load(newer)
    r = subprocess.run([str(pts_run), str(newer), "4", "6"], capture_output=True, text=True)
    assert r.returncode == 2 and "format 2.0 is newer" in r.stderr
    minor = tmp_path / "minor.pts"            # a newer minor version is read
    rewrite_manifest(good, minor, lambda m: m.update(format="1.7"))
    assert pts.load(minor)(4, 6) == 2
    r = subprocess.run([str(pts_run), str(minor), "4", "6"], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout == "2\n"


@pytest.mark.all_targets
def test_fallback_to_ir_without_host_image(sample, tmp_path):
    d, src, module = sample
    good = tmp_path / "gcd.pts"
    pts.save(pts.script(module.gcd), good, example_inputs=[(4, 6)])
    other = tmp_path / "other.pts"
    rewrite_manifest(good, other, lambda m: [m["images"].pop(t) for t in archive.native_targets()])
    archive_read._warned_fallback = False
    with pytest.warns(RuntimeWarning, match="no native image for this host"):
        f = pts.load(other)
    assert f.from_ir and f(1071, 462) == 21
    with warnings.catch_warnings():
        warnings.simplefilter("error")       # said once
        assert pts.load(other)(4, 6) == 2


def test_bad_archives_are_errors(tmp_path, sample):
    d, src, module = sample
    good = tmp_path / "gcd.pts"
    pts.save(pts.script(module.gcd), good, example_inputs=[(4, 6)])
    raw = good.read_bytes()
    cases = {"truncated": raw[: len(raw) // 2], "empty": b"", "text": b"hello" * 100}
    flipped = bytearray(raw)
    start = raw.index(b"PTSIMG01")
    flipped[start + 200] ^= 0x10              # inside an image: the CRC catches it
    cases["flipped"] = bytes(flipped)
    for name, data in cases.items():
        p = tmp_path / f"{name}.pts"
        p.write_bytes(data)
        with pytest.raises(archive.ArchiveError):
            pts.load(p)


@pytest.mark.all_targets
def test_cli_compile_and_inspect(sample, tmp_path, pts_run):
    d, src, module = sample
    out = tmp_path / "cli.pts"
    r = subprocess.run([sys.executable, "-m", "pts", "compile", f"{src}:gcd", "-o", str(out),
                        "--example", "1071, 462", "--example", "3, 4"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "1 entry" in r.stdout
    r = subprocess.run([sys.executable, "-m", "pts", "inspect", str(out)], capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    for text in ("format:   1.0", "gcd(i64, i64) -> i64", "images/x86_64-linux.img",
                 "aarch64-linux", "manifest.json"):
        assert text in r.stdout
    target = archive.native_targets()[0]
    assert f"this host runs: images/{target}.img ({target})\n" in r.stdout
    r = subprocess.run([str(pts_run), str(out), "--list"], capture_output=True, text=True)
    assert r.returncode == 0 and "gcd  (i64, i64) -> i64" in r.stdout
    assert f", image {target}\n" in r.stdout
    r = subprocess.run([str(pts_run), str(out), "1071", "462"], capture_output=True, text=True)
    assert r.stdout == "21\n"
    bad = subprocess.run([sys.executable, "-m", "pts", "inspect", str(src)],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 1 and "not a valid .pts archive" in bad.stderr


# ---------------------------------------------------------------- host images

needs_host_image = pytest.mark.skipif(archive.HOST_TARGET not in archive.native_targets(),
                                      reason="host images are made on x86-64 Linux only")


@needs_host_image
def test_jit_and_host_image_features_agree(sample, tmp_path):
    """The host image is compiled for the CPU and features the JIT uses, and those are
    features the loaders check (backend.cpu.X86_FEATURES, runtime/c/cpu.c)."""
    from pts.backend import cpu, jit, link
    from pts import _dispatch
    d, src, module = sample
    target = tmp_path / "gcd.pts"
    m = archive.save(pts.script(module.gcd), str(target), example_inputs=[(4, 6)])
    rec = m["images"][archive.HOST_TARGET]
    desc = jit.target_description()
    assert rec["cpu"] == desc["cpu"] and rec["features"] == desc["features"]
    assert rec["requires"] == cpu.required_features(desc["features"])
    assert set(rec["requires"]) <= cpu.X86_FEATURES
    assert rec["path"] == f"images/{archive.HOST_TARGET}.img"
    # every target machine of the JIT is made with these features
    tm = jit.target_machine()
    assert str(tm.target_data) == str(link.target_machine(archive.HOST_TARGET).target_data)
    # and this CPU has them all (by the loaders' cpuid check)
    assert _dispatch.cpu_missing(rec["requires"]) == []
    assert _dispatch.cpu_has(rec["requires"]) is True


@needs_host_image
def test_cpu_check_matches_llvm():
    """The cpuid table (runtime/c/cpu.c, via pts._dispatch) says for every feature it knows
    what LLVM's own host detection says."""
    import llvmlite.binding as llvm
    from pts import _dispatch
    from pts.backend.cpu import X86_FEATURES
    llvm.initialize_native_target()
    host = llvm.get_host_cpu_features()
    known = [f for f in X86_FEATURES if f in host]
    assert len(known) > 40
    assert sorted(_dispatch.cpu_missing(known)) == sorted(f for f in known if not host[f])
    assert _dispatch.cpu_missing(["made-up-feature", "", 7, None, "avx2\0x"]) == \
        ["made-up-feature", "", 7, None, "avx2\0x"]
    with pytest.raises(TypeError):
        _dispatch.cpu_missing(3)


def _lacking(m: dict) -> None:
    """The host image requires a feature this CPU lacks (or one nobody knows)."""
    from pts import _dispatch
    from pts.backend.cpu import X86_FEATURES
    rec = m["images"][archive.HOST_TARGET]
    absent = sorted(_dispatch.cpu_missing(sorted(X86_FEATURES)))
    rec["requires"] = rec["requires"] + (absent[:1] or ["made-up-feature"])


@pytest.mark.all_targets
@needs_host_image
@pytest.mark.parametrize("change", ["lacking", "unknown", "bad-list", "no-path", "not-object"])
def test_host_image_needing_what_this_cpu_lacks(sample, tmp_path, pts_run, change):
    """Both loaders pass over a host image this CPU cannot run (or whose record is
    malformed: untrusted input, not an error) and run the baseline image, correctly."""
    d, src, module = sample
    good = tmp_path / "mix.pts"
    fn = pts.script(module.mix)
    pts.save(fn, good, example_inputs=[(0.7, 5)])
    edits = {
        "lacking": _lacking,
        "unknown": lambda m: m["images"][archive.HOST_TARGET]["requires"].append("avx512fp17"),
        "bad-list": lambda m: m["images"][archive.HOST_TARGET].update(requires="avx2"),
        "no-path": lambda m: m["images"][archive.HOST_TARGET].pop("path"),
        "not-object": lambda m: m["images"].update({archive.HOST_TARGET: ["avx2"]}),
    }
    other = tmp_path / f"{change}.pts"
    rewrite_manifest(good, other, edits[change])
    want_value, _, want_out = outcome(fn, (0.7, 5))
    f = pts.load(other)
    assert not f.from_ir and f.image == "x86_64-linux"
    got, exc, out = outcome(f, (0.7, 5))
    assert exc is None and out == want_out
    assert math.isclose(got, want_value, rel_tol=1e-12)
    r = subprocess.run([str(pts_run), str(other), "--list"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert ", image x86_64-linux" in r.stdout and ", image x86_64-linux-host" not in r.stdout
    r = subprocess.run([str(pts_run), str(other), "0.7", "5"], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout == out + f"{got}\n"
    r = subprocess.run([sys.executable, "-m", "pts", "inspect", str(other)],
                       capture_output=True, text=True, timeout=120)
    assert "this host runs: images/x86_64-linux.img (x86_64-linux)" in r.stdout
    if change in ("lacking", "unknown"):
        assert "which this CPU lacks" in r.stdout
    # the unchanged archive runs the host image, in both loaders
    assert pts.load(good).image == archive.HOST_TARGET
    r = subprocess.run([str(pts_run), str(good), "--list"], capture_output=True, text=True)
    assert ", image x86_64-linux-host\n" in r.stdout


@pytest.mark.all_targets
@needs_host_image
def test_without_the_cpuid_check_the_baseline_runs(sample, tmp_path, monkeypatch):
    """pts.load checks host images with pts._dispatch; without the extension it runs the
    baseline image (and never guesses)."""
    d, src, module = sample
    target = tmp_path / "gcd.pts"
    pts.save(pts.script(module.gcd), target, example_inputs=[(4, 6)])
    assert pts.load(target).image == archive.HOST_TARGET
    monkeypatch.delattr(pts, "_dispatch", raising=False)
    monkeypatch.setitem(sys.modules, "pts._dispatch", None)
    f = pts.load(target)
    assert f.image == "x86_64-linux" and not f.from_ir and f(1071, 462) == 21
    assert "pts._dispatch" in archive.choose_image(f.manifest)[2]
