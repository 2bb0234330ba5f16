"""A small CNN of pts.nn layers (Conv2d, BatchNorm2d in eval mode, ReLU, MaxPool2d,
Flatten, Linear) traced at batch 2 and run at batch 1 and 5."""
import numpy as np

import pts
import pts.nn as nn

rng = np.random.default_rng(213)
pts.manual_seed(213)

TRACE = nn.Sequential(nn.Conv2d(2, 4, 3, padding=1), nn.BatchNorm2d(4), nn.ReLU(),
                      nn.MaxPool2d(2), nn.Flatten(), nn.Linear(4 * 3 * 3, 3)).eval()
INPUTS = [(rng.standard_normal((2, 2, 6, 6)).astype(np.float32),),
          (rng.standard_normal((1, 2, 6, 6)).astype(np.float32),),
          (rng.standard_normal((5, 2, 6, 6)).astype(np.float32),)]
