"""Objects as dict values and in tuples: grouping records by a key, max/min/sorted by a
lambda over a field, a dict of lists of names, tuples of objects returned and unpacked."""
from dataclasses import dataclass
from typing import Dict, List, Tuple


@dataclass
class Person:
    name: str
    age: int
    city: str


def people() -> List[Person]:
    return [Person("ann", 31, "oslo"), Person("bob", 25, "rome"), Person("cy", 40, "oslo"),
            Person("di", 25, "lima")]


def oldest_by_city() -> str:
    best: Dict[str, Person] = {}
    for p in people():
        cur = best.get(p.city)
        if cur is None or p.age > cur.age:
            best[p.city] = p
    return ", ".join(f"{c}:{best[c].name}" for c in sorted(best))


def extremes() -> Tuple[Person, Person]:
    ps = people()
    return min(ps, key=lambda p: p.age), max(ps, key=lambda p: (p.age, p.name))


def describe() -> str:
    young, old = extremes()
    names = [p.name for p in sorted(people(), key=lambda p: (-p.age, p.name))]
    return f"{young.name} {old.name} {names}"


def by_age() -> Dict[int, List[str]]:
    out: Dict[int, List[str]] = {}
    for p in people():
        out.setdefault(p.age, []).append(p.name)
    return out


# run: oldest_by_city()
# run: describe()
# run: by_age()
