"""Shared by tests/grad: the backends every gradient test runs on, and a check that a
gradient equals central differences of the function run eagerly (pts.gradcheck)."""
import pytest

import pts

BACKENDS = pytest.mark.parametrize("backend", ["native", "interp"])


def check(fn, *inputs, backend: str, **kwargs) -> None:
    assert pts.gradcheck(fn, inputs, backend=backend, **kwargs)
