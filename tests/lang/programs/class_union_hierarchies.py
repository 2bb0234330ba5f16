"""A union whose classes have subclasses of their own: a method overridden in one
hierarchy is dispatched twice (the union's class, then the override); a subclass joins
the union at its base; a None slot makes the union Optional (AttributeError on None)."""
from typing import List, Optional


class Animal:
    def __init__(self, name: str):
        self.name = name

    def speak(self) -> str:
        return "..."


class Dog(Animal):
    def speak(self) -> str:
        return "woof"


class Puppy(Dog):
    def speak(self) -> str:
        return "yip"


class Radio:
    def __init__(self, freq: float):
        self.name = f"{freq:.1f} FM"

    def speak(self) -> str:
        return "static"


def chorus(n: int) -> str:
    things = [Animal("generic"), Radio(99.5)]
    for i in range(n):
        things.append(Dog(f"d{i}") if i % 2 == 0 else Puppy(f"p{i}"))
    return " ".join(f"{t.name}:{t.speak()}" for t in things)


def maybe(i: int) -> str:
    things = [None, Dog("rex"), Radio(101.1)]
    t = things[i]
    return t.name + " " + t.speak()


# run: chorus(0)
# run: chorus(3)
# run: maybe(1)
# run: maybe(2)
# run: maybe(0)
