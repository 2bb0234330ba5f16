"""`loss = None`, then a float in a branch: the variable is Optional[float]."""


def maybe_loss(n: int, with_targets: bool):
    loss = None
    if with_targets:
        loss = n * 0.5
    return loss


def loss_or_zero(n: int, with_targets: bool) -> float:
    loss = None
    if with_targets:
        loss = n * 0.5 + 1.0
    if loss is None:
        return 0.0
    return loss * 2.0


# run: maybe_loss(3, True)
# run: maybe_loss(3, False)
# run: loss_or_zero(4, True)
# run: loss_or_zero(4, False)
