"""`assert` of a constant condition: a true one is nothing, a false one raises at once.
Lowering made the failure and success blocks before it looked at the condition, and for a
constant left them empty, without a terminator: the verifier refused the function (found by
differential fuzzing, seed 2)."""


def true_in_a_dead_branch(p: int) -> bool:
    if p > 100:
        assert True
    elif False:
        assert True
    return p > 0


def false_assert(p: int) -> int:
    if p < 0:
        assert False, "negative"
    return p


# run: true_in_a_dead_branch(5)
# run: true_in_a_dead_branch(500)
# run: false_assert(3)
# run: false_assert(-3)
