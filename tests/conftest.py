"""Test session setup, inherited by the subprocesses tests start:
- compiled code goes to a private, temporary disk cache (pts.cache), so tests neither read
  stale entries from nor write into the user's ~/.cache.  Tests of the cache itself point
  PTS_CACHE_DIR at their own tmp_path.
- the IR verifier runs after every pass of every program the tests compile (PTS_VERIFY,
  ir.pipeline.verify_enabled): functions, models' methods, archives, the CLI's programs.
  Set unconditionally, so an outer PTS_VERIFY=0 cannot quietly turn it off."""
import os
import shutil
import tempfile

_CACHE = tempfile.mkdtemp(prefix="pts-test-cache-")
_OWNER = os.getpid()
os.environ["PTS_CACHE_DIR"] = _CACHE
os.environ["PTS_VERIFY"] = "1"
# Optimized code from the first call (backend.jit tiers): the corpus checks what -O3 makes
# of it (no-wrap flags, range metadata); tests/runtime/test_tiers.py covers tier 0.
os.environ.setdefault("PTS_TIER", "opt")


def pytest_unconfigure(config):
    if os.getpid() == _OWNER:
        shutil.rmtree(_CACHE, ignore_errors=True)
