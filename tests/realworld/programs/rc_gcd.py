# Source: Rosetta Code, "Greatest common divisor", Python
#   https://rosettacode.org/wiki/Greatest_common_divisor#Python
#   (acmeism/RosettaCodeData Task/Greatest-common-divisor/Python/greatest-common-divisor-3.py)
# Licence: GNU Free Documentation License 1.3 (Rosetta Code content), with attribution
# Changes: none.


def gcd_iter(u, v):
    while v:
        u, v = v, u % v
    return abs(u)


# run: gcd_iter(40902, 24140)
# run: gcd_iter(-12, 18)
# run: gcd_iter(0, 0)
# run: gcd_iter(12.5, 5.0)
