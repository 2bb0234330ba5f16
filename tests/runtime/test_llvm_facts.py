"""What the code generator tells LLVM beyond the instructions (backend/codegen.py): no-wrap
flags on loop counters (loop_counters) and `!range` metadata where our IR knows the range
(list lengths >= 0, bools stored as bytes or passed in 8-byte slots).  These tests read the
LLVM IR text; the results of the same programs are checked natively elsewhere (and here)."""
import re
from typing import List

import pts


def count_primes(n: int) -> int:
    count = 0
    for k in range(2, n):
        ok = True
        i = 2
        while i * i <= k:
            if k % i == 0:
                ok = False
                break
            i += 1
        if ok:
            count += 1
    return count


def from_parameter(n: int, m: int) -> int:
    # i starts at a parameter (may be near 2**63): its add must keep wrapping semantics
    s = 0
    i = n
    while i < m:
        s += 1
        i += 1
    return s


def from_negative(n: int) -> int:
    s = 0
    j = -3
    while j < n:
        s += j
        j += 1
    return s


def big_step(n: int) -> int:
    s = 0
    i = 0
    while i < n:
        s += 1
        i += 1000
    return s


def lists(xs: List[int], bs: List[bool], flag: bool) -> int:
    s = 0
    for i in range(len(xs)):
        if bs[i % len(bs)] and flag:
            s += xs[i]
    return s


def llvm_ir(fn, *args) -> str:
    return pts.script(fn).llvm_ir(*args)


def test_counters_from_constants_do_not_wrap():
    text = llvm_ir(count_primes, 100)
    assert 'add nuw nsw i64 %"i", 1' in text, text
    assert pts.script(count_primes)(1000) == count_primes(1000)


def test_other_adds_keep_wrapping():
    for fn, args, counter, step in ((from_parameter, (1, 5), "i", 1),
                                    (from_negative, (4,), "j", 1),
                                    (big_step, (5000,), "i", 1000)):
        text = llvm_ir(fn, *args)
        assert f'add i64 %"{counter}", {step}' in text, (fn.__name__, text)
        assert pts.script(fn)(*args) == fn(*args)
    # the wrap-around a counter from a parameter may do, as pts ints do
    big = 2 ** 63 - 3
    assert pts.script(from_parameter)(big, -big) == 0


def test_range_metadata_on_lengths_and_bools():
    args = ([1, 2, 3], [True, False], True)
    text = llvm_ir(lists, *args)
    ranges = dict(re.findall(r"^(!\d+) = !\{ ?(i\d+ 0, i\d+ \d+) ?\}", text, re.M))
    assert "i64 0, i64 9223372036854775807" in ranges.values()     # len >= 0
    assert "i8 0, i8 2" in ranges.values()                        # a bool in a list
    assert "i64 0, i64 2" in ranges.values()                      # a bool argument slot
    for md in ranges:
        assert f"!range {md}" in text
    assert pts.script(lists)(*args) == lists(*args)
