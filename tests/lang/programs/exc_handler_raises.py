"""An exception raised in a handler replaces the one being handled and is not caught by
the same try's later handlers; finally still runs."""


def f(n: int) -> int:
    try:
        try:
            raise ValueError("first")
        except ValueError:
            if n > 0:
                raise IndexError("second")
            return 1
        except IndexError:
            return 2
        finally:
            print("inner finally")
    except IndexError as e:
        print("outer got", str(e))
        return 3


# run: f(0)
# run: f(1)
