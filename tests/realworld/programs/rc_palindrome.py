# Source: Rosetta Code, "Palindrome detection", Python
#   https://rosettacode.org/wiki/Palindrome_detection#Python
#   (acmeism/RosettaCodeData Task/Palindrome-detection/Python/palindrome-detection-1.py)
# Licence: GNU Free Documentation License 1.3 (Rosetta Code content), with attribution
# Changes: none.


def is_palindrome(s):
  return s == s[::-1]


# run: is_palindrome("racecar")
# run: is_palindrome("ab")
# run: is_palindrome("")
# run: is_palindrome("été")
