"""Secrecy is declared by every game and fails closed where a declaration is missing.

Over the one list of games (:data:`referee.games.GAMES`): every event class says what
it may show the table (``REVEALS``; empty: nothing), an undeclared one is never taken
back, and what a game's rules say an event showed is within what its class declares
(checked by playing each game with the moves it lists as legal).
"""

from __future__ import annotations

import random

import pytest

from referee.games import GAMES
from referee.table.events import Event, Judged
from referee.table.record import Record
from referee.table.registry import DeckText
from referee.table.reveals import Shown
from referee.table.session import Refused, Session, Undone, UndoRefused

IDS = [g.name for g in GAMES]


def new_record(game, seed: int) -> Record:
    sides = {o.name for o in game.options} >= {"white", "black"}
    values = {o.name: o.value(None) for o in game.options}
    values.update({"white": "ann", "black": "bob"} if sides else {"players": ("ann", "bob", "cat")})
    values["seed"] = seed
    deck = None
    if game.decks is not None:
        path = game.decks.default()
        deck = DeckText(path.read_text(encoding="utf-8"), path.name)
    return Record(game.kind, game.setup(values, game.house_rules(), deck))


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_event_class_declares_what_it_may_show(game):
    undeclared = [k.__name__ for k in game.kind.events.kinds.values() if k.REVEALS is None]
    assert not undeclared
    for kind in game.kind.events.kinds.values():
        assert Shown.UNDECLARED not in kind.REVEALS  # a declaration, not the fallback


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_game_state_keeps_its_reveals_through_the_shared_apply(game):
    state = game.kind.new_game(new_record(game, 1).setup)
    assert isinstance(state, Judged)  # the bookkeeping is the table's, written once


@pytest.mark.parametrize("game", [g for g in GAMES if g.legal is not None], ids=lambda g: g.name)
def test_what_an_event_showed_is_what_its_class_declares(game):
    """Random legal games: each event's reveal (the undo barrier it set) lies within its
    declaration; an event that showed nothing leaves the barrier where it was."""
    rng = random.Random(7)
    checked = 0
    for seed in range(1, 4):
        session = Session(new_record(game, seed), game.language())
        for _ in range(80):
            state = session.game
            if state.finished:
                break
            lines = [(p, line) for p in state.players for line in game.legal(state, p)]
            if not lines:
                break
            player, line = rng.choice(lines)
            before = state.last_reveal
            count = len(session.record.events)
            session.execute(line, player)
            for number in range(count + 1, len(session.record.events) + 1):
                event: Event = session.record.events[number - 1]
                reveal = session.game.last_reveal
                if reveal is not None and reveal is not before and reveal.event == number:
                    assert set(reveal.shown) <= type(event).REVEALS, (event, reveal)
                checked += 1
    assert checked


def test_an_undeclared_event_is_never_taken_back(monkeypatch):
    """Forget a declaration and undo stops at that event: secrecy fails closed."""
    game = next(g for g in GAMES if g.name == "invicta")  # whose events show nothing
    session = Session(new_record(game, 1), game.language())
    assert not isinstance(session.execute("e5")[0], Refused)
    assert isinstance(session.execute("undo")[0], Undone)  # declared: it showed nothing
    kind = game.kind.events.kinds["place"]
    monkeypatch.setattr(kind, "REVEALS", None)
    session = Session(new_record(game, 1), game.language())
    assert not isinstance(session.execute("e5")[0], Refused)
    (refused,) = session.execute("undo")
    assert isinstance(refused, UndoRefused) and Shown.UNDECLARED in refused.shown
    assert not refused.house_rule  # Invicta has no undo_past_reveals to send the table to


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_hidden_reason_is_said_as_the_game_hides_things(game):
    """ "The deal says otherwise" only of a game that deals; the house rule that lifts the
    undo barrier is named only to a game that has it."""
    from referee.table.errors import HIDDEN_REASONS, Hides, IllegalEvent
    from referee.table.reveals import lifts_barrier

    state = game.kind.new_game(new_record(game, 1).setup)
    said = IllegalEvent("card", "a card not in the hand", hidden=True).public_in(state)
    deals = game.decks is not None
    assert said == HIDDEN_REASONS[Hides.DEAL if deals else Hides.SECRET]
    assert ("deal" in said) == deals
    assert lifts_barrier(state) == hasattr(state.rules, "undo_past_reveals")


def terminal_of(game):
    """The terminal part of ``game``, wherever its package keeps it: the object of any
    module of ``referee`` that holds this registration and builds a renderer."""
    import importlib
    import pkgutil

    import referee

    for info in pkgutil.walk_packages(referee.__path__, "referee."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if getattr(value, "game", None) is game and callable(getattr(value, "renderer", None)):
                return value
    return None


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_outcome_a_game_can_return_has_words(game):
    """A game's outcomes and the table's shared ones: each has its renderer, so none is
    ever shown as its ``repr``."""
    import io

    from rich.console import Console

    from referee.table import agreement, session, views
    from referee.table.session import Accepted, Outcome, PlayerOutcome

    terminal = terminal_of(game)
    assert terminal is not None
    renderer = terminal.renderer(Console(file=io.StringIO()), None, {})
    shared = [
        v
        for m in (session, views, agreement)
        for v in vars(m).values()
        if isinstance(v, type) and issubclass(v, Outcome) and v.__module__ == m.__name__
    ]
    abstract = {Outcome, PlayerOutcome, Accepted, views.GameOver}
    wanted = [o for o in (*game.outcomes, *shared) if o not in abstract]
    missing = [o.__name__ for o in wanted if o not in renderer.renderers]
    assert not missing
