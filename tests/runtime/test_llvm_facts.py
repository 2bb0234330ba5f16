"""What the code generator tells LLVM beyond the instructions (backend/codegen.py): no-wrap
flags on loop counters (loop_counters) and `!range` metadata where our IR knows the range
(list lengths >= 0, bools stored as bytes or passed in 8-byte slots).  These tests read the
LLVM IR text; the results of the same programs are checked natively elsewhere (and here)."""
import re
from typing import List

import numpy as np
import pytest

import pts
from pts import compiler


def count_primes(n: int) -> int:
    count = 0
    for k in range(2, n):
        ok = True
        i = 2
        while i * i <= k:
            if k % i == 0:
                ok = False
                break
            i += 1
        if ok:
            count += 1
    return count


def from_parameter(n: int, m: int) -> int:
    # i starts at a parameter (may be near 2**63): its add must keep wrapping semantics
    s = 0
    i = n
    while i < m:
        s += 1
        i += 1
    return s


def from_negative(n: int) -> int:
    s = 0
    j = -3
    while j < n:
        s += j
        j += 1
    return s


def big_step(n: int) -> int:
    s = 0
    i = 0
    while i < n:
        s += 1
        i += 1000
    return s


def lists(xs: List[int], bs: List[bool], flag: bool) -> int:
    s = 0
    for i in range(len(xs)):
        if bs[i % len(bs)] and flag:
            s += xs[i]
    return s


def llvm_ir(fn, *args) -> str:
    return pts.script(fn).llvm_ir(*args)


def test_counters_from_constants_do_not_wrap():
    text = llvm_ir(count_primes, 100)
    assert 'add nuw nsw i64 %"i", 1' in text, text
    assert pts.script(count_primes)(1000) == count_primes(1000)


def test_other_adds_keep_wrapping():
    for fn, args, counter, step in ((from_parameter, (1, 5), "i", 1),
                                    (from_negative, (4,), "j", 1),
                                    (big_step, (5000,), "i", 1000)):
        text = llvm_ir(fn, *args)
        assert f'add i64 %"{counter}", {step}' in text, (fn.__name__, text)
        assert pts.script(fn)(*args) == fn(*args)
    # the wrap-around a counter from a parameter may do, as pts ints do
    big = 2 ** 63 - 3
    assert pts.script(from_parameter)(big, -big) == 0


def test_range_metadata_on_lengths_and_bools():
    args = ([1, 2, 3], [True, False], True)
    text = llvm_ir(lists, *args)
    ranges = dict(re.findall(r"^(!\d+) = !\{ ?(i\d+ 0, i\d+ \d+) ?\}", text, re.M))
    assert "i64 0, i64 9223372036854775807" in ranges.values()     # len >= 0
    assert "i8 0, i8 2" in ranges.values()                        # a bool in a list
    assert "i64 0, i64 2" in ranges.values()                      # a bool argument slot
    for md in ranges:
        assert f"!range {md}" in text
    assert pts.script(lists)(*args) == lists(*args)


def floor_divmod(a: int, b: int) -> int:
    return (a // b) * 1000003 + a % b


def test_int_division_by_the_fpu_when_both_operands_are_small():
    # `%` and `//` of i64 by a variable divisor: when a | b < 2**53 (both non-negative and
    # exact as doubles) the quotient is trunc(a / b) in double precision, fixed by one
    # compare; otherwise (negative, huge) the integer division with the floor fix-ups
    text = llvm_ir(count_primes, 100)
    assert "icmp ult i64" in text and ", 9007199254740992" in text, text
    assert "fdiv double" in text and "fptosi double" in text, text
    assert "srem i64" in text, text                     # the other path
    # `k % i == 0` needs no fix-up of the remainder on the fast path; a % b as a value does
    fast = lambda t: t.split("divmod.fp:")[1].split("divmod.int:")[0]     # noqa: E731
    assert "select" not in fast(text), text
    assert "select" in fast(llvm_ir(floor_divmod, 7, 2))
    f = pts.script(floor_divmod)
    wrap = lambda x: (x + 2 ** 63) % 2 ** 64 - 2 ** 63    # noqa: E731
    edges = [1, 2, 3, 7, 10, 2 ** 31, 2 ** 32 - 1, 2 ** 32 + 1, 2 ** 52 + 1, 2 ** 53 - 1,
             2 ** 53, 2 ** 53 + 1, 2 ** 62 + 12345, 2 ** 63 - 1]
    values = [0] + edges + [-x for x in edges] + [-2 ** 63]
    for a in values:
        for b in values:
            if b == 0 or (a == -2 ** 63 and b == -1):
                continue
            assert f(a, b) == wrap(wrap((a // b) * 1000003) + a % b), (a, b)
    # near-integer quotients: a = q*b + r with r in {0, 1, b - 1}, large q and b
    for b in (3, 1000003, 2 ** 26 + 1, 2 ** 40 - 3):
        for q in (1, 2 ** 12 - 1, 2 ** 53 // b - 1):
            for r in (0, 1, b - 1):
                a = q * b + r
                if a < 2 ** 53:
                    assert f(a, b) == wrap(q * 1000003 + r), (a, b)
    assert pts.script(count_primes)(5000) == count_primes(5000)


def escape_time(w: int, h: int, max_iter: int) -> int:
    total = 0
    for x in range(w):
        cr = -2.0 + 3.0 * x / w
        for y in range(h):
            ci = -1.2 + 2.4 * y / h
            zr = 0.0
            zi = 0.0
            i = 0
            while i < max_iter:
                zr2 = zr * zr
                zi2 = zi * zi
                if zr2 + zi2 > 4.0:
                    break
                zi = 2.0 * zr * zi + ci
                zr = zr2 - zi2 + cr
                i += 1
            total += i
    return total


def test_escape_time_pixels_run_in_pairs():
    # ir.passes.interleave_loops: two pixels' float recurrences side by side, then the one
    # left alone; the original loop for an odd last pixel; results as CPython's
    f = pts.script(escape_time)
    text = f.ir(3, 3, 5)
    assert "^while.adone(" in text and "^while.bdone(" in text, text
    for args in ((4, 3, 5), (5, 5, 20), (7, 1, 9), (3, 0, 4), (0, 4, 7), (9, 8, 0),
                 (6, 7, -1), (40, 31, 60)):
        assert f(*args) == escape_time(*args), args


def fib(n: int) -> int:
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def test_recursion_limit_checked_before_recursive_calls():
    # the stack pointer (llvm.stacksave: no frame pointer) is compared with the limit before
    # the first recursive call of a path, not on entry: fib's `n < 2` path has no check,
    # and LLVM saves registers only on the recursive path
    text = llvm_ir(fib, 20)
    body = text[text.index('define internal fastcc {i32, i64} @"pts.fib"'):]
    body = body[:body.index("\n}")]
    assert "frameaddress" not in text
    assert body.count("llvm.stacksave") == 1, body         # one check: the second call is
    assert 'allocas:\n  br label %"entry"' in body, body    # dominated by the first
    then = body[body.index("then:"):body.index("else:")]
    assert "stacksave" not in then
    assert pts.script(fib)(20) == 6765


def test_tensor_modules_are_compiled_without_some_loop_transforms(monkeypatch):
    """LLVM's loop strength reduction, epilogue vectorization and tail merging are switched
    off around the optimization and code generation of a module with tensor code, and back
    on after (and codegen_for says whether to unroll); scalar modules keep them."""
    import llvmlite.binding as llvm

    from pts.backend import jit
    from pts.ir.types import F64, I64, TensorType

    def scale(x: np.ndarray) -> np.ndarray:
        return x * 2.0

    options = []
    monkeypatch.setattr(llvm, "set_option", lambda name, option: options.append(option))
    tensor = compiler.compile(scale, (TensorType(F64, 1),), (np.ones(3),)).module
    scalar = compiler.compile(count_primes, (I64,)).module
    with jit.codegen_for(scalar) as is_tensor:
        assert options == [] and not is_tensor
    with jit.codegen_for(tensor) as is_tensor:
        assert options == ["-disable-lsr", "-enable-epilogue-vectorization=false",
                           "-enable-tail-merge=false"] and is_tensor
    assert options[3:] == ["-disable-lsr=false", "-enable-epilogue-vectorization",
                           "-enable-tail-merge=true"]


def layers(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    for _ in range(3):
        x = np.maximum(x @ w, 0.0)
    return x.reshape(-1)


def total(x: np.ndarray) -> float:
    s = 0.0
    for i in range(x.shape[0]):
        s += float(x[i])
    return s


def row_max(x: np.ndarray) -> np.ndarray:
    return x.max(axis=-1)


def test_glue_between_tensor_operations_is_not_optimized():
    """Tensor code whose loops make a tensor per iteration is glue (backend/codegen.py
    `glue`): LLVM leaves it unoptimized (its work is in the kernels, gemm and copy loops it
    calls); a loop over elements keeps its function optimized.  A reduction's loops are a
    function of their own (tensor_reductions.outlined), optimized, so a function around a
    lone reduction is glue."""
    def define(text: str, name: str) -> str:
        return next(ln for ln in text.splitlines()
                    if ln.startswith("define") and f'@"pts.{name}' in ln)

    x = np.ones((4, 4))
    assert "optnone" in define(pts.script(layers).llvm_ir(x, x), "layers\"")
    assert "optnone" not in define(pts.script(total).llvm_ir(np.ones(5)), "total\"")
    text = pts.script(row_max).llvm_ir(x)
    assert "optnone" in define(text, "row_max\"")
    assert "optnone" not in define(text, "reduce.max.")
    np.testing.assert_allclose(pts.script(layers)(x, x), np.full(16, 64.0))
    assert pts.script(total)(np.arange(5.0)) == 10.0
    np.testing.assert_array_equal(pts.script(row_max)(np.arange(12.0).reshape(3, 4)),
                                  [3.0, 7.0, 11.0])


def softmax_glue(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    h = x @ w
    out = np.zeros_like(h)
    for i in range(2):
        m = h.max(axis=-1, keepdims=True)
        e = np.exp(h - m)
        out = out + e / e.sum(axis=-1, keepdims=True)
    return out.reshape(-1)


def test_unoptimized_functions_are_generated_apart(monkeypatch):
    """A tier-2 module's optnone functions (glue, kernels' dispatch and fallbacks, error
    formatting) go through the -O0 code generator as an object of their own, the rest
    through -O3 (backend/jit.py Split); functions called across the two parts
    are renamed external symbols, stdlib math is copied into both. Same results as one
    module, and an error in the glue (a matmul's shapes) is raised as before."""
    from pts.backend import jit
    from pts.backend.codegen import generate
    monkeypatch.setenv("PTS_CACHE", "0")        # (the disk cache's images are one module)
    x = np.linspace(-2, 2, 24).reshape(4, 6)
    w = np.linspace(0, 1, 36).reshape(6, 6)
    f = pts.script(softmax_glue)
    mc = generate(_built(softmax_glue, (x, w)), jit.host_triple(),
                  str(jit.target_machine().target_data), prefix="ptsT", library=True)
    split = jit.Split.of(mc, "ptsT")
    hot, cold, renames = split.text(split.hot), split.text(split.cold), split.renames
    defines = lambda text: [ln for ln in text.splitlines() if ln.startswith("define")]  # noqa: E731
    assert defines(hot) and defines(cold)
    assert not any("optnone" in ln for ln in defines(hot))
    assert all(new.startswith("ptsT.x.") for new in renames.values())
    assert any("vmath.exp" in ln for ln in defines(hot)) and \
        any("vmath.exp" in ln for ln in defines(cold))          # copied, not linked
    split = f(x, w)
    monkeypatch.setattr(jit.Split, "of", classmethod(lambda cls, mc, prefix, early=(): None))
    whole = pts.script(softmax_glue)(x, w)
    np.testing.assert_array_equal(split, whole)
    monkeypatch.undo()
    with pytest.raises(ValueError, match="matmul"):
        f(x, w[:5])


def test_tensor_modules_do_not_optimize_their_entries():
    """In a module with tensor code, the boxed entry point, `release` and the arena's helpers
    go to the unoptimized part (backend/codegen.py entries_unoptimized); a scalar module's
    entry point is optimized."""
    from pts.backend import jit
    from pts.backend.codegen import generate
    x = np.linspace(-2, 2, 24).reshape(4, 6)
    w = np.linspace(0, 1, 36).reshape(6, 6)

    def generated(fn, args):
        return generate(_built(fn, args), jit.host_triple(),
                        str(jit.target_machine().target_data), prefix="ptsT", library=True)
    mc = generated(softmax_glue, (x, w))
    split = jit.Split.of(mc, "ptsT")
    assert mc.export_name("softmax_glue") in split.cold - split.hot
    assert {mc.release_name(), "pts.tensor_alloc", "pts.tensor_free"} <= split.cold
    assert any(name.startswith("softmax_glue.k") for name in split.hot)    # the kernels' loops
    mc = generated(count_primes, (100,))
    entry = mc.m.get_global(mc.export_name("count_primes"))
    assert "optnone" not in entry.attributes
    np.testing.assert_allclose(pts.script(softmax_glue)(x, w), softmax_glue(x, w))


def _gelu(x: np.ndarray) -> np.ndarray:
    return 0.5 * x * (1.0 + np.tanh(0.7978845608 * (x + 0.044715 * x * x * x)))


def _layer_norm(x: np.ndarray) -> np.ndarray:
    m = x.mean(axis=-1, keepdims=True)
    v = ((x - m) * (x - m)).mean(axis=-1, keepdims=True)
    return (x - m) / np.sqrt(v + 1e-5)


def test_one_axis_kernels_have_one_loop_function():
    """A fused kernel over one axis gets one loop function, the flat one: views run it on
    contiguous copies (kernel_codegen copied_rows) instead of a strided loop of their own."""
    from pts.backend import jit
    from pts.backend.codegen import generate
    mc = generate(_built(_gelu, (np.linspace(-3, 3, 64),)), jit.host_triple(),
                  str(jit.target_machine().target_data), prefix="ptsT", library=True)
    loops = [f.name for f in mc.m.functions if f.blocks and ".k" in f.name
             and f.name.rsplit(".", 1)[-1] in ("flat", "rows", "strided")]
    assert [name.rsplit(".", 1)[-1] for name in loops] == ["flat"]


def test_split_modules_compile_on_several_threads_at_once(monkeypatch):
    """The optimized part of a split module goes through LLVM on a thread of its own,
    around llvmlite's lock (backend/jit.py _optimized_object).  Compiles started from four
    Python threads at once, while scalar functions compile in the background, all give
    numpy's results."""
    import threading

    from pts.backend import jit
    monkeypatch.setenv("PTS_CACHE", "0")        # (the disk cache's images are one module)
    fns = [softmax_glue, _gelu, _layer_norm, softmax_glue]
    x = np.linspace(-3, 3, 48).reshape(6, 8)
    w = np.linspace(-1, 1, 64).reshape(8, 8)
    args = [(x, w), (x,), (x,), (x[:, :5], w[:5, :4])]
    wants = [softmax_glue(*args[0]), _gelu(x), _layer_norm(x), softmax_glue(*args[3])]
    results: list = [None] * len(fns)
    start = threading.Barrier(len(fns) + 1)

    def compile_and_run(i):
        start.wait()
        results[i] = pts.script(fns[i])(*args[i])
    threads = [threading.Thread(target=compile_and_run, args=(i,)) for i in range(len(fns))]
    for t in threads:
        t.start()
    start.wait()
    assert pts.script(count_primes)(100) == 25            # tier 0 now, tier 2 in the background
    for t in threads:
        t.join()
    for got, want in zip(results, wants):
        np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)
    assert pts.wait_optimized(120)
    assert jit.STATS["llvm_compiles"] > 0


def test_an_error_in_the_optimized_part_reaches_the_caller(monkeypatch):
    """LLVM refusing the optimized part (here: text it cannot parse) raises in the thread
    that compiles, not in the helper thread, and the next compile works."""
    from pts.backend import jit
    part_object = jit._part_object

    def broken(text, tm, opt_level, *rest):
        if opt_level:
            text += "\nthis is not LLVM IR\n"
        return part_object(text, tm, opt_level, *rest)
    monkeypatch.setattr(jit, "_part_object", broken)
    x = np.linspace(-2, 2, 24).reshape(4, 6)
    w = np.linspace(0, 1, 36).reshape(6, 6)
    with pytest.raises(RuntimeError, match="parsing error"):
        jit.compile_module(_built(softmax_glue, (x, w)))
    monkeypatch.undo()
    np.testing.assert_allclose(pts.script(softmax_glue)(x, w), softmax_glue(x, w))


def rows_and_flat(x: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    y = np.tanh(x) * b + 1.0                  # 2-D with a 1-D leaf: rows
    z = np.exp(y) * y                         # 2-D, leaves of full rank: flat and rows
    v = np.sqrt(c * c + 1.0)                  # 1-D: flat
    return z / z.sum(axis=-1, keepdims=True) + v.sum()


def loop_after_kernels(x: np.ndarray) -> float:
    y = np.exp(x) * 2.0 + 1.0
    s = 0.0
    for i in range(y.shape[0]):               # a loop over elements: optimized, not a kernel
        s += float(y[i]) * 0.5
    return s


def sines(x: np.ndarray) -> np.ndarray:
    return np.sin(x) * 2.0 + 1.0


def compiled_early(monkeypatch, fn, args, **script):
    """(result, the Early of its module, Split.of with it) of fn (a function or a model)
    compiled by tier 2."""
    from pts.backend import jit
    monkeypatch.setenv("PTS_CACHE", "0")
    monkeypatch.setenv("PTS_TIER", "opt")
    seen = {}
    of = jit.Split.of.__func__

    class Recording(jit.Early):
        def __call__(self, mc):
            seen["early"] = self
            super().__call__(mc)

    def recording_of(cls, mc, prefix, early=()):
        seen["split"] = split = of(cls, mc, prefix, early)
        return split
    monkeypatch.setattr(jit, "Early", Recording)
    monkeypatch.setattr(jit.Split, "of", classmethod(recording_of))
    result = pts.script(fn, **script)(*args)
    monkeypatch.undo()
    return result, seen["early"], seen["split"]


def test_kernel_loops_go_to_the_optimizer_before_the_glue_is_generated(monkeypatch):
    """backend/jit.py Early: the fused kernels' loop functions (every one the kernels
    dispatch, no other) are generated first and compiled apart, with the stdlib math they
    inline; the optimized part Split makes after them has nothing left.  Same results as
    without the early part."""
    rng = np.random.default_rng(7)
    x, b, c = rng.standard_normal((6, 40)), rng.standard_normal(40), rng.standard_normal(9)
    got, early, split = compiled_early(monkeypatch, rows_and_flat, (x, b, c))
    assert early.started
    loops = {n for n in early.names if n.endswith((".rows", ".flat"))}
    assert {n.rsplit(".", 1)[1] for n in loops} == {"rows", "flat"} and len(loops) >= 4
    assert any("vmath.tanh" in n for n in early.names)
    assert loops <= set(split.renames)        # each one called by its kernel's dispatch
    assert not any(n.endswith((".rows", ".flat")) for n in split.hot)     # none made later
    np.testing.assert_allclose(got, rows_and_flat(x, b, c), rtol=1e-12)


def test_a_model_of_stdlib_layers_has_nothing_to_optimize(monkeypatch):
    """MyConv (the tensor bench's model): its kernels are the kernel library's, so nothing
    is left to optimize, and its unoptimized code is compiled in two parts, one on the
    thread the optimizer would have used."""
    from pts.backend import jit, kernel_library
    from pts.demo_models import MyConv
    pts.manual_seed(0)
    model = MyConv().eval()
    x = np.random.default_rng(8).standard_normal((2, 3, 28, 28)).astype(np.float32)
    parts = []
    monkeypatch.setattr(jit, "_part_object", lambda text, tm, level, *a, real=jit._part_object:
                        parts.append(level) or real(text, tm, level, *a))
    got, early, split = compiled_early(monkeypatch, model, (x,), backend="native")
    assert not early.started and not split.hot and parts == [0, 0]
    assert len(split.cold_parts) == 2 and "pts.forward" in split.cold_parts[0]
    assert set(early.library) == set()          # (no kernel of its own: no loops)
    kernels = kernel_library.kernel_sites(split.mc.irmod).keys()
    assert kernels and split.mc.precompiled_symbols.keys() >= kernels
    np.testing.assert_allclose(got, model(x), rtol=1e-4, atol=1e-5)


def test_optimized_functions_made_after_the_kernels(monkeypatch):
    """A function optimized but generated after the kernels' loops (a loop over elements)
    is compiled as a third part; the result is right."""
    x = np.linspace(-1, 1, 50)
    got, early, split = compiled_early(monkeypatch, loop_after_kernels, (x,))
    assert early.started and split.hot
    assert not split.hot & early.names - {n for n in early.names if "vmath" in n}
    assert got == pytest.approx(loop_after_kernels(x), rel=1e-12)


def test_no_early_part_for_math_with_vector_variants(monkeypatch):
    """sin and cos have out-of-line paths with vector variants: their kernels are compiled
    by Split's optimized part as before."""
    x = np.linspace(-10, 10, 101)
    got, early, split = compiled_early(monkeypatch, sines, (x,))
    assert not early.started and split.hot
    np.testing.assert_allclose(got, sines(x), rtol=1e-12, atol=1e-12)


def _built(fn, args):
    f = pts.script(fn)
    return compiler.compile(fn, f.signature(args)).module
