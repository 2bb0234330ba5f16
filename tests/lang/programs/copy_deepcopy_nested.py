"""copy.copy and copy.deepcopy of lists, lists of lists, dicts, sets and tuples (stdlib/pycopy.py
for the static type): a deep copy shares nothing mutable with the original, a shallow copy
shares its elements."""
import copy
from copy import deepcopy
from typing import List, Optional


def lists(n: int) -> str:
    a = [[float(i * n + j) for j in range(n)] for i in range(n)]
    b = copy.deepcopy(a)
    c = copy.copy(a)
    b[0][0] = -1.0
    c[1][1] = -2.0                 # shared with a: a shallow copy
    c.append([9.0])
    return f"{a} {b} {c} {len(a)}"


def nested3(k: int) -> int:
    a = [[[i + j + k for k in range(2)] for j in range(2)] for i in range(k)]
    b = deepcopy(a)
    b[0][1][0] = 100
    return a[0][1][0] * 1000 + b[0][1][0] + len(b)


def dicts(k: int) -> str:
    d = {"a": [1, 2], "b": [k]}
    e = copy.deepcopy(d)
    f = copy.copy(d)
    e["a"].append(3)
    f["b"].append(4)              # f["b"] is d["b"]
    f["c"] = [5]
    s = {1, 2, k}
    t = copy.deepcopy(s)
    t.add(99)
    return f"{d['a']} {d['b']} {e['a']} {e['b']} {f['b']} {len(f)} {len(d)} {sorted(s)} {sorted(t)}"


def tuples(k: int) -> str:
    t = ([1, 2], "x", k)
    u = copy.deepcopy(t)
    u[0].append(3)
    v = copy.copy(t)
    v[0].append(4)                # v is t
    pairs = [(1, "a"), (k, "b")]
    q = copy.deepcopy(pairs)
    q.append((0, "c"))
    return f"{t} {u} {v} {pairs} {q} {copy.deepcopy(2.5)} {copy.copy('s')}"


def optional(n: int):
    a: Optional[List[int]] = None
    if n > 0:
        a = [n, n]
    b = copy.deepcopy(a)
    if b is not None:
        b.append(1)
    return a, b, copy.copy(a)


def nested_tuples(n: int):
    t = [([n], ([n + 1], "s"))]
    u = copy.deepcopy(t)
    u[0][0].append(5)
    u[0][1][0].append(6)
    return t, u


# run: lists(3)
# run: nested3(2)
# run: dicts(7)
# run: tuples(5)
# run: optional(0)
# run: optional(2)
# run: nested_tuples(3)
