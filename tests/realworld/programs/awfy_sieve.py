# Source: Are We Fast Yet, benchmarks/Python/sieve.py (https://github.com/smarr/are-we-fast-yet)
# Licence: MIT
# Changes: the module-level driver (build flags, print the count) is wrapped in main(size).


def sieve(flags, size):
    primeCount = 0

    for i in range(2, size + 1):
        if flags[i - 1]:
            primeCount += 1
            k = i + i
            while k <= size:
                flags[k - 1] = False
                k += i

    return primeCount


def main(size):
    flags = []
    for i in range(0, size):
        flags.append(True)

    print(sieve(flags, size))


# run: main(5000)
# run: main(2)
