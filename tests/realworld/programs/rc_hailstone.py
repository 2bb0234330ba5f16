# Source: Rosetta Code, "Hailstone sequence", Python
#   https://rosettacode.org/wiki/Hailstone_sequence#Python
#   (acmeism/RosettaCodeData Task/Hailstone-sequence/Python/hailstone-sequence-1.py)
# Licence: GNU Free Documentation License 1.3 (Rosetta Code content), with attribution
# Changes: the `if __name__ == '__main__':` block is main(limit); its 100_000 is the
#   parameter (the run lines use smaller limits).


def hailstone(n):
    seq = [n]
    while n > 1:
        n = 3 * n + 1 if n & 1 else n // 2
        seq.append(n)
    return seq


def main(limit):
    h = hailstone(27)
    assert (len(h) == 112
            and h[:4] == [27, 82, 41, 124]
            and h[-4:] == [8, 4, 2, 1])
    max_length, n = max((len(hailstone(i)), i) for i in range(1, limit))
    print(f"Maximum length {max_length} was found for hailstone({n}) "
          f"for numbers <100,000")


# run: main(1000)
