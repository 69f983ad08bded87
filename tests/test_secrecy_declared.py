"""Secrecy is declared by every game and fails closed where a declaration is missing.

Over the one list of games (:data:`referee.games.GAMES`): every event class says what
it may show the table (``REVEALS``; empty: nothing), an undeclared one is never taken
back, and what a game's rules say an event showed is within what its class declares
(checked by playing each game with the moves it lists as legal).
"""

from __future__ import annotations

import random

import listed
import pytest

from referee.games import GAMES
from referee.table.events import Event, Judged
from referee.table.record import Record
from referee.table.registry import DeckText
from referee.table.reveals import Shown, hidden, shown
from referee.table.session import Refused, Session, Undone, UndoRefused

IDS = [g.name for g in GAMES]


def new_record(game, seed: int) -> Record:
    values = listed.options(game, ("ann", "bob", "cat"))
    if "seed" in values:
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


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_kind_an_event_may_show_has_words_and_what_a_game_hides_is_read(game):
    """Each kind of hidden thing its events declare is named (by the table or the game's
    words: a refused undo never falls back to words that guess); its state's ``hidden``,
    where it declares one, is read as it meant it (not as the unreadable fallback)."""
    from referee.client.reasons import BY_SHOWN, member

    game.words  # noqa: B018 - its words registered, as every client has them
    kinds = {k for e in game.kind.events.kinds.values() for k in e.REVEALS}
    assert not [k for k in kinds if member(k) not in BY_SHOWN]
    kept = hidden(game.kind.new_game(new_record(game, 1).setup))
    assert kept is None or Shown.UNDECLARED not in kept


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_what_a_game_hides_changes_only_by_an_event_that_declares_it(game):
    """Random legal games: whenever an event changes the measure of something the game
    hides (its ``hidden``: the pile drawn from, the trades made), its class declares it may
    show that kind, so the barrier is set; and the barrier is set as they say."""
    listed.needs_legal(game)
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
            before, count = hidden(state), len(session.record.events)
            session.execute(line, player)
            if len(session.record.events) != count + 1:
                continue  # refused (or more than one event): nothing to compare
            event: Event = session.record.events[-1]
            after = hidden(session.game)
            changed = {
                k
                for k in {*(before or {}), *(after or {})}
                if (before or {}).get(k) is not None
                and (before or {}).get(k) != (after or {}).get(k)
            }
            assert changed <= type(event).REVEALS, (event, changed)
            reveal = session.game.last_reveal
            expected = shown(type(event), before, after)
            assert (reveal.shown if reveal and reveal.event == count + 1 else ()) == expected
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


def test_a_state_that_declares_no_mover_takes_no_seat_s_move(monkeypatch):
    """Forget whose move it is and no seat moves (the shared terminal still may)."""
    from referee.table.refusals import Why

    game = next(g for g in GAMES if g.name == "invicta")
    state_class = game.kind.new_game(new_record(game, 1).setup).__class__
    monkeypatch.delattr(state_class, "mover")
    session = Session(new_record(game, 1), game.language())
    (refused,) = session.execute("e5", "ann")
    assert isinstance(refused, Refused) and refused.reason.why is Why.NOT_YOUR_TURN
    assert not session.record.events and game.view(session.game, None)["to_play"] is None
    assert not isinstance(session.execute("e5")[0], Refused)


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


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_outcome_a_game_can_return_has_words(game):
    """A game's outcomes and the table's shared ones: each has its renderer, so none is
    ever shown as its ``repr``."""
    import io

    from rich.console import Console

    from referee.table import agreement, session, views
    from referee.table.session import Accepted, Outcome, PlayerOutcome

    terminal = game.terminal().game  # its terminal part, found by the registration
    assert terminal.game is game
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
