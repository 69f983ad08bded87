"""Cogito's computer players: given only a seat's view, they say only lines the rules accept,
and above level 0 a COGITO only when it is right, as soon as it is sure.

Fixed-seed three-player games with every level at the table, seats rotated:
each player gets its view as JSON (what ``GET SEAT_URL/view`` sends), never
the game; every line it says is one of its view's legal lines and is
accepted; every COGITO of levels 1 and 2 names the right card; and each
seat's belief always keeps its true Self card (the referee checks what the
player cannot). On positions built by hand: what the others' plays and gifts
tell a seat, a COGITO the moment the belief allows (on anyone's turn, in the
trade, joining a line, at the last call), the tie rather than a guess, and the
same move for the same view and seed whatever the hidden cards are.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest
from cogito_helpers import EXAMPLE_TEXT, rigged

from referee.cogito.belief import belief
from referee.cogito.player import DEFAULT_LEVEL, Lookahead, Reasoner, computer_player
from referee.cogito.registration import REGISTRATION
from referee.cogito.setup import Setup
from referee.table.computer import RandomPlayer, legal
from referee.table.record import Record
from referee.table.session import Refused, Session

TABLE = {"version": 0, "epoch": 0, "thinking": False, "log": [], "ending": [], "role": "seat"}


def view_of(session: Session, seat: str) -> dict:
    return json.loads(json.dumps({**REGISTRATION.view(session.game, seat), **TABLE}))


class NeverDeclaring(RandomPlayer):
    """Level 0 without its COGITOs: the benchmark's opponents."""

    def choose(self, view):
        moves = [m for m in legal(view) if not m.startswith("cogito")]
        return self.rng.choice(moves) if moves else None


def match(levels: dict[str, int], seed: int, quiet: bool = False) -> Session:
    """One game; each line checked as it is said. Players are asked from the one the game
    waits for; nobody speaking at the last call is the table's tie. ``quiet``: the level 0
    players never declare."""
    players = {
        p: NeverDeclaring(seed * 7 + i)
        if quiet and level == 0
        else computer_player(level, seed * 7 + i)
        for i, (p, level) in enumerate(levels.items())
    }
    setup = Setup(tuple(levels), seed, EXAMPLE_TEXT, "cogito-example.toml")
    session = Session(Record(REGISTRATION.kind, setup), REGISTRATION.commands())
    for _ in range(300):
        game = session.game
        if game.finished:
            break
        first = game.calling[0] if game.calling else game.current or game.players[0]
        i = game.players.index(first)
        for seat in (*game.players[i:], *game.players[:i]):
            view = view_of(session, seat)
            if game.seat(seat).playing:
                assert game.seat(seat).self_card in belief(view).possible
            line = players[seat].choose(view)
            if line is None:
                continue
            assert line in legal(view), (seat, line)
            outcomes = session.execute(line, seat)
            assert not any(isinstance(o, Refused) for o in outcomes), (seat, line, outcomes)
            event = session.record.events[-1]
            if event.TYPE == "cogito" and levels[seat] > 0:
                assert event.right, (seat, line)
            break
        else:
            session.execute("end")
            assert session.game.finished, game.summary()
    assert session.game.finished
    return session


@pytest.mark.parametrize("lineup", [(DEFAULT_LEVEL, 1, 0), (DEFAULT_LEVEL, DEFAULT_LEVEL, 1)])
@pytest.mark.parametrize("seed", range(12))
def test_bots_say_only_accepted_lines_and_never_a_wrong_cogito(seed, lineup):
    levels = list(lineup)
    shift = seed % 3
    names = ("ann", "bob", "cy")
    match(dict(zip(names, levels[shift:] + levels[:shift], strict=True)), seed)


def test_the_reasoner_wins_most_games_against_random_players_who_never_declare():
    won = 0
    for seed in range(12):
        names = ("ann", "bob", "cy")
        bot = names[seed % 3]
        levels = {n: DEFAULT_LEVEL if n == bot else 0 for n in names}
        won += match(levels, 100 + seed, quiet=True).game.winner == bot
    assert won >= 8  # the benchmark (benchmarks/bots_cogito.py) measures the rate


def test_the_levels():
    assert isinstance(computer_player(0, 1), RandomPlayer)
    assert isinstance(computer_player(DEFAULT_LEVEL, 1), Lookahead)
    assert isinstance(computer_player(DEFAULT_LEVEL, 1), Reasoner)  # its ties
    with pytest.raises(ValueError):
        computer_player(3, 1)
    assert computer_player(2, 1).choose({"you": {"legal": []}}) is None


# ------------------------------------------------------------ hand-built positions
#
# The example deck: Plant (Flower, Tree), Animal (Vertebrate (Bird)); Casablanca and
# Tulip are Flowers, Oak a Tree, Moss a Plant, Salmon a Vertebrate, Sparrow and Penguin
# Birds, Jellyfish an Animal, Ego nothing. Twenty cards: 3 on holders, 6 in hands, 11 piled.

ORDER = ["Dream", "Vertebrate", "Penguin", "Animal", "Plant", "Flower", "Jellyfish"]
ORDER += ["Casablanca", "Ego", "Vertebrate", "Tree", "Plant", "Sparrow", "Animal", "Tulip"]
ORDER += ["Flower", "Bird"]  # the deck but the holders, in the order the pile is made from


def table(ann, bob, cy, top=()):
    """ann is Oak, bob Salmon, cy Moss, with these hands; ann starts every round. The pile:
    ``top`` first, then the rest of the deck in ORDER."""
    rest = Counter(ORDER)
    rest.subtract([*ann, *bob, *cy, *top])
    pile = [*top, *(c for c in dict.fromkeys(ORDER) for _ in range(rest[c]))]
    assert len(pile) == 11 and min(rest.values()) >= 0
    hands = {"ann": ann, "bob": bob, "cy": cy}
    game = rigged({"ann": "Oak", "bob": "Salmon", "cy": "Moss"}, hands, pile)
    return Session(Record(REGISTRATION.kind, game.setup), REGISTRATION.commands(), game)


def said(session, *lines):
    for seat, line in lines:
        outcomes = session.execute(line, seat)
        assert not any(isinstance(o, Refused) for o in outcomes), (seat, line, outcomes)


def test_what_the_others_plays_tell_a_seat_of_its_own_card():
    session = table(["Plant", "Sparrow"], ["Animal", "Tulip"], ["Casablanca", "Bird"])
    possible = belief(view_of(session, "ann")).possible
    assert possible == ("Casablanca", "Ego", "Tulip", "Oak", "Penguin", "Jellyfish")
    said(session, ("ann", "play 1"))  # "I am not Plant!": red, so ann is a Plant
    assert belief(view_of(session, "ann")).possible == ("Casablanca", "Tulip", "Oak")
    said(session, ("bob", "play 1"))  # bob's judgement (red) is about bob's card only
    assert belief(view_of(session, "ann")).possible == ("Casablanca", "Tulip", "Oak")
    said(session, ("cy", "play 1"))  # cy reveals Casablanca: a Self card seen is not hers
    assert belief(view_of(session, "ann")).possible == ("Tulip", "Oak")
    said(session, ("bob", "give bob 1"))  # bob's gift: chosen in secret, tells nothing yet
    assert belief(view_of(session, "ann")).possible == ("Tulip", "Oak")


def test_what_a_seat_gave_and_was_given_tells_it_and_it_remembers_its_gifts():
    top = ["Ego", "Vertebrate", "Penguin"]  # the round's draw: ann, bob, cy
    session = table(["Animal", "Tulip"], ["Plant", "Jellyfish"], ["Flower", "Casablanca"], top)
    said(session, ("ann", "play 1"), ("bob", "play 1"), ("cy", "play 1"))  # all blue
    player = computer_player(DEFAULT_LEVEL, 7)
    view = view_of(session, "ann")
    assert [c["card"] for c in view["you"]["hand"]] == ["Tulip", "Ego"]
    line = player.choose(view)
    gave = view["you"]["hand"][int(line.split()[-1]) - 1]["card"]
    said(session, ("ann", line), ("bob", "give bob 1"), ("cy", "give cy 1"))
    view = view_of(session, "ann")
    assert gave not in [c["card"] for c in view["you"]["hand"]]
    assert gave in belief(view).possible  # the view no longer shows the card she gave
    assert gave not in belief(view, {gave}).possible
    assert gave not in player.belief(view).possible  # the player remembers it
    assert "Casablanca" in [c["card"] for c in view["you"]["hand"]]  # from cy, her right
    assert "Casablanca" not in belief(view).possible  # a card received is not hers
    player.choose(view)
    assert player.memory.received == (("cy", "Casablanca"),)  # and cy knows it is not hers


SURE = (["Plant", "Casablanca"], ["Tulip", "Animal"], ["Flower", "Bird"])


@pytest.mark.parametrize("level", [1, DEFAULT_LEVEL])
def test_a_player_says_cogito_as_soon_as_its_belief_leaves_one_card(level):
    session = table(*SURE)
    said(session, ("ann", "play 1"))  # Plant, red: Tulip or Oak
    player = computer_player(level, 3)
    assert player.choose(view_of(session, "ann")) is None  # not sure, not her turn
    said(session, ("bob", "play 1"))  # bob reveals Tulip: ann is Oak
    view = view_of(session, "ann")
    assert view["to_play"] == "cy"
    assert player.choose(view) == "cogito ann Oak"  # on cy's turn, at once

    session = table(*SURE)
    said(session, ("ann", "play 1"), ("bob", "play 1"), ("cy", "cogito cy"))
    assert player.choose(view_of(session, "ann")) == "cogito ann"  # joins the line
    said(session, ("ann", "cogito ann"), ("cy", "cogito cy Ego"))  # cy is wrong, and out
    assert player.choose(view_of(session, "ann")) == "cogito ann Oak"
    said(session, ("ann", "cogito ann Oak"))
    assert session.game.winner == "ann"


@pytest.mark.parametrize("level", [1, DEFAULT_LEVEL])
def test_sure_in_the_trade_a_player_declares_rather_than_gives(level):
    session = table(["Plant", "Casablanca"], ["Animal", "Sparrow"], ["Tulip", "Bird"])
    said(session, ("ann", "play 1"), ("bob", "play 1"), ("cy", "play 1"))  # cy: Tulip
    view = view_of(session, "ann")
    assert view["phase"] == "trade"
    assert computer_player(level, 3).choose(view) == "cogito ann Oak"


def last_call(ann: str):
    """Every hand empty: ann, who is Oak, has revealed ``ann`` (blue or red)."""
    game = rigged(
        {"ann": "Oak", "bob": "Salmon", "cy": "Moss"},
        {"ann": [ann], "bob": ["Bird"], "cy": ["Animal"]},
        [],
    )
    session = Session(Record(REGISTRATION.kind, game.setup), REGISTRATION.commands(), game)
    said(session, ("ann", "play 1"), ("bob", "play 1"), ("cy", "play 1"))
    assert session.game.phase.value == "last_call"
    return session


@pytest.mark.parametrize("level", [1, DEFAULT_LEVEL])
def test_at_the_last_call_a_player_not_sure_says_end_once_and_never_guesses(level):
    session = last_call("Flower")  # blue: not a Flower, still many cards
    player = computer_player(level, 3)
    view = view_of(session, "ann")
    assert player.choose(view) == "end" and "end" in legal(view)
    view["ending"] = ["ann"]  # the web table waits for the others to agree
    assert player.choose(view) is None
    assert computer_player(level, 3).choose(view_of(last_call("Tree"), "ann")) == "cogito ann Oak"


def hidden_shuffled(session, seat: str, rng: random.Random) -> Session:
    """The same table as ``seat`` sees it, every card it cannot see dealt anew: its own
    Self card (another it cannot rule out), the others' hands and the pile."""
    game = copy.deepcopy(session.game)
    me = game.seat(seat)
    others = [s for s in game.seats if s is not me]
    pool = [me.self_card, *(c for s in others for c in s.hand), *game.pile]
    rng.shuffle(pool)
    possible = belief(view_of(session, seat)).possible
    me.self_card = next(c for c in pool if c in possible)
    pool.remove(me.self_card)
    for s in others:
        s.hand = [pool.pop() for _ in s.hand]
    game.pile = pool
    return Session(session.record, REGISTRATION.commands(), game)


@pytest.mark.parametrize("level", [0, 1, DEFAULT_LEVEL])
def test_a_choice_depends_on_the_seats_view_and_the_seed_alone(level):
    hands = (["Plant", "Sparrow"], ["Animal", "Tulip"], ["Flower", "Bird"])
    trade = table(*hands)
    said(trade, ("ann", "play 1"), ("bob", "play 1"), ("cy", "play 1"))
    turn = table(*hands)
    said(turn, ("ann", "play 1"), ("bob", "play 1"), ("cy", "play 1"))
    said(turn, ("ann", "give ann 1"), ("bob", "give bob 1"), ("cy", "give cy 1"))
    rng = random.Random(39)
    for position in (trade, turn):  # ann chooses a gift, then a play
        view = view_of(position, "ann")
        assert len(belief(view).possible) > 1
        line = computer_player(level, 11).choose(view)
        for _ in range(6):
            other = hidden_shuffled(position, "ann", rng)
            assert view_of(other, "ann") == view  # nothing hidden reaches the view
            assert computer_player(level, 11).choose(view_of(other, "ann")) == line


def test_a_close_choice_draws_more_worlds_as_many_whatever_the_hidden_cards(monkeypatch):
    """ann's play after the trade is close: her lookahead draws worlds beyond its first
    batch. The budget is counted, not clocked: with the hidden cards dealt anew, the same
    worlds are drawn (as many) and the same card is played."""
    from referee.cogito import player

    drawn: list[int] = []
    real = player.worlds
    monkeypatch.setattr(player, "worlds", lambda *a: drawn.append(a[-1]) or real(*a))
    turn = table(["Plant", "Sparrow"], ["Animal", "Tulip"], ["Flower", "Bird"])
    said(turn, ("ann", "play 1"), ("bob", "play 1"), ("cy", "play 1"))
    said(turn, ("ann", "give ann 1"), ("bob", "give bob 1"), ("cy", "give cy 1"))
    line = computer_player(DEFAULT_LEVEL, 11).choose(view_of(turn, "ann"))
    assert sum(drawn) > player.WORLDS
    first, rng = list(drawn), random.Random(5)
    for _ in range(3):
        drawn.clear()
        other = view_of(hidden_shuffled(turn, "ann", rng), "ann")
        assert computer_player(DEFAULT_LEVEL, 11).choose(other) == line and drawn == first


def test_the_worlds_settle_when_the_best_card_leads_the_next_clearly_or_never_differs():
    from referee.cogito.player import settled

    assert not settled([], {"a": [], "b": []})
    assert settled([1.0] * 4, {"a": [1, 0, 1, 0], "b": [1, 0, 1, 0]})  # never differ
    assert settled([1.0] * 20, {"a": [1.0] * 20, "b": [0.0] * 20, "c": [1.0] * 10 + [0.0] * 10})
    assert not settled([1.0] * 20, {"a": [1.0] * 20, "b": [0.0] * 20, "c": [1.0] * 19 + [0.0]})
    assert not settled([1.0] * 4, {"a": [1, 0, 1, 0], "b": [0, 1, 0, 0]})
