"""A field annotated `Union[A, B]` (and `A | B`) of two unrelated classes: the field holds
either, its shared method and its shared field are read duck-typed, and it is rebound."""
from typing import Optional, Union


class Cat:
    def __init__(self, name: str):
        self.name = name
        self.lives = 9

    def sound(self) -> str:
        return "meow"


class Robot:
    def __init__(self, serial: int):
        self.name = f"R{serial}"
        self.lives = 1

    def sound(self) -> str:
        return "beep"


class Owner:
    pet: Union[Cat, Robot]
    spare: "Optional[Cat | Robot]"

    def __init__(self, pet: Union[Cat, Robot]):
        self.pet = pet
        self.spare = None

    def describe(self) -> str:
        return f"{self.pet.name} says {self.pet.sound()} ({self.pet.lives} lives)"


def swap(n: int) -> str:
    o = Owner(Cat("Tom"))
    out = [o.describe()]
    for i in range(n):
        o.spare = o.pet
        o.pet = Robot(i) if i % 2 == 0 else Cat(f"kit{i}")
        out.append(o.describe())
    if o.spare is not None:
        out.append("spare: " + o.spare.name)
    return "; ".join(out)


def lives(n: int) -> int:
    owners = [Owner(Cat("a")), Owner(Robot(7))] * n
    total = 0
    for o in owners:
        o.pet.lives -= 1
        total += o.pet.lives
    return total


# run: swap(0)
# run: swap(3)
# run: lives(1)
# run: lives(4)
