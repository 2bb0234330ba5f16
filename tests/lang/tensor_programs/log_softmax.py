"""log_softmax and logsumexp over the last axis; stable for large inputs."""
import numpy as np


def logsumexp(x: np.ndarray) -> np.ndarray:
    m = x.max(axis=-1, keepdims=True)
    return (m + np.log(np.exp(x - m).sum(axis=-1, keepdims=True))).squeeze(-1)


def log_softmax(x: np.ndarray) -> np.ndarray:
    m = x.max(axis=-1, keepdims=True)
    s = x - m
    return s - np.log(np.exp(s).sum(axis=-1, keepdims=True))


# run: logsumexp(np.array([1.0, 2.0, 3.0]))
# run: logsumexp(np.array([[1000.0, 1000.0], [-5.0, 5.0]]))
# run: log_softmax(np.arange(12.0).reshape(3, 4))
# run: log_softmax(np.arange(12, dtype=np.float32).reshape(3, 4) * 10)
# run: log_softmax(np.sin(np.arange(30.0)).reshape(2, 3, 5))
