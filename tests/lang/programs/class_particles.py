"""A particle simulation with a class per particle (issue 31's bench row): methods update
fields in place, a list of particles, energy summed."""
import math
from typing import List


class Particle:
    __slots__ = ("x", "y", "vx", "vy", "m")

    def __init__(self, x: float, y: float, vx: float, vy: float, m: float):
        self.x = x
        self.y = y
        self.vx = vx
        self.vy = vy
        self.m = m

    def step(self, dt: float) -> None:
        self.x += self.vx * dt
        self.y += self.vy * dt
        if self.x < 0.0 or self.x > 1.0:
            self.vx = -self.vx
        if self.y < 0.0 or self.y > 1.0:
            self.vy = -self.vy

    def energy(self) -> float:
        return 0.5 * self.m * (self.vx * self.vx + self.vy * self.vy)


def simulate(n: int, steps: int) -> float:
    ps: List[Particle] = []
    for i in range(n):
        a = i * 0.7
        ps.append(Particle((i % 7) / 7.0, (i % 5) / 5.0, math.cos(a), math.sin(a), 1.0 + i % 3))
    for _ in range(steps):
        for p in ps:
            p.step(0.01)
    e = 0.0
    for p in ps:
        e += p.energy()
    return e + ps[0].x + ps[-1].y


# run: simulate(10, 50)
# run: simulate(1, 0)
