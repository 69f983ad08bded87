"""Palmer's legal moves: every line a seat's view lists is one the commands accept of it.

Fixed-seed games move on by listed lines; at each step every line listed for every
seat is said, as that seat, in a copy of the session (a fresh session on the same
record), and none is refused.
"""

import random

import pytest

from referee.logic.engine import Engine, Limits, Status, Verdict
from referee.logic.evidence import Evidence, Method
from referee.palmer.commands import PalmerCommands
from referee.palmer.legal import legal_lines
from referee.palmer.records import GAME
from referee.palmer.refusals import Why
from referee.palmer.registration import REGISTRATION
from referee.palmer.setup import HouseRules, Settings, Setup
from referee.resources import default_deck_path
from referee.table.record import Record
from referee.table.session import Refused, Session

DECK_TEXT = default_deck_path().read_text(encoding="utf-8")
WRITES = (
    "play ? : ∀x happy(x)",
    "play ? : ∃x ¬happy(x)",
    "play ? : ∃x blonde(x) ∧ happy(x)",
    "play ? : ∀x ∀y likes(x, y)",
)

seat_view = REGISTRATION.view  # the game's view of a seat, with its legal moves


@pytest.fixture(scope="module")
def engine():
    with Engine(Limits(timeout=1.0, workers=1)) as engine:
        yield engine


def new_session(engine, mode="dealt", seed=1, players=("ann", "bob", "cy"), **rules) -> Session:
    settings = Settings(players, mode=mode, seed=seed)
    setup = Setup(settings, HouseRules(**rules), DECK_TEXT, claim_timeout=0.3)
    return Session(Record(GAME, setup), PalmerCommands(engine))


def refused_lines(session: Session) -> list[tuple[str, str, object]]:
    """Every seat's listed lines said in a copy of the session; those refused."""
    bad = []
    for seat in session.game.players:
        lines = seat_view(session.game, seat)["you"]["legal"]
        assert lines == list(legal_lines(session.game, seat))
        assert len(set(lines)) == len(lines), seat
        for line in lines:
            copy = Session(session.record, session.commands)
            out = copy.execute(line, seat)
            if out and isinstance(out[0], Refused):
                bad.append((seat, line, out[0]))
    return bad


def mover(session: Session) -> str:
    game = session.game
    if game.pending is not None:
        return next(p for p in game.players if p != game.pending.player)
    return game.player


@pytest.mark.parametrize(("mode", "seed"), [("dealt", 1), ("dealt", 7), ("table", 2)])
def test_every_listed_line_is_accepted(engine, mode, seed):
    s = new_session(engine, mode=mode, seed=seed, keep_redundant=seed == 7)
    rng = random.Random(seed)
    writes = iter(WRITES)
    for step in range(6):
        assert refused_lines(s) == [], step
        if s.game.finished:
            break
        seat = mover(s)
        moves = [x for x in legal_lines(s.game, seat) if not x.startswith("claim")]
        line = next(writes) if mode == "table" and step % 2 == 0 else rng.choice(moves)
        out = s.execute(line, seat)
        assert not isinstance(out[0], Refused), (line, out)


def test_only_the_seat_to_move_has_moves_and_cards_are_hand_positions(engine):
    s = new_session(engine, seed=3)
    ann, bob = legal_lines(s.game, "ann"), legal_lines(s.game, "bob")
    assert bob == () and legal_lines(s.game, "nobody") == ()
    assert ann[0] == "claim inconsistent" and "pass" in ann
    # Three cards, each discard set once (distinct sets of cards, by position).
    hand = s.game.hand("ann")
    assert len([x for x in ann if x.startswith("pass")]) == len(
        {tuple(sorted(c for c, keep in zip(hand, bits, strict=True) if keep)) for bits in _bits(3)}
    )
    assert all(word.isdigit() for x in ann if x.startswith("pass") for word in x.split()[1:])


def test_statement_cards_list_each_n_and_negations_each_place(engine):
    s = new_session(engine, mode="table", seed=4)
    assert not isinstance(s.execute("play ? : ∀x happy(x) ∨ blonde(x)")[0], Refused)
    lines = legal_lines(s.game, "bob")
    assert "play S1" in lines and "play S13 n=1" in lines and "play S13 n=100" in lines
    assert "play S13 n=101" not in lines
    assert [x for x in lines if x.startswith("negate")] == [f"negate 1 {k}" for k in range(1, 5)]
    assert "claim 1" in lines and not any(x.startswith("pass ") for x in lines)


class Undetermined:
    """An engine that settles nothing, so a claim goes to the table's vote."""

    def consistency(self, *a, **k):
        return Verdict(Status.UNDETERMINED, Evidence(Method.NONE))

    entailment = consistency

    def call(self, *a, **k):
        return None


def test_votes_are_the_others_lines_while_a_claim_waits():
    s = new_session(Undetermined(), mode="table", vote_on_undetermined=True)
    assert not isinstance(s.execute("play ? : ∀x happy(x)", "ann")[0], Refused)
    assert not isinstance(s.execute("claim 1", "bob")[0], Refused)
    assert s.game.pending is not None
    assert legal_lines(s.game, "bob") == ()
    assert legal_lines(s.game, "ann") == legal_lines(s.game, "cy") == ("vote yes", "vote no")
    assert refused_lines(s) == []


def _bits(n: int):
    return [[(k >> i) & 1 for i in range(n)] for k in range(2**n)]


@pytest.mark.parametrize("name", ["yes", "no", "y", "n", "Yes"])
def test_a_player_named_like_a_verdict_leaves_the_others_votes_alone(name):
    """``vote yes`` is a verdict: a player named ``yes`` (or ``no``, ``y``, ``n``) made it
    read as naming that player, so every other seat's vote buttons were refused (a seat
    names only itself). One word after ``vote`` is the verdict; a player is named only
    before one (``vote NAME yes``)."""
    players = ("ann", name, "cy")
    s = new_session(Undetermined(), mode="table", vote_on_undetermined=True, players=players)
    assert not isinstance(s.execute("play ? : ∀x happy(x)", "ann")[0], Refused)
    assert not isinstance(s.execute("claim 1", name)[0], Refused)
    assert s.game.pending is not None and legal_lines(s.game, "ann") == ("vote yes", "vote no")
    assert not isinstance(s.execute(f"vote {name}", "ann")[0], Refused)  # the verdict, named so
    assert s.game.ballots == {"ann": name.lower() in ("yes", "y")}
    for line in ("vote no", "vote yes"):  # the claimant is named by no verdict either
        refused = s.execute(line, name)[0]
        assert isinstance(refused, Refused) and refused.reason.why is Why.OWN_CLAIM_VOTE
    assert not isinstance(s.execute("vote cy no", "cy")[0], Refused)  # a name, then a verdict
    assert s.game.pending is None and s.game.voted is not None


def test_under_passing_stuck_a_pass_is_refused_while_a_card_can_be_played(engine):
    """House rule passing=stuck (ruling 10a): a pass is refused, with the reason, while a
    card of the hand can be played; the listed lines then hold a statement for each card
    that writes one of the player's own, and no pass; a hand of ¬ cards alone with no
    place on the board for one is stuck, and its pass (discarding) is listed and taken."""
    s = new_session(engine, seed=3, passing="stuck")
    refused = s.execute("pass", "ann")[0]
    assert isinstance(refused, Refused) and refused.reason.why is Why.PASS_NOT_STUCK
    label = s.game.deck.card(s.game.hand("ann")[0]).label
    assert refused.reason.word == label
    from referee.client.reasons import refusal_text

    REGISTRATION.words  # noqa: B018 - the game's words registered, as every client has them
    words = refusal_text(refused.message, refused.reason)
    assert "passing=stuck" in words and label in words
    lines = legal_lines(s.game, "ann")
    assert not any(x.startswith("pass") for x in lines)
    assert [x.split()[1] for x in lines if x.startswith("play ")] == ["1", "2", "3"]
    assert refused_lines(s) == []
    negate = next(c.id for c in s.game.deck.cards if c.kind == "X" and c.action == "negate")
    s.game.hands["ann"] = [negate, negate]
    lines = legal_lines(s.game, "ann")
    assert "pass" in lines and "pass 1 2" in lines and not any(x.startswith("play") for x in lines)
    assert not isinstance(s.execute("pass 1 2", "ann")[0], Refused)
    assert s.game.player == "bob" and len(s.game.hand("ann")) == 3  # refilled


@pytest.mark.parametrize("seed", [2, 9])
def test_under_passing_stuck_every_listed_line_is_accepted(engine, seed):
    s = new_session(engine, seed=seed, passing="stuck")
    rng = random.Random(seed)
    for step in range(6):
        assert refused_lines(s) == [], step
        seat = mover(s)
        moves = [x for x in legal_lines(s.game, seat) if not x.startswith("claim")]
        assert moves, step  # a line that ends the turn is always listed
        out = s.execute(rng.choice(moves), seat)
        assert not isinstance(out[0], Refused), out


def test_a_full_board_refuses_a_play_and_lists_none(engine, monkeypatch):
    """Ruling 11b: at the board's limit a play is refused with the limit; every line still
    listed is accepted, and under passing=stuck a hand that can only write is stuck."""
    import referee.palmer.state as state

    monkeypatch.setattr(state, "MAX_BOARD", 2)
    s = new_session(engine, mode="table", players=("ann", "bob"))
    for seat, line in zip(("ann", "bob"), WRITES, strict=False):
        assert not isinstance(s.execute(line, seat)[0], Refused)
    out = s.execute(WRITES[2], "ann")
    assert isinstance(out[0], Refused) and out[0].reason.why is Why.BOARD_FULL
    assert out[0].reason.number == 2 and len(s.game.board) == 2
    lines = legal_lines(s.game, "ann")
    assert not any(x.startswith("play") for x in lines) and "pass" in lines
    assert any(x.startswith("negate") for x in lines) and refused_lines(s) == []

    monkeypatch.setattr(state, "MAX_BOARD", 0)
    stuck = new_session(engine, seed=3, players=("ann", "bob"), passing="stuck")
    assert stuck.game.playable("ann") is None  # the board is empty: no place for a ¬
    assert "pass" in legal_lines(stuck.game, "ann") and refused_lines(stuck) == []
