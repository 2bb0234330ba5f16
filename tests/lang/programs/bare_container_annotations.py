"""Bare `list`, `dict`, `tuple` annotations (what published code writes): the kind is
checked, the element types come from the argument or from what is returned."""


def quick_sort(sequence: list) -> list:
    if len(sequence) <= 1:
        return sequence
    pivot = sequence[0]
    lesser = [x for x in sequence[1:] if x < pivot]
    greater = [x for x in sequence[1:] if x >= pivot]
    return quick_sort(lesser) + [pivot] + quick_sort(greater)


def countdown(n) -> list:
    if n == 0:
        return [0]
    return [n] + countdown(n - 1)


def histogram(words: list) -> dict:
    d = {}
    for w in words:
        d[w] = d.get(w, 0) + 1
    return d


def swap(t: tuple) -> tuple:
    a, b = t
    return (b, a)


# run: quick_sort([5, 2, 8, 1, 9, 3])
# run: quick_sort([2.5, -1.0, 2.5])
# run: quick_sort(["pear", "apple", "fig"])
# run: countdown(4)
# run: histogram(["a", "b", "a", "c", "a"])
# run: swap((1, "x"))
