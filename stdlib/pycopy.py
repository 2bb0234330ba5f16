"""The `copy` module for scripted code, written in the language itself: a scripted
`copy.copy(x)` / `copy.deepcopy(x)` (or `from copy import deepcopy`) calls the function here
for x's static type (frontend/check_copy.py chooses it), specialized like any callee, so the
three ways run the same code and nested containers copy at any depth (`deepcopy_list`
calls `deepcopy` again, for the element type).

CPython's rules by type: numbers, strings, None and tuples of those are immutable, and both
copies return the object itself (`same`); a list, dict or set is copied (shallow: the new
container holds the same elements; deep: each element is deep-copied in turn, a dict's
keys are immutable and kept); an array is copied (`ndarray.__deepcopy__` copies the data;
an array of numbers holds no references).  A tuple holding a container is rebuilt from
its deep-copied items.  One difference (docs/language.md): CPython's deepcopy keeps an
object shared inside the copied structure shared in the copy (its memo: `[row] * 3`
copies `row` once); pts values have no identity to key a memo on, so each position gets
its own copy.
"""
from copy import deepcopy


def same(x):
    """copy.copy / copy.deepcopy of an immutable value: the value itself."""
    return x


def copy_list(xs):
    return xs[:]


def copy_container(x):
    """A dict, a set or an array: its own copy()."""
    return x.copy()


def deepcopy_list(xs):
    return [deepcopy(v) for v in xs]


def copy_floats(xs):
    """copy.copy of a List[int] whose copy is a List[float] (floats are stored into it
    later: frontend/check_copy.py): the same values, as floats."""
    return [float(v) for v in xs]


def deepcopy_floats(x):
    """copy.deepcopy of a list of ints (at any depth) whose copy holds floats there."""
    if isinstance(x, list):
        return [deepcopy_floats(v) for v in x]
    return float(x)


def deepcopy_dict(d):
    return {k: deepcopy(v) for k, v in d.items()}


def deepcopy_optional(x):
    if x is None:
        return None
    return deepcopy(x)


def deepcopy_tuple2(t):
    return (deepcopy(t[0]), deepcopy(t[1]))


def deepcopy_tuple3(t):
    return (deepcopy(t[0]), deepcopy(t[1]), deepcopy(t[2]))


def deepcopy_tuple4(t):
    return (deepcopy(t[0]), deepcopy(t[1]), deepcopy(t[2]), deepcopy(t[3]))


def deepcopy_tuple5(t):
    return (deepcopy(t[0]), deepcopy(t[1]), deepcopy(t[2]), deepcopy(t[3]), deepcopy(t[4]))


def deepcopy_tuple6(t):
    return (deepcopy(t[0]), deepcopy(t[1]), deepcopy(t[2]), deepcopy(t[3]), deepcopy(t[4]),
            deepcopy(t[5]))
