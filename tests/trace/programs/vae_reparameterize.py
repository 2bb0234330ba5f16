"""A VAE's forward pass: the encoder gives (mu, logvar) by cutting one projection in two,
the noise comes in as an input (no random numbers inside the trace), the decoder output
and the KL term per row come back as a tuple."""
import numpy as np

rng = np.random.default_rng(133)


class VAE:
    def __init__(self, d, z):
        self.z = z
        self.enc = rng.standard_normal((d, 2 * z)).astype(np.float32) * 0.3
        self.dec = rng.standard_normal((z, d)).astype(np.float32) * 0.3

    def __call__(self, x, eps):
        stats = x @ self.enc
        mu, logvar = stats[:, :self.z], stats[:, self.z:]
        z = mu + np.exp(0.5 * logvar) * eps
        recon = 1.0 / (1.0 + np.exp(-(z @ self.dec)))
        kl = -0.5 * (1 + logvar - mu ** 2 - np.exp(logvar)).sum(axis=1)
        return recon, kl


TRACE = VAE(6, 2)
INPUTS = [(rng.standard_normal((4, 6)).astype(np.float32),
           rng.standard_normal((4, 2)).astype(np.float32)),
          (rng.standard_normal((1, 6)).astype(np.float32),
           rng.standard_normal((1, 2)).astype(np.float32)),
          (rng.standard_normal((15, 6)).astype(np.float32),
           rng.standard_normal((15, 2)).astype(np.float32))]
