# Source: Rosetta Code, "Towers of Hanoi", Python
#   https://rosettacode.org/wiki/Towers_of_Hanoi#Python
#   (acmeism/RosettaCodeData Task/Towers-of-Hanoi/Python/towers-of-hanoi-1.py)
# Licence: GNU Free Documentation License 1.3 (Rosetta Code content), with attribution
# Changes: the return annotation `-> None` (a recursive function needs one); the
#   module-level hanoi(4) is the run line.


def hanoi(ndisks, startPeg=1, endPeg=3) -> None:
    if ndisks:
        hanoi(ndisks-1, startPeg, 6-startPeg-endPeg)
        print(f"Move disk {ndisks} from peg {startPeg} to peg {endPeg}")
        hanoi(ndisks-1, 6-startPeg-endPeg, endPeg)


# run: hanoi(4)
