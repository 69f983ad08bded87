"""A computer's seat is private at the shared terminal, checked on twin deals (issue 35).

Beside ``test_keyboard_secrecy`` (a card swapped in one game object), the twins here
differ in the deal itself: the record's game is dealt so, and every game rebuilt from it
(undo, ``why``, a round's ruling) is dealt so too. Two twins: a card swapped between the
computers' hands, and, in Cogito, the person's own Self card (which only the computers
see) swapped with one in the pile. Whatever the keyboard says, in both, must print the
same, at several points of a game.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_keyboard_secrecy import HUMAN, forward, lines_to_try, new_session, printed

from referee.games import GAMES
from referee.table.computer import RandomPlayer
from referee.table.errors import RecordError
from referee.table.session import Session


def _seats(game) -> dict:
    return {s.name: s for s in game.seats}


def hands_swapped(game) -> None:
    """The first two different cards of bob's and cat's hands change places."""
    cogito = hasattr(game, "seats")
    hands = {n: s.hand for n, s in _seats(game).items()} if cogito else game.hands
    one, two = hands["bob"], hands["cat"]
    k = next(i for i in range(min(len(one), len(two))) if one[i] != two[i])
    one[k], two[k] = two[k], one[k]
    if cogito:
        _seen_again(game)


def own_self_swapped(game) -> None:
    """Cogito: the person's Self card and the last Self card in the pile change places."""
    seat = _seats(game)[HUMAN]
    k = max(i for i, card in enumerate(game.pile) if card in set(game.diagram.self_names))
    seat.self_card, game.pile[k] = game.pile[k], seat.self_card
    _seen_again(game)


def _seen_again(game) -> None:
    for seat in game.seats:
        seat.seen = {s.self_card for s in game.seats if s is not seat} | set(seat.hand)


def twin(record, twist):
    """``record`` whose game, however often rebuilt, is dealt ``twist``ed."""
    deal = record.kind.new_game

    def new_game(setup):
        game = deal(setup)
        twist(game)
        return game

    return replace(record, kind=replace(record.kind, new_game=new_game))


TWINS = [(g, hands_swapped) for g in GAMES if g.name in ("palmer", "ergo", "cogito")]
TWINS += [(g, own_self_swapped) for g in GAMES if g.name == "cogito"]


@pytest.mark.parametrize(
    ("registration", "twist"), TWINS, ids=lambda x: getattr(x, "name", getattr(x, "__name__", ""))
)
def test_a_twin_deal_prints_the_same_whatever_the_keyboard_says(registration, twist):
    session = new_session(registration)
    rng = RandomPlayer(5)
    view, checked = registration.view, 0
    for _ in range(4):
        record = session.record
        try:
            theirs = twin(record, twist)
            game = theirs.rebuild()
        except RecordError:  # a computer played what its twin does not hold: done
            break
        ours = record.rebuild()
        if any(view(game, s) != view(ours, s) for s in (None, HUMAN)):
            break  # the rules showed the table what differs (a card drawn, a judgement)
        assert any(view(game, c) != view(ours, c) for c in record.computer_seats)
        for line in [None, *lines_to_try(registration, session), "undo", "why"]:
            sessions = [Session(r, registration.language(), r.rebuild()) for r in (record, theirs)]
            said = [printed(registration, s, line) for s in sessions]
            if any(view(sessions[0].game, p) != view(sessions[1].game, p) for p in (None, HUMAN)):
                continue  # the rules showed what differs: the person's own card judged
            assert said[0] == said[1], f"after {len(record.events)} events, {line!r}"
            checked += 1
        forward(registration, session, 3, rng)
    assert checked
