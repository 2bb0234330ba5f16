"""numpy functions that are compositions of others, written in the pts language: scripted
code's `np.outer` compiles to `outer` here (frontend.check_tensors.np_call looks a name up
in this module when the op table has no `np.` op of it), so it is specialized, fused and
differentiated as the ops it is made of.

Contract: numpy 2's results for the argument kinds pts has (arrays and numpy scalars):
the same values, shape and dtype (NEP 50 promotion, as the ops give it).
"""
from __future__ import annotations

import numpy as np


def outer(a, b):
    """a.ravel()[:, None] * b.ravel()[None, :] (numpy's own definition)."""
    return np.ravel(a)[:, np.newaxis] * np.ravel(b)[np.newaxis, :]
