"""A user exception escapes through several scripted calls and a finally."""


class BudgetExceeded(RuntimeError):
    pass


def spend(budget: int, cost: int) -> int:
    if cost > budget:
        raise BudgetExceeded("over budget")
    return budget - cost


def plan(budget: int, n: int) -> int:
    left = budget
    try:
        for i in range(n):
            left = spend(left, 10)
            print("left", left)
    finally:
        print("plan done")
    return left


# run: plan(100, 3)
# run: plan(25, 5)
