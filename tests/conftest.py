"""Test session setup: compiled code goes to a private, temporary disk cache (pts.cache), so
tests neither read stale entries from nor write into the user's ~/.cache.  Subprocesses
inherit it.  Tests of the cache itself point PTS_CACHE_DIR at their own tmp_path."""
import os
import shutil
import tempfile

_CACHE = tempfile.mkdtemp(prefix="pts-test-cache-")
_OWNER = os.getpid()
os.environ["PTS_CACHE_DIR"] = _CACHE


def pytest_unconfigure(config):
    if os.getpid() == _OWNER:
        shutil.rmtree(_CACHE, ignore_errors=True)
