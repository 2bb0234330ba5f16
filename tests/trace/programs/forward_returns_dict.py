"""A classifier whose forward returns a dict: logits, probabilities, the predicted class
(int64) and the confidence, as user code often does."""
import numpy as np

rng = np.random.default_rng(113)


class Classifier:
    def __init__(self, d, n_classes):
        self.w = rng.standard_normal((d, n_classes))
        self.b = rng.standard_normal(n_classes)

    def forward(self, x):
        logits = x @ self.w + self.b
        p = np.exp(logits - logits.max(axis=-1, keepdims=True))
        p = p / p.sum(axis=-1, keepdims=True)
        return {"logits": logits, "probs": p, "label": p.argmax(axis=-1),
                "confidence": p.max(axis=-1)}

    __call__ = forward


TRACE = Classifier(7, 5)
INPUTS = [(rng.standard_normal((3, 7)),), (rng.standard_normal((1, 7)),),
          (rng.standard_normal((20, 7)),)]
