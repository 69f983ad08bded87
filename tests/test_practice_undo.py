"""Undo that helps a practising player (issue 35).

At a keyboard shared with computer seats, ``undo`` takes back the people's last
move together with the computers' replies since, never past a reveal; in the
dealt card games the house rule ``undo_draws`` lets it cross cards drawn
(never a ruling). A seat's undo (the web table) is unchanged.
"""

from __future__ import annotations

from dataclasses import replace

from test_keyboard_secrecy import new_session

from referee.games import GAMES
from referee.table.errors import Refusal
from referee.table.refusals import Why
from referee.table.reveals import Shown
from referee.table.session import Refused, Session, Undone, UndoRefused

BY_NAME = {g.name: g for g in GAMES}


def with_rules(session: Session, **rules) -> Session:
    setup = session.record.setup
    record = replace(session.record, setup=replace(setup, rules=replace(setup.rules, **rules)))
    return Session(record, session.commands, record.rebuild())


def test_undo_takes_back_the_persons_move_and_the_computers_reply():
    session = new_session(BY_NAME["invicta"], computers=("bob",))
    assert session.execute("e5") and session.execute("g5", "bob")
    said = session.execute("undo")
    assert [type(o) for o in said] == [Undone, Undone]
    assert [str(o.event.square) for o in said] == ["g5", "e5"]  # the reply first
    assert not session.record.events and len(session.record.taken_back) == 2
    assert session.commands.mover(session.game) == "ann"  # the person plays again
    assert isinstance(session.execute("undo", "bob")[0], Refused)  # a seat: its own only


def test_nothing_of_the_persons_to_undo():
    session = new_session(BY_NAME["invicta"], computers=("ann",))  # the computer moves first
    session.execute("e5", "ann")
    assert session.execute("undo") == (Refused(reason=Refusal(Why.NO_MOVE_OF_YOURS)),)


def test_never_past_a_reveal():
    session = new_session(BY_NAME["cogito"], computers=("bob", "cat"))
    session.execute("play 1")  # ann's card is judged: the table saw it
    session.execute("play 1", "bob")
    (said,) = session.execute("undo")
    assert isinstance(said, UndoRefused) and Shown.JUDGEMENT in said.shown
    assert not said.draws and len(session.record.events) == 2


def test_dealt_palmer_crosses_draws_only_with_the_house_rule():
    session = new_session(BY_NAME["palmer"], computers=("bob", "cat"))
    session.execute("pass 1")  # ann discards a card and draws one: she sees it
    session.execute("pass 1", "bob")
    session.execute("pass 1", "cat")
    (refused,) = session.execute("undo")
    assert isinstance(refused, UndoRefused) and refused.draws  # undo_draws would lift it
    assert refused.shown == (Shown.DRAWN_CARD,) and len(session.record.events) == 3
    friendly = with_rules(session, undo_draws=True)
    said = friendly.execute("undo")
    assert [o.event.player for o in said] == ["cat", "bob", "ann"]
    assert not friendly.record.events and friendly.game.hand("ann") == session.record.rebuild(
        0
    ).hand("ann")


def test_dealt_ergo_with_the_house_rule_takes_back_a_whole_round_of_turns():
    session = with_rules(new_session(BY_NAME["ergo"], computers=("bob", "cat")), undo_draws=True)
    for seat in ("ann", "ann", "bob", "bob", "cat", "cat"):
        assert not isinstance(
            session.execute("discard 1", None if seat == "ann" else seat)[0], Refused
        )
    said = session.execute("undo")
    assert len(said) == 5 and all(isinstance(o, Undone) for o in said)
    assert len(session.record.events) == 1  # ann's first play of her turn stays


def test_a_computers_cards_played_face_up_go_back_to_its_hand_only_with_the_house_rule():
    """With the pile spent a move draws nothing, but a computer's reply still showed cards
    from its hand: taken back, they would be in its hand again, known to the person."""
    session = new_session(BY_NAME["palmer"], computers=("bob",))
    setup = session.record.setup
    settings = replace(setup.settings, players=("ann", "bob"), hand_size=12, seed=10)
    record = replace(session.record, setup=replace(setup, settings=settings))
    session = Session(record, session.commands, record.rebuild())
    legal = BY_NAME["palmer"].legal

    def say(seat: str, word: str) -> str:  # the seat's first listed move of that word
        line = next(x for x in legal(session.game, seat) if x.startswith(word))
        assert not isinstance(session.execute(line, None if seat == "ann" else seat)[0], Refused)
        return session.record.events[-1].TYPE

    while session.game.draw_pile:  # a statement card played, or a pass discarding another
        game = session.game
        other = [i for i, c in enumerate(game.hand(), 1) if game.deck.card(c).kind != "S"]
        if len(other) + 2 >= len(game.hand()) and len(game.draw_pile) > 2:
            say(game.player, f"pass {other[0]}")
        else:
            say(game.player, "play")
    if session.game.player == "bob":
        say("bob", "play")
    assert say("ann", "play") == say("bob", "play") == "play"  # bob's card face up, no draw
    (refused,) = session.execute("undo")  # bob's card would be back in bob's hand
    assert isinstance(refused, UndoRefused) and refused.shown == (Shown.PLAYED_CARD,)
    assert refused.draws and refused.event.player == "bob"
    friendly = with_rules(session, undo_draws=True)  # the table agreed to keep what it saw
    assert [o.event.player for o in friendly.execute("undo")] == ["bob", "ann"]
