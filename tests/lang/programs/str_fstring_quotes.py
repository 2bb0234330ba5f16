"""f-string syntax: quotes inside fields, escapes in literal parts, doubled braces,
triple-quoted and multi-line f-strings, adjacent literals."""


def quotes(name: str, n: int) -> str:
    a = f"{'yes' if n > 0 else 'no'}"
    b = f'{name + "!"}'
    c = f"tab\there {{braces}} {n}\n"
    d = f"""multi
line {name!r} and {n:>{n + 2}}"""
    e = "plain " f"{n}" ' more ' f'{name}'
    f = rf"raw \n {n}"
    return a + "|" + b + "|" + c + "|" + d + "|" + e + "|" + f


# run: quotes("ann", 3)
# run: quotes("", -1)
