"""Test session setup: compiled code goes to a private, temporary disk cache (pts.cache), so
tests neither read stale entries from nor write into the user's ~/.cache.  Subprocesses
inherit it.  Tests of the cache itself point PTS_CACHE_DIR at their own tmp_path."""
import os
import shutil
import tempfile

_CACHE = tempfile.mkdtemp(prefix="pts-test-cache-")
_OWNER = os.getpid()
os.environ["PTS_CACHE_DIR"] = _CACHE
# Optimized code from the first call (backend.jit tiers): the corpus checks what -O3 makes
# of it (no-wrap flags, range metadata); tests/runtime/test_tiers.py covers tier 0.
os.environ.setdefault("PTS_TIER", "opt")


def pytest_unconfigure(config):
    if os.getpid() == _OWNER:
        shutil.rmtree(_CACHE, ignore_errors=True)
