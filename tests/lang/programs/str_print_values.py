"""print of str values, f-strings, lists and tuples holding strings."""
from typing import List


def show(name: str, n: int) -> None:
    greeting = "hello, " + name
    print(greeting)
    print(f"{name} has {n} items")
    print(name, n, [name, "b"], (name, n))
    words: List[str] = name.split("l")
    print(words, len(words))
    print("")
    print("tab\tand\nnewline")
    print(("only",))
    print(repr(name), str(n))


# run: show("world", 3)
# run: show("", 0)
# run: show("héllo", -1)
