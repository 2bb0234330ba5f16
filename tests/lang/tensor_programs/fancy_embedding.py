"""Embedding lookups and their scatter: W[tokens] for 1-d and 2-d token arrays (batch,
time) -> (batch, time, dim), positions added, rows written back with int indices."""
import numpy as np


def embed(W: np.ndarray, tokens: np.ndarray):
    return W[tokens]


def embed_with_positions(W: np.ndarray, P: np.ndarray, tokens: np.ndarray):
    t = tokens.shape[1]
    return W[tokens] + P[np.arange(t)]


def write_rows(W: np.ndarray, idx: np.ndarray, rows: np.ndarray):
    W[idx] = rows
    return W


def mean_of_rows(W: np.ndarray, idx: np.ndarray):
    return W[idx].mean(axis=0)


# run: embed(np.arange(12.0).reshape(4, 3), np.array([3, 0, 0]))
# run: embed(np.arange(12, dtype=np.float32).reshape(4, 3), np.array([[1, 2], [3, -1]]))
# run: embed(np.arange(12.0).reshape(4, 3), np.array([[1, 2], [3, 4]]))
# run: embed_with_positions(np.arange(12.0).reshape(4, 3), np.ones((5, 3)), np.array([[1, 2], [3, 0]]))
# run: write_rows(np.zeros((4, 2)), np.array([3, 1]), np.array([[1.0, 2.0], [3.0, 4.0]]))
# run: write_rows(np.zeros((4, 2)), np.array([3, 1]), np.array([1.0, 2.0]))
# run: mean_of_rows(np.arange(8.0).reshape(4, 2), np.array([0, 0, 3]))
