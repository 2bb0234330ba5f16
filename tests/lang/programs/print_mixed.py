"""print with several arguments of mixed types, separated by single spaces."""


def report(name_id: int, value: float, ok: bool) -> None:
    print("item", name_id, "value", value, "ok", ok)
    print("ratio:", value / 4, "missing:", None)
    print("")
    print("empty string above", "", "and an empty argument")
    print("quotes ' and \" and tab\tinside")


def fizzbuzz(n: int) -> None:
    for i in range(1, n + 1):
        if i % 15 == 0:
            print("FizzBuzz")
        elif i % 3 == 0:
            print("Fizz")
        elif i % 5 == 0:
            print("Buzz")
        else:
            print(i)


# run: report(3, 2.5, True)
# run: report(-1, -0.0, False)
# run: fizzbuzz(20)
