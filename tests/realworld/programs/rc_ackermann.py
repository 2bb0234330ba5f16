# Source: Rosetta Code, "Ackermann function", Python
#   https://rosettacode.org/wiki/Ackermann_function#Python
#   (acmeism/RosettaCodeData Task/Ackermann-function/Python/ackermann-function-1.py)
# Licence: GNU Free Documentation License 1.3 (Rosetta Code content), with attribution
# Changes: the return annotation `-> int` (a recursive function needs one).


def ack1(M, N) -> int:
   return (N + 1) if M == 0 else (
      ack1(M-1, 1) if N == 0 else ack1(M-1, ack1(M, N-1)))


# run: ack1(2, 3)
# run: ack1(3, 3)
# run: ack1(0, 0)
