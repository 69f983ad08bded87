"""A game is one registration: everything the house needs to know about it, declared once.

Each game package declares a :class:`GameRegistration` in its
``registration`` module: its :class:`~referee.table.record.GameKind` (setup,
events, state and the record versions it reads), its command language, its
outcomes, its house rules, its deck and the options a new game is started
with. A game package holds its parts in the modules every game names alike
(:meth:`GameRegistration.of` finds them there), so its registration declares
only what is its own: a title, the options, the setup they make, a deck.
The options are typed, and their defaults filled in, here, once for every
game. The shared machinery (the session and its dispatch, the record file,
replay, and the interfaces' play / resume / replay commands) is built from
it, so a game writes its rules and nothing of the ceremony.

The interfaces add what only they have (a terminal renderer, web pages) in a
registration of their own that holds this one; nothing here knows them. What
a seat may see (``seat_view``) is the game's, declared here, so every
interface that shows one seat shows the same.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import importlib
import importlib.util
import inspect
import secrets
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import ModuleType
from typing import Any, Generic, TypeVar

from referee.table.background import Background
from referee.table.commands import TableCommands
from referee.table.events import Event
from referee.table.record import GameKind
from referee.table.rulings import Ruling, ruling_json
from referee.table.session import Commands, Outcome

S = TypeVar("S")


@dataclass(frozen=True)
class Option:
    """A setting a new game starts with, typed once where the text enters.

    ``kind``: str, int, float, an enum (whose values are the choices) or
    ``tuple`` (a comma-separated list of names); ``choices``: the values a
    str takes, when it takes only some; ``bounds``: the least and greatest a
    number may be; ``default``: the value a new game takes when the option is
    not given (``fresh()`` instead, when each game draws its own).
    """

    name: str  # the setup's name for it: ``hand_size`` is typed ``--hand-size``
    help: str
    kind: type = str
    short: str = ""  # one letter: ``-n``
    choices: tuple[str, ...] = ()
    bounds: tuple[float, float] | None = None
    required: bool = False
    default: Any = None
    fresh: Callable[[], Any] | None = None

    @classmethod
    def players(cls, help: str, required: bool = True) -> Option:
        """The option of a game seating a list of players: their names, comma-separated."""
        return cls("players", help, tuple, required=required)

    @classmethod
    def seed(cls, what: str) -> Option:
        """The option of a game with a shuffle: ``what`` it decides (default: a fresh random
        seed, which the setup keeps, so a replay deals the same)."""
        return cls("seed", f"{what} (default: random).", int, fresh=_random_seed)

    @property
    def values(self) -> tuple[str, ...]:
        if isinstance(self.kind, type) and issubclass(self.kind, enum.Enum):
            return tuple(str(m.value) for m in self.kind)
        return self.choices

    def value(self, given: Any) -> Any:
        """What the option holds for a new game: ``given`` typed (None: not given, so its
        default)."""
        if given is None:
            return self.fresh() if self.fresh is not None else self.default
        if self.kind is tuple and isinstance(given, str):
            return tuple(p.strip() for p in given.split(",") if p.strip())
        if issubclass(self.kind, enum.Enum):
            return self.kind(given)
        return given


@dataclass(frozen=True)
class Decks:
    """Where a game's deck comes from: a file, or a name for one of the bundled decks.

    ``check(text, source)`` loads the deck to check it before a game starts,
    raising a ValueError (the game's deck error) that names the line at fault.
    """

    default: Callable[[], Path]
    check: Callable[[str, str], object]
    bundled: Callable[[str], Path | None] = lambda name: None  # noqa: E731
    help: str = "Deck file (TOML)."
    names: tuple[str, ...] = ()  # the bundled decks ``--deck`` names (a club offers these)


@dataclass(frozen=True)
class DeckText:
    """A deck as a new game's setup keeps it: its TOML text and its file's name."""

    text: str
    name: str


def nobody_ends(game: Any) -> tuple[str, ...]:
    """A game without an ``end`` the table agrees to (the game itself says why not)."""
    return ()


def everyone_until_the_end(game: Any) -> tuple[str, ...]:
    """Every player must say ``end``, while the game is on."""
    return () if game.finished else tuple(game.players)


@dataclass(frozen=True)
class Phones:
    """What a table of phones (``referee.web``) needs of a game beside its rules and views,
    declared in the game's package (``web/__init__.py``: ``PHONES``). Each default is that
    of a game without the part, so a game with none is still served."""

    # Its rules in a few lines, first in a phone's ``help`` (then ``help``: what to tap,
    # then the lines the command box takes from a seat); () for a game without: the page
    # says to tap a move, and the lines of its command language still work.
    rules: tuple[str, ...] = ()
    help: tuple[str, ...] = ()
    # After these events (a claim settled, a round scored) every screen also shows ``why``.
    explained: tuple[type[Event], ...] = ()
    # Outcomes of the game's own that refuse a command (besides Refused): ``ok`` is false.
    refusals: tuple[type[Outcome], ...] = ()
    # (game) -> who must all say ``end`` before it ends now (a phone speaks alone; at a
    # terminal the table agrees aloud); () when the game would refuse (and says why).
    enders: Callable[[Any], tuple[str, ...]] = nobody_ends
    # (game, seat, card words, text) -> what a statement being written would come to
    # (the live check beside a phone's editor); None: the game has no such editor.
    draft: Callable[[Any, str, list[str], str], dict] | None = None
    # (game, view) -> the view with the words a page shows beside it (a result in words).
    worded: Callable[[Any, dict], dict] | None = None
    # (one card of ``you.hand`` in a seat's view) -> its words, for ``hand`` on a phone
    # ("3: R likes"); None: ``hand`` is answered by the game's own words.
    hand: Callable[[dict], str] | None = None
    # (game) -> whom the table waits for now and why, in the game's words, when it is not
    # the player to move (a vote: ``referee.table.seatview.Waiting``); None: the turn's.
    waiting: Callable[[Any], Any] | None = None


# the options' values (typed, defaults filled in; a terminal's flags beside them), the
# house rules, the deck (None: a game without)
NewSetup = Callable[[Mapping[str, Any], Any, "DeckText | None"], Any]


@dataclass(frozen=True)
class GameRegistration(Generic[S]):
    """One game, as the house sees it."""

    kind: GameKind[S]
    title: str  # how players name it: "Ergo (Invicta)"
    commands: Callable[..., Commands]  # the command language; an interface passes its services
    outcomes: tuple[type[Outcome], ...]  # every outcome its commands and state can come to
    options: tuple[Option, ...]  # what a new game is set up from, beside rules and deck
    # the setup those make; SetupError naming the option at fault (None: the setup class
    # given each option by its name and the house rules as ``rules``). A new game's setup
    # is then asked ``check_new()`` (the name rule), which records need not meet
    new_setup: NewSetup | None = None
    decks: Decks | None = None  # None: a game played without a deck
    unit: str = "events"  # what its record counts, for people ("moves")
    # The package whose ``web/`` folder holds the game's own drawing on the web pages
    # (``draw.js``; ``style.css`` beside it where it has one), served as it is; None: the
    # pages draw it generically, from its seat view and its legal moves.
    drawing: str | None = None
    # What a table of phones needs of it beside its rules (its package's ``web.PHONES``).
    phones: Phones = Phones()
    # What one seat may see now (a player's name; None: what every player may see), as
    # JSON-ready data the game computes, so secrets are decided once, by the game.
    seat_view: Callable[[Any, str | None], dict] | None = None
    # The last ruling as ``seat`` may see it (its ``rulings`` module's ``ruling(game, seat)``,
    # a referee.table.rulings.Ruling; None: no ruling yet), in every view as ``ruling``;
    # a game without one has ``ruling`` null in every view.
    rulings: Callable[[Any, str | None], Ruling | None] | None = None
    # Every move ``seat`` may make now that the rules accept, as complete lines of its
    # command language (a seat's view lists them as ``you.legal``); None: not declared.
    legal: Callable[[Any, str], tuple[str, ...]] | None = None
    # Its computer players: (level, seed) -> a ComputerPlayer (referee.table.computer),
    # fed only a seat's view; levels 0 .. ``strongest``, the strongest the default.
    computer: Callable[[int, int | None], Any] | None = None
    strongest: int = 0
    # An analysis of the position an interface may run beside the table after every
    # change (referee.table.background; Palmer's claimable-now hint). None: the game has none.
    background: Background | None = None
    # Its words (a ``referee.client.reasons.Words``, which its ``words`` module declares and
    # registers): its reasons and hints as sentences, the same in every client.
    words: Any = None
    # The names its commands take on the ``referee`` command line (its group: play, replay
    # and its own commands; or "play" and "replay" at the top), and the loader of
    # its terminal client (a ``referee.client.house.TerminalClient``: its TerminalGame and
    # those click commands), imported only when an interface asks for it.
    cli: tuple[str, ...] = ()
    terminal: Callable[[], Any] | None = None

    @classmethod
    def of(cls, package: str, **declared: Any) -> GameRegistration:
        """The registration of the game package ``package`` (its ``__package__``), its parts
        found where every game keeps them: the ``GameKind`` ``records.GAME``, the command
        language (the one ``TableCommands`` its ``commands`` module declares), the outcomes
        its ``outcomes`` and ``commands`` modules declare, ``views.seat_view``, its words
        (``words.WORDS``), its terminal (``cli.CLIENT``, imported only when asked for),
        ``legal.legal_lines``, its computer players (``player``), its ``rulings`` and its
        web part, where it has them. ``declared``: the rest (title, options, new_setup, and
        decks or unit where the game has them), and any part a game keeps elsewhere."""

        def part(name: str) -> ModuleType:  # a module of the package that asked: no game named here
            return importlib.import_module(f"{package}.{name}")

        def optional(name: str) -> ModuleType | None:  # a part a game may not have
            try:
                return part(name)
            except ModuleNotFoundError as exc:
                if exc.name != f"{package}.{name}":
                    raise
                return None

        found: dict[str, Any] = {}
        if "kind" not in declared:
            found["kind"] = part("records").GAME
        commands = optional("commands")
        if "commands" not in declared:
            languages = _declared(commands, TableCommands) if commands is not None else ()
            if len(languages) != 1:  # the convention broken: a developer's mistake, said plainly
                raise TypeError(
                    f"{package}.commands declares {len(languages)} TableCommands, not 1"
                )
            found["commands"] = languages[0]
        if "outcomes" not in declared:
            modules = (optional("outcomes"), commands)
            found["outcomes"] = tuple(o for m in modules if m for o in _declared(m, Outcome))
        views = optional("views") if "seat_view" not in declared else None
        if views is not None:
            found["seat_view"] = views.seat_view
        words, legal, player = optional("words"), optional("legal"), optional("player")
        if words is not None:
            found["words"] = words.WORDS
        rulings = optional("rulings")
        if rulings is not None:
            found["rulings"] = rulings.ruling
        if legal is not None:
            found["legal"] = legal.legal_lines
        if player is not None:
            found["computer"] = player.computer_player
            found["strongest"] = player.DEFAULT_LEVEL
        if importlib.util.find_spec(f"{package}.cli") is not None:
            found["terminal"] = functools.partial(_terminal, f"{package}.cli")
        if resources.files(package).joinpath("web", "draw.js").is_file():
            found["drawing"] = package
        web = optional("web")  # its web part: a package beside draw.js, where it has one
        if web is not None and hasattr(web, "PHONES"):
            found["phones"] = web.PHONES
        registration = cls(**{**found, **declared})
        if not registration.cli:  # its commands on the command line: a group named after it
            registration = dataclasses.replace(registration, cli=(registration.name,))
        return registration

    @property
    def name(self) -> str:
        return self.kind.name

    def setup(self, values: Mapping[str, Any], rules: Any, deck: DeckText | None) -> Any:
        """The setup a new game starts from: ``new_setup`` given each option's value typed,
        its default where it was not given (SetupError naming an option at fault)."""
        typed = {o.name: o.value(values.get(o.name)) for o in self.options}
        if self.new_setup is None:
            return typing.cast(Any, self.kind.setup)(**typed, rules=rules)
        return self.new_setup({**values, **typed}, rules, deck)

    @property
    def house_rules(self) -> type:
        """The house rules' class (a frozen dataclass whose defaults are the safe rules):
        the type of the setup's ``rules`` field, declared once there."""
        return typing.get_type_hints(self.kind.setup)["rules"]

    def view(self, game: Any, seat: str | None) -> dict:
        """What ``seat`` may see of ``game`` now (None: what every player may see); the
        seat is checked here, once for every game: ValueError when it is no player's.
        Whose move it is (``to_play``, and the seat's own ``you.to_play``) is the state's
        ``mover`` (its one declaration), and ``you.legal`` its legal moves, added here, with
        the game's name and whether it is over where its view does not say."""
        if self.seat_view is None:
            raise ValueError(f"{self.title} declares no seat view")
        if seat is not None and seat not in game.players:
            raise ValueError(f"{seat!r} is not a player")
        view = {"game": self.name, "finished": game.finished, **self.seat_view(game, seat)}
        view["ruling"] = ruling_json(self.rulings(game, seat)) if self.rulings else None
        mover = getattr(game, "mover", None)
        view["to_play"] = mover
        you = view.get("you")
        if seat is not None and isinstance(you, dict):
            you["to_play"] = mover is not None and mover == seat
            if self.legal is not None:
                you["legal"] = list(self.legal(game, seat))
        return view

    def language(self, **services: Any) -> Commands:
        """Its command language, given ``services`` (an engine; a keyboard's file reader),
        knowing the game's legal moves for ``moves``."""
        commands = self.commands(**services)
        commands.legal = self.legal
        return commands

    def player(self, level: int | None = None, seed: int | None = None):
        """A computer player of this game at ``level`` (None: the strongest)."""
        from referee.table.computer import level_player

        return level_player(self.computer, self.strongest, level, seed)

    def player_apart(self, level: int | None = None, seed: int | None = None, pool=None):
        """The same player, thinking apart (``referee.table.apart.Apart``): in a process of
        its own, or in ``pool`` (a ``Thinkers`` many seats share): what a table that answers
        people while a computer thinks plays with."""
        from referee.table.computer import apart

        return apart(self.computer, self.strongest, level, seed, pool)


def _terminal(module: str) -> Any:
    """A game's terminal client (its ``cli`` module's ``CLIENT``), imported when an
    interface asks for it, so ``referee parse`` loads no game's drawing."""
    return importlib.import_module(module).CLIENT


def _declared(module: ModuleType, base: type) -> tuple[type, ...]:
    """The subclasses of ``base`` that ``module`` itself declares (not those it imports)."""
    return tuple(
        value
        for value in vars(module).values()
        if inspect.isclass(value)
        and issubclass(value, base)
        and value.__module__ == module.__name__
    )


def _random_seed() -> int:
    return secrets.randbelow(2**31)
