"""Unannotated parameters given None: nanoGPT's `forward(idx, targets=None)`."""


def forward(idx: int, targets=None):
    logits = idx * 2.0
    if targets is None:
        loss = None
    else:
        loss = (logits - targets) ** 2
    return logits, loss


def forward_loss(idx: int, targets=None) -> float:
    logits, loss = forward(idx, targets)
    if loss is None:
        return logits
    return loss


# run: forward(3)
# run: forward(3, None)
# run: forward(3, 1.0)
# run: forward(3, 4)
# run: forward_loss(2)
# run: forward_loss(2, 1.5)
