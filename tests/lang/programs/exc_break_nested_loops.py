"""break in a try inside an inner loop runs only that try's finally; the outer loop's
try keeps its own."""


def grid(n: int) -> int:
    count = 0
    for i in range(n):
        try:
            for j in range(n):
                try:
                    if j > i:
                        break
                    count += 1
                finally:
                    count += 100
        finally:
            count += 10000
    return count


# run: grid(3)
# run: grid(0)
