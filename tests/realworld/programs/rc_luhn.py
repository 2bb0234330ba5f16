# Source: Rosetta Code, "Luhn test of credit card numbers", Python
#   https://rosettacode.org/wiki/Luhn_test_of_credit_card_numbers#Python
#   (acmeism/RosettaCodeData Task/Luhn-test-of-credit-card-numbers/Python/luhn-test-of-credit-card-numbers-1.py)
# Licence: GNU Free Documentation License 1.3 (Rosetta Code content), with attribution
# Changes: the interactive session's ">>> " prompts are dropped; its loop is main().


def luhn(n):
   r = [int(ch) for ch in str(n)][::-1]
   return (sum(r[0::2]) + sum(sum(divmod(d*2,10)) for d in r[1::2])) % 10 == 0


def main():
   for n in (49927398716, 49927398717, 1234567812345678, 1234567812345670):
      print(n, luhn(n))


# run: main()
# run: luhn(49927398716)
