"""An Elman RNN over a sequence: h = tanh(x_t @ Wx + h @ Wh + b), collecting all states."""
import numpy as np


def rnn(xs: np.ndarray, wx: np.ndarray, wh: np.ndarray, b: np.ndarray) -> np.ndarray:
    t, d = xs.shape
    hdim = wh.shape[0]
    h = np.zeros(hdim, dtype=xs.dtype)
    states = np.zeros((t, hdim), dtype=xs.dtype)
    for i in range(t):
        h = np.tanh(xs[i] @ wx + h @ wh + b)
        states[i] = h
    return states


def last_state(xs: np.ndarray, wx: np.ndarray, wh: np.ndarray, b: np.ndarray) -> np.ndarray:
    h = np.zeros(wh.shape[0])
    for x in xs:
        h = np.tanh(x @ wx + h @ wh + b)
    return h


# run: rnn(np.sin(np.arange(24.0)).reshape(8, 3), np.cos(np.arange(12.0)).reshape(3, 4) * 0.5, np.sin(np.arange(16.0) * 0.3).reshape(4, 4) * 0.5, np.linspace(-0.1, 0.1, 4))
# run: rnn(np.sin(np.arange(24, dtype=np.float32)).reshape(8, 3), np.cos(np.arange(12, dtype=np.float32)).reshape(3, 4) * 0.5, np.sin(np.arange(16, dtype=np.float32) * 0.3).reshape(4, 4) * 0.5, np.zeros(4, np.float32))  # rtol=1e-4  # atol=1e-5
# run: last_state(np.sin(np.arange(24.0)).reshape(8, 3), np.cos(np.arange(12.0)).reshape(3, 4), np.eye(4) * 0.5, np.zeros(4))
