"""Where a key of a TOML file is written: line numbers tomllib does not give.

tomllib reports the line of a *syntax* error, but once a file parses it
returns plain dictionaries, so an error of meaning (a name that is not a
category, a cycle) could only name a key. People edit these files by hand
and want the line, so this module scans the text once and remembers where
each key was written: ``[table]`` headers, ``key = …`` lines (bare, quoted
or dotted keys) and the string values inside a key's array, even one that
runs over several lines. It is a locator, not a parser: the file has
already been read by tomllib, and a key it cannot place gets no line.
"""

from __future__ import annotations

import json
import re

from referee.language.characters import split_lines

_BARE = r"[A-Za-z0-9_-]+"
_BASIC = r'"(?:[^"\\]|\\.)*"'
_LITERAL = r"'[^']*'"
_PART = rf"(?:{_BARE}|{_BASIC}|{_LITERAL})"
_KEY = re.compile(rf"\s*({_PART}(?:\s*\.\s*{_PART})*)\s*=")
_HEADER = re.compile(rf"\s*\[\s*({_PART}(?:\s*\.\s*{_PART})*)\s*\]\s*(?:#.*)?$")
_PARTS = re.compile(rf"\s*({_PART})\s*(?:\.|$)")


def _unquote(part: str) -> str:
    if part.startswith('"'):
        try:
            return json.loads(part)
        except ValueError:
            return part[1:-1]
    if part.startswith("'"):
        return part[1:-1]
    return part


def _split(dotted: str) -> tuple[str, ...]:
    return tuple(_unquote(m.group(1)) for m in _PARTS.finditer(dotted))


class KeyLines:
    """Line numbers (from 1) of the keys and tables of one TOML text."""

    def __init__(self, text: str) -> None:
        self.lines = split_lines(text)  # at \n only, as tomllib counts lines
        self._keys: dict[tuple[str, ...], int] = {}
        self._starts: list[int] = []  # lines where a key or a header starts
        table: tuple[str, ...] = ()
        in_multiline = False
        for number, line in enumerate(self.lines, start=1):
            # Lines inside a multi-line string hold no keys.
            quotes = line.count('"""') + line.count("'''")
            if in_multiline:
                in_multiline = quotes % 2 == 0
                continue
            if quotes % 2 == 1:
                in_multiline = True
            if line.lstrip().startswith("[["):
                self._starts.append(number)
                continue
            header = _HEADER.match(line)
            if header:
                table = _split(header.group(1))
                self._keys.setdefault(table, number)
                self._starts.append(number)
                continue
            key = _KEY.match(line)
            if key:
                path = table + _split(key.group(1))
                for end in range(len(table) + 1, len(path) + 1):
                    self._keys.setdefault(path[:end], number)
                self._starts.append(number)

    def text(self, line: int | None) -> str:
        if line is None or not 1 <= line <= len(self.lines):
            return ""
        return self.lines[line - 1]

    def key(self, *path: str) -> int | None:
        """The line of key ``path`` (``"selves", "Ego"``), or of the nearest table holding it."""
        for end in range(len(path), 0, -1):
            line = self._keys.get(tuple(path[:end]))
            if line is not None:
                return line
        return None

    def value(self, path: tuple[str, ...], value: str) -> int | None:
        """The line where the string ``value`` is written in the array of key ``path``."""
        start = self._keys.get(tuple(path))
        if start is None:
            return self.key(*path)
        later = [s for s in self._starts if s > start]
        stop = later[0] if later else len(self.lines) + 1
        wanted = (json.dumps(value, ensure_ascii=False), f"'{value}'")
        for number in range(start, stop):
            line = self.lines[number - 1]
            if number == start:
                line = line[line.index("=") + 1 :] if "=" in line else line
            if any(w in line for w in wanted):
                return number
        return start
