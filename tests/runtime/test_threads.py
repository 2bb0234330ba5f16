"""The thread pool (runtime/c/threads.c): pts_parallel_for through ctypes with Python
callbacks that record their chunks, the number of threads, nesting, concurrent callers,
fork, the serial fallback without the extension, the import slot, pts-run --threads, and
the C code itself under ThreadSanitizer and AddressSanitizer.

Whatever could deadlock runs in a subprocess with a timeout, so a bug fails a test instead
of hanging the suite."""
from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

import pts
from pts.runtime import threads

ROOT = Path(__file__).resolve().parents[2]
C_DIR = ROOT / "runtime" / "c"
PF = ctypes.CFUNCTYPE(None, threads.TASK, ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64)
needs_pool = pytest.mark.skipif(not threads.PARALLEL, reason="pts._threads is not built")


def cpus() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()


def expected_chunks(n: int, grain: int, nthreads: int) -> list[tuple[int, int]]:
    """The chunks threads.h promises: k = min(n // grain, 4 * threads) of them (at least
    one; one thread: one), sizes n // k or n // k + 1, the larger first."""
    if n <= 0:
        return []
    k = max(1, min(n // max(grain, 1), 4 * nthreads)) if nthreads > 1 else 1
    start = [n // k * i + min(i, n % k) for i in range(k + 1)]
    return list(zip(start, start[1:]))


class Recorder:
    """A task callback recording (begin, end, thread) per chunk."""

    def __init__(self, inside=None):
        self.chunks: list[tuple[int, int, int]] = []
        self.errors: list[BaseException] = []
        self.lock = threading.Lock()
        self.inside = inside

        def task(data, begin, end):
            try:
                with self.lock:
                    self.chunks.append((begin, end, threading.get_ident()))
                if self.inside:
                    self.inside(begin, end)
            except BaseException as e:        # a ctypes callback cannot raise
                self.errors.append(e)
        self.task = threads.TASK(task)

    def spans(self):
        return sorted((b, e) for b, e, _ in self.chunks)


def parallel_for(rec: Recorder, n: int, grain: int) -> None:
    PF(threads.PARALLEL_FOR)(rec.task, None, n, grain)
    assert not rec.errors, rec.errors


@pytest.fixture
def nthreads():
    """Set the number of threads for one test, restoring it afterwards."""
    saved = pts.get_num_threads()
    yield pts.set_num_threads
    pts.set_num_threads(saved)


def run_python(code: str, env: dict | None = None, pool: bool = False) -> str:
    """Run code (after PRELUDE if pool) in a fresh interpreter; its output."""
    code = (PRELUDE if pool else "") + textwrap.dedent(code)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60,
                       text=True, cwd=ROOT, env={**os.environ, **(env or {})})
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


PRELUDE = """
import ctypes, os, sys, threading
import pts
from pts.runtime import threads
PF = ctypes.CFUNCTYPE(None, threads.TASK, ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64)
parallel_for = PF(threads.PARALLEL_FOR)
"""


# ---- chunks ------------------------------------------------------------------------------

@needs_pool
@pytest.mark.parametrize("n, grain, k", [(100, 10, 4), (100, 30, 4), (1000, 1, 3),
                                         (7, 1, 8), (10, 3, 2), (1 << 20, 1024, 5),
                                         (101, 50, 4), (99, 50, 4)])
def test_chunks_cover_disjointly(nthreads, n, grain, k):
    nthreads(k)
    for _ in range(30):     # the same chunks every time, split or run serially (cost model)
        rec = Recorder()
        parallel_for(rec, n, grain)
        spans = rec.spans()
        assert spans == expected_chunks(n, grain, k)
        assert spans[0][0] == 0 and spans[-1][1] == n
        assert all(a[1] == b[0] for a, b in zip(spans, spans[1:]))
        assert len(spans) <= 4 * k
        assert len(spans) == 1 or all(e - b >= grain for b, e in spans)


@needs_pool
def test_small_and_empty_ranges(nthreads):
    nthreads(4)
    for n, grain, want in [(0, 10, []), (-5, 1, []), (5, 10, [(0, 5)]), (10, 10, [(0, 10)]),
                           (19, 10, [(0, 19)]), (3, 0, [(0, 1), (1, 2), (2, 3)]),
                           (2, -7, [(0, 1), (1, 2)]), (100, 1, expected_chunks(100, 1, 4))]:
        rec = Recorder()
        parallel_for(rec, n, grain)
        assert rec.spans() == want, (n, grain)
    nthreads(1)
    rec = Recorder()
    parallel_for(rec, 1000, 1)
    assert rec.chunks == [(0, 1000, threading.get_ident())]     # one thread: the caller


@needs_pool
def test_chunks_run_on_several_threads_at_once(nthreads):
    """Every chunk waits at a barrier for the others: passing it proves k threads ran
    chunks concurrently (the caller holding one, so workers take the rest).  A job the pool
    has not seen yet is always split (n = 404 is used by no other test)."""
    k = 4
    nthreads(k)
    barrier = threading.Barrier(k, timeout=20)
    rec = Recorder(inside=lambda b, e: barrier.wait())
    parallel_for(rec, 404, 1)
    assert rec.spans() == expected_chunks(404, 1, k)
    assert len({t for _, _, t in rec.chunks}) == k
    assert threading.get_ident() in {t for _, _, t in rec.chunks}


# ---- the number of threads -------------------------------------------------------------

@needs_pool
def test_never_more_threads_than_set(nthreads):
    """After a job on 4 threads (3 workers exist), jobs on 2 use the caller and at most one
    worker, however many chunks they have and whichever way the pool runs them."""
    nthreads(4)
    parallel_for(Recorder(), 4000, 1)
    nthreads(2)
    for n in range(1000, 1100):
        rec = Recorder()
        parallel_for(rec, n, 1)
        assert rec.spans() == expected_chunks(n, 1, 2)
        assert len({t for _, _, t in rec.chunks}) <= 2


def test_set_get_num_threads_round_trip(nthreads):
    before = pts.get_num_threads()
    assert before >= 1
    assert pts.set_num_threads(3) == before
    assert pts.get_num_threads() == 3
    assert pts.set_num_threads(1) == 3
    assert pts.get_num_threads() == 1
    assert pts.set_num_threads(0) == 1
    assert pts.get_num_threads() == cpus()
    pts.set_num_threads(2)
    assert pts.set_num_threads(-1) == 2
    assert pts.get_num_threads() == cpus()
    if threads.PARALLEL:
        from pts import _threads
        assert _threads.get_num_threads() == pts.get_num_threads()


def test_default_is_cpus_or_environment():
    out = run_python("import pts; print(pts.get_num_threads())", env={"PTS_NUM_THREADS": ""})
    assert int(out) == cpus()
    out = run_python("import pts; print(pts.get_num_threads())", env={"PTS_NUM_THREADS": "3"})
    assert int(out) == 3
    out = run_python("import pts; print(pts.get_num_threads())", env={"PTS_NUM_THREADS": "x"})
    assert int(out) == cpus()


# ---- nesting, concurrent callers, fork -------------------------------------------------

@needs_pool
def test_nested_call_runs_serially_on_the_task_thread():
    run_python(pool=True, code="""
    pts.set_num_threads(4)
    lock = threading.Lock()
    outer, inner = [], []
    def inner_task(data, b, e):
        with lock:
            inner.append((data, b, e, threading.get_ident()))
    inner_cb = threads.TASK(inner_task)
    def outer_task(data, b, e):
        with lock:
            outer.append((b, e, threading.get_ident()))
        parallel_for(inner_cb, b, e - b, 10)     # data: which outer chunk
    outer_cb = threads.TASK(outer_task)
    for _ in range(20):
        outer.clear(); inner.clear()
        parallel_for(outer_cb, None, 400, 25)
        assert sorted(c[:2] for c in outer) == [(b, b + 25) for b in range(0, 400, 25)]
        where = {b: t for b, e, t in outer}
        for data, b, e, t in inner:
            assert t == where[data or 0], "a nested call ran off its task's thread"
        for b0 in where:
            assert sorted((b, e) for d, b, e, t in inner if (d or 0) == b0) == \\
                [(0, 13), (13, 25)]        # k = 25 // 10 = 2 chunks, serially
    print("ok")
    """)


@needs_pool
def test_two_python_threads_at_once():
    run_python(pool=True, code="""
    pts.set_num_threads(3)
    start = threading.Barrier(2)
    seen = {1: [], 2: []}
    lock = threading.Lock()
    def task(data, b, e):
        with lock:
            seen[data].append((b, e))
    cb = threads.TASK(task)
    def caller(who):
        start.wait()
        for _ in range(200):
            parallel_for(cb, who, 3000, 7)
    ts = [threading.Thread(target=caller, args=(w,)) for w in (1, 2)]
    for t in ts: t.start()
    for t in ts: t.join()
    want = sorted([(i * 250, i * 250 + 250) for i in range(12)] * 200)   # 4 * 3 chunks
    assert sorted(seen[1]) == want and sorted(seen[2]) == want
    print("ok")
    """)


@needs_pool
def test_fork_child_gets_a_pool_of_its_own():
    out = run_python(pool=True, code="""
    pts.set_num_threads(3)
    def check(n):
        # 3 chunks (grain n // 3), each waiting for the others: 3 threads at once; a job
        # the pool has not seen (n) is always split
        barrier = threading.Barrier(3, timeout=20)
        seen = []
        def task(data, b, e):
            seen.append((b, e, threading.get_ident()))
            barrier.wait()
        parallel_for(threads.TASK(task), None, n, n // 3)
        third = n // 3
        assert sorted(s[:2] for s in seen) == [(0, third), (third, 2 * third),
                                               (2 * third, n)], seen
        assert len({s[2] for s in seen}) == 3
    check(30)                                 # the parent's workers exist now
    pid = os.fork()
    if pid == 0:
        try:
            check(30)                         # new workers, none of the parent's
            check(60)
            code = 0
        except BaseException as e:
            print("child:", repr(e), flush=True)
            code = 1
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    check(90)                                 # the parent's pool still works
    print("ok")
    """)
    assert out.strip().endswith("ok")


def test_serial_fallback_without_the_extension():
    out = run_python("""
    import sys, threading, ctypes
    sys.modules["pts._threads"] = None        # as if it had not been built
    from pts.runtime import threads, native
    from pts.backend.abi import IMPORTS
    assert not threads.PARALLEL
    assert native.IMPORT_TABLE[IMPORTS.index("parallel_for")] == threads.PARALLEL_FOR
    threads.set_num_threads(4)
    seen = []
    cb = threads.TASK(lambda d, b, e: seen.append((b, e, threading.get_ident())))
    PF = ctypes.CFUNCTYPE(None, threads.TASK, ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64)
    PF(threads.PARALLEL_FOR)(cb, None, 100, 10)
    assert [s[:2] for s in seen] == [(b, b + 10) for b in range(0, 100, 10)], seen
    assert {s[2] for s in seen} == {threading.get_ident()}
    assert threads.set_num_threads(0) == 4
    print("ok")
    """)
    assert out.strip() == "ok"


# ---- the import slot, pts-run ------------------------------------------------------------

def test_import_slot_holds_the_pool():
    from llvmlite import ir

    from pts.backend import llvm_types
    from pts.backend.abi import IMPORTS
    from pts.runtime import native
    assert "parallel_for" in IMPORTS
    ty = llvm_types.IMPORT_TYPES["parallel_for"]
    assert isinstance(ty.return_type, ir.VoidType)
    assert [str(a) for a in ty.args] == ["ptr", "ptr", "i64", "i64"]
    assert native.IMPORT_TABLE[IMPORTS.index("parallel_for")] == threads.PARALLEL_FOR
    if threads.PARALLEL:
        from pts import _threads
        assert threads.PARALLEL_FOR == _threads.parallel_for_address()
    text = (C_DIR / "loader.c").read_text()
    assert '{"parallel_for", (pts_fn)pts_parallel_for}' in text


@pytest.mark.skipif(not shutil.which("cc") or not sys.platform.startswith("linux"),
                    reason="needs cc on Linux")
def test_pts_run_threads_option(tmp_path):
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from ptsbuild import build_runtime
    build = build_runtime()
    (tmp_path / "pts_threads_add.py").write_text("def add(a: int, b: int) -> int:\n"
                                                 "    return a + b\n")
    sys.path.insert(0, str(tmp_path))
    try:
        import pts_threads_add
    finally:
        sys.path.remove(str(tmp_path))
    pts.save(pts.script(pts_threads_add.add), tmp_path / "add.pts", example_inputs=[(1, 2)])
    run = [str(build / "pts-run"), str(tmp_path / "add.pts")]
    for extra, env in [(["--threads", "3"], {}), ([], {"PTS_NUM_THREADS": "2"})]:
        r = subprocess.run(run + extra + ["20", "22"], capture_output=True, text=True,
                           timeout=60, env={**os.environ, **env})
        assert (r.returncode, r.stdout) == (0, "42\n"), r.stderr
    for bad in ["0", "x", "5000"]:
        r = subprocess.run(run + ["--threads", bad, "1", "2"], capture_output=True, text=True,
                           timeout=60)
        assert r.returncode == 2 and "--threads" in r.stderr
    if shutil.which("nm"):
        r = subprocess.run(["nm", "-D", "--defined-only", str(build / "libpts.so")],
                           capture_output=True, text=True)
        names = {line.split()[-1] for line in r.stdout.splitlines() if line.strip()}
        assert {"pts_parallel_for", "pts_set_num_threads", "pts_get_num_threads"} <= names


# ---- the C code under sanitizers ---------------------------------------------------------

C_TEST = r"""
#define _POSIX_C_SOURCE 200809L
#include "threads.h"
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define N 100000
static int64_t out[N];
static atomic_int calls;

static void fill(void *data, int64_t b, int64_t e) {
    int64_t *o = data;
    for (int64_t i = b; i < e; i++)
        o[i] += i * 3 + 1;
    atomic_fetch_add(&calls, 1);
}

static int check(int64_t *o, int64_t n, int64_t grain) {
    memset(o, 0, (size_t)n * sizeof *o);
    pts_parallel_for(fill, o, n, grain);
    for (int64_t i = 0; i < n; i++)
        if (o[i] != i * 3 + 1) {
            fprintf(stderr, "element %lld is %lld\n", (long long)i, (long long)o[i]);
            return 1;
        }
    return 0;
}

static atomic_int started;

static void meet(void *data, int64_t b, int64_t e) {     /* every chunk waits for all 4 */
    (void)data;
    (void)b;
    (void)e;
    atomic_fetch_add(&started, 1);
    while (atomic_load(&started) < 4)
        sched_yield();
}

static void nested(void *data, int64_t b, int64_t e) {
    (void)data;
    pts_parallel_for(fill, out + b, e - b, 10);   /* runs serially: the pool is busy */
}

static void *caller(void *arg) {
    int64_t *o = malloc(5000 * sizeof *o);
    intptr_t bad = 0;
    for (int r = 0; r < 200 && o; r++)
        bad |= check(o, 5000, 100);
    free(o);
    (void)arg;
    return (void *)bad;
}

int main(int argc, char **argv) {
    int do_fork = argc > 1 && strcmp(argv[1], "fork") == 0;
    if (pts_set_num_threads(4) < 1 || pts_get_num_threads() != 4)
        return 10;
    for (int r = 0; r < 50; r++)
        if (check(out, N, 1000) || check(out, 7, 1) || check(out, 5, 10))
            return 11;
    for (int r = 1; r <= 20; r++) {       /* returns only if 4 threads run chunks at once: */
        atomic_store(&started, 0);        /* 4 chunks of a job not seen before (always split) */
        pts_parallel_for(meet, NULL, 4 * r, r);
    }
    atomic_store(&calls, 0);
    pts_parallel_for(fill, out, 0, 1);
    if (atomic_load(&calls) != 0)
        return 12;
    memset(out, 0, sizeof out);
    pts_parallel_for(nested, NULL, N, 1000);
    for (int64_t i = 0; i < N; i++)
        if (out[i] == 0)
            return 13;
    pthread_t t[3];
    for (int i = 0; i < 3; i++)
        pthread_create(&t[i], NULL, caller, NULL);
    for (int i = 0; i < 3; i++) {
        void *bad;
        pthread_join(t[i], &bad);
        if (bad)
            return 14;
    }
    pts_set_num_threads(2);
    if (check(out, N, 1))
        return 15;
    pts_set_num_threads(4);
    if (do_fork) {
        pid_t pid = fork();
        if (pid == 0)
            _exit(check(out, N, 100) || check(out, N, 100) ? 1 : 0);
        int status;
        if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status))
            return 16;
        if (check(out, N, 100))
            return 17;
    }
    puts("ok");
    return 0;
}
"""


@pytest.mark.skipif(not shutil.which("cc") or not sys.platform.startswith("linux"),
                    reason="needs cc on Linux")
@pytest.mark.parametrize("flavour", ["thread", "address,undefined"])
def test_c_pool_under_sanitizers(tmp_path, flavour):
    src = tmp_path / "t.c"
    src.write_text(C_TEST)
    exe = tmp_path / "t"
    flags = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-O1", "-g", "-pthread",
             f"-fsanitize={flavour}", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"]
    r = subprocess.run(["cc", *flags, f"-I{C_DIR}", str(src), str(C_DIR / "threads.c"),
                        "-o", str(exe)], capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        pytest.skip(f"cc cannot build with -fsanitize={flavour} here: {r.stderr[-300:]}")
    # ThreadSanitizer does not support threads started after fork in a threaded program
    args = [] if flavour == "thread" else ["fork"]
    r = subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=120)
    assert (r.returncode, r.stdout) == (0, "ok\n"), r.stderr[-3000:]
