"""The thread pool parallel kernels run on, as Python sees it.

`PARALLEL_FOR` is the address of `void pts_parallel_for(void (*fn)(void *, int64_t,
int64_t), void *data, int64_t n, int64_t grain)` (runtime/c/threads.h), which fills the
import table slot "parallel_for" (runtime/native.py).  It comes from the extension
pts._threads (runtime/_threads.c, the C runtime's own threads.c); without the extension it
is a ctypes callback running every chunk on the calling thread, so the slot is never empty
and results are the same, only not parallel (`PARALLEL` is then False).

`set_num_threads(n)` returns the previous number; n <= 0 means the number of CPUs this
process may run on, which is also the default unless $PTS_NUM_THREADS is a positive integer.
"""
from __future__ import annotations

import ctypes
import os

TASK = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64)
PARALLEL_FOR_T = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64,
                                  ctypes.c_int64)

try:
    from pts import _threads
except ImportError:
    _threads = None

PARALLEL = _threads is not None


def _cpu_count() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _default_threads() -> int:
    env = os.environ.get("PTS_NUM_THREADS", "")
    return int(env) if env.isdigit() and int(env) > 0 else _cpu_count()


if _threads is not None:
    PARALLEL_FOR = _threads.parallel_for_address()
    # tensor memory: large freed blocks are kept for the next allocation of their size
    # (runtime/c/blocks.h); PTS_BLOCK_CACHE_MB bounds what is kept (0: nothing)
    BLOCK_MALLOC, BLOCK_FREE = _threads.block_addresses()
    _cache_mb = os.environ.get("PTS_BLOCK_CACHE_MB", "")
    if _cache_mb.isdigit():
        _threads.block_cache_limit(int(_cache_mb) << 20)
    set_num_threads = _threads.set_num_threads
    get_num_threads = _threads.get_num_threads
else:
    BLOCK_MALLOC = BLOCK_FREE = None
    _num_threads = _default_threads()

    def _chunk_start(n: int, k: int, i: int) -> int:
        return n // k * i + min(i, n % k)

    @PARALLEL_FOR_T
    def _serial_parallel_for(fn, data, n, grain):
        """The chunks pts_parallel_for would make, one after another on this thread."""
        if n <= 0:
            return
        k = max(1, min(n // max(grain, 1), 4 * _num_threads)) if _num_threads > 1 else 1
        task = ctypes.cast(fn, TASK)
        for i in range(k):
            task(data, _chunk_start(n, k, i), _chunk_start(n, k, i + 1))

    PARALLEL_FOR = ctypes.cast(_serial_parallel_for, ctypes.c_void_p).value

    def set_num_threads(n: int) -> int:
        """Use n threads (n <= 0: the number of CPUs); returns the previous number."""
        global _num_threads
        previous, _num_threads = _num_threads, (int(n) if int(n) > 0 else _cpu_count())
        return previous

    def get_num_threads() -> int:
        """The number of threads parallel loops use."""
        return _num_threads
