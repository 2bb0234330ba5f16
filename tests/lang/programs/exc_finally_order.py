"""finally runs on every way out: normal, caught, uncaught."""


def run(mode: int) -> int:
    print("start")
    try:
        print("body")
        if mode == 1:
            raise ValueError("caught one")
        if mode == 2:
            raise RuntimeError("escapes")
        print("body end")
    except ValueError as e:
        print("handler", str(e))
    finally:
        print("finally")
    print("after")
    return mode


# run: run(0)
# run: run(1)
# run: run(2)
