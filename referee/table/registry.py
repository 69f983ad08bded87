"""A game is one registration: everything the house needs to know about it, declared once.

Each game package declares a :class:`GameRegistration` in its ``registration`` module:
its :class:`~referee.table.record.GameKind` (setup, events, state and the record
versions it reads), its command language, its outcomes, its house rules, its deck and
the options a new game is started with. A game package holds its parts in the modules
every game names alike (:meth:`GameRegistration.of` finds them there), so its
registration declares only what is its own: a title, the options, the setup they make, a
deck. A registration is cheap to declare: its name, its title and its commands on the
command line with their one-line help are all ``referee --help`` reads; each part is
imported the first time it is asked for (what the options need of the rules is declared
:class:`Later`), so listing the games loads none of their rules, engines or drawing, and
a process that plays one game loads only what it uses. The options are typed, and their
defaults filled in, here, once for every game. The shared machinery (the session and its
dispatch, the record file, replay, and the interfaces' play / resume / replay commands)
is built from it, so a game writes its rules and nothing of the ceremony.

The interfaces add what only they have (a terminal renderer, web pages) in a
registration of their own that holds this one; nothing here knows them. What
a seat may see (``seat_view``) is the game's, declared here, so every
interface that shows one seat shows the same.
"""

from __future__ import annotations

import enum
import functools
import importlib
import importlib.util
import inspect
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:  # what a registration's parts are; each imported when it is asked for
    from pathlib import Path
    from types import ModuleType

    from referee.table.background import Background
    from referee.table.events import Event
    from referee.table.record import GameKind
    from referee.table.rulings import Ruling
    from referee.table.session import Commands, Outcome

S = TypeVar("S")
T = TypeVar("T")


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
class Later(Generic[T]):
    """A part a registration declares by the function that makes it, called the first time
    the part is asked for: what a part needs of the game's rules (its setup's enums, its
    deck's loader) is then imported by that function, not by declaring the game."""

    make: Callable[[], T]


# The parts of a game found in its package by convention, each imported the first time
# it is asked for; the rest of what a registration holds is declared (and cheap).
PARTS = frozenset(
    {
        "kind", "commands", "outcomes", "seat_view", "rulings", "legal", "computer",
        "strongest", "words", "terminal", "drawing", "phones",
        "options", "new_setup", "decks", "background",
    }
)  # fmt: skip


@dataclass(frozen=True, init=False, eq=False)
class GameRegistration(Generic[S]):
    """One game, as the house sees it: what it is, declared cheaply (its name, its title, its
    commands on the ``referee`` command line with their one-line help), and its parts, each
    found where every game keeps it and imported the first time it is asked for, so that
    listing the games (``referee --help``) loads none of them.

    A part may also be given (``given``): its value, or a :class:`Later` that makes it.
    """

    name: str  # the record's game and the command line's: "invicta"
    title: str  # how players name it: "Ergo (Invicta)"
    # Its commands on the ``referee`` command line (its group: play, replay and its own
    # commands; or "play" and "replay" at the top), each with the one line ``referee
    # --help`` says of it (the first sentence of its help: ``tests/test_lazy_imports.py``
    # holds it to the command's own).
    listing: Mapping[str, str]
    unit: str  # what its record counts, for people ("moves")
    package: str | None  # where its parts are found (None: every part is given)
    given: Mapping[str, Any]  # the parts given, by name: a value, or a Later

    def __init__(
        self,
        title: str,
        *,
        name: str | None = None,
        listing: Mapping[str, str] | None = None,
        unit: str = "events",
        package: str | None = None,
        given: Mapping[str, Any] | None = None,
        **parts: Any,
    ) -> None:
        unknown = set(parts) - PARTS
        if unknown:  # a developer's mistake (a part misspelt), said plainly
            raise TypeError(f"{title}: no such part of a game: {', '.join(sorted(unknown))}")
        given = {**(given or {}), **parts}
        if name is None:
            kind = given.get("kind")
            if kind is None or isinstance(kind, Later):
                if package is None:
                    raise TypeError(f"{title}: name the game, or give its kind")
                name = package.rpartition(".")[2]
            else:
                name = kind.name
        set_field = functools.partial(object.__setattr__, self)
        set_field("name", name)
        set_field("title", title)
        set_field("listing", dict(listing or {name: f"{title}."}))
        set_field("unit", unit)
        set_field("package", package)
        set_field("given", given)

    @classmethod
    def of(
        cls, package: str, *, title: str, cli: Mapping[str, str] | None = None, **declared: Any
    ) -> GameRegistration:
        """The registration of the game package ``package`` (its ``__package__``), its parts
        found, when first asked for, where every game keeps them: the ``GameKind``
        ``records.GAME``, the command language (the one ``TableCommands`` its ``commands``
        module declares), the outcomes its ``outcomes`` and ``commands`` modules declare,
        ``views.seat_view``, its words (``words.WORDS``), its terminal (``cli.CLIENT``),
        ``legal.legal_lines``, its computer players (``player``), its ``rulings`` and its
        web part, where it has them. ``cli``: its commands on the command line, each with
        its one-line help (default: a group named after it, its help its title);
        ``declared``: the rest (options, new_setup, and decks, background or unit where
        the game has them; a part that needs its rules as a :class:`Later`), and any part
        a game keeps elsewhere. Nothing of the game is imported here."""
        return cls(title, package=package, listing=cli, **declared)

    @property
    def cli(self) -> tuple[str, ...]:
        """The names of its commands on the ``referee`` command line."""
        return tuple(self.listing)

    # ------------------------------------------------------------------ its parts

    def _given(self, part: str, default: Any = None) -> Any:
        value = self.given.get(part, default)
        return value.make() if isinstance(value, Later) else value

    def _module(self, name: str) -> ModuleType:
        """A module of its package: a part every game has."""
        if self.package is None:
            raise TypeError(f"{self.title}: give its {name}, or the package that holds it")
        return importlib.import_module(f"{self.package}.{name}")

    def _optional(self, name: str) -> ModuleType | None:
        """A module of its package, None where the game has no such part (or no package)."""
        if self.package is None:
            return None
        try:
            return importlib.import_module(f"{self.package}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{self.package}.{name}":  # a part that fails to import: a bug
                raise
            return None

    def _found(self, part: str, module: str, attribute: str, default: Any = None) -> Any:
        """A part given, else ``module.attribute`` of its package, else ``default``."""
        if part in self.given:
            return self._given(part)
        found = self._optional(module)
        return default if found is None else getattr(found, attribute)

    @functools.cached_property
    def kind(self) -> GameKind[S]:
        """Its setup, events, state and the record versions it reads (``records.GAME``)."""
        kind = self._given("kind") if "kind" in self.given else self._module("records").GAME
        if kind.name != self.name:  # the registration and its records disagree: said plainly
            raise TypeError(f"{self.title} is named {self.name!r}, its records {kind.name!r}")
        return kind

    @functools.cached_property
    def commands(self) -> Callable[..., Commands]:
        """The command language (the one ``TableCommands`` of ``commands``); an interface
        passes its services."""
        if "commands" in self.given:
            return self._given("commands")
        from referee.table.commands import TableCommands

        languages = _declared(self._module("commands"), TableCommands)
        if len(languages) != 1:  # the convention broken: a developer's mistake, said plainly
            raise TypeError(
                f"{self.package}.commands declares {len(languages)} TableCommands, not 1"
            )
        return languages[0]

    @functools.cached_property
    def outcomes(self) -> tuple[type[Outcome], ...]:
        """Every outcome its commands and state can come to (those ``outcomes`` and
        ``commands`` declare)."""
        if "outcomes" in self.given:
            return self._given("outcomes")
        from referee.table.session import Outcome

        modules = (self._optional("outcomes"), self._optional("commands"))
        return tuple(o for m in modules if m for o in _declared(m, Outcome))

    @functools.cached_property
    def options(self) -> tuple[Option, ...]:
        """What a new game is set up from, beside rules and deck."""
        return self._given("options", ())

    @functools.cached_property
    def new_setup(self) -> NewSetup | None:
        """The setup the options make; SetupError naming the option at fault (None: the
        setup class given each option by its name and the house rules as ``rules``). A new
        game's setup is then asked ``check_new()`` (the name rule), which records need not
        meet."""
        return self._given("new_setup")

    @functools.cached_property
    def decks(self) -> Decks | None:
        """Where its deck comes from (None: a game played without a deck)."""
        return self._given("decks")

    @functools.cached_property
    def drawing(self) -> str | None:
        """The package whose ``web/`` folder holds the game's own drawing on the web pages
        (``draw.js``; ``style.css`` beside it where it has one), served as it is; None: the
        pages draw it generically, from its seat view and its legal moves."""
        if "drawing" in self.given or self.package is None:
            return self._given("drawing")
        from importlib import resources

        has = resources.files(self.package).joinpath("web", "draw.js").is_file()
        return self.package if has else None

    @functools.cached_property
    def phones(self) -> Phones:
        """What a table of phones needs of it beside its rules (its package's
        ``web.PHONES``), its words registered first."""
        self.words  # noqa: B018 - the phones say what they say in the game's words
        return self._found("phones", "web", "PHONES", Phones())

    @functools.cached_property
    def seat_view(self) -> Callable[[Any, str | None], dict] | None:
        """What one seat may see now (a player's name; None: what every player may see), as
        JSON-ready data the game computes (``views.seat_view``), so secrets are decided
        once, by the game."""
        return self._found("seat_view", "views", "seat_view")

    @functools.cached_property
    def rulings(self) -> Callable[[Any, str | None], Ruling | None] | None:
        """The last ruling as ``seat`` may see it (its ``rulings`` module's ``ruling(game,
        seat)``; None: no ruling yet), in every view as ``ruling``; a game without one has
        ``ruling`` null in every view."""
        return self._found("rulings", "rulings", "ruling")

    @functools.cached_property
    def legal(self) -> Callable[[Any, str], tuple[str, ...]] | None:
        """Every move ``seat`` may make now that the rules accept, as complete lines of its
        command language (``legal.legal_lines``; a seat's view lists them as
        ``you.legal``); None: not declared."""
        return self._found("legal", "legal", "legal_lines")

    @functools.cached_property
    def computer(self) -> Callable[[int, int | None], Any] | None:
        """Its computer players: (level, seed) -> a ComputerPlayer (referee.table.computer),
        fed only a seat's view (``player.computer_player``)."""
        return self._found("computer", "player", "computer_player")

    @functools.cached_property
    def strongest(self) -> int:
        """Its computers' levels are 0 .. this one, the default (``player.DEFAULT_LEVEL``)."""
        return self._found("strongest", "player", "DEFAULT_LEVEL", 0)

    @functools.cached_property
    def background(self) -> Background | None:
        """An analysis of the position an interface may run beside the table after every
        change (referee.table.background; Palmer's claimable-now hint). None: it has none."""
        return self._given("background")

    @functools.cached_property
    def words(self) -> Any:
        """Its words (a ``referee.client.reasons.Words``, which its ``words`` module declares
        and registers when imported): its reasons and hints as sentences, the same in every
        client."""
        return self._found("words", "words", "WORDS")

    @functools.cached_property
    def terminal(self) -> Callable[[], Any] | None:
        """The loader of its terminal client (a ``referee.client.house.TerminalClient``: its
        TerminalGame and the click commands ``listing`` names; its package's ``cli.CLIENT``),
        imported only when an interface asks for it, its words registered first."""
        if "terminal" in self.given or self.package is None:
            return self._given("terminal")
        if importlib.util.find_spec(f"{self.package}.cli") is None:
            return None
        return functools.partial(_terminal, self)

    # ------------------------------------------------------------------ what it does

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
        from referee.table.rulings import ruling_json

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


def _terminal(registration: GameRegistration) -> Any:
    """A game's terminal client (its ``cli`` module's ``CLIENT``), imported when an
    interface asks for it, so ``referee parse`` loads no game's drawing; its words first,
    so every sentence of its outcomes and reasons is registered (its drawing may not import
    them itself)."""
    registration.words  # noqa: B018 - imported for the words it registers
    return importlib.import_module(f"{registration.package}.cli").CLIENT


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
    from referee.table.record import fresh_seed

    return fresh_seed()
