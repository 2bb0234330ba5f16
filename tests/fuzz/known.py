"""Differences the fuzzer finds that are known defects of pts, each kept as a strict-xfail
regression test in test_findings.py (the test named here).

`known_defect(diff, source)` names the defect a difference is an instance of, or None; the
seed and edge-table tests fail only on differences no entry explains.  Entries recognise a
defect by its symptom (an internal error's message, the part of the outcome that differs
and the construct in the source), so a few are broader than their defect: said below.  When
a defect is fixed its regression test turns red (strict xfail); then remove its mark and
its entry here, so the fuzzer watches for it again.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from differ import Difference

NATIVE = ("fast", "opt")


@dataclass(frozen=True)
class Defect:
    name: str
    test: str                                   # test_findings.py::<test>
    matches: Callable[[Difference, str], bool]


def _raised(o, exc: str, prefix: str = "") -> bool:
    return o.kind == "raise" and o.exc[0] == exc and o.exc[1].startswith(prefix)


# Empty: every defect the fuzzer has found so far is fixed, and its regression test in
# test_findings.py passes (issue 27's list, then the six it found on its own).
DEFECTS: list[Defect] = []


def known_defect(d: Difference, source: str) -> Defect | None:
    for defect in DEFECTS:
        if defect.matches(d, source):
            return defect
    return None
