"""The one rule for names people give: players, and the cards and categories of a deck.

A name is said aloud and typed at the table, so two names are the same when
they read the same: Unicode NFKC normalisation (``Ｃａｔ`` is ``Cat``, a
precomposed ``é`` is ``e`` with its combining accent) and case folding
(``Zoë`` is ``ZOË``) decide, through :func:`name_key`. Every game compares
names through that key, so a name typed one way finds the one written the other.

A name is refused when it

* is empty, or starts or ends with a space;
* holds an invisible, control or text-moving character
  (:func:`referee.language.characters.is_refused`, the rule for every line a
  player hands over; a tab as well here), or one a font draws as nothing
  (:func:`~referee.language.characters.is_invisible`: U+034F, U+FE0F, U+3164, ...);
* starts with a combining mark (it would join whatever is printed before it;
  a name made only of accents is one such);
* is longer than :data:`MAX_NAME` characters;
* collides with another name of the same game (both spellings are shown): the
  same name, or one that looks the same (:mod:`referee.language.lookalikes`:
  Cyrillic ``а`` for Latin ``a``, ``I`` for ``l``), with or without its case.

A player's name is said as one word at the prompt and listed with commas, so
it also holds no space and no comma, and it is not all digits: the command
language reads ``2`` as a position (``play 2``).

The problems are values (:class:`NameProblem`); ``str()`` words them.
"""

from __future__ import annotations

import enum
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from referee.language.characters import describe, is_invisible, visible
from referee.language.lookalikes import skeleton

MAX_NAME = 40


def name_key(name: str) -> str:
    """What decides sameness: NFKC, case folded, NFKC again (case folding can
    leave text that is no longer normalised)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


class NameFault(enum.Enum):
    EMPTY = "empty"
    EDGE_SPACE = "edge space"
    REFUSED_CHARACTER = "refused character"
    COMBINING_START = "combining start"
    TOO_LONG = "too long"
    SEPARATOR = "separator"  # a space or a comma in a player's name
    POSITION = "position"  # a player's name the command language reads as a number
    COLLISION = "collision"
    LOOKALIKE = "lookalike"  # another name that looks the same (a confusable skeleton)


@dataclass(frozen=True)
class NameProblem:
    fault: NameFault
    name: str
    other: str = ""  # COLLISION: the name it is the same as
    char: str = ""  # REFUSED_CHARACTER, SEPARATOR, COMBINING_START: the character

    def __str__(self) -> str:
        shown = spelled(self.name)
        match self.fault:
            case NameFault.EMPTY:
                return "a name cannot be empty"
            case NameFault.EDGE_SPACE:
                return f"the name {shown} starts or ends with a space"
            case NameFault.REFUSED_CHARACTER:
                return f"the name {shown} holds {describe(self.char)}, which cannot be seen"
            case NameFault.COMBINING_START:
                return f"the name {shown} starts with the combining mark {describe(self.char)}"
            case NameFault.TOO_LONG:
                return f"the name {shown} is longer than {MAX_NAME} characters"
            case NameFault.SEPARATOR:
                what = "a comma" if self.char == "," else "a space"
                return f"the player name {shown} holds {what}: a player's name is one word"
            case NameFault.POSITION:
                return (
                    f"the player name {shown} is a number, which commands read as a "
                    "position: choose a name with a letter in it"
                )
            case NameFault.COLLISION:
                return (
                    f"the names {spelled(self.other)} and {shown} are the same name "
                    "(names are compared ignoring case and how accents are written)"
                )
            case NameFault.LOOKALIKE:
                return (
                    f"the names {spelled(self.other)} and {shown} look the same: "
                    "choose a name the others can tell apart"
                )
        raise AssertionError(self.fault)  # pragma: no cover


class NameRefused(ValueError):
    """A name the rule refuses; ``problem`` says which and why."""

    def __init__(self, problem: NameProblem) -> None:
        super().__init__(str(problem))
        self.problem = problem


def spelled(name: str) -> str:
    """``name`` quoted, with how it is written when that is not plain ASCII: two
    names that look the same show how they differ (``'Café' (Caf\\u00e9)``)."""
    quoted = f"'{visible(name)}'"
    if name.isascii() and name.isprintable():
        return quoted
    escaped = "".join(c if " " <= c <= "~" else f"\\u{ord(c):04x}" for c in name)
    return f"{quoted} ({escaped})"


def name_problem(name: str, *, player: bool = False) -> NameProblem | None:
    """What is wrong with ``name`` alone (``player``: as a player's name), or None."""
    if not name or not name.strip():
        return NameProblem(NameFault.EMPTY, name)
    for char in name:
        if is_invisible(char) or char == "\t":
            return NameProblem(NameFault.REFUSED_CHARACTER, name, char=char)
    if name != name.strip():
        return NameProblem(NameFault.EDGE_SPACE, name)
    if unicodedata.category(name[0]).startswith("M"):
        return NameProblem(NameFault.COMBINING_START, name, char=name[0])
    if len(name) > MAX_NAME:
        return NameProblem(NameFault.TOO_LONG, name)
    if player:
        for char in name:
            if char == "," or char.isspace():
                return NameProblem(NameFault.SEPARATOR, name, char=char)
        if name_key(name).isdigit():
            return NameProblem(NameFault.POSITION, name)
    return None


def look_keys(name: str) -> tuple[str, str]:
    """What decides that two names look the same: the skeleton of the name as written
    (``AI`` and ``Al``) and of its :func:`name_key` (``ANN`` and Cyrillic ``аnn``)."""
    return skeleton(unicodedata.normalize("NFKC", name)), skeleton(name_key(name))


def collision(names: Iterable[str]) -> NameProblem | None:
    """The first name that is the same as an earlier one (:func:`name_key`), or that
    looks the same (:func:`look_keys`), or None."""
    seen: dict[str, str] = {}
    looks: dict[str, str] = {}
    for name in names:
        key = name_key(name)
        if key in seen:
            return NameProblem(NameFault.COLLISION, name, other=seen[key])
        seen[key] = name
        shapes = look_keys(name)
        other = next((looks[s] for s in shapes if s in looks), None)
        if other is not None:
            return NameProblem(NameFault.LOOKALIKE, name, other=other)
        looks.update((s, name) for s in shapes)
    return None


def check_names(names: Iterable[str], *, player: bool = False) -> None:
    """Raise :class:`NameRefused` for the first name the rule refuses."""
    names = list(names)
    for name in names:
        problem = name_problem(name, player=player)
        if problem is not None:
            raise NameRefused(problem)
    problem = collision(names)
    if problem is not None:
        raise NameRefused(problem)


def check_player_names(names: Iterable[str]) -> None:
    """The rule for the players of a new game (every game's setup calls it)."""
    check_names(names, player=True)


def player_refusal(names: Iterable[str], older: str) -> str:
    """Why a record's players are refused: in this rule's words when it refuses them
    too (one message in every game), else the ``older`` rule's words."""
    try:
        check_player_names([n for n in names if isinstance(n, str)])
    except NameRefused as exc:
        return str(exc)
    return older


def find_name(word: str, names: Iterable[str]) -> str | None:
    """The name among ``names`` that ``word`` is (exact first, else by :func:`name_key`)."""
    names = list(names)
    if word in names:
        return word
    key = name_key(word)
    return next((n for n in names if name_key(n) == key), None)
