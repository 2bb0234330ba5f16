"""pts.optim: optimizers that update numpy parameters in place, mirroring torch.optim.

    opt = pts.optim.Adam(model.parameters(), lr=1e-3)
    loss, grads = pts.value_and_grad(loss_fn)(model, x, y)
    opt.step(grads)                      # grads: {name: array} or [array, ...]

`SGD`, `Adam` and `AdamW` have torch's defaults and update formulas; each parameter's
update is one compiled in-place pass over the parameter, its gradient and its state
(stdlib/optim.py), with the hyperparameters as run-time values.  `lr_scheduler` holds
StepLR and CosineAnnealingLR.  pts.optim.optimizer describes the common contract
(param groups, the checks of `step`, `state_dict`, backends).
"""
from pts.optim import lr_scheduler
from pts.optim.adam import Adam, AdamW
from pts.optim.optimizer import Optimizer
from pts.optim.sgd import SGD

__all__ = ["Optimizer", "SGD", "Adam", "AdamW", "lr_scheduler"]
