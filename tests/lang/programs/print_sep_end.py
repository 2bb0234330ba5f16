"""print's sep= and end= (string constants, or None for the default) and flush=: progress
dots on one line, a joined row, an empty end, printing nothing with an end."""


def dots(n: int) -> int:
    for i in range(n):
        print(".", end="")
    print()
    return n


def rows(n: int) -> None:
    for i in range(n):
        print(i, i * i, float(i) / 2, sep="\t")
    print("a", "b", "c", sep="")
    print("x", "y", sep=None, end=None)
    print(end="done\n")
    print("last", end="!\n", flush=True)


def mixed(s: str) -> str:
    print(s, len(s), [1, 2], (3, "t"), None, sep=" | ", end=" <<\n")
    return s.upper()


# run: dots(5)
# run: dots(0)
# run: rows(3)
# run: mixed("ab")
