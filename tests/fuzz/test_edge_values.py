"""The edge-value tables (edges.py) in every backend: each table is a module of one-line
functions (an operator, builtin, `math` function or numpy operation each) called on every
edge value or pair of them, compared with CPython/numpy as differ.py compares.  A
difference fails the test unless known.py names the known defect it is an instance of."""
from __future__ import annotations

import pytest

import edges
from known import known_defect

TABLES = edges.tables()
# in `make test`: the scalar tables and the float64 arrays; the other dtypes (~5 s a table:
# each compiles some 20 tensor functions per tier) are slow, for `make test-all`
FAST = [t for t in TABLES if not t.name.startswith("arrays") or "float64" in t.name.split(" x ")[0]
        and " x " not in t.name or t.name == "arrays float64 x float64"]
SLOW = [t for t in TABLES if t not in FAST]


def check(table):
    report = edges.check_table(table)
    new = [d for d in report.differences if known_defect(d, _entry_source(table, d.entry)) is None]
    assert not new, "\n".join(d.describe() for d in new)


@pytest.mark.parametrize("table", FAST, ids=[t.name for t in FAST])
def test_edge_values(table):
    check(table)


@pytest.mark.slow
@pytest.mark.parametrize("table", SLOW, ids=[t.name for t in SLOW])
def test_edge_values_more(table):
    check(table)


def test_tables_cover_every_operation():
    names = {entry for t in TABLES for entry, _ in t.jobs}
    for op in edges.ARITH + edges.BITS + edges.COMPARE:
        assert f"{edges.NAMES[op]}_int_int" in names
    for op in edges.ARITH + edges.COMPARE:
        assert f"{edges.NAMES[op]}_float_float" in names and f"{edges.NAMES[op]}_int_float" in names
    for f in edges.MATH_UNARY:
        assert f"math_{f}_float" in names and f"math_{f}_int" in names
    for f in edges.MATH_BINARY:
        assert f"math_{f}_float_float" in names
    for dtype in edges.ARRAY_EDGES:
        assert f"add_{dtype}_{dtype}" in names and f"sum_{dtype}" in names and f"exp_{dtype}" in names
    assert sum(t.calls for t in TABLES) > 10_000


def test_most_of_the_tables_compile():
    """Entries pts refuses are ones numpy refuses too (`~` of a float array): a few."""
    refused = entries = 0
    for table in TABLES[:3]:
        report = edges.check_table(table, backends=[edges.differ.BACKENDS[0]])
        refused += len(report.refused)
        entries += len(table.jobs)
    assert refused == 0, f"{refused} of {entries} entries refused"


def _entry_source(table, entry: str) -> str:
    """The table's imports and `entry`'s function: known.py looks at the construct that
    differs (not at the other entries of the table)."""
    lines = table.source.splitlines()
    first_def = next(i for i, line in enumerate(lines) if line.startswith("def "))
    start = next(i for i, line in enumerate(lines) if line.startswith(f"def {entry}("))
    return "\n".join(lines[:first_def] + lines[start:start + 2]) + "\n"
