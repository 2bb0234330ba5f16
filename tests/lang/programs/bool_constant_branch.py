"""A bool that a call passes as a constant decides, at compile time, an `if` of the callee
that tests it (as `self.training` decides F.batch_norm's branch): only the branch taken is
checked, so the other may even have another type.  A bool known only at run time (the
entry's own parameter, a computed one) leaves both branches in the code."""


def pair_or_double(x: float, as_pair: bool):
    if as_pair:
        return [x, x]
    else:
        return x * 2.0


def doubled(x: float) -> float:
    return pair_or_double(x, False) + 1.0


def paired(x: float) -> int:
    return len(pair_or_double(x, True))


def scaled(x: float, half: bool) -> float:
    if not half or x < 0.0:
        return x
    return x / 2.0


def both_ways(x: float, half: bool) -> float:
    return scaled(x, half) + scaled(x, True) + scaled(x, x > 1.0)


# run: doubled(1.5)
# run: paired(1.5)
# run: both_ways(3.0, True)
# run: both_ways(3.0, False)
# run: both_ways(-3.0, False)
