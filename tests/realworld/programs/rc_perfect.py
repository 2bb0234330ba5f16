# Source: Rosetta Code, "Perfect numbers", Python
#   https://rosettacode.org/wiki/Perfect_numbers#Python
#   (acmeism/RosettaCodeData Task/Perfect-numbers/Python/perfect-numbers-1.py)
# Licence: GNU Free Documentation License 1.3 (Rosetta Code content), with attribution
# Changes: none to perf1; main(n) lists the perfect numbers below n with it.


def perf1(n):
    sum = 0
    for i in range(1, n):
        if n % i == 0:
            sum += i
    return sum == n


def main(n):
    return [i for i in range(1, n) if perf1(i)]


# run: main(1000)
# run: perf1(28)
