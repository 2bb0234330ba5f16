"""A variable that holds a range and later a list (Rosetta's Levenshtein distance): it is
read only by index, len, `in` and `for`, so pts builds the range as a list where it is
assigned (frontend.check_iter.range_as_list).  (An index past the end of what was the
range says "list index out of range", where CPython says "range object index out of
range": docs/language.md.)  Also: a folded str argument of a scripted
callee that the callee assigns again (`s1, s2 = s2, s1`)."""


def levenshtein(s1: str, s2: str) -> int:
    if len(s1) > len(s2):
        s1, s2 = s2, s1
    distances = range(len(s1) + 1)
    for index2, char2 in enumerate(s2):
        new = [index2 + 1]
        for index1, char1 in enumerate(s1):
            if char1 == char2:
                new.append(distances[index1])
            else:
                new.append(1 + min((distances[index1], distances[index1 + 1], new[-1])))
        distances = new
    return distances[-1]


def pairs() -> int:
    return levenshtein("kitten", "sitting") * 100 + levenshtein("rosettacode", "raisethysword")


def list_then_range(n: int, k: int) -> int:
    d = [7, 8, 9]
    total = len(d) + d[-1]
    if n > 0:
        d = range(n, 3 * n, 2)
    for x in d:
        total = total * 10 + x
    if k in d:
        total += 1000
    return total + d[len(d) - 1]


def index_error(n: int) -> int:
    d = range(n)
    if n > 5:
        d = [1, 2]
    return d[n // 2]


def swapped(a: str, b: str) -> str:
    if a > b:
        a, b = b, a
    return a + "|" + b


def call_swapped() -> str:
    return swapped("pear", "apple") + swapped("fig", "kiwi")


# run: levenshtein("kitten", "sitting")
# run: levenshtein("", "abc")
# run: levenshtein("flaw", "lawn")
# run: pairs()
# run: list_then_range(0, 8)
# run: list_then_range(4, 6)
# run: list_then_range(4, 5)
# run: index_error(6)
# run: index_error(3)
# run: call_swapped()
