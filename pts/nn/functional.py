"""torch.nn.functional-style functions, compiled by pts when called from scripted code."""
from pts.stdlib.nn import (avg_pool2d, batch_norm, binary_cross_entropy_with_logits, conv2d,
                           cross_entropy, dropout, embedding, erf, gelu, l1_loss, layer_norm,
                           leaky_relu, linear, log_softmax, max_pool2d, mse_loss, nll_loss, relu,
                           sigmoid, softmax, tanh)

__all__ = ["avg_pool2d", "batch_norm", "binary_cross_entropy_with_logits", "conv2d",
           "cross_entropy", "dropout", "embedding", "erf", "gelu", "l1_loss", "layer_norm",
           "leaky_relu", "linear", "log_softmax", "max_pool2d", "mse_loss", "nll_loss", "relu",
           "sigmoid", "softmax", "tanh"]
