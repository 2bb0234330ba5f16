"""Test session setup, inherited by the subprocesses tests start:
- compiled code goes to a private, temporary disk cache (pts.cache), so tests neither read
  stale entries from nor write into the user's ~/.cache.  Tests of the cache itself point
  PTS_CACHE_DIR at their own tmp_path.
- the IR verifier runs after every pass of every program the tests compile (PTS_VERIFY,
  ir.pipeline.verify_enabled): functions, models' methods, archives, the CLI's programs.
  Set unconditionally, so an outer PTS_VERIFY=0 cannot quietly turn it off.
- `make test` (markers "not slow") saves archives with the image this machine loads only
  (PTS_SAVE_TARGETS=host, runtime.archive_write.default_targets): the baselines' codegen is most of
  a save's time, and the archive harnesses already pass their one target.  `make test-all`
  saves every default target.  A test of the default set is marked `all_targets`."""
import os
import shutil
import tempfile

import pytest

_CACHE = tempfile.mkdtemp(prefix="pts-test-cache-")
_OWNER = os.getpid()
os.environ["PTS_CACHE_DIR"] = _CACHE
os.environ["PTS_VERIFY"] = "1"
# Optimized code from the first call (backend.jit tiers): the corpus checks what -O3 makes
# of it (no-wrap flags, range metadata); tests/runtime/test_tiers.py covers tier 0.
os.environ.setdefault("PTS_TIER", "opt")


def pytest_configure(config):
    config.addinivalue_line("markers", "all_targets: pts.save writes every default target")
    if config.option.markexpr == "not slow":
        os.environ.setdefault("PTS_SAVE_TARGETS", "host")


@pytest.fixture(autouse=True)
def _every_target_when_marked(request, monkeypatch):
    if request.node.get_closest_marker("all_targets"):
        monkeypatch.delenv("PTS_SAVE_TARGETS", raising=False)


def pytest_unconfigure(config):
    if os.getpid() == _OWNER:
        shutil.rmtree(_CACHE, ignore_errors=True)
