"""A module-level name that is None until a function rebinds it to an object (`global
planner; planner = Planner()`, pyperformance deltablue): its type is the join of the
module's value and what scripted code stores, Optional[Planner]; methods called through it
where it holds an object."""


class Planner:
    def __init__(self):
        self.marks = 0

    def new_mark(self) -> int:
        self.marks += 1
        return self.marks


def step() -> int:
    global planner
    return planner.new_mark()


def run(n: int) -> int:
    global planner
    planner = Planner()
    total = 0
    for i in range(n):
        total += step()
    return total * 100 + planner.marks


planner = None

# run: run(3)
# run: run(0)
