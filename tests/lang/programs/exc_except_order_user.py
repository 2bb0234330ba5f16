"""The first matching handler wins, subclass before base."""


class AppError(Exception):
    pass


class NetError(AppError):
    pass


def classify(k: int) -> int:
    try:
        if k == 0:
            raise NetError("net")
        if k == 1:
            raise AppError("app")
        raise ValueError("other")
    except NetError:
        return 1
    except AppError:
        return 2
    except Exception:
        return 3


# run: classify(0)
# run: classify(1)
# run: classify(2)
