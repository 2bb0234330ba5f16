"""The split iterator (frontend/lower_split.py, the op str.split_next): a loop over
`s.split(...)` builds no list, and its pieces are CPython's for every whitespace character
str.isspace knows, empty texts and fields, leading and trailing separators and maxsplit —
interpreted and native, against CPython's own str.split."""
from __future__ import annotations

import random
import sys
from typing import List

import pytest

import pts

SPACES = "".join(chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace())


def ws_pieces(s: str) -> List[str]:
    out: List[str] = []
    for w in s.split():
        out.append(w)
    return out


def sep_pieces(s: str, sep: str, n: int) -> List[str]:
    return [w for w in s.split(sep, n)]


def ws_limit_pieces(s: str, n: int) -> List[str]:
    out: List[str] = []
    for w in s.split(None, n):
        out.append(w)
    return out


def _texts() -> List[str]:
    rng = random.Random(30)
    alphabet = "ab,é日" + SPACES + ",,  "
    texts = ["", " ", ",", "a", SPACES, "a" + SPACES + "b", SPACES + "x" + SPACES,
             "\u00a0\u00a0", "é" + "\u2003" + "é", "a,,b,", ",a", "\u200b\ufeff\u180e"]
    for _ in range(60):
        texts.append("".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14))))
    return texts


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_whitespace_pieces_are_cpythons(backend):
    """Each whitespace character alone, between words, in runs, and random texts."""
    f = pts.script(ws_pieces, backend=backend)
    for ch in SPACES:
        s = f"a{ch}b{ch}{ch}c{ch}"
        assert f(s) == s.split(), repr(ch)
    for s in _texts():
        assert f(s) == s.split(), repr(s)


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_separator_and_maxsplit_pieces_are_cpythons(backend):
    f = pts.script(sep_pieces, backend=backend)
    g = pts.script(ws_limit_pieces, backend=backend)
    for s in _texts():
        for sep in (",", ",,", "é", " "):
            for n in (-1, 0, 1, 2, 5):
                assert f(s, sep, n) == s.split(sep, n), (s, sep, n)
        for n in (-3, 0, 1, 2):
            assert g(s, n) == s.split(None, n), (s, n)
    with pytest.raises(ValueError, match="empty separator"):
        f("abc", "", -1)


def count_words(s: str) -> int:
    n = 0
    for w in s.split():
        n += len(w)
    return n


def comp_words(s: str) -> int:
    return sum(len(w) for w in s.split(","))


@pytest.mark.parametrize("fn", [count_words, comp_words])
def test_a_loop_over_split_builds_no_list(fn):
    """The IR of the loop (unoptimized and final) has the iterator's step and no list."""
    f = pts.script(fn)
    for after in ("lower", None):
        text = f.ir("a b", after=after)
        assert "str.split_next" in text
        assert "list." not in text and "str.m.split" not in text, text
    assert f("ab c,d e") == fn("ab c,d e")


def kept(s: str) -> int:
    ws = s.split()
    return len(ws)


def test_a_kept_split_is_still_a_list():
    text = pts.script(kept).ir("a b")
    assert "str.m.split" in text and "str.split_next" not in text


def line_pieces(s: str) -> List[str]:
    out: List[str] = []
    for line in s.splitlines():
        out.append(line)
    return out


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_splitlines_pieces_are_cpythons(backend):
    f = pts.script(line_pieces, backend=backend)
    breaks = "".join(chr(c) for c in range(0x3000) if len(("a" + chr(c) + "b").splitlines()) == 2)
    assert breaks == "\n\x0b\x0c\r\x1c\x1d\x1e\x85\u2028\u2029"
    rng = random.Random(31)
    texts = ["", "\n", "\r\n", "\n\r", "a\r\nb", "é\r\r\n"] + [
        "".join(rng.choice("aé " + breaks + "\r\n") for _ in range(rng.randint(0, 12)))
        for _ in range(80)]
    for s in texts:
        assert f(s) == s.splitlines(), repr(s)
    assert "str.lines_next" in pts.script(line_pieces).ir("a")
