# Source: PyTorch tutorials, "Training a Classifier" (CIFAR-10), the network `Net`
#   https://pytorch.org/tutorials/beginner/blitz/cifar10_tutorial.html
#   (pytorch/tutorials beginner_source/blitz/cifar10_tutorial.py)
# Licence: BSD-3-Clause (pytorch/tutorials)
# Changes: the imports (`torch` -> `numpy as np` and `pts`, `torch.nn` -> `pts.nn`,
#   `torch.nn.functional` -> `pts.nn.functional`; `torch.flatten` -> `pts.flatten`); a
#   `pts.manual_seed(0)` before `net = Net()` (the tutorial trains the random net first);
#   the data loading, training loop and evaluation (torchvision) are left out: the run
#   lines pass batches of 32x32 images.
import numpy as np
import pts
import pts.nn as nn
import pts.nn.functional as F


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 6, 5)
        self.pool = nn.MaxPool2d(2, 2)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(16 * 5 * 5, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)

    def forward(self, x):
        x = self.pool(F.relu(self.conv1(x)))
        x = self.pool(F.relu(self.conv2(x)))
        x = pts.flatten(x, 1) # flatten all dimensions except batch
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        x = self.fc3(x)
        return x


pts.manual_seed(0)
net = Net()

# run: net(np.sin(np.arange(4 * 3 * 32 * 32, dtype=np.float32)).reshape(4, 3, 32, 32))  # rtol=1e-4  # atol=1e-5
# run: net(np.ones((1, 3, 32, 32), np.float32))  # rtol=1e-4  # atol=1e-5
