"""if / elif / else chains, nested ifs, ifs without else."""


def grade(score: int) -> int:
    if score >= 90:
        return 4
    elif score >= 80:
        return 3
    elif score >= 70:
        return 2
    elif score >= 60:
        return 1
    else:
        return 0


def quadrant(x: float, y: float) -> int:
    q = 0
    if x > 0.0:
        if y > 0.0:
            q = 1
        else:
            q = 4
    elif x < 0.0:
        if y > 0.0:
            q = 2
        elif y < 0.0:
            q = 3
    return q


def count_kinds(n: int) -> int:
    small = 0
    big = 0
    for i in range(n):
        if i < 10:
            small += 1
        if i % 7 == 3:
            big += i
        elif i % 7 == 5:
            big -= 1
    return small * 1000 + big


# run: grade(95)
# run: grade(85)
# run: grade(70)
# run: grade(61)
# run: grade(3)
# run: quadrant(1.0, 2.0)
# run: quadrant(-1.0, 2.0)
# run: quadrant(-1.0, -2.0)
# run: quadrant(1.0, -2.0)
# run: quadrant(0.0, 5.0)
# run: quadrant(-1.0, 0.0)
# run: count_kinds(100)
