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

import re
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


DEFECTS = [
    # -- found by this fuzzer (the defects of issue 27's list are fixed: their regression
    #    tests in test_findings.py pass, and the fuzzer watches for them again)
    Defect("list arguments are not copied back when a native call raises",
           "test_list_argument_mutation_survives_exception",
           lambda d, s: d.backend in NATIVE and d.what == "arguments" and d.want.kind == "raise"
           and d.got.kind == "raise"),
    Defect("an empty list literal as a List[float] argument compared with ==: native "
           "NotImplementedError: no LLVM type for unknown",
           "test_empty_list_argument_compared",
           lambda d, s: _raised(d.got, "NotImplementedError", "no LLVM type for unknown")
           or _raised(d.got, "IRVerifyError", "after lower") and "list<unknown>" in d.got.exc[1]),
]








def known_defect(d: Difference, source: str) -> Defect | None:
    for defect in DEFECTS:
        if defect.matches(d, source):
            return defect
    return None
