# Source: Rosetta Code, "Van der Corput sequence", Python
#   https://rosettacode.org/wiki/Van_der_Corput_sequence#Python
#   (acmeism/RosettaCodeData Task/Van-der-Corput-sequence/Python/van-der-corput-sequence-1.py)
# Licence: GNU Free Documentation License 1.3 (Rosetta Code content), with attribution
# Changes: none; main() lists the first ten terms in base 2 and base 3.  vdc is 0 (an int)
#   for n = 0 in CPython, a float in pts (a documented difference): `# float` markers.


def vdc(n, base=2):
    vdc, denom = 0,1
    while n:
        denom *= base
        n, remainder = divmod(n, base)
        vdc += remainder / denom
    return vdc


def main():
    return [vdc(i) for i in range(10)], [vdc(i, 3) for i in range(10)]


# run: main()  # float
# run: vdc(0)  # float
