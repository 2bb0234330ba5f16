"""An autoencoder: encoder and decoder objects, forward returns (reconstruction, code,
per-row squared error) as a tuple."""
import numpy as np

rng = np.random.default_rng(116)


class Dense:
    def __init__(self, a, b, act):
        self.w = (rng.standard_normal((a, b)) / np.sqrt(a)).astype(np.float32)
        self.act = act

    def __call__(self, x):
        return self.act(x @ self.w)


class AutoEncoder:
    def __init__(self, d, code):
        self.encoder = [Dense(d, 8, np.tanh), Dense(8, code, lambda z: z)]
        self.decoder = [Dense(code, 8, np.tanh), Dense(8, d, lambda z: z)]

    def __call__(self, x):
        z = x
        for layer in self.encoder:
            z = layer(z)
        r = z
        for layer in self.decoder:
            r = layer(r)
        return r, z, ((r - x) ** 2).mean(axis=1)


TRACE = AutoEncoder(10, 3)
INPUTS = [(rng.standard_normal((4, 10)).astype(np.float32),),
          (rng.standard_normal((1, 10)).astype(np.float32),),
          (rng.standard_normal((25, 10)).astype(np.float32),)]
