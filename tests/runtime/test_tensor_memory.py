"""Native tensor memory: temporaries are freed at their last use (ir.passes.release_tensors),
not when the call ends, and repeated calls do not leak.

Peak memory is measured in a fresh subprocess (ru_maxrss) whose address space is capped, so
a regression fails (MemoryError or a crash of that subprocess) instead of eating the machine.
Correctness around frees: views of temporaries, values returned or escaping, borrowed
arguments going round loops, errors raised after some frees (release must not free twice).
"""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import pts


def grow(x: np.ndarray, n: int) -> np.ndarray:
    y = np.zeros_like(x)
    for i in range(n):
        y = y + x * 2.0
    return y


def grow_from_arg(x: np.ndarray, n: int) -> np.ndarray:
    y = x
    for i in range(n):
        y = y + x * 2.0
    return y


PEAK = textwrap.dedent("""
    import resource, sys
    import numpy as np
    import pts
    sys.path.insert(0, {here!r})
    from test_tensor_memory import grow, grow_from_arg
    f = pts.script({name})
    x = np.ones(131072)                      # 1 MiB
    f(x, 2)
    vm = int(open("/proc/self/statm").read().split()[0]) * 4096
    cap = vm + (1 << 30)                     # 1 GiB more than now: far below 2 x 1 MiB x n
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    y = f(x, {n})
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    assert y[0] == 2.0 * {n} + {start}, y[0]
    print((after - before) * 1024)
""")


@pytest.mark.parametrize("name,start", [("grow", 0), ("grow_from_arg", 1)])
def test_loop_temporaries_do_not_accumulate(name, start):
    """2 x 1 MiB of temporaries per iteration, 2000 iterations: without frees at their last
    use the call would need 4 GiB; with them the peak grows by a few MiB."""
    n = 2000
    code = PEAK.format(here=os.path.dirname(__file__), name=name, n=n, start=start)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    grown = int(r.stdout.split()[-1])
    assert grown < 64 << 20, f"peak RSS grew by {grown / 2**20:.1f} MiB over {n} iterations"


def test_loop_frees_in_the_body():
    ir = pts.script(grow).ir(np.ones(4), 3)
    body = ir[ir.index("^body"):]
    assert "tensor.free %y" in body.split("br ^")[0], ir


# ---------------------------------------------------------------------------- correctness

def views_of_temporaries(x: np.ndarray) -> np.ndarray:
    y = x * 2.0
    t = y.T                      # y must live as long as t
    z = np.exp(x)
    s = t[0] + z.sum()
    r = (y + 1.0).reshape(-1)    # a view of a fresh contiguous temporary
    q = t.reshape(-1)            # a copy (t is not contiguous)
    return s + r.sum() + q[: s.shape[0]]


def returns_a_view(x: np.ndarray) -> np.ndarray:
    y = x * 3.0
    return y[1:, ::-1]


def returns_its_argument(x: np.ndarray, n: int) -> np.ndarray:
    y = x
    for i in range(n):
        if i % 2 == 0:
            y = y + 1.0
    return y


def helper_fresh(a: np.ndarray) -> np.ndarray:
    b = a * 2.0
    for i in range(3):
        b = b + a
    return b


def helper_returns_arg(a: np.ndarray, k: int) -> np.ndarray:
    if k > 0:
        return a
    return a + 1.0


def calls(x: np.ndarray, k: int) -> np.ndarray:
    s = np.zeros_like(x)
    for i in range(4):
        t = helper_fresh(x)               # fresh: freed in the caller
        u = helper_returns_arg(t, k)      # may be t itself: t escapes into u
        s = s + u
    return s


def in_tuples(x: np.ndarray) -> float:
    pair = (x + 1.0, x * 2.0)
    c = np.concatenate(pair)
    return float(c.sum() + pair[0].sum())


def raises_late(x: np.ndarray, n: int) -> np.ndarray:
    y = np.zeros_like(x)
    for i in range(n):
        y = y + x
        if i == 5:
            z = y.reshape(3, -1)          # ValueError unless the size divides by 3
            y = y + z.sum()
    return y


CASES = [
    (views_of_temporaries, lambda: (np.arange(12.0).reshape(3, 4),)),
    (returns_a_view, lambda: (np.arange(12.0).reshape(3, 4),)),
    (returns_its_argument, lambda: (np.arange(4.0), 0)),
    (returns_its_argument, lambda: (np.arange(4.0), 5)),
    (calls, lambda: (np.arange(4.0), 0)),
    (calls, lambda: (np.arange(4.0), 1)),
    (in_tuples, lambda: (np.arange(5.0),)),
    (raises_late, lambda: (np.arange(6.0), 8)),
]


@pytest.mark.parametrize("fn,make", CASES, ids=[f"{c[0].__name__}{i}" for i, c in enumerate(CASES)])
def test_same_results_with_frees(fn, make):
    want = fn(*make())
    native = pts.script(fn)
    interp = pts.script(fn, backend="interp")
    for _ in range(3):                 # again: the arena is reused across calls
        got = native(*make())
        np.testing.assert_allclose(got, want)
        np.testing.assert_allclose(interp(*make()), want)
    if fn not in (returns_a_view, returns_its_argument):    # nothing to free in those
        assert "tensor.free" in pts.script(fn).ir(*make())


def test_borrowed_argument_is_not_freed():
    f = pts.script(returns_its_argument)
    x = np.arange(4.0)
    for _ in range(1000):
        y = f(x, 0)
    np.testing.assert_array_equal(y, x)
    np.testing.assert_array_equal(x, np.arange(4.0))


def test_error_after_frees_does_not_free_twice():
    f = pts.script(raises_late)
    x = np.arange(7.0)
    for _ in range(2000):
        with pytest.raises(ValueError, match="cannot reshape"):
            f(x, 8)
    np.testing.assert_allclose(f(np.arange(6.0), 8), raises_late(np.arange(6.0), 8))


# ---------------------------------------------------------------------------- many calls

def _rss() -> int:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * 4096


def mixed(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    h = np.maximum(x @ w, 0.0)
    v = h.T[::-1]
    y = h
    for i in range(3):
        y = y * 0.5 + v.sum()
    return y.reshape(-1)


@pytest.mark.slow
def test_100000_calls_keep_rss_flat():
    f = pts.script(mixed)
    x, w = np.ones((4, 8)), np.full((8, 16), 0.25)
    for _ in range(2000):
        f(x, w)
    before = _rss()
    for _ in range(100_000):
        out = f(x, w)
    del out
    grown = _rss() - before
    assert grown < 4 << 20, f"RSS grew by {grown / 2**20:.1f} MiB over 100000 calls"


def test_large_freed_blocks_are_reused():
    """runtime/c/blocks.c: a freed block of 1 MiB or more comes back for the next allocation
    of about its size (no page faults for a loop's same-sized tensors); small ones, ones
    much smaller than the request, and everything with the cache off go back to malloc."""
    import ctypes

    from pts.runtime import threads
    if threads.BLOCK_MALLOC is None:
        pytest.skip("pts._threads is not built")
    malloc = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_size_t)(threads.BLOCK_MALLOC)
    free = ctypes.CFUNCTYPE(None, ctypes.c_void_p)(threads.BLOCK_FREE)
    from pts import _threads
    old = _threads.block_cache_limit(64 << 20)
    try:
        p = malloc(3 << 20)
        free(p)
        assert malloc(3 << 20) == p                 # the same block, again
        free(p)
        q = malloc(1 << 20)                         # p is more than 1/8 too big for it
        assert q != p
        free(q)
        ctypes.memset(malloc(3 << 20), 1, 3 << 20)  # (one of the two cached blocks: usable)
        _threads.block_cache_limit(0)               # frees what is cached
        r = malloc(2 << 20)
        free(r)                                     # straight to free: not kept
        s = malloc(100)
        free(s)
    finally:
        _threads.block_cache_limit(old)


def test_block_cache_keeps_a_working_set_beyond_the_floor():
    """A call whose temporaries add up to more than 256 MiB (a training step) gets all of
    them back on the next call: the cache keeps up to 1.25x the process's peak working set.
    A miss of another size evicts old blocks so that kept and in-use blocks stay within
    that (the cache raises peak memory little)."""
    import ctypes

    from pts.runtime import threads
    if threads.BLOCK_MALLOC is None:
        pytest.skip("pts._threads is not built")
    malloc = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_size_t)(threads.BLOCK_MALLOC)
    free = ctypes.CFUNCTYPE(None, ctypes.c_void_p)(threads.BLOCK_FREE)
    from pts import _threads
    old = _threads.block_cache_limit(ctypes.c_size_t(-1).value)
    _threads.block_cache_limit(0)                   # start from an empty cache
    _threads.block_cache_limit(ctypes.c_size_t(-1).value)
    try:
        # more than 256 MiB and than any earlier test had in use at once (untouched:
        # address space, not memory)
        count = max(40, _threads.block_stats()[2] // (9 << 20) + 8)
        blocks = [malloc(9 << 20) for _ in range(count)]
        for p in blocks:
            free(p)
        again = [malloc(9 << 20) for _ in range(count)]
        assert sorted(again) == sorted(blocks)                  # every one reused
        for p in again:
            free(p)
        cached, live, peak = _threads.block_stats()
        assert cached >= count * (9 << 20) and cached + live <= peak * 1.25
        big = malloc(peak // 2)                                 # a miss: old blocks go
        cached, live, peak = _threads.block_stats()
        assert cached + live <= peak * 1.25
        assert cached < count * (9 << 20)
        free(big)
    finally:
        _threads.block_cache_limit(0)
        _threads.block_cache_limit(old)


def forward_twice(x: np.ndarray) -> np.ndarray:
    y = np.exp(x) * 2.0
    z = y.reshape(-1) + 1.0
    return z.reshape(x.shape) - y


def test_results_with_the_block_cache_match_numpy_and_do_not_leak():
    """Results made in reused blocks are correct, and a loop of calls stays at one call's
    memory (the cache keeps at most its limit)."""
    code = textwrap.dedent("""
        import resource, sys, numpy as np, pts
        sys.path.insert(0, %r)
        from test_tensor_memory import forward_twice
        x = np.random.default_rng(0).standard_normal((512, 1024))
        f = pts.script(forward_twice)
        want = forward_twice(x)
        np.testing.assert_allclose(f(x), want, rtol=1e-12)
        print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
        for i in range(40):
            np.testing.assert_allclose(f(x), want, rtol=1e-12)
        print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
    """ % str(os.path.dirname(__file__)))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    first, last = map(int, r.stdout.split()[-2:])
    assert last - first < 100            # MB: a leak of the 4 MB blocks would be 40 * 8-16 MB


def exp_of(x: np.ndarray) -> np.ndarray:
    return np.exp(x)


def test_result_memory_is_freed_when_the_array_dies():
    """A result owns its native allocation (runtime/_dispatch.c Block): it is writable, a
    view of it keeps it alive, and the block goes back to the allocator when the last
    array over it dies (here: the cache of large blocks hands the same block out again)."""
    import ctypes

    from pts.runtime import threads
    if threads.BLOCK_MALLOC is None:
        pytest.skip("pts._threads is not built")
    f = pts.script(exp_of)
    x = np.zeros((512, 1024))                      # 4 MiB of float64
    y = f(x)
    assert y.flags.writeable and y.flags.c_contiguous
    y[0, 0] = 5.0
    view = y[::2]
    data = y.ctypes.data
    del y
    assert view[0, 0] == 5.0 and view[1, 0] == 1.0  # the view kept the block alive
    del view
    malloc = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_size_t)(threads.BLOCK_MALLOC)
    free = ctypes.CFUNCTYPE(None, ctypes.c_void_p)(threads.BLOCK_FREE)
    p = malloc(x.nbytes + 64)
    try:
        assert p <= data < p + 128                  # the result's block, freed and reused
    finally:
        free(p)


def results_among_temporaries(x: np.ndarray):
    a = x * 2.0
    t = a + 1.0                      # a temporary made after a result, freed before return
    b = t * 3.0
    c = np.exp(b * 0.001)
    u = c - 1.0                      # a temporary after the last result's allocation
    s = u.sum()
    return a, c + s, b.T


def test_results_leave_the_arena_among_temporaries():
    """A tensor's header and data are one block (backend/tensor_abi.py): a result leaves
    the call's arena (runtime/_dispatch.c tensor_detach for C-contiguous results,
    runtime/tensors.py _detach for the transposed one) while temporaries made before and
    after it are freed at their last use and the rest at release.  A header freed twice or
    left in the arena aborts the process or corrupts the results; a block never freed
    grows RSS.  The results outlive the call and the next calls."""
    f = pts.script(results_among_temporaries)
    x = np.linspace(-1.0, 1.0, 24).reshape(4, 6)
    want = results_among_temporaries(x)
    kept = [f(x) for _ in range(50)]
    for got in kept:
        for g, w in zip(got, want):
            np.testing.assert_allclose(g, w, rtol=1e-12)
    a, c, bt = kept[0]
    a[0, 0] = 7.0                              # writable, its own memory
    assert kept[1][0][0, 0] == want[0][0, 0]
    del kept, a, c, bt
    for _ in range(2000):
        f(x)
    before = _rss()
    for _ in range(20_000):
        out = f(x)
    del out
    grown = _rss() - before
    assert grown < 4 << 20, f"RSS grew by {grown / 2**20:.1f} MiB over 20000 calls"


def small_temporaries(x: np.ndarray, p: np.ndarray) -> float:
    s = 0.0
    for i in range(x.shape[0]):
        d = (x[i] - p) ** 2
        s += np.log(np.sum(np.exp(-d)))
    return s


def test_small_temporaries_in_a_loop_match_numpy_and_do_not_leak():
    """An element loop that makes 3-element arrays in each iteration (Numba's kernel
    density estimate): their one-block allocations are freed at their last use by the
    optimized helpers (codegen.hot_helpers), every iteration."""
    f = pts.script(small_temporaries)
    x, p = np.linspace(0.0, 1.0, 5000), np.array([-1.0, 2.0, 5.0])
    want = small_temporaries(x, p)
    assert abs(f(x, p) - want) <= 1e-12 * abs(want)
    f(x, p)
    before = _rss()
    for _ in range(200):
        f(x, p)
    grown = _rss() - before
    assert grown < 4 << 20, f"RSS grew by {grown / 2**20:.1f} MiB over 10^6 temporaries"
