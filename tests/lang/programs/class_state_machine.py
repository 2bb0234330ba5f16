"""A state machine: states as subclasses overriding `next`, the machine holding the
current state (a base-class field), isinstance on the state, class-level constants."""


class State:
    NAME = "state"

    def next(self, ch: str) -> "State":
        return self

    def accepting(self) -> bool:
        return False


class Start(State):
    def next(self, ch: str) -> State:
        if ch.isdigit():
            return Digits()
        if ch == "-":
            return Sign()
        return Error()


class Sign(State):
    def next(self, ch: str) -> State:
        return Digits() if ch.isdigit() else Error()


class Digits(State):
    def next(self, ch: str) -> State:
        return self if ch.isdigit() else Error()

    def accepting(self) -> bool:
        return True


class Error(State):
    pass


class Machine:
    def __init__(self):
        self.state: State = Start()
        self.steps = 0

    def feed(self, s: str) -> bool:
        for ch in s:
            self.state = self.state.next(ch)
            self.steps += 1
            if isinstance(self.state, Error):
                return False
        return self.state.accepting()


def is_int(s: str) -> bool:
    return Machine().feed(s)


def steps(s: str) -> int:
    m = Machine()
    m.feed(s)
    return m.steps


# run: is_int("123")
# run: is_int("-45")
# run: is_int("-")
# run: is_int("12a3")
# run: is_int("")
# run: steps("12a34")
