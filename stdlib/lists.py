"""List operations for scripted code, written in the language itself: a scripted
`xs.insert(i, v)`, `xs[a:b:c]`, `xs < ys`, ... calls the function here of the same job
(frontend/check_lists.py maps each form to its function), specialized to the list's type
like any callee, so the three ways run the same code and nested lists work at any depth
(`a[i] < b[i]` on inner lists calls `less` again, for the inner type).

Each function has CPython's result and CPython's exception and message for its method.
Indices are normalized as CPython's list methods do (`slice_indices` is
`slice.indices`; insert clamps; index's start/stop clamp).
"""


def slice_indices(n: int, start: int, stop: int, step: int, has_start: bool, has_stop: bool):
    """(start, stop, step, count) of slice(start, stop, step).indices(n) and its length."""
    if step == 0:
        raise ValueError("slice step cannot be zero")
    if step > 0:
        lo = 0
        hi = n
    else:
        lo = -1
        hi = n - 1
    if not has_start:
        start = lo if step > 0 else hi
    elif start < 0:
        start = max(start + n, lo)
    else:
        start = min(start, hi)
    if not has_stop:
        stop = hi if step > 0 else lo
    elif stop < 0:
        stop = max(stop + n, lo)
    else:
        stop = min(stop, hi)
    count = 0
    if step > 0 and start < stop:
        count = (stop - start - 1) // step + 1
    if step < 0 and stop < start:
        count = (start - stop - 1) // (-step) + 1
    return start, stop, step, count


def get_slice(xs, start: int, stop: int, step: int, has_start: bool, has_stop: bool):
    """xs[start:stop:step]: a new list."""
    b, e, s, k = slice_indices(len(xs), start, stop, step, has_start, has_stop)
    return [xs[b + j * s] for j in range(k)]


def set_slice(xs, start: int, stop: int, step: int, has_start: bool, has_stop: bool, ys):
    """xs[start:stop:step] = ys (ys is copied first: `xs[:] = xs[::-1]` reads the old xs)."""
    b, e, s, k = slice_indices(len(xs), start, stop, step, has_start, has_stop)
    vals = ys.copy()
    m = len(vals)
    if s == 1:
        if e < b:
            e = b
        tail = [xs[j] for j in range(e, len(xs))]
        while len(xs) > b:
            xs.pop()
        for v in vals:
            xs.append(v)
        for v in tail:
            xs.append(v)
        return
    if m != k:
        raise ValueError(f"attempt to assign sequence of size {m} to extended slice of size {k}")
    for j in range(k):
        xs[b + j * s] = vals[j]


def del_slice(xs, start: int, stop: int, step: int, has_start: bool, has_stop: bool):
    """del xs[start:stop:step]."""
    b, e, s, k = slice_indices(len(xs), start, stop, step, has_start, has_stop)
    if k == 0:
        return
    first = b if s > 0 else b + (k - 1) * s
    gap = s if s > 0 else -s
    keep = [xs[j] for j in range(len(xs)) if j < first or (j - first) % gap != 0
            or j > first + (k - 1) * gap]
    while len(xs) > 0:
        xs.pop()
    for v in keep:
        xs.append(v)


def insert(xs, i: int, v) -> None:
    n = len(xs)
    if i < 0:
        i = max(i + n, 0)
    i = min(i, n)
    xs.append(v)
    j = n
    while j > i:
        xs[j] = xs[j - 1]
        j -= 1
    xs[i] = v


def find(xs, v, start: int, stop: int) -> int:
    """The first i in xs[start:stop] (clamped as list.index does) where xs[i] == v, or -1."""
    n = len(xs)
    if start < 0:
        start = max(start + n, 0)
    if stop < 0:
        stop = max(stop + n, 0)
    i = start
    while i < min(stop, len(xs)):
        if xs[i] == v:
            return i
        i += 1
    return -1


def index(xs, v, start: int, stop: int) -> int:
    i = find(xs, v, start, stop)
    if i < 0:
        raise ValueError(f"{v!r} is not in list")
    return i


def count(xs, v) -> int:
    c = 0
    for x in xs:
        if x == v:
            c += 1
    return c


def remove(xs, v) -> None:
    for i in range(len(xs)):
        if xs[i] == v:
            xs.pop(i)
            return
    raise ValueError("list.remove(x): x not in list")


def extend(xs, ys) -> None:
    vals = ys.copy()                      # xs.extend(xs) doubles xs once
    for v in vals:
        xs.append(v)


def reverse(xs) -> None:
    i = 0
    j = len(xs) - 1
    while i < j:
        t = xs[i]
        xs[i] = xs[j]
        xs[j] = t
        i += 1
        j -= 1


def clear(xs) -> None:
    while len(xs) > 0:
        xs.pop()


def equal(a, b) -> bool:
    if len(a) != len(b):
        return False
    for i in range(len(a)):
        if a[i] != b[i]:
            return False
    return True


def less(a, b, or_equal: bool) -> bool:
    """a < b (or a <= b) lexicographically: the first unequal elements decide, else the
    lengths, as CPython compares lists."""
    n = min(len(a), len(b))
    for i in range(n):
        if a[i] != b[i]:
            return a[i] < b[i]
    if or_equal:
        return len(a) <= len(b)
    return len(a) < len(b)


def contains(xs, v) -> bool:
    for x in xs:
        if x == v:
            return True
    return False


def assign_all(xs, ys) -> None:
    """xs[:] = ys, element by element: how `xs.sort()` puts its result in place."""
    vals = ys.copy()
    clear(xs)
    for v in vals:
        xs.append(v)


def repeat_in_place(xs, n: int) -> None:
    """xs *= n: xs itself, n times (empty for n <= 0)."""
    vals = xs.copy()
    clear(xs)
    for _ in range(n):
        for v in vals:
            xs.append(v)


def tuple_index(xs, v, start: int, stop: int) -> int:
    """t.index(v) of a Tuple[T, ...]: list's index with CPython's tuple message."""
    i = find(xs, v, start, stop)
    if i < 0:
        raise ValueError("tuple.index(x): x not in tuple")
    return i


def list_repr(xs) -> str:
    """repr() of a list that holds objects (each by its class's __repr__) or lists of them."""
    out = "["
    for i in range(len(xs)):
        if i:
            out += ", "
        x = xs[i]
        if x is None:
            out += "None"
        else:
            out += repr(x)
    return out + "]"


def dict_repr(d) -> str:
    """repr() of a dict whose values are objects (or lists of them)."""
    out = "{"
    first = True
    for k, v in d.items():
        if not first:
            out += ", "
        first = False
        if v is None:
            out += repr(k) + ": None"
        else:
            out += repr(k) + ": " + repr(v)
    return out + "}"


def obj_sum(xs, start):
    """sum(xs, start) of objects: start + xs[0] + xs[1] ..., each `+` its class's __add__."""
    acc = start
    for x in xs:
        acc = acc + x
    return acc
