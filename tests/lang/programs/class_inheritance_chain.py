"""Three levels of single inheritance: each __init__ calls super().__init__, methods
extend the base's with super().method(), a template method in the base calls a hook each
subclass overrides, and isinstance picks behaviour at run time."""
from typing import List


class Animal:
    def __init__(self, name: str):
        self.name = name
        self.log: List[str] = []

    def sound(self) -> str:
        return "..."

    def speak(self) -> str:
        self.log.append("speak")
        return f"{self.name} says {self.sound()}"

    def describe(self) -> str:
        return "animal"


class Dog(Animal):
    def __init__(self, name: str, tricks: int):
        super().__init__(name)
        self.tricks = tricks

    def sound(self) -> str:
        return "woof"

    def describe(self) -> str:
        return super().describe() + "/dog"


class Puppy(Dog):
    def __init__(self, name: str):
        super().__init__(name, 0)
        self.age_weeks = 8

    def sound(self) -> str:
        return super().sound() + "!"

    def describe(self) -> str:
        return super().describe() + "/puppy"


def chorus(n: int) -> List[str]:
    zoo: List[Animal] = [Animal("generic"), Dog("rex", 3), Puppy("bit")]
    out = []
    for a in zoo[:n]:
        line = a.speak() + " (" + a.describe() + ")"
        if isinstance(a, Dog):
            line += f" tricks={a.tricks}"
        if isinstance(a, Puppy):
            line += f" weeks={a.age_weeks}"
        out.append(line)
    return out


def logs() -> int:
    p = Puppy("z")
    p.speak()
    p.speak()
    return len(p.log) + p.tricks


# run: chorus(3)
# run: chorus(1)
# run: logs()
