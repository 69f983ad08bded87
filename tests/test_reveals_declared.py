"""What an event shows is declared once, and undo's barrier follows from the declaration.

A small game like Liar's Dice (secret dice under each player's cup; a
challenge lifts every cup) declares ``REVEALS`` on its challenge and nothing
else: no hook says what it showed. Undo must still refuse to take the
challenge back (a player would bid again knowing every die), and say so in
words that claim nothing the game did not name.
"""

from __future__ import annotations

import enum
import io
import random
from dataclasses import dataclass, field

import pytest
from rich.console import Console

from referee.client import reasons
from referee.client.table_io import TableRenderer
from referee.language.shapes import Plain
from referee.table.commands import TableCommands
from referee.table.events import EventCodec, Judged, PlayerEvent
from referee.table.players import NamedPlayers
from referee.table.record import GameKind, Record
from referee.table.reveals import Shown, shown
from referee.table.session import Session, Undone, UndoRefused


class Cup(enum.StrEnum):  # what the dice game hides: its own kind, no card in sight
    DICE = "dice"


@dataclass(frozen=True)
class Rules(Plain):
    undo_past_reveals: bool = False


@dataclass(frozen=True)
class Setup(NamedPlayers, Plain):
    players: tuple[str, ...]
    seed: int
    rules: Rules = field(default_factory=Rules)


@dataclass(frozen=True)
class Bid(PlayerEvent):
    TYPE = "bid"
    REVEALS = frozenset()  # a bid shows nothing
    count: int
    face: int


@dataclass(frozen=True)
class Challenge(PlayerEvent):
    TYPE = "challenge"
    REVEALS = frozenset({Cup.DICE})  # every cup lifted: the one declaration it makes
    right: bool = False


class Dice(Judged):
    """Its rules, and nothing about undo: no ``hidden``, no hook."""

    codec = EventCodec([Bid, Challenge])

    def __init__(self, setup: Setup) -> None:
        self.setup, self.players, self.rules = setup, setup.players, setup.rules
        rng = random.Random(setup.seed)
        self.cups = {p: tuple(rng.randint(1, 6) for _ in range(5)) for p in setup.players}
        self.bids: list[Bid] = []
        self.finished = False

    def _bid(self, event: Bid) -> None:
        self.bids.append(event)

    def _challenge(self, event: Challenge) -> None:
        self.finished = True

    def summary(self) -> dict:
        return {"bids": len(self.bids)}


DICE = GameKind("dice", 1, Setup, Dice.codec, Dice)


def played(kind: GameKind = DICE) -> Session:
    session = Session(Record(kind, Setup(("ann", "bob"), 3)), TableCommands())
    session.submit(kind.events.kinds["bid"]("ann", 2, 5))
    return session


def undo_line(session: Session) -> str:
    """What the terminal says to ``undo`` (the web table says the same words)."""
    out = Console(file=io.StringIO(), width=200)
    TableRenderer(out, session).show(session.execute("undo"), False)
    return out.file.getvalue()


def test_a_challenge_that_declares_its_reveal_and_nothing_else_is_never_undone():
    session = played()
    assert isinstance(session.execute("undo")[0], Undone)  # a bid showed nothing
    session.submit(Bid("ann", 2, 5))
    session.submit(Challenge("bob"))
    before = session.record
    (refused,) = session.execute("undo")
    assert isinstance(refused, UndoRefused) and refused.shown == (Cup.DICE,)
    assert refused.house_rule  # this table may lift it by house rule
    assert session.record is before and len(before.events) == 2
    rebuilt = session.record.rebuild()  # a resumed game refuses the same
    assert isinstance(Session(session.record, TableCommands(), rebuilt).undo()[0], UndoRefused)


def test_the_words_of_a_reveal_are_the_game_s_or_claim_nothing(monkeypatch):
    session = played()
    session.submit(Challenge("bob"))
    line = undo_line(session)
    assert "event 2 may have shown the table something hidden." in line
    assert "judgement" not in line and "card" not in line  # nothing the game did not say
    monkeypatch.setattr(reasons, "BY_SHOWN", dict(reasons.BY_SHOWN))

    class Why(enum.StrEnum):
        NONE = "none"

    reasons.register(reasons.Words(Why, None, {}, shown={Cup.DICE: "the dice under every cup"}))
    assert "event 2 showed the table the dice under every cup." in undo_line(session)


def test_a_declaration_the_machinery_cannot_read_refuses_undo(monkeypatch):
    for unreadable in (None, ["dice"], frozenset({"dice"}), frozenset({Shown.UNDECLARED})):
        monkeypatch.setattr(Bid, "REVEALS", unreadable)
        session = played()
        (refused,) = session.execute("undo")
        assert isinstance(refused, UndoRefused) and refused.shown == (Shown.UNDECLARED,)
        assert not refused.house_rule  # an undeclared reveal is not the house rule's to lift
        assert "does not say what its moves show" in undo_line(played())


@pytest.mark.parametrize("kept", [["dice"], {Cup.DICE: [1, 2]}, {"dice": 1}])
def test_what_a_game_hides_unreadable_fails_closed(monkeypatch, kept):
    monkeypatch.setattr(Dice, "hidden", kept, raising=False)
    session = played()
    session.submit(Challenge("bob"))
    (refused,) = session.execute("undo")
    assert isinstance(refused, UndoRefused)
    assert refused.shown == (Cup.DICE, Shown.UNDECLARED)
    assert isinstance(played().execute("undo")[0], Undone)  # a bid declares it shows nothing


def test_what_a_game_hides_narrows_the_barrier_by_its_measures():
    """A game that declares what it hides, each with a measure, sets the barrier only when
    an event that may show a kind changed its measure (the dealt pile: a draw shows cards;
    a turn that drew nothing showed nothing)."""
    before = {Shown.DRAWN_CARD: 30, Shown.JUDGEMENT: None}
    drew, kept = {Shown.DRAWN_CARD: 28, Shown.JUDGEMENT: None}, dict(before)

    class Move(PlayerEvent):
        REVEALS = frozenset({Shown.DRAWN_CARD})

    class Claim(PlayerEvent):
        REVEALS = frozenset({Shown.JUDGEMENT, Shown.DRAWN_CARD})

    assert shown(Move, before, kept) == ()
    assert shown(Move, before, drew) == (Shown.DRAWN_CARD,)
    assert shown(Claim, before, kept) == (Shown.JUDGEMENT,)  # unmeasured: every time
    assert shown(Claim, {}, {}) == ()  # a game that hides nothing (printed cards, a board)
    assert shown(Move, None, None) == (Shown.DRAWN_CARD,)  # it declares nothing: all of it


def test_what_is_private_to_a_seat_needs_no_card_words():
    """A game with no cards (no ``dealt``, no deck) shows a seat what is private to it with
    the table's ``hand``, to that seat alone: dice under a cup are a hand."""
    from referee.table.errors import Refusal
    from referee.table.refusals import Why
    from referee.table.views import ShowHand

    class Cups(TableCommands):
        commands = frozenset({"hand"})

    session = Session(Record(DICE, Setup(("ann", "bob"), 3)), Cups())
    assert session.execute("hand", "ann") == (ShowHand("ann"),)
    assert session.execute("hand bob") == (ShowHand("bob"),)  # the shared terminal
    (refused,) = session.execute("hand bob", "ann")
    assert refused.reason == Refusal(Why.ONLY_NAMED, "bob")


def test_two_enums_members_of_one_text_are_two_kinds(monkeypatch):
    """A StrEnum member equals its text: a kind is known by its enum and name, so another
    game's ``dice`` is neither named nor shown as this one's."""
    monkeypatch.setattr(reasons, "BY_SHOWN", dict(reasons.BY_SHOWN))

    class Other(enum.StrEnum):
        DICE = "dice"

    class Why(enum.StrEnum):
        NONE = "none"

    reasons.register(reasons.Words(Why, None, {}, shown={Other.DICE: "the other game's dice"}))
    assert reasons.shown_words((Other.DICE,)) == "showed the table the other game's dice"
    assert reasons.shown_words((Cup.DICE,)) == "may have shown the table something hidden"
    assert shown(Challenge, {Other.DICE: None}, {Other.DICE: None}) == ()
    assert shown(Challenge, {Cup.DICE: None}, {Cup.DICE: None}) == (Cup.DICE,)
