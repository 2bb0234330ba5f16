"""What compiled code runs for a call of a `@pts.unused` method (frontend.check_objects
call_unused): the method's body is not compiled, the call raises as torch.jit.unused's."""


def unused_method_called(name: str) -> None:
    raise RuntimeError(f"method '{name}' is marked @pts.unused: compiled code cannot run it")
