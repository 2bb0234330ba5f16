# Source: Rosetta Code, "Sieve of Eratosthenes", Python (using set lookup)
#   https://rosettacode.org/wiki/Sieve_of_Eratosthenes#Python
#   (acmeism/RosettaCodeData Task/Sieve-of-Eratosthenes/Python/sieve-of-eratosthenes-1.py)
# Licence: GNU Free Documentation License 1.3 (Rosetta Code content), with attribution
# Changes: none to eratosthenes2; the module-level call eratosthenes2(100) is the run line.


def eratosthenes2(n):
    multiples = set()
    for i in range(2, n+1):
        if i not in multiples:
            print(i)
            multiples.update(range(i*i, n+1, i))


# run: eratosthenes2(100)
