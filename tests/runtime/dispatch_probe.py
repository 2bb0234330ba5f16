"""What the tests of the C dispatcher (runtime/_dispatch.c) share: whether it is built,
and wrappers that tell whether a call of a scripted function or method took the Python
path (`_slow_call`) instead of C."""
from __future__ import annotations

import pytest

try:
    from pts import _dispatch
except ImportError:          # (a checkout whose extension is not built)
    _dispatch = None

needs_c = pytest.mark.skipif(_dispatch is None, reason="pts._dispatch is not built")


def from_c_only(f):
    """f (a ScriptFunction or ScriptMethod), whose further calls fail if they take the
    Python path."""
    def refuse(*args, **kwargs):
        raise AssertionError("the call took the Python path")
    f._slow_call = refuse
    return f


def counting(f):
    """f, counting the calls that take the Python path (in f.slow_calls)."""
    slow = f._slow_call
    f.slow_calls = 0

    def count(*args, **kwargs):
        f.slow_calls += 1
        return slow(*args, **kwargs)
    f._slow_call = count
    return f
