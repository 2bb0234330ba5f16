# Source: Rosetta Code, "Josephus problem", Python
#   https://rosettacode.org/wiki/Josephus_problem#Python
#   (acmeism/RosettaCodeData Task/Josephus-problem/Python/josephus-problem-2.py)
# Licence: GNU Free Documentation License 1.3 (Rosetta Code content), with attribution
# Changes: the interactive session's ">>> " prompts are dropped; its prints are main().


def josephus(n, k):
        r = 0
        for i in range(1, n+1):
            r = (r+k)%i
        return 'Survivor: %d' %r


def main():
        print(josephus(5, 2))
        print(josephus(41, 3))


# run: main()
