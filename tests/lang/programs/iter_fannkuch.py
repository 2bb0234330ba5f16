"""fannkuch-redux (after pyperformance bm_fannkuch), with its permutation generator."""
from typing import List


def permutations(n: int):
    perm = list(range(n))
    count = [0] * n
    r = n
    while True:
        while r != 1:
            count[r - 1] = r
            r -= 1
        yield perm.copy()
        while True:
            if r == n:
                return
            p0 = perm[0]
            for i in range(r):
                perm[i] = perm[i + 1] if i + 1 < r + 1 and i + 1 < n else p0
            perm[r] = p0
            count[r] -= 1
            if count[r] > 0:
                break
            r += 1


def flips(p: List[int]) -> int:
    q = list(p)
    k = q[0]
    f = 0
    while k:
        i = 0
        j = k
        while i < j:
            q[i], q[j] = q[j], q[i]
            i += 1
            j -= 1
        f += 1
        k = q[0]
    return f


def fannkuch(n: int) -> int:
    best = 0
    checksum = 0
    for idx, p in enumerate(permutations(n)):
        f = flips(p)
        best = max(best, f)
        checksum += f if idx % 2 == 0 else -f
    print("checksum", checksum)
    return best


# run: fannkuch(5)
# run: fannkuch(6)
