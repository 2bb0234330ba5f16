"""Boolean logic with and / or / not; calendars."""


def is_leap(y: int) -> bool:
    return (y % 4 == 0 and y % 100 != 0) or y % 400 == 0


def days_in_month(y: int, m: int) -> int:
    if m == 2:
        return 29 if is_leap(y) else 28
    if m == 4 or m == 6 or m == 9 or m == 11:
        return 30
    return 31


def day_of_year(y: int, m: int, d: int) -> int:
    total = d
    for k in range(1, m):
        total += days_in_month(y, k)
    return total


def count_leaps(a: int, b: int) -> int:
    c = 0
    for y in range(a, b):
        if is_leap(y) and not (y % 1000 == 0):
            c += 1
    return c


# run: is_leap(1900)
# run: is_leap(2000)
# run: is_leap(2024)
# run: is_leap(2023)
# run: day_of_year(2024, 12, 31)
# run: day_of_year(2023, 3, 1)
# run: count_leaps(1, 3000)
