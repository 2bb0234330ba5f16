"""Strings passed to and returned from scripted functions, and through tuples."""
from typing import Tuple


def greet(name: str, times: int) -> str:
    return ", ".join([f"hi {name}"] * times)


def split_name(full: str) -> Tuple[str, str]:
    first, _, last = full.partition(" ")
    return first, last


def describe(full: str) -> str:
    first, last = split_name(full)
    return greet(first, 2) + " / " + last.upper()


def pick(flag: bool) -> str:
    s = "yes" if flag else "no"
    return s


# run: greet("ann", 3)
# run: split_name("Ada Lovelace")
# run: describe("Grace Hopper")
# run: describe("Plato")
# run: pick(True)
# run: pick(False)
