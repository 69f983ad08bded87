"""Every level of every game's computer player chooses from its seat's view and its seed
alone: the cards that seat cannot see are dealt again (the others' hands, the pile, a
Cogito player's own Self card), its view stays the same, and so does its move.

A game of ``referee.games.GAMES`` with hidden cards declares here how they are dealt
again (``REDEAL``); a game without (``OPEN``) shows every seat everything but its own
``you``. A game in neither fails the test, which then asks for one.
"""

from __future__ import annotations

import json
import random

import pytest
from listed import names, needs_legal, options, registration

from referee.client.house import new_record
from referee.table.computer import legal
from referee.table.session import Session


def _deal_again(pool: list, sizes: list[int], rng: random.Random) -> list[list]:
    rng.shuffle(pool)
    out, start = [], 0
    for size in sizes:
        out.append(pool[start : start + size])
        start += size
    return out


def redeal_palmer(game, seat: str, rng: random.Random) -> None:
    others = [p for p in game.players if p != seat]
    pool = [c for p in others for c in game.hands[p]] + game.draw_pile
    parts = _deal_again(pool, [len(game.hands[p]) for p in others] + [len(game.draw_pile)], rng)
    for p, part in zip(others, parts, strict=False):
        game.hands[p] = part
    game.draw_pile = parts[-1]


def redeal_ergo(game, seat: str, rng: random.Random) -> None:
    others = [p for p in game.players if p != seat]
    pool = [c for p in others for c in game.hands[p]] + game.pile + game.discarded
    sizes = [len(game.hands[p]) for p in others] + [len(game.pile), len(game.discarded)]
    parts = _deal_again(pool, sizes, rng)
    for p, part in zip(others, parts, strict=False):
        game.hands[p] = part
    game.pile, game.discarded = parts[-2], parts[-1]


def redeal_cogito(game, seat: str, rng: random.Random) -> None:
    me = next(s for s in game.seats if s.name == seat)
    others = [s for s in game.seats if s.name != seat]
    unseen = [c for s in others for c in s.hand if c not in me.seen] + [
        c for c in game.pile if c not in me.seen
    ]
    pool = [me.self_card, *unseen]
    rng.shuffle(pool)
    me.self_card = pool.pop()
    fresh = iter(pool)
    for s in others:
        s.hand = [c if c in me.seen else next(fresh) for c in s.hand]
    game.pile = [c if c in me.seen else next(fresh) for c in game.pile]


REDEAL = {"palmer": redeal_palmer, "ergo": redeal_ergo, "cogito": redeal_cogito}


# Games whose players think against the clock: how each is given all the time it needs.
PATIENT: dict = {}  # none since issue 39: Palmer's players count their work, not time
OPEN = {"invicta"}  # nothing hidden: the board is the whole game


def position(game, rng: random.Random) -> tuple[Session, str]:
    """A game some random legal lines in (so cards were drawn and played), and the seat
    that has a move to make now."""
    values = {**options(game, ("ann", "bob", "cy")), "seed": rng.randrange(1000)}
    session = Session(new_record(game, values, (), None), game.language())
    for _ in range(rng.randrange(4, 10)):
        movers = [p for p in session.game.players if legal(game.view(session.game, p))]
        if not movers or session.game.finished:
            break
        seat = movers[0]
        lines = legal(game.view(session.game, seat))
        quiet = [m for m in lines if m.split()[0] not in ("claim", "cogito")]  # no ending
        line = rng.choice(quiet or lines)
        session.execute(line, seat)
    movers = [p for p in session.game.players if legal(game.view(session.game, p))]
    assert movers and not session.game.finished
    return session, movers[0]


def view_json(game, state, seat: str) -> dict:
    return json.loads(json.dumps(game.view(state, seat)))


@pytest.mark.parametrize("name", names())
def test_a_players_move_depends_on_its_view_and_seed_alone(name, monkeypatch):
    game = registration(name)
    if name in PATIENT:
        PATIENT[name](monkeypatch)
    needs_legal(game)
    if game.name in OPEN:
        state = Session(new_record(game, options(game), (), None), game.language()).game
        public = view_json(game, state, None)
        for seat in state.players:
            mine = view_json(game, state, seat)
            mine.pop("you")
            for p in mine.get("players", []):
                p["you"] = False  # which of the players it is: nothing else is its own
            assert mine == public  # every seat sees what everyone sees
        return
    assert game.name in REDEAL, f"say how {game.name}'s hidden cards are dealt again"
    rng = random.Random(39)
    session, seat = position(game, rng)
    state = session.game
    seen = view_json(game, state, seat)
    variants = []
    for k in range(2):
        other = session.record.rebuild()  # the same game, rebuilt from its record
        REDEAL[game.name](other, seat, random.Random(k))
        assert view_json(game, other, seat) == seen  # what the seat sees is the same
        variants.append(other)
    assert any(vars(v) != vars(state) for v in variants)  # and what it does not see is not
    for level in range(game.strongest + 1):
        chosen = []
        for dealt in (state, *variants):
            player = game.player(level, 7)
            try:
                chosen.append(player.choose(view_json(game, dealt, seat)))
            finally:
                player.close()
        assert chosen[0] in legal(seen), (level, chosen[0])
        assert chosen == [chosen[0]] * len(chosen), (game.name, level, chosen)
