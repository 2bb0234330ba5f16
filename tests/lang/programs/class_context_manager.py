"""`with` over user context managers: __enter__'s result bound by `as`, __exit__ run when
the body ends normally, returns, breaks out of a loop or raises (the exception goes on),
two managers in one statement (exited in reverse order), nested withs."""
from typing import List


class Section:
    def __init__(self, log: List[str], name: str):
        self.log = log
        self.name = name
        self.depth = 0

    def __enter__(self) -> "Section":
        self.log.append("+" + self.name)
        self.depth += 1
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        self.log.append("-" + self.name)
        self.depth -= 1


class Lock:
    def __init__(self):
        self.held = False

    def __enter__(self) -> bool:
        self.held = True
        return self.held

    def __exit__(self, *args) -> bool:
        self.held = False
        return False


def basic(n: int) -> List[str]:
    log: List[str] = []
    with Section(log, "a") as s:
        log.append(f"in {s.name} {s.depth}")
        with Section(log, "b"), Section(log, "c") as c:
            log.append(f"inner {c.depth} {n}")
    return log


def early(n: int) -> str:
    log: List[str] = []
    lock = Lock()
    for i in range(n):
        with lock as got:
            if i == 2:
                break
            log.append(f"{i}:{got}")
    return " ".join(log) + f" {lock.held}"


def returns(n: int) -> str:
    log: List[str] = []
    r = find(log, n)
    return f"{r} {log}"


def find(log: List[str], n: int) -> int:
    with Section(log, "f"):
        for i in range(10):
            if i * i >= n:
                return i
    return -1


def raises(n: int) -> List[str]:
    log: List[str] = []
    try:
        with Section(log, "r"):
            if n > 1:
                raise ValueError("too many")
            log.append("body")
    except ValueError as e:
        log.append(str(e))
    return log


# run: basic(1)
# run: early(5)
# run: early(1)
# run: returns(10)
# run: returns(1000)
# run: raises(1)
# run: raises(2)
