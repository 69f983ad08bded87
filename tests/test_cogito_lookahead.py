"""The default player's lookahead: worlds drawn from a seat's view alone, and games played
out in them.

A world places every card the seat cannot see and nothing it can; another player's
silence at a choice of its own counts against the worlds in which it would have been
sure then (it may be one who never declares: weighed, never trusted); and a played-out
game says what a move is worth: the seat sure at once wins, a gift that leaves the
player on its left one card loses.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from cogito_helpers import EXAMPLE_TEXT, example
from cogito_reference import reference_play_out
from test_cogito_player import said, table

from referee.cogito.belief import belief
from referee.cogito.lookahead import (
    DECLARES,
    Judgements,
    Memory,
    Move,
    World,
    last_choice,
    play_out,
    turn_order,
    worlds,
)
from referee.cogito.registration import REGISTRATION
from referee.cogito.setup import Setup
from referee.table.computer import legal
from referee.table.record import Record
from referee.table.session import Session

RULES = Judgements(example())
ANN, BOB, CY = 0, 1, 2


def view_of(session, seat: str) -> dict:
    return json.loads(json.dumps(REGISTRATION.view(session.game, seat)))


def test_a_world_places_every_card_the_seat_cannot_see_and_nothing_it_can():
    session = table(["Plant", "Sparrow"], ["Animal", "Tulip"], ["Flower", "Bird"])
    said(session, ("ann", "play 1"), ("bob", "play 1"), ("cy", "play 1"))
    view = view_of(session, "ann")
    memory = Memory(starter="ann")
    possible = belief(view).possible
    for world in worlds(view, possible, RULES, memory, random.Random(1), 50):
        assert world.selves[ANN] in possible and world.selves[1:] == ["Salmon", "Moss"]
        assert world.hands[ANN] == ["Sparrow", "Dream"]  # her own, as her view shows it
        assert [len(h) for h in world.hands] == [2, 2, 2] and len(world.pile) == 8
        placed = [*world.selves, *(c for h in world.hands for c in h), *world.pile]
        placed += [c for f in world.fields for c in f]
        assert Counter(placed) == RULES.deck  # every card once, as the deck has it
        assert world.queue == [] and world.starter == ANN  # the trade; ann starts rounds


def test_in_every_world_a_player_knows_the_cards_the_seat_gave_it_and_it_gave_the_seat():
    session = table(["Plant", "Sparrow"], ["Animal", "Tulip"], ["Flower", "Bird"])
    view = view_of(session, "ann")
    memory = Memory(gifts=(("bob", "Penguin", 0),), received=(("cy", "Sparrow"),))
    possible = belief(view, {"Penguin"}).possible  # as if ann had given it
    for world in worlds(view, possible, RULES, Memory(), random.Random(3), 30):
        assert "Sparrow" in world.candidates[CY]  # in ann's hand: cy cannot know
    for world in worlds(view, possible, RULES, memory, random.Random(3), 30):
        assert "Penguin" not in world.candidates[BOB] and "Sparrow" not in world.candidates[CY]
        assert "Penguin" in world.hands[BOB]  # bob has revealed nothing since


def test_the_turn_order_is_read_from_the_cards_each_player_revealed():
    session = table(["Plant", "Sparrow"], ["Animal", "Tulip"], ["Flower", "Bird"])
    said(session, ("ann", "play 1"))
    assert turn_order(view_of(session, "bob"), Memory()) == ([BOB, CY], ANN)
    said(session, ("bob", "play 1"))
    assert turn_order(view_of(session, "ann"), Memory()) == ([CY], ANN)
    said(session, ("bob", "cogito bob"))  # the game stops: to_play is bob, to name a card
    assert view_of(session, "ann")["to_play"] == "bob"
    assert turn_order(view_of(session, "ann"), Memory(starter="ann")) == ([], ANN)


def test_a_play_earlier_in_the_round_is_weighed_with_what_that_player_knew_then():
    session = table(["Plant", "Sparrow"], ["Animal", "Tulip"], ["Flower", "Bird"])
    said(session, ("ann", "play 1"), ("bob", "play 2"))  # bob reveals Tulip after ann's Plant
    view = view_of(session, "cy")
    assert last_choice(view, ANN, ANN) == ({"Tulip"}, [])  # before Tulip and her judgement
    assert last_choice(view, BOB, ANN) == (set(), [])
    assert last_choice(view, CY, ANN) is None  # still to play


def test_a_silence_counts_against_the_worlds_where_that_player_would_have_been_sure():
    """bob, a Vertebrate (he revealed "I am not Vertebrate!": red), may be Salmon or
    Sparrow (cy revealed Penguin); he chose his gift without declaring. In a world where
    he could see Sparrow (on ann's holder, in his hand) he was sure: that world stands
    only if bob never declares, and counts for less."""
    top = ["Dream", "Flower", "Bird"]  # the round's draw
    session = table(["Casablanca", "Tree"], ["Vertebrate", "Animal"], ["Penguin", "Plant"], top)
    said(session, ("ann", "play 1"), ("bob", "play 1"), ("cy", "play 1"), ("bob", "give bob 1"))
    view = view_of(session, "ann")
    possible = belief(view).possible
    assert {"Sparrow", "Oak"} <= set(possible)  # the silence never rules a card out
    drawn = worlds(view, possible, RULES, Memory(starter="ann"), random.Random(2), 400)
    sure = ["Sparrow" in {w.selves[ANN], *w.hands[BOB]} for w in drawn]
    assert 20 < sum(sure) < 380
    for world, bob_was_sure in zip(drawn, sure, strict=True):
        if bob_was_sure:
            assert world.weight == 1 - DECLARES and not world.declares[BOB]
        else:
            assert world.weight == 1.0  # cy has not chosen yet: nothing from her
    assert {w.declares[BOB] for w, s in zip(drawn, sure, strict=True) if not s} == {True, False}


def world(hands, candidates, queue, starter=ANN, pile=()) -> World:
    """ann (Oak), bob (Salmon), cy (Moss) with these hands and what each may be; every
    player declares once sure."""
    return World(
        RULES,
        ANN,
        ["Oak", "Salmon", "Moss"],
        [list(h) for h in hands],
        [0, 0, 0],
        [[], [], []],
        [True, True, True],
        [set(c) for c in candidates],
        list(pile),
        list(queue),
        starter,
        [True, True, True],
        1.0,
    )


def test_a_play_that_leaves_a_player_one_card_wins_for_it():
    """ann may be Oak or Moss, bob Salmon or Sparrow: "I am not Tree!" lies red for ann,
    who is Oak, and she declares; revealing the Sparrow tells bob he is Salmon."""
    hands = [["Tree", "Sparrow"], ["Plant"], ["Plant"]]
    many = {"Moss", "Penguin", "Jellyfish"}
    start = world(hands, [{"Oak", "Moss"}, {"Salmon", "Sparrow"}, many], [ANN, BOB, CY])
    for seed in range(10):
        assert play_out(start.copy(), Move("Tree"), random.Random(seed)) == 1.0
        assert play_out(start.copy(), Move("Sparrow"), random.Random(seed)) == 0.0


def test_a_gift_that_leaves_the_player_on_the_left_one_card_loses():
    """bob may be Salmon or Sparrow: given the Sparrow he knows he is Salmon and declares
    first; given the Bird he does not, and ann (Oak or Tulip) finds herself when cy's
    gift is the Tree."""
    start = world(
        [["Sparrow", "Bird"], ["Animal", "Ego"], ["Tree", "Flower"]],
        [{"Oak", "Tulip"}, {"Salmon", "Sparrow"}, {"Moss", "Jellyfish", "Penguin"}],
        [],
    )
    for seed in range(20):
        assert play_out(start.copy(), Move("Sparrow", give=True), random.Random(seed)) == 0.0
    keeps = [play_out(start.copy(), Move("Bird", give=True), random.Random(s)) for s in range(20)]
    assert 1.0 in keeps


def test_the_played_out_games_are_the_plain_rules_world_by_world_seed_by_seed():
    """Worlds drawn at every choice of two fixed-seed games of random plays and gifts
    (Dream, the trade, ego disruptions among them): for every card the seat may play or
    give, the lookahead's engine says what the plain reference says, and leaves the
    world as it was."""
    outcomes = Counter()
    for seed in (5, 8, 13):
        setup = Setup(("ann", "bob", "cy"), seed, EXAMPLE_TEXT, "cogito-example.toml")
        session = Session(Record(REGISTRATION.kind, setup), REGISTRATION.commands())
        rng = random.Random(seed)
        memory = Memory(starter=session.game.players[0])
        while not session.game.finished:
            lines = {p: legal(view_of(session, p)) for p in session.game.players}
            moving = [
                p for p, ls in lines.items() if any(m.startswith(("play", "give")) for m in ls)
            ]
            if not moving:
                break
            seat = moving[0]
            view = view_of(session, seat)
            moves = [m for m in lines[seat] if m.split()[0] in ("play", "give")]
            possible = belief(view).possible
            cards = {view["you"]["hand"][int(m.split()[-1]) - 1]["card"] for m in moves}
            for drawn in worlds(view, possible, RULES, memory, random.Random(seed), 6):
                for card in cards:
                    move = Move(card, give=moves[0].startswith("give"))
                    before = drawn.copy()
                    for k in range(2):
                        fast = play_out(drawn, move, random.Random(k))
                        assert fast == reference_play_out(drawn, move, random.Random(k))
                        outcomes[fast] += 1
                    assert drawn == before
            session.execute(rng.choice(moves), seat)
    assert outcomes[1.0] > 50 and outcomes[0.0] > 50 and sum(outcomes.values()) > 500
