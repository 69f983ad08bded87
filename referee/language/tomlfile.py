"""The one reader of TOML text: every deck of every game, from a file or from a record.

tomllib recurses once per nested array or inline table, turns any run of
digits into an int (a ValueError past 4,300 digits, quadratic before that),
and reads as much text as it is given. So the limits of a deck are checked
here, on the text, before tomllib sees it: its size in bytes, how deep its
brackets and braces nest, and how long a number may be. A deck embedded in a
game record comes through here too, so it is held to the same limits as a
deck file (docs/rulings.md, "Limits").

Lines are counted as everywhere else (``characters.split_lines``): at ``\\n``
only, the way tomllib, ``wc -l`` and editors count them.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass

from referee.language.english import thousands
from referee.language.input_limits import MAX_DECK_BYTES, MAX_DECK_DEPTH, MAX_DECK_DIGITS

# What the nesting scan must see whole (strings and comments hold brackets
# that are not brackets), and what it counts: brackets, braces and digit runs.
_TOKENS = re.compile(
    r'"""(?:[^\\]|\\.)*?"""'  # multi-line basic string
    r"|'''.*?'''"  # multi-line literal string
    r'|"(?:[^"\\\n]|\\.)*"'  # basic string
    r"|'[^'\n]*'"  # literal string
    r"|#[^\n]*"  # comment
    r"|[\[{]|[\]}]"
    r"|(?<![\w.])[0-9][0-9_]{" + str(MAX_DECK_DIGITS) + ",}",  # a number, not part of a name
    re.DOTALL,
)
_SYNTAX_AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_SYNTAX_AT_END = re.compile(r"\s*\(at end of document\)\s*$")


@dataclass
class TomlError(ValueError):
    """TOML text that cannot be read: what is wrong and the line (from 1), if known.

    ``syntax`` is tomllib's own message (without its position) when tomllib
    refused the text, so a game can word it for its players.
    """

    problem: str
    line: int | None = None
    syntax: str | None = None

    def __str__(self) -> str:
        return f"line {self.line}: {self.problem}" if self.line else self.problem


def load_toml(text: str) -> dict:
    """The TOML ``text`` as a dict, or TomlError; the deck limits are checked first."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_DECK_BYTES:
        raise TomlError(
            f"too large for a deck ({thousands(size)} bytes; the limit is "
            f"{thousands(MAX_DECK_BYTES)} bytes)"
        )
    _check_nesting(text)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        at = _SYNTAX_AT.search(message)
        end = _SYNTAX_AT_END.search(message)
        line = int(at.group(1)) if at else (_line_count(text) or None) if end else None
        cut = at or end
        syntax = message[: cut.start()] if cut else message
        raise TomlError(f"not valid TOML: {syntax[:1].lower()}{syntax[1:]}", line, syntax) from None
    except (ValueError, RecursionError, MemoryError) as exc:  # pragma: no cover - the checks above
        raise TomlError(f"cannot be read ({type(exc).__name__})") from None


def _check_nesting(text: str) -> None:
    """Refuse brackets nested deeper than MAX_DECK_DEPTH and numbers of too many digits."""
    depth = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        first = token[0]
        if first in "[{":
            depth += 1
            if depth > MAX_DECK_DEPTH:
                raise TomlError(
                    f"nested more than {MAX_DECK_DEPTH} levels deep (arrays and tables "
                    "in one another); a deck needs two or three",
                    _line_at(text, match.start()),
                )
        elif first in "]}":
            depth = max(0, depth - 1)
        elif first.isdigit():
            raise TomlError(
                f"a number of {len(token)} digits; a deck's numbers have at most {MAX_DECK_DIGITS}",
                _line_at(text, match.start()),
            )


def _line_at(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def _line_count(text: str) -> int:
    return text.count("\n") + (0 if text.endswith("\n") or not text else 1)
