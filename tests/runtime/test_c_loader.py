"""The C runtime (runtime/c): libpts and pts-run built with the system cc, embedded from C,
under AddressSanitizer + UndefinedBehaviorSanitizer against mutated archives (functions, a
module with weights and a training step, whose steps batch.c runs), the libFuzzer harness built with clang and run on a seed corpus,
and aarch64 images (scalar, tensor and module archives) under qemu-aarch64 with a
cross-compiled loader.  Missing tools (clang, gcc-aarch64-linux-gnu, qemu-user) are
installed with apt-get when the tests run as root (PTS_NO_APT=1 prevents it), else skipped.
"""
from __future__ import annotations

import json
import math
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import textwrap
import zipfile
import zlib
from pathlib import Path

import numpy as np
import pytest

import pts
from pts.backend import link
from pts.backend.abi import IMPORTS
from pts.runtime import archive

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ptsbuild import C_DIR, ROOT, SANITIZE, build_runtime, compile_c, have  # noqa: E402

pytestmark = pytest.mark.skipif(not have("cc") or not sys.platform.startswith("linux"),
                                reason="needs a C compiler on Linux")

SOURCE = textwrap.dedent("""\
    import math
    from typing import List, Tuple

    def gcd(a: int, b: int) -> int:
        while b != 0:
            a, b = b, a % b
        return a

    def pairsum(p: Tuple[float, float]) -> Tuple[float, int]:
        return (p[0] + p[1] / 3.0, int(p[0]))

    def scaled(xs: List[float]) -> List[float]:
        out = [x * 1.5 for x in xs]
        out.append(math.exp(xs[0]))
        return out

    def boom(n: int) -> int:
        return 10 // n

    def noisy(x: float, n: int) -> float:
        s = 0.0
        for i in range(n):
            s += math.sin(x * i) + x % 0.3 + math.floor(x * i) + x ** 1.5
            print(i, s, [1.5, 2.0], (True, None))
        if n > 5:
            assert s < 0.0, "too big"
        return s / 7.0

    def fact(n: int) -> int:
        if n <= 1:
            return 1
        return n * fact(n - 1)

    import numpy as np                     # (here: the lines above are checked by number)

    class Scale:
        # a model with two weights (a module archive)
        def __init__(self):
            self.w = np.linspace(-1.0, 1.0, 4)
            self.b = np.arange(4, dtype=np.float64)

        def forward(self, x: np.ndarray, k: float) -> np.ndarray:
            return x * self.w * k + self.b

    import pts.nn as nn
    import pts.nn.functional as F

    class Tiny(nn.Module):
        # a training step's archive (its state: weights, batch-norm buffers, Adam's moments)
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(2, 2)
            self.bn = nn.BatchNorm1d(2)

        def forward(self, x: np.ndarray) -> np.ndarray:
            return self.bn(self.fc(x))

    def tiny_loss(model: Tiny, x: np.ndarray, y: np.ndarray) -> float:
        return F.mse_loss(model(x), y)
    """)


@pytest.fixture(scope="module")
def archives(tmp_path_factory):
    with pytest.MonkeyPatch.context() as mp:     # every target: the aarch64 images run
        mp.delenv("PTS_SAVE_TARGETS", raising=False)    # under qemu below
        yield _archives(tmp_path_factory)


def _archives(tmp_path_factory):
    d = tmp_path_factory.mktemp("c_loader")
    src = d / "c_loader_prog.py"
    src.write_text(SOURCE)
    import importlib.util
    spec = importlib.util.spec_from_file_location("pts_c_loader_prog", src)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    examples = {"gcd": [(4, 6)], "pairsum": [((2.0, 3.0),)], "scaled": [([0.5, 1.0],)],
                "boom": [(1,)], "noisy": [(0.5, 3), (2, 3)], "fact": [(5,)]}
    out = {}
    for name, ex in examples.items():
        path = d / f"{name}.pts"
        pts.save(pts.script(getattr(module, name)), path, example_inputs=ex)
        out[name] = path
    out["scale"] = d / "scale.pts"
    pts.save(pts.script(module.Scale(), backend="native"), out["scale"],
             example_inputs=[(np.ones((2, 4)), 1.5)])
    out["train"] = d / "train.pts"
    tiny = module.Tiny()
    step = pts.train_step(tiny, module.tiny_loss, pts.optim.Adam(tiny.parameters(), lr=0.1))
    x = np.linspace(-1.0, 1.0, 4, dtype=np.float32).reshape(2, 2)
    out["train_batch"] = (x, x[::-1].copy())
    pts.save(step, out["train"], example_inputs=list(out["train_batch"]))
    out["src"] = src
    out["module"] = module
    return out


@pytest.fixture(scope="module")
def runtime():
    return build_runtime()


def test_no_libpython_and_clean_exports(runtime):
    for f in ("pts-run", "libpts.so"):
        r = subprocess.run(["ldd", str(runtime / f)], capture_output=True, text=True)
        assert r.returncode == 0
        assert "python" not in r.stdout.lower(), r.stdout
        libs = {line.split()[0] for line in r.stdout.splitlines() if line.strip()}
        assert {n for n in libs if not n.startswith(("linux-vdso", "/lib", "/lib64"))} <= \
            {"libm.so.6", "libc.so.6"}, libs
    if have("nm"):
        r = subprocess.run(["nm", "-D", "--defined-only", str(runtime / "libpts.so")],
                           capture_output=True, text=True)
        names = [line.split()[-1] for line in r.stdout.splitlines() if line.strip()]
        assert names and all(n.startswith("pts_") for n in names), names


def test_libpts_block_cache_limit(runtime):
    """libpts keeps freed large blocks for reuse (runtime/c/blocks.c, the import table's
    malloc and free); pts_block_cache_limit caps how much (no cap by default)."""
    import ctypes
    lib = ctypes.CDLL(str(runtime / "libpts.so"))
    lib.pts_block_cache_limit.restype = ctypes.c_size_t
    lib.pts_block_cache_limit.argtypes = [ctypes.c_size_t]
    assert lib.pts_block_cache_limit(0) == ctypes.c_size_t(-1).value
    assert lib.pts_block_cache_limit(64 << 20) == 0
    text = (C_DIR / "loader.c").read_text()
    assert '{"malloc", (pts_fn)pts_block_malloc}' in text and '{"free", (pts_fn)pts_block_free}' in text


def test_runtime_function_tables_agree():
    """loader.c provides every name an image may import (codegen.IMPORTS and
    backend.link.RUNTIME_FUNCTIONS), so save-time linking and load time agree."""
    text = (C_DIR / "loader.c").read_text()
    table = text[text.index("RUNTIME[] = {"):text.index("};", text.index("RUNTIME[] = {"))]
    names = set(re.findall(r'\{"(\w+)"', table)) | set(re.findall(r"\bF\((\w+)\)", table))
    for m in re.findall(r"\bM\((\w+)\)", table):
        names |= {m, m + "f"}
    assert set(IMPORTS) | set(link.RUNTIME_FUNCTIONS) <= names
    assert names <= set(IMPORTS) | set(link.RUNTIME_FUNCTIONS)


def test_cpu_feature_tables_agree():
    """runtime/c/cpu.c checks (by cpuid) exactly the features backend.cpu lets the JIT and
    host images use; each has one leaf, register, bit and OS state."""
    from pts.backend.cpu import X86_FEATURES
    text = (C_DIR / "cpu.c").read_text()
    table = text[text.index("FEATURES[] = {"):text.index("};", text.index("FEATURES[] = {"))]
    rows = re.findall(r'\{"([\w.-]+)", (L1|L7|L7S1|LD1|LX1|LX8), (EAX|EBX|ECX|EDX), (\d+), '
                      r'(ANY|AVX|AVX512)\}', table)
    assert len(rows) == table.count("{\"")
    names = [r[0] for r in rows]
    assert len(names) == len(set(names))
    assert set(names) == X86_FEATURES
    assert all(0 <= int(r[3]) < 32 for r in rows)
    same_bit = {}
    for name, leaf, reg, bit, _ in rows:
        same_bit.setdefault((leaf, reg, bit), []).append(name)
    # two names for one bit only where LLVM has two names for one thing
    assert sorted(v for v in same_bit.values() if len(v) > 1) == [["avx512f", "evex512"],
                                                                  ["sse4.2", "crc32"]]


def test_embedding_from_c(archives, runtime, tmp_path):
    exe = compile_c([ROOT / "tests" / "runtime" / "c_embed.c"], tmp_path / "c_embed", runtime,
                    shared=True)
    r = subprocess.run([str(exe), *(str(archives[n]) for n in ("gcd", "pairsum", "scaled", "boom"))],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    mod = archives["module"]
    lines = r.stdout.splitlines()
    assert "entry gcd(i64, i64) (i64, i64) -> i64" in lines
    assert "gcd 21" in lines
    assert f"pairsum {pts.script(mod.pairsum)((2.0, 3.0))}" in lines
    assert f"scaled {pts.script(mod.scaled)([0.5, 1.25, -2.0])}" in lines
    assert f"boom ZeroDivisionError: integer division or modulo by zero at {archives['src']}:18 in boom" in lines
    assert "arity boom(i64) takes 1 argument, 2 given" in lines


def test_float_repr_matches_python(runtime, tmp_path):
    exe = compile_c([ROOT / "tests" / "runtime" / "c_embed.c"], tmp_path / "c_embed", runtime)
    rng = random.Random(7)
    xs = [0.0, -0.0, math.inf, -math.inf, math.nan, 1e16, 1e15, 123456789012345678.0, 1e-4,
          1e-5, 0.1, 0.3, 2.5, 1.0, 100.0, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
          9007199254740993.0, 0.1 + 0.2, 1 / 3]
    xs += [2.0 ** k for k in range(-1074, 1024, 7)] + [float(rng.randint(-10**6, 10**6)) for _ in range(500)]
    xs += [struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0] for _ in range(20000)]
    xs += [rng.uniform(-1e3, 1e3) for _ in range(5000)]
    xs += [math.nextafter(2.0 ** k, math.inf) for k in range(-1000, 1000, 13)]
    xs += [math.nextafter(2.0 ** k, -math.inf) for k in range(-1000, 1000, 13)]
    r = subprocess.run([str(exe), "--floats"], input="".join(x.hex() + "\n" for x in xs),
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0
    got = r.stdout.splitlines()
    bad = [(repr(x), g) for x, g in zip(xs, got) if repr(x) != g]
    assert len(got) == len(xs) and not bad, bad[:10]


def test_pts_run_values_and_errors(archives, runtime):
    run = runtime / "pts-run"
    mod = archives["module"]

    def call(name, *args):
        return subprocess.run([str(run), str(archives[name]), *args], capture_output=True,
                              text=True, timeout=60)
    r = call("noisy", "0.5", "3")
    import contextlib
    import io
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        value = pts.script(mod.noisy)(0.5, 3)
    assert r.returncode == 0 and r.stdout == buf.getvalue() + f"{value}\n"
    r = call("noisy", "2", "3")            # an int for a float parameter
    assert r.returncode == 0
    r = call("noisy", "0.5", "9")
    assert r.returncode == 1 and r.stderr.strip().endswith("AssertionError: too big")
    assert "line 26, in noisy" in r.stderr
    assert call("pairsum", "(2, 3.5)").stdout == f"{pts.script(mod.pairsum)((2.0, 3.5))}\n"
    assert call("scaled", "[1, 2]").stdout == f"{pts.script(mod.scaled)([1.0, 2.0])}\n"
    assert call("fact", "20").stdout == "2432902008176640000\n"
    r = call("fact", "100000000")
    assert r.returncode == 1 and "RecursionError: maximum recursion depth exceeded" in r.stderr
    r = call("gcd", "1", "x")
    assert r.returncode == 2 and "not a literal" in r.stderr
    r = call("gcd", "1.5", "2")
    assert r.returncode == 2 and "no entry takes" in r.stderr
    r = subprocess.run([str(run), "/nonexistent.pts"], capture_output=True, text=True)
    assert r.returncode == 2 and "cannot open" in r.stderr


def test_context_prefix_of_an_older_archive(archives, runtime, tmp_path):
    """The context's fields are only appended (backend/abi.py): libpts runs an archive that
    lists fewer of them (an older one, whose code never touches the rest) and refuses one
    that lists a field it does not have."""
    from pts.backend.abi import CTX_FIELDS
    files = read_entries(archives["gcd"].read_bytes())
    assert files[0][0] == "manifest.json"
    for fields, ok in ((CTX_FIELDS[:CTX_FIELDS.index("stack_limit") + 1], True),
                       (CTX_FIELDS + ["from_the_future"], False)):
        m = json.loads(files[0][1])
        m["abi"]["context"] = fields
        path = tmp_path / f"gcd{len(fields)}.pts"
        path.write_bytes(zip_bytes([("manifest.json", json.dumps(m).encode())] + files[1:]))
        r = subprocess.run([str(runtime / "pts-run"), str(path), "12", "18"],
                           capture_output=True, text=True, timeout=60)
        if ok:
            assert r.returncode == 0 and r.stdout == "6\n", r.stderr
        else:
            assert r.returncode != 0 and "context layout" in r.stderr


# ---------------------------------------------------------------- mutated archives

def mutations(good: list[bytes], n: int, seed: int) -> tuple[list[bytes], list[bytes]]:
    """(raw mutations — the loader must reject or run them —, structurally valid archives
    with bad contents and correct CRCs — the loader must reject or load them)."""
    rng = random.Random(seed)
    raw, structured = [], []
    for i in range(n):
        data = bytearray(rng.choice(good))
        kind = i % 8
        if kind == 0:                                    # bit flips
            for _ in range(rng.randint(1, 8)):
                pos = rng.randrange(len(data))
                data[pos] ^= 1 << rng.randrange(8)
        elif kind == 1:                                  # truncation
            data = data[:rng.randrange(len(data))]
        elif kind == 2:                                  # random bytes over a range
            pos = rng.randrange(len(data))
            for k in range(pos, min(len(data), pos + rng.randint(1, 16))):
                data[k] = rng.randrange(256)
        elif kind == 3:                                  # big numbers over 2/4-byte fields
            for _ in range(rng.randint(1, 4)):
                pos = rng.randrange(len(data) - 4)
                data[pos:pos + 4] = struct.pack("<I", rng.choice([0xFFFFFFFF, 0x7FFFFFFF, 0x10000,
                                                                  len(data), rng.getrandbits(32)]))
        elif kind == 4:                                  # insert or delete bytes
            pos = rng.randrange(len(data))
            if rng.random() < 0.5:
                data[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 64)))
            else:
                del data[pos:pos + rng.randint(1, 64)]
        elif kind == 5:                                  # the end record / directory
            tail = max(0, len(data) - rng.randint(22, 400))
            pos = rng.randrange(tail, len(data))
            data[pos] = rng.randrange(256)
        else:
            structured.append(structured_mutation(bytes(data), rng))
            continue
        raw.append(bytes(data))
    return raw, structured


def read_entries(data: bytes) -> list[tuple[str, bytes]]:
    with zipfile.ZipFile(__import__("io").BytesIO(data)) as z:
        return [(n, z.read(n)) for n in z.namelist()]


def zip_bytes(files: list[tuple[str, bytes]]) -> bytes:
    import tempfile
    with tempfile.NamedTemporaryFile(suffix=".pts", delete=False) as f:
        path = f.name
    try:
        archive.write_zip(path, files)
        return Path(path).read_bytes()
    finally:
        os.unlink(path)


def structured_mutation(data: bytes, rng: random.Random) -> bytes:
    files = read_entries(data)
    m = json.loads(files[0][1])
    choice = rng.randrange(13)
    if choice == 0:
        m["format"] = rng.choice(["2.0", "99.1", "1", "x.y", "", "1.0.0", "-1.0"])
    elif choice == 1:
        m["entries"] = rng.choice([[], None, "x", [{}], [{"name": "f"}] * 5000, [1, 2]])
    elif choice == 2:
        for e in m["entries"]:
            e[rng.choice(["params", "ret"])] = rng.choice(["tuple<", "list<i64, f64>", "i65",
                                                          "tensor<f32, 99>", ["i64"], "tuple<" * 40])
    elif choice == 3:
        for e in m["entries"]:
            e["symbol"] = rng.choice(["nope", "", "pts.release"])
    elif choice == 4:
        files = [f for f in files if f[0] != rng.choice(["manifest.json", "images/x86_64-linux.img"])]
    elif choice == 5:
        return zip_bytes(files + [files[rng.randrange(len(files))]])   # duplicate entry
    elif choice == 6:
        if m.get("weights") and rng.random() < 0.7:        # a module's weights
            w = rng.choice(m["weights"])
            key = rng.choice(["name", "path", "shape", "dtype"])
            w[key] = rng.choice([None, "", "weights/nope.npy", "manifest.json", [1 << 40], 7,
                                 "../escape", "a/b", ".hidden"])
            if isinstance(m.get("train"), dict) and rng.random() < 0.5:   # a training step's
                m["train"]["hyper_width"] = rng.choice([0, 5.5, None, "5", 1e9, 3, 65])
            if rng.random() < 0.5:
                for e in m["entries"]:
                    e["weights"] = rng.choice([[99], [-1], [0.5], "x", [0, 1, 2], []])
                    e["weight_types"] = rng.choice([["tensor<f32, 1>"] * 2, ["i64"], [], None])
        else:
            m["abi"]["context"] = ["kind"]
    elif choice == 7:
        text = "[" * 100000
        files[0] = ("manifest.json", text.encode())
        return zip_bytes(files)
    elif choice in (8, 9, 10):                       # image tables with a valid CRC
        files = [(n, mutate_image(b, rng) if n.endswith(".img") else b) for n, b in files]
    elif choice == 12:                               # the host image's record
        rec = m["images"].get(archive.HOST_TARGET)
        if isinstance(rec, dict):
            rec["requires"] = rng.choice([None, "avx2", [], [7], ["avx2"] * 600, ["x" * 5000],
                                          ["avx512fp16", "made-up"], [[]], {"a": 1},
                                          rec["requires"] + ["\u00e9\u0000"]])
            if rng.random() < 0.3:
                rec["path"] = rng.choice([None, "", "images/nope.img", "manifest.json",
                                          "images/x86_64-linux.img", 3])
        else:
            m["images"][archive.HOST_TARGET] = rng.choice([[], "x", {"requires": []}])
    else:                                            # overlapping entries
        out = bytearray(zip_bytes(files))
        cd = out.rindex(b"PK\x01\x02")
        # point the last central record at the first local header
        struct.pack_into("<I", out, cd + 42, 0)
        return bytes(out)
    files[0] = ("manifest.json", json.dumps(m).encode()) if files and files[0][0] == "manifest.json" else files[0]
    return zip_bytes(files)


def mutate_image(img: bytes, rng: random.Random) -> bytes:
    b = bytearray(img)
    nreg, = struct.unpack_from("<I", b, 20)
    nent, nimp, nctx, nfix = struct.unpack_from("<IIII", b, 32)
    tables = 64 + 40 * min(nreg, 8) + 24 * nent + 8 * nimp + 24 * nfix
    for _ in range(rng.randint(1, 3)):
        pos = rng.randrange(min(tables, len(b) - 8))
        if rng.random() < 0.5:
            b[pos] ^= 1 << rng.randrange(8)
        else:
            struct.pack_into("<I", b, pos, rng.choice([0, 1, 7, 0xFFFFFFFF, 0x80000000, 4096,
                                                      65536, len(b), rng.getrandbits(32)]))
    return bytes(b)


def run_mutations(tmp_path, archives, n: int, seed: int):
    build = build_runtime("cc", SANITIZE)
    exe = compile_c([C_DIR / "fuzz" / "batch.c"], tmp_path / "batch", build, extra_cflags=SANITIZE)
    good = [archives[k].read_bytes() for k in ("gcd", "noisy", "scaled", "pairsum", "scale",
                                               "train")]
    r = subprocess.run([str(exe), "--call", str(archives["train"])], capture_output=True,
                       text=True, timeout=600)
    assert r.returncode == 0 and " called 1 trained 0" in r.stdout, r.stdout + r.stderr
    raw, structured = mutations(good, n, seed)
    for name, items, flags in (("raw", raw, ["--call"]), ("structured", structured, [])):
        d = tmp_path / name
        d.mkdir()
        paths = []
        for i, data in enumerate(items):
            p = d / f"{i}.pts"
            p.write_bytes(data)
            paths.append(str(p))
        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:exitcode=99",
                   UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:exitcode=98")
        r = subprocess.run([str(exe), *flags, *paths], capture_output=True, text=True,
                           errors="replace", timeout=600, env=env)
        lines = r.stdout.splitlines()
        assert r.returncode == 0, (f"{name}: crashed after {lines[-1:] if lines else 'start'}:\n"
                                   f"{r.stderr[-3000:]}")
        assert len(lines) == len(paths)
        assert all(": ok " in ln or ": rejected " in ln for ln in lines)
        if name == "raw":
            # nearly all raw mutations must be caught (CRC, bounds); none may crash
            assert sum(": rejected " in ln for ln in lines) > 0.8 * len(lines)


@pytest.mark.parametrize("count", [600, pytest.param(2400, marks=pytest.mark.slow)])
def test_mutated_archives(tmp_path, archives, count):
    """Mutated archives (raw: three quarters, loaded and called; structured with valid CRCs:
    a quarter, loaded) through libpts built with ASan + UBSan: each is rejected with an error
    or works; no crash, no sanitizer report, no leak.  600 in make test, 2400 in make
    test-all."""
    if not sanitizers_work(tmp_path):
        pytest.skip("cc cannot build with -fsanitize=address,undefined here")
    run_mutations(tmp_path, archives, count, seed=2)


def sanitizers_work(tmp_path) -> bool:
    src = tmp_path / "san.c"
    src.write_text("int main(void) { return 0; }\n")
    r = subprocess.run(["cc", *SANITIZE.split(), str(src), "-o", str(tmp_path / "san")],
                       capture_output=True)
    return r.returncode == 0 and subprocess.run([str(tmp_path / "san")]).returncode == 0


def apt_install(*packages: str) -> None:
    """apt-get install (after apt-get update if the first try fails), when root and allowed
    (PTS_NO_APT unset)."""
    if os.geteuid() != 0 or not have("apt-get") or os.environ.get("PTS_NO_APT"):
        return
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    cmd = ["apt-get", "install", "-y", "-q", "--no-install-recommends", *packages]
    if subprocess.run(cmd, capture_output=True, timeout=900, env=env).returncode != 0:
        subprocess.run(["apt-get", "update", "-q"], capture_output=True, timeout=900, env=env)
        subprocess.run(cmd, capture_output=True, timeout=900, env=env)


def ensure_clang() -> str | None:
    """None if clang and its libFuzzer and sanitizer runtimes are there (libclang-rt-dev,
    which the clang package only recommends: apt_install does not take recommendations),
    installing them with apt-get when missing and possible; else why not."""
    def usable() -> bool:
        if not have("clang"):
            return False
        r = subprocess.run(["clang", "-print-resource-dir"], capture_output=True, text=True)
        return r.returncode == 0 and any(
            Path(r.stdout.strip()).glob("lib/*/libclang_rt.fuzzer*.a"))
    if usable():
        return None
    apt_install("clang", "libclang-rt-dev")
    if usable():
        return None
    return ("clang with its libFuzzer runtime (Debian packages clang and libclang-rt-dev) is "
            "missing and could not be installed: the libFuzzer harness is not run")


@pytest.mark.slow
def test_fuzz_harness(tmp_path, archives):
    """The libFuzzer harness (runtime/c/fuzz/fuzz_loader.c, ASan + UBSan) built with clang and
    run for 3000 inputs on a seed corpus of valid archives (a train step among them, whose
    state pts_train_open reads) and a .npy file."""
    why = ensure_clang()
    if why:
        pytest.skip(why)
    r = subprocess.run(["make", "-s", "-f", str(C_DIR / "runtime.mk"), f"BUILD={tmp_path}", "fuzz"],
                       cwd=ROOT, capture_output=True, text=True, timeout=600)
    if r.returncode != 0 and "fuzzer" in r.stderr and "cannot find" in r.stderr:
        pytest.skip(f"clang has no libFuzzer runtime here: {r.stderr[-300:]}")
    assert r.returncode == 0, r.stderr
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    sizes = []
    for name in ("gcd", "noisy", "scaled", "pairsum", "fact", "scale", "train"):
        data = archives[name].read_bytes()
        (corpus / f"{name}.pts").write_bytes(data)
        sizes.append(len(data))
    import io
    buf = io.BytesIO()
    np.save(buf, np.arange(6, dtype=np.float32).reshape(2, 3))
    (corpus / "x.npy").write_bytes(buf.getvalue())
    r = subprocess.run([str(tmp_path / "fuzz_loader"), "-runs=3000", f"-max_len={max(sizes)}",
                        "-rss_limit_mb=2048", str(corpus)], cwd=tmp_path, capture_output=True,
                       text=True, errors="replace", timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    assert "Done 3000 runs" in r.stderr


# ---------------------------------------------------------------- aarch64 under qemu

CROSS_SYSROOT = Path("/usr/aarch64-linux-gnu")


def ensure_cross_tools() -> str | None:
    """None if aarch64-linux-gnu-gcc (with its C library: libc6-dev-arm64-cross is only a
    recommendation of the compiler's package, which apt_install does not take) and
    qemu-aarch64 are usable, installing them with apt-get when missing and possible; else
    why not."""
    def usable() -> bool:
        return (have("aarch64-linux-gnu-gcc") and have("qemu-aarch64")
                and (CROSS_SYSROOT / "include" / "stdlib.h").exists())
    if usable():
        return None
    apt_install("gcc-aarch64-linux-gnu", "libc6-dev-arm64-cross", "qemu-user")
    if usable():
        return None
    return ("aarch64 archives not run: needs aarch64-linux-gnu-gcc, its C library and "
            "qemu-aarch64 (Debian packages gcc-aarch64-linux-gnu, libc6-dev-arm64-cross and "
            "qemu-user), which are missing and could not be installed")


AARCH64_PROGRAMS = ["fib.py", "float_floor_mod_rounding.py", "math_functions.py",
                    "tuple_return_unpack.py", "division_by_zero.py", "print_float_repr.py",
                    "math_atan2_hypot_pow.py", "list_append_pop.py",
                    # objects and lists carved from the call's blocks
                    "class_local_objects.py", "list_growth_arena.py"]


def test_aarch64_images_under_qemu(tmp_path):
    why = ensure_cross_tools()
    if why:
        pytest.skip(why)
    if not archive.host_target() == "x86_64-linux":
        pytest.skip("cross test written for an x86_64 host")
    build = build_runtime("aarch64-linux-gnu-gcc")
    run = build / "pts-run"
    sysroot = str(CROSS_SYSROOT)
    import test_archive as ta
    checked = 0
    for name in AARCH64_PROGRAMS:
        path = ta.PROGRAMS / name
        if not path.exists():
            continue
        module = ta.load_program(path)
        by_func: dict[str, list] = {}
        for fname, args in ta.run_calls(path):
            if all(ta.archivable(a) for a in args):
                by_func.setdefault(fname, []).append(args)
        for fname, calls in by_func.items():
            pyfunc = getattr(module, fname)
            fn = pts.script(pyfunc)
            results = [ta.outcome(fn, ta.copy_args(a)) for a in calls]
            if any(isinstance(e, (pts.CompileError, NotImplementedError)) for _, e, _ in results):
                continue
            target = tmp_path / f"{fname}.pts"
            archive.save(fn, str(target), targets=["aarch64-linux"])
            for args, (value, exc, out) in zip(calls, results):
                args = ta.full_args(pyfunc, args)
                r = subprocess.run(["qemu-aarch64", "-L", sysroot, str(run), str(target),
                                    "--entry", fname, *[ta.literal(a) for a in args]],
                                   capture_output=True, text=True, timeout=120)
                where = f"{name}: {fname}{args} on aarch64"
                if exc is not None:
                    assert r.returncode == 1, f"{where}: {r.stderr}"
                    assert r.stderr.strip().splitlines()[-1].startswith(type(exc).__name__), where
                else:
                    assert r.returncode == 0, f"{where}: {r.stderr}"
                    assert r.stdout == out + ("" if value is None else f"{value}\n"), where
                checked += 1
    assert checked >= 8


def test_aarch64_tensor_archives_under_qemu(tmp_path, archives):
    """Tensor code, a module's weights and a training step on aarch64: a corpus program
    (reductions, exp, matmul), the fixture's module and its training step, .npy in and
    out, against the host's native results
    (to rounding: the two images may vectorize reductions differently)."""
    why = ensure_cross_tools()
    if why:
        pytest.skip(why)
    if not archive.host_target() == "x86_64-linux":
        pytest.skip("cross test written for an x86_64 host")

    run = build_runtime("aarch64-linux-gnu-gcc") / "pts-run"
    qemu = ["qemu-aarch64", "-L", str(CROSS_SYSROOT), str(run)]
    import test_archive as ta
    prog = ta.load_program(ROOT / "tests" / "lang" / "tensor_programs" / "attention.py")
    q = np.sin(np.arange(12.0)).reshape(3, 4)
    k = np.cos(np.arange(20.0)).reshape(5, 4)
    v = np.arange(10.0).reshape(5, 2)
    fn = pts.script(prog.attention)
    want = fn(q, k, v)
    target = tmp_path / "attention.pts"
    archive.save(fn, str(target), targets=["aarch64-linux"])
    for name, arr in (("q", q), ("k", k), ("v", v)):
        np.save(tmp_path / f"{name}.npy", arr)
    r = subprocess.run([*qemu, str(target), *(str(tmp_path / f"{n}.npy") for n in "qkv"),
                        "--out", str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    got = np.load(tmp_path / "result.npy")
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-14)

    x = np.arange(8.0).reshape(2, 4)
    want = pts.script(archives["module"].Scale(), backend="native")(x, 1.5)
    np.save(tmp_path / "x.npy", x)
    r = subprocess.run([*qemu, str(archives["scale"]), str(tmp_path / "x.npy"), "1.5", "--out",
                        str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    np.testing.assert_array_equal(np.load(tmp_path / "result.npy"), want)

    # a training step: 5 steps, the host's losses to float32 rounding; its state saved
    s = pts.load(archives["train"])
    want = [s(*archives["train_batch"]) for _ in range(5)]
    for name, arr in zip("xy", archives["train_batch"]):
        np.save(tmp_path / f"t{name}.npy", arr)
    r = subprocess.run([*qemu, str(archives["train"]), "--steps", "5", str(tmp_path / "tx.npy"),
                        str(tmp_path / "ty.npy"), "--save-state", str(tmp_path / "state")],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    np.testing.assert_allclose([float(v) for v in r.stdout.split()], want, rtol=1e-5)
    np.testing.assert_allclose(np.load(tmp_path / "state" / "model.fc.weight.npy"),
                               s.state["model.fc.weight"], rtol=1e-4, atol=1e-6)


def test_overlapping_entries_are_rejected(archives, runtime, tmp_path):
    """An entry whose data hold another entry (both CRCs valid) is refused."""
    inner_name, inner = b"images/x86_64-linux.img", b"\0" * 64
    crc = zlib.crc32(inner)
    local_b = struct.pack("<IHHHHHIIIHH", 0x04034b50, 20, 0, 0, 0, 0, crc, len(inner), len(inner),
                          len(inner_name), 0) + inner_name + inner
    manifest = archives["gcd"].read_bytes()
    with zipfile.ZipFile(archives["gcd"]) as z:
        manifest = z.read("manifest.json")
    outer = manifest + b"\n" + local_b             # a: the manifest, then all of b
    out = bytearray()
    name_a = b"manifest.json"
    out += struct.pack("<IHHHHHIIIHH", 0x04034b50, 20, 0, 0, 0, 0, zlib.crc32(outer), len(outer),
                       len(outer), len(name_a), 0) + name_a
    b_off = len(out) + len(manifest) + 1
    out += outer
    cd = bytearray()
    for name, off, data in ((name_a, 0, outer), (inner_name, b_off, inner)):
        cd += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014b50, 20, 20, 0, 0, 0, 0, zlib.crc32(data),
                          len(data), len(data), len(name), 0, 0, 0, 0, 0, off) + name
    cd_off = len(out)
    out += cd + struct.pack("<IHHHHIIH", 0x06054b50, 0, 0, 2, 2, len(cd), cd_off, 0)
    path = tmp_path / "overlap.pts"
    path.write_bytes(bytes(out))
    r = subprocess.run([str(runtime / "pts-run"), str(path), "--list"], capture_output=True,
                       text=True)
    assert r.returncode == 2 and "overlapping entries" in r.stderr
