# Source: Rosetta Code, "Mandelbrot set", Python (reduce over complex numbers)
#   https://rosettacode.org/wiki/Mandelbrot_set#Python
#   (acmeism/RosettaCodeData Task/Mandelbrot-set/Python/mandelbrot-set-1.py)
# Licence: GNU Free Documentation License 1.3 (Rosetta Code content), with attribution
# Changes: the module-level picture is main() (the try/except around the import is kept
#   as an import: functools.reduce exists on every Python 3).
from functools import reduce


def mandelbrot(a):
    return reduce(lambda z, _: z * z + a, range(50), 0)

def step(start, step, iterations):
    return (start + (i * step) for i in range(iterations))


def main():
    rows = (("*" if abs(mandelbrot(complex(x, y))) < 2 else " "
            for x in step(-2.0, .0315, 80))
            for y in step(1, -.05, 41))

    print("\n".join("".join(row) for row in rows))


# run: main()
