"""A module-level list that one function only reads (it folds in as a constant there) and
another changes, in one compile: the reader sees the writer's change, as in CPython (a list
shared anywhere in the compiled code is shared everywhere in it)."""
TABLE = [1, 2, 3]
WORDS = ["zero", "one", "two"]


def reader() -> int:
    return sum(TABLE) * 10 + len(TABLE)


def write_then_read(x: int) -> int:
    del TABLE[3:]
    TABLE.append(x)
    return reader()


def name_of(i: int) -> str:
    return WORDS[i] if i < len(WORDS) else "many"


def names(n: int) -> str:
    out = ""
    for i in range(n):
        out += name_of(i) + " "
    return out


# run: write_then_read(7)
# run: reader()
# run: names(5)
