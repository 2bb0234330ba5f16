"""Layer normalization with a learned scale and shift captured from a closure."""
import numpy as np

rng = np.random.default_rng(3)


def make_layer_norm(d, eps=1e-5):
    gamma = rng.standard_normal(d).astype(np.float32)
    beta = rng.standard_normal(d).astype(np.float32)

    def layer_norm(x):
        mu = x.mean(axis=-1, keepdims=True)
        var = ((x - mu) ** 2).mean(axis=-1, keepdims=True)
        return (x - mu) / np.sqrt(var + eps) * gamma + beta
    return layer_norm


TRACE = make_layer_norm(24)
INPUTS = [(rng.standard_normal((5, 24)).astype(np.float32),),
          (rng.standard_normal((2, 7, 24)).astype(np.float32),)]
TRACES = 2
