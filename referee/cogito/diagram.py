"""The correlation diagram and the game cards, read from a deck file a table fills in.

The seed gives the rules but not the printed diagram, so the diagram is
data: a TOML file with two required tables and a few optional ones::

    name = "my table's deck"
    note = "copied from our printed cards"

    [categories]          # each category = the categories it belongs to
    Plant = []
    Flower = ["Plant"]

    [selves]              # each Self card = the categories it belongs to directly
    Casablanca = ["Flower"]
    Ego = []

    [cards]               # copies of each game card (default 1; 0: no such card)
    Plant = 2
    Dream = 1

    [strata]              # the stratum printed on a card: "I", "II" or ""
    Plant = "I"

    [special]
    ego = "Ego"           # the Self card whose game card has no blue side
    dream = "Dream"       # the name of the Dream card

Membership is inherited upward. Every problem is reported with the line it
is on (:class:`DiagramError`), since a deck is something players type.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from referee.language.characters import shortened, split_lines
from referee.language.english import article
from referee.language.errors import LocatedError, Location
from referee.language.input_limits import MAX_CARD_COUNT
from referee.language.names import name_key, name_problem, spelled
from referee.language.tomlfile import TomlError, load_toml
from referee.language.tomlines import KeyLines

STRATA = ("I", "II", "III", "")
SELF_STRATUM = "III"
DEFAULT_DREAM = "Dream"
DEFAULT_EGO = "Ego"
TOP_KEYS = ("name", "note", "categories", "selves", "cards", "strata", "special")


class DiagramError(LocatedError):
    """A deck file that cannot be used, with the line (from 1) it is about."""

    def __init__(self, source: str, line: int | None, message: str, text: str = "") -> None:
        shown = text.rstrip()
        located = Location(shown, 1, 0) if line is not None and shown.strip() else None
        super().__init__(message, located)
        self.source, self.line, self.text = source, line, text

    def where(self) -> str:
        return f"{self.source}, line {self.line}" if self.line is not None else self.source


class CardKind(enum.StrEnum):
    CATEGORY = "category"  # "I am not a Flower!"
    SELF = "self"  # "I am not Casablanca!"
    EGO = "ego"  # no blue side: "Needless to say, I am Ego!"
    DREAM = "dream"  # no red side: "Life is but a dream."


def says(name: str, kind: CardKind) -> str:
    """What a player says revealing the game card ``name``: the words printed on it
    (the seed), so the card's own, for the terminal and the web alike."""
    if kind == CardKind.EGO:
        return "Needless to say, I am Ego!"
    if kind == CardKind.DREAM:
        return "Life is but a dream."
    return f"I am not {name}!"


@dataclass(frozen=True)
class GameCard:
    """One kind of game card: what it denies (its name), and how many copies the box has."""

    name: str
    kind: CardKind
    count: int
    stratum: str

    @property
    def declares(self) -> bool:
        """Whether revealing it is a declaration "I am not <name>!" that is judged."""
        return self.kind in (CardKind.CATEGORY, CardKind.SELF)


@dataclass(frozen=True)
class Diagram:
    """The categories, the Self cards and the game cards of one deck."""

    name: str
    note: str
    categories: tuple[tuple[str, tuple[str, ...]], ...]  # (category, what it belongs to)
    selves: tuple[tuple[str, tuple[str, ...]], ...]  # (Self card, its categories)
    cards: tuple[GameCard, ...]
    ego: str | None  # the Self card that is the Ego card, if the deck has one
    dream: str  # the Dream card's name (its count may be 0)

    # ---------------------------------------------------------------- names

    @cached_property
    def category_names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.categories)

    @cached_property
    def self_names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.selves)

    @cached_property
    def _parents(self) -> dict[str, tuple[str, ...]]:
        return {**dict(self.categories), **dict(self.selves)}

    @cached_property
    def _cards(self) -> dict[str, GameCard]:
        return {c.name: c for c in self.cards}

    @cached_property
    def _folded(self) -> dict[str, str]:
        names = (*self.category_names, *self.self_names, self.dream)
        return {name_key(n): n for n in names}

    def lookup(self, word: str) -> str | None:
        """The name ``word`` means (exact, else the same by the name rule), or None."""
        word = word.strip()
        if word in self._parents or word == self.dream:
            return word
        return self._folded.get(name_key(word))

    def is_category(self, name: str) -> bool:
        return name in dict(self.categories)

    def is_self(self, name: str) -> bool:
        return name in dict(self.selves)

    def card(self, name: str) -> GameCard:
        return self._cards[name]

    # ----------------------------------------------------------- membership

    def chain(self, start: str, category: str) -> tuple[str, ...] | None:
        """The shortest chain ``start`` → … → ``category`` of memberships, or None.

        ``("Casablanca", "Flower", "Plant")``: Casablanca is a Flower, and
        every Flower is a Plant. Among chains of equal length the one
        following the file's order is taken, so the answer is stable.
        """
        if start == category:
            return (start,)
        came_from: dict[str, str] = {}
        frontier = [start]
        seen = {start}
        while frontier:
            following = []
            for name in frontier:
                for parent in self._parents.get(name, ()):
                    if parent in seen:
                        continue
                    seen.add(parent)
                    came_from[parent] = name
                    if parent == category:
                        path = [parent]
                        while path[-1] != start:
                            path.append(came_from[path[-1]])
                        return tuple(reversed(path))
                    following.append(parent)
            frontier = following
        return None

    def belongs(self, name: str) -> tuple[str, ...]:
        """Every category ``name`` belongs to, directly or through others (nearest first)."""
        out: list[str] = []
        frontier = list(self._parents.get(name, ()))
        while frontier:
            following = []
            for category in frontier:
                if category not in out:
                    out.append(category)
                    following.extend(self._parents.get(category, ()))
            frontier = following
        return tuple(out)

    # ---------------------------------------------------------------- cards

    def pile(self) -> list[str]:
        """One name per physical game card, in the file's order (the game shuffles)."""
        return [c.name for c in self.cards for _ in range(c.count)]

    @property
    def size(self) -> int:
        return sum(c.count for c in self.cards)


# ------------------------------------------------------------------ as data


def diagram_data(diagram: Diagram) -> dict:
    """The diagram as JSON-ready data, for a seat's view: the deck is printed, so public,
    and a computer player judges declarations from it as a person reads the cards."""
    return {
        "name": diagram.name,
        "categories": {name: list(parents) for name, parents in diagram.categories},
        "selves": {name: list(parents) for name, parents in diagram.selves},
        "cards": [
            {"name": c.name, "kind": c.kind.value, "count": c.count, "stratum": c.stratum}
            for c in diagram.cards
        ],
        "ego": diagram.ego,
        "dream": diagram.dream,
    }


def diagram_from_data(data: dict) -> Diagram:
    """The diagram :func:`diagram_data` wrote (already checked when the deck was read)."""
    return Diagram(
        data["name"],
        "",
        tuple((name, tuple(parents)) for name, parents in data["categories"].items()),
        tuple((name, tuple(parents)) for name, parents in data["selves"].items()),
        tuple(
            GameCard(c["name"], CardKind(c["kind"]), c["count"], c["stratum"])
            for c in data["cards"]
        ),
        data["ego"],
        data["dream"],
    )


# --------------------------------------------------------------------- reading


def load_diagram(text: str, source: str = "<deck>") -> Diagram:
    """Read a deck file; DiagramError naming the line of the first problem."""
    try:
        data = load_toml(text)  # the deck limits first: only then is the text scanned for lines
    except TomlError as exc:
        raise _syntax_error(exc, source, text) from None
    return _Reader(data, source, KeyLines(text)).diagram()


def _syntax_error(exc: TomlError, source: str, whole: str) -> DiagramError:
    if exc.syntax is None:  # a limit of every deck (too large, too deep, too long a number)
        shown = split_lines(whole)[exc.line - 1] if exc.line else ""
        return DiagramError(source, exc.line, exc.problem, shown)
    lines = KeyLines(whole)
    message, line = exc.syntax, exc.line
    text = lines.text(line)
    if text.lstrip().startswith("="):
        message = f"a {_what_at(lines, line)} without a name"
    elif message.startswith(("Cannot overwrite a value", "Cannot declare")):
        message = "this name or table is written twice: each may appear once"
    else:
        message = f"not valid TOML: {message[:1].lower()}{message[1:]}"
    return DiagramError(source, line, message, text)


def _what_at(lines: KeyLines, line: int | None) -> str:
    """What a key on ``line`` would name, from the table it is written in."""
    header = re.compile(r"\s*\[\s*([A-Za-z_]+)\s*\]")
    for number in range(line or 0, 0, -1):
        match = header.match(lines.text(number))
        if match:
            return {
                "categories": "category",
                "selves": "Self card",
                "cards": "card",
                "strata": "card",
            }.get(match.group(1), "key")
    return "key"


class _Reader:
    def __init__(self, data: dict, source: str, lines: KeyLines) -> None:
        self.data = data
        self.source = source
        self.lines = lines

    def error(self, line: int | None, message: str) -> DiagramError:
        return DiagramError(self.source, line, message, self.lines.text(line))

    def at(self, *path: str) -> int | None:
        return self.lines.key(*path)

    # ------------------------------------------------------------ the tables

    def diagram(self) -> Diagram:
        for key in self.data:
            if key not in TOP_KEYS:
                raise self.error(
                    self.at(key), f"{key!r} is not part of a Cogito deck ({', '.join(TOP_KEYS)})"
                )
        name = self.text_value("name", "custom")
        note = self.text_value("note", "")
        categories = self.named_lists("categories", "category", required=False)
        selves = self.named_lists("selves", "Self card", required=True)
        if not selves:
            raise self.error(self.at("selves"), "the deck has no Self cards")
        self.check_names(categories, selves)
        self.check_members(categories, selves)
        self.check_cycles(categories)
        special = self.table("special")
        for key in special:
            if key not in ("ego", "dream"):
                raise self.error(
                    self.at("special", key), f"{key!r} is not a special card (ego, dream)"
                )
        dream = self.dream_name(special, categories, selves)
        ego = self.ego_name(special, selves)
        counts = self.counts(categories, selves, dream)
        strata = self.strata(categories, selves, dream)
        cards = []
        for category in categories:
            cards.append(
                GameCard(category, CardKind.CATEGORY, counts.get(category, 1), strata[category])
            )
        for self_card in selves:
            kind = CardKind.EGO if self_card == ego else CardKind.SELF
            cards.append(GameCard(self_card, kind, 1, SELF_STRATUM))
        cards.append(GameCard(dream, CardKind.DREAM, counts.get(dream, 1), strata.get(dream, "")))
        return Diagram(
            name,
            note,
            tuple((k, tuple(v)) for k, v in categories.items()),
            tuple((k, tuple(v)) for k, v in selves.items()),
            tuple(cards),
            ego,
            dream,
        )

    def text_value(self, key: str, default: str) -> str:
        value = self.data.get(key, default)
        if not isinstance(value, str):
            raise self.error(self.at(key), f"{key} must be text in quotes")
        return value

    def table(self, key: str) -> dict:
        value = self.data.get(key, {})
        if not isinstance(value, dict):
            raise self.error(self.at(key), f"{key} must be a table: [{key}]")
        return value

    def named_lists(self, key: str, what: str, required: bool) -> dict[str, list[str]]:
        if required and key not in self.data:
            raise self.error(None, f"the deck needs a [{key}] table")
        table = self.table(key)
        out: dict[str, list[str]] = {}
        for name, value in table.items():
            line = self.at(key, name)
            self.check_name(name, what, line)
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise self.error(
                    line,
                    f"{name} must list the categories it belongs to, in quotes: "
                    f'{name} = ["Plant"] (or [] for none)',
                )
            members: list[str] = []
            for member in value:
                if member not in members:
                    members.append(member)
            out[name] = members
        return out

    def check_name(self, name: str, what: str, line: int | None) -> None:
        if not name.strip():
            raise self.error(line, f"{article(what)} without a name")
        problem = name_problem(name)  # the name rule of every game
        if problem is not None:
            raise self.error(line, str(problem))

    # ------------------------------------------------------------ the names

    def check_names(self, categories: dict, selves: dict) -> None:
        """No name twice, not even written another way (:func:`name_key`): the table
        types them freely."""
        seen: dict[str, tuple[str, str]] = {}
        for table, what, names in (
            ("categories", "category", categories),
            ("selves", "Self card", selves),
        ):
            for name in names:
                line = self.at(table, name)
                folded = name_key(name)
                if folded in seen:
                    other, other_what = seen[folded]
                    other_table = "categories" if other_what == "category" else "selves"
                    other_line = self.at(other_table, other)
                    if other == name:
                        message = (
                            f"{name} is both a category (line {other_line}) and a Self card: "
                            "a name is one or the other"
                        )
                    else:
                        message = (
                            f"{spelled(name)} and the {other_what} {spelled(other)} (line "
                            f"{other_line}) are the same name written two ways (names are "
                            "compared ignoring case and how accents are written)"
                        )
                    raise self.error(line, message)
                seen[folded] = (name, what)

    def check_members(self, categories: dict, selves: dict) -> None:
        known = shortened(", ".join(categories)) or "none"
        for table, names in (("categories", categories), ("selves", selves)):
            for name, members in names.items():
                for member in members:
                    if member in categories:
                        continue
                    line = self.lines.value((table, name), member)
                    if member in selves:
                        raise self.error(
                            line,
                            f"{name} belongs to {member!r}, which is a Self card, not a category "
                            "(things belong to categories only)",
                        )
                    raise self.error(
                        line,
                        f"{name} belongs to {member!r}, which is not a category of this deck "
                        f"(categories: {known})",
                    )

    def check_cycles(self, categories: dict) -> None:
        """A category may not belong to itself, directly or round a circle of categories."""
        state: dict[str, int] = {}  # 1: on the path being explored, 2: done
        for root in categories:
            if root in state:
                continue
            state[root] = 1
            path = [root]
            stack = [iter(categories[root])]
            while stack:
                parent = next(stack[-1], None)
                if parent is None:
                    state[path.pop()] = 2
                    stack.pop()
                    continue
                if state.get(parent) == 1:
                    circle = path[path.index(parent) :] + [parent]
                    line = self.lines.value(("categories", path[-1]), parent)
                    raise self.error(
                        line,
                        "the categories go round in a circle: "
                        + shortened(" → ".join(circle))
                        + " (a category cannot belong to itself)",
                    )
                if parent not in state:
                    state[parent] = 1
                    path.append(parent)
                    stack.append(iter(categories[parent]))

    # --------------------------------------------------------- the specials

    def dream_name(self, special: dict, categories: dict, selves: dict) -> str:
        dream = special.get("dream", DEFAULT_DREAM)
        line = self.at("special", "dream")
        if not isinstance(dream, str):
            raise self.error(line, "dream must be the Dream card's name, in quotes")
        self.check_name(dream, "Dream card", line)
        clash = next((n for n in (*categories, *selves) if n.casefold() == dream.casefold()), None)
        if clash is not None:
            what = "category" if clash in categories else "Self card"
            if "dream" not in special:
                line = self.at("categories" if clash in categories else "selves", clash)
            raise self.error(
                line,
                f"{clash} is a {what}, and it is the Dream card's name too "
                '(name the Dream card otherwise: [special] dream = "…")',
            )
        return dream

    def ego_name(self, special: dict, selves: dict) -> str | None:
        line = self.at("special", "ego")
        if "ego" in special:
            ego = special["ego"]
            if not isinstance(ego, str):
                raise self.error(line, 'ego must name a Self card, in quotes ("" for none)')
            if not ego:
                return None
            found = next((s for s in selves if s.casefold() == ego.casefold()), None)
            if found is None:
                raise self.error(
                    line, f"ego names {ego!r}, which is not a Self card ({', '.join(selves)})"
                )
        else:
            found = next((s for s in selves if s.casefold() == DEFAULT_EGO.casefold()), None)
            if found is None:
                return None
        if selves[found]:
            raise self.error(
                self.at("selves", found),
                f"{found} is the Ego card, which belongs to no category "
                f"(the rules), but it is listed in {', '.join(selves[found])}",
            )
        return found

    def resolve(self, table: str, key: str, known: Iterable[str]) -> str:
        known = tuple(known)
        if key in known:
            return key
        folded = {}
        for name in known:
            folded.setdefault(name.casefold(), name)
        if key.casefold() in folded:
            return folded[key.casefold()]
        raise self.error(
            self.at(table, key),
            f"{key!r} is not a card of this deck (the cards are the categories, "
            "the Self cards and the Dream card)",
        )

    def counts(self, categories: dict, selves: dict, dream: str) -> dict[str, int]:
        out: dict[str, int] = {}
        for key, value in self.table("cards").items():
            line = self.at("cards", key)
            name = self.resolve("cards", key, (*categories, *selves, dream))
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise self.error(line, f"the number of {name} cards must be a whole number ≥ 0")
            if value > MAX_CARD_COUNT:
                raise self.error(
                    line, f"the number of {name} cards must be at most {MAX_CARD_COUNT}"
                )
            if name in selves and value != 1:
                raise self.error(
                    line,
                    f"{name} is a Self card: there is exactly one of it "
                    "(it is the card a player stands on the holder)",
                )
            if name in out:
                raise self.error(line, f"{name} is counted twice")
            out[name] = value
        return out

    def strata(self, categories: dict, selves: dict, dream: str) -> dict[str, str]:
        out = {name: "" for name in categories}
        for key, value in self.table("strata").items():
            line = self.at("strata", key)
            name = self.resolve("strata", key, (*categories, *selves, dream))
            if value not in STRATA:
                raise self.error(line, f'a stratum is "I", "II", "III" or "" (none), not {value!r}')
            if name in selves and value != SELF_STRATUM:
                raise self.error(line, f"{name} is a Self card: its stratum is III")
            if name not in selves and value == SELF_STRATUM:
                raise self.error(line, f"stratum III marks the Self cards, and {name} is not one")
            out[name] = value
        return out


def names_text(names: Sequence[str]) -> str:
    return ", ".join(names) if names else "none"
