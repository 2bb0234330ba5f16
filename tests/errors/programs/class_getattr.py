# call: f(1)
# error: 13: pts classes have fixed fields
class Dyn:
    def __init__(self):
        self.a = 1

    def __getattr__(self, name):
        return 0


def f(n: int) -> int:
    x = n + 1
    d = Dyn()
    return d.a + x
