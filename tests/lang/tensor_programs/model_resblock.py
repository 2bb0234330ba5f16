"""A small ResNet basic block (conv-bn-relu-conv-bn + identity or 1x1 projection), in eval
mode, and a tiny ResNet of two blocks with global average pooling: torch.flatten and
F.relu spelled pts.flatten and pts.relu."""
import numpy as np

import pts
import pts.nn as nn
import pts.nn.functional as F


class BasicBlock(nn.Module):
    expansion = 1

    def __init__(self, in_planes: int, planes: int, stride: int = 1):
        super().__init__()
        self.conv1 = nn.Conv2d(in_planes, planes, kernel_size=3, stride=stride, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(planes)
        self.conv2 = nn.Conv2d(planes, planes, kernel_size=3, stride=1, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes)
        self.shortcut = nn.Sequential()
        if stride != 1 or in_planes != self.expansion * planes:
            self.shortcut = nn.Sequential(
                nn.Conv2d(in_planes, self.expansion * planes, kernel_size=1, stride=stride, bias=False),
                nn.BatchNorm2d(self.expansion * planes)
            )

    def forward(self, x):
        out = F.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        out = out + self.shortcut(x)
        out = F.relu(out)
        return out


class TinyResNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 4, 3, padding=1)
        self.blocks = nn.ModuleList([BasicBlock(4, 4), BasicBlock(4, 8, 2)])
        self.fc = nn.Linear(8, 10)

    def forward(self, x):
        x = pts.relu(self.stem(x))
        for block in self.blocks:
            x = block(x)
        x = pts.mean(x, dim=(2, 3))
        return self.fc(pts.flatten(x, 1))


pts.manual_seed(5)
block = BasicBlock(3, 3).eval()
resnet = TinyResNet().eval()

# run: block(np.sin(np.arange(2 * 3 * 6 * 6, dtype=np.float32)).reshape(2, 3, 6, 6))  # rtol=1e-4  # atol=1e-5
# run: resnet(np.cos(np.arange(2 * 3 * 8 * 8, dtype=np.float32)).reshape(2, 3, 8, 8))  # rtol=1e-4  # atol=1e-5
