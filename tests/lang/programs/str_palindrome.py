"""Palindromes: filter with isalnum, compare with the reversed slice."""


def is_palindrome(s: str) -> bool:
    cleaned = ""
    for c in s.lower():
        if c.isalnum():
            cleaned += c
    return cleaned == cleaned[::-1]


def longest_palindrome(s: str) -> str:
    best = ""
    for i in range(len(s)):
        for j in range(i + 1, len(s) + 1):
            sub = s[i:j]
            if len(sub) > len(best) and sub == sub[::-1]:
                best = sub
    return best


# run: is_palindrome("A man, a plan, a canal: Panama")
# run: is_palindrome("hello")
# run: longest_palindrome("forgeeksskeegfor")
# run: longest_palindrome("")
