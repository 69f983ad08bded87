"""Palmer's computer players, given nothing but their seat's view (as JSON).

Short fixed-seed matches: no player says a line the table refuses, the strong player
makes no claim the referee rejects, and none of its statements (or ¬) makes a board
shown consistent inconsistent. Small boards show it claims what follows, inconsistency
first.
"""

import pytest
from palmer_bots import DECK_TEXT, new_session, play_match

from referee.logic.engine import Engine, Limits, Status
from referee.palmer.commands import PalmerCommands
from referee.palmer.events import ClaimOutcome
from referee.palmer.outcomes import ClaimSettled
from referee.palmer.player import DEFAULT_LEVEL, ProvingPlayer, computer_player
from referee.palmer.records import GAME
from referee.palmer.registration import REGISTRATION
from referee.palmer.setup import HouseRules, Settings, Setup
from referee.table.computer import RandomPlayer
from referee.table.record import Record
from referee.table.session import Refused, Session

seat_view = REGISTRATION.view  # the game's view of a seat, with its legal moves


@pytest.fixture(scope="module")
def referee():
    with Engine(Limits(timeout=2.0, workers=1)) as engine:
        yield engine


def test_levels():
    assert isinstance(computer_player(0, 1), RandomPlayer)
    player = computer_player(DEFAULT_LEVEL, 1)
    assert isinstance(player, ProvingPlayer)
    player.close()  # nothing started yet: nothing to let go of


@pytest.mark.parametrize(
    ("seed", "levels", "rules"),
    [
        (1, (DEFAULT_LEVEL, 0), {}),
        (5, (DEFAULT_LEVEL, 0, DEFAULT_LEVEL), {"keep_redundant": True}),
        (7, (DEFAULT_LEVEL, 1), {"passing": "stuck"}),  # no pass while a card can be played
    ],
)
def test_matches_keep_the_rules(referee, seed, levels, rules):
    seats = ("ann", "bob", "cy")[: len(levels)]
    players = {
        s: computer_player(level, seed + i)
        for i, (s, level) in enumerate(zip(seats, levels, strict=True))
    }
    session = new_session(referee, seats, seed=seed, claim_timeout=1.0, **rules)
    try:
        said = play_match(session, players, max_lines=9 * len(seats))
    finally:
        for player in players.values():
            player.close()
    assert len(said) >= 8
    strong = {s for s, level in zip(seats, levels, strict=True) if level > 0}
    for x in said:
        assert not (x.outcomes and isinstance(x.outcomes[0], Refused)), (x.seat, x.line, x.outcomes)
        if x.seat not in strong:
            continue
        first = x.outcomes[0]
        if isinstance(first, ClaimSettled):
            assert first.claim.outcome == ClaimOutcome.UPHELD, (x.line, first.claim.verdict)
        elif x.line.startswith(("play", "negate")) and x.after != x.before:
            after = referee.consistency(list(x.after), timeout=1.0).status
            if after == Status.INCONSISTENT:
                before = referee.consistency(list(x.before), timeout=1.0).status
                assert before != Status.CONSISTENT, (x.line, x.before)
    assert any(x.line.startswith("play") and ":" in x.line for x in said if x.seat in strong)


def table_session(engine, *statements: str) -> Session:
    setup = Setup(
        Settings(("ann", "bob"), mode="table"), HouseRules(), DECK_TEXT, claim_timeout=1.0
    )
    s = Session(Record(GAME, setup), PalmerCommands(engine))
    for k, text in enumerate(statements):
        assert not isinstance(s.execute(f"play ? : {text}", ("ann", "bob")[k % 2])[0], Refused)
    return s


@pytest.mark.parametrize(
    ("statements", "expected"),
    [
        (("∀x happy(x)", "∃x ¬happy(x)"), "claim inconsistent"),
        (("∀x happy(x)", "∃x happy(x)"), "claim 2"),
        (("∃x blonde(x)", "∀x blonde(x) → happy(x)", "∃x happy(x)"), "claim 3"),
    ],
)
def test_it_claims_what_its_engine_proves(referee, statements, expected):
    s = table_session(referee, *statements)
    player = ProvingPlayer(seed=1)
    try:
        seat = s.game.player
        assert player.choose(seat_view(s.game, seat)) == expected
        out = s.execute(expected, seat)
        assert isinstance(out[0], ClaimSettled) and out[0].claim.outcome == ClaimOutcome.UPHELD
    finally:
        player.close()


def test_it_writes_a_statement_that_leaves_nothing_to_claim(referee):
    s = table_session(referee, "∃x happy(x)")
    player = ProvingPlayer(seed=2)
    try:
        line = player.choose(seat_view(s.game, "bob"))
    finally:
        player.close()
    assert line is not None and not line.startswith("claim")
    assert not isinstance(s.execute(line, "bob")[0], Refused)
    formulas = [e.statement.asserted for e in s.game.board]
    assert referee.consistency(formulas, timeout=1.0).status == Status.CONSISTENT
    for k, goal in enumerate(formulas):
        others = formulas[:k] + formulas[k + 1 :]
        assert referee.entailment(others, [goal], timeout=1.0).status != Status.ENTAILED


def test_a_trap_is_a_statement_others_might_write_that_breaks_a_countermodel():
    import time

    from referee.language.parser import parse_statement
    from referee.logic.model import Model
    from referee.palmer import analysis
    from referee.palmer.player import trap
    from referee.resources import default_deck_path

    vocabulary = parse_deck_vocabulary(default_deck_path())
    nobody_happy = Model(1, {}, {"happy": frozenset(), "blonde": frozenset({(0,)})})
    after = analysis.Claimable(
        analysis.State.READY, analysis.Consistency.CONSISTENT, countermodels=((1, nobody_happy),)
    )
    nexts = [
        parse_statement(text, vocabulary).asserted
        for text in ("∀x happy(x)", "∃x ¬happy(x)", "∃x happy(x) ∧ blonde(x)", "∀x blonde(x)")
    ]
    deadline = time.monotonic() + 30
    assert trap(after, nexts, deadline) == 0.5  # the first and third break it
    assert trap(after, nexts[1:2], deadline) == 0.0
    assert (
        trap(
            analysis.Claimable(analysis.State.READY, analysis.Consistency.CONSISTENT),
            nexts,
            deadline,
        )
        == 0.0
    )


def parse_deck_vocabulary(path):
    from referee.language.deck import load_deck_text

    return load_deck_text(path.read_text(encoding="utf-8"), str(path)).vocabulary


@pytest.mark.parametrize("rules", [{}, {"passing": "stuck"}])
def test_a_slow_machine_and_other_hidden_cards_change_no_choice(referee, monkeypatch, rules):
    """Each level's choice is a function of its seat's view and its seed alone: the same
    move when the cards the seat cannot see are dealt again and, at once, every question
    seems to take 0.6 s longer (the clock jumps at each question: a machine many times
    slower than this one), as when the machine is idle."""
    import json
    import random
    import time

    seats = ("ann", "bob", "cy")
    session = new_session(referee, seats, seed=11, claim_timeout=1.0, **rules)
    with Engine(Limits(timeout=2.0, workers=1)) as engine:

        def made(level: int, seed: int):
            player = computer_player(level, seed)
            if player._engine is not None:  # the default starts its own as it is made
                player._engine.close()
            player._engine = engine  # one warm worker for them all (closed with it)
            return player

        for k in range(3):  # a board to think about: three statements the seats wrote
            seat = session.game.player
            line = made(1, k).choose(json.loads(json.dumps(seat_view(session.game, seat))))
            assert line is not None and not isinstance(session.execute(line, seat)[0], Refused)
        seat = session.game.player
        seen = json.loads(json.dumps(seat_view(session.game, seat)))
        other = session.record.rebuild()
        rng = random.Random(3)
        others = [p for p in seats if p != seat]
        pool = [c for p in others for c in other.hands[p]] + other.draw_pile
        rng.shuffle(pool)
        for p in others:
            other.hands[p], pool = pool[: len(other.hands[p])], pool[len(other.hands[p]) :]
        other.draw_pile = pool
        assert other.hands != session.game.hands
        assert json.loads(json.dumps(seat_view(other, seat))) == seen
        idle = {level: made(level, 7).choose(seen) for level in (1, DEFAULT_LEVEL)}

        offset = [0.0]
        real = time.monotonic
        monkeypatch.setattr(time, "monotonic", lambda: real() + offset[0])
        for name in ("call", "consistency", "entailment"):
            method = getattr(Engine, name)

            def slowed(self, *args, method=method, **kwargs):
                offset[0] += 0.6
                return method(self, *args, **kwargs)

            monkeypatch.setattr(Engine, name, slowed)
        for level, line in idle.items():
            player = made(level, 7)
            assert player.choose(json.loads(json.dumps(seat_view(other, seat)))) == line, level
            assert offset[0] > 2.9  # it was slow: main's players stopped looking at 1-3 s


def test_the_account_of_the_last_ruling_seeds_no_draw():
    """Which prover won the referee's race for the last claim (and its derivation) is in
    the view, and depends on the machine: a move's draws are seeded by the game alone."""
    from referee.palmer.player import move_seed

    view = {"turn": 4, "board": [{"id": 1, "statement": "∃x happy(x)"}], "you": {"hand": []}}
    ruled = {**view, "ruling": {"prover": "E prover", "used": [1]}}
    other = {**view, "ruling": {"prover": "cvc5", "used": [1, 2]}}
    assert move_seed(7, ruled) == move_seed(7, other) == move_seed(7, view)
    assert move_seed(7, view) != move_seed(8, view)
    assert move_seed(7, view) != move_seed(7, {**view, "turn": 5})


@pytest.mark.parametrize("level", [1, DEFAULT_LEVEL])
def test_where_it_may_not_pass_it_writes_what_hands_over_least(monkeypatch, level):
    """House rule passing=stuck: when every statement tried hands the next player
    something, each level writes the least harmful (an open question before a board not
    shown consistent, before a claim, before an inconsistent board), wherever it was
    found; where it may pass, the default passes rather than write any of them."""
    import random

    from referee.palmer import player
    from referee.palmer.analysis import Claimable, Consistency, State

    monkeypatch.setattr(player.ProvingPlayer, "engine", property(lambda self: None))
    now = Claimable(State.READY, Consistency.CONSISTENT, not_redundant=(1,))
    tried = {
        "inconsistent": (player.Safety.UNSAFE, Claimable(State.READY, Consistency.INCONSISTENT)),
        "claim": (player.Safety.UNSAFE, Claimable(State.READY, Consistency.CONSISTENT, (1,))),
        "unknown": (player.Safety.UNSAFE, Claimable(State.READY, Consistency.UNKNOWN)),
        "doubt": (player.Safety.DOUBTFUL, Claimable(State.READY, Consistency.CONSISTENT)),
    }

    def write(order, moves):
        p = computer_player(level, 1)
        found = [
            (player.Candidate(f"play {k + 1}", None, 0, 0.0), *tried[name])  # type: ignore[arg-type]
            for k, name in enumerate(order)
        ]
        monkeypatch.setattr(p, "_tried", lambda *args: iter(found))
        move = player.Move(0.0, 0)
        line = p._write({}, None, now, moves, random.Random(1), move)
        forced.append(p.forced)
        return line

    forced: list = []
    stuck = ["play 1", "play 2", "play 3", "play 4"]
    assert write(["claim", "inconsistent", "unknown"], stuck) == "play 3"
    assert forced[-1] is player.Harm.UNKNOWN  # what the benchmark counts as a forced gift
    assert write(["unknown", "claim", "inconsistent"], stuck) == "play 1"
    assert write(["inconsistent", "doubt", "claim"], stuck) == "play 2"
    assert write(["inconsistent", "claim"], [*stuck, "pass", "pass 1 2 3"]) is None
    assert forced[-1] is None
    if level == DEFAULT_LEVEL:
        assert write(["inconsistent", "doubt"], [*stuck, "pass"]) is None
        # A board not shown consistent (a claim erased a statement and no model was found
        # within its work): a statement may still make it inconsistent, so it checks them.
        now = Claimable(State.READY, Consistency.UNKNOWN)
        assert write(["inconsistent", "unknown", "claim"], stuck) == "play 2"


def test_where_it_may_not_pass_the_default_plays_its_s_cards_while_they_are_safe(monkeypatch):
    """An S card's fixed statement is soon entailed or contradicted by the board, and a
    hand that keeps it is then forced to hand over a claim: where it may not pass, the
    default writes a safe S card before a safe statement of its other cards (and where
    it may pass, chooses among them as before)."""
    import random

    from referee.palmer import player
    from referee.palmer.analysis import Claimable, Consistency, State

    monkeypatch.setattr(player.ProvingPlayer, "engine", property(lambda self: None))
    safe = (player.Safety.SAFE, Claimable(State.READY, Consistency.CONSISTENT))

    def write(lines, moves):
        p = computer_player(DEFAULT_LEVEL, 1)
        found = [(player.Candidate(x, None, 0, 0.0), *safe) for x in lines]  # type: ignore[arg-type]
        monkeypatch.setattr(p, "_tried", lambda *args: iter(found))
        monkeypatch.setattr(p, "_next_statements", lambda *args: [])
        now = Claimable(State.READY, Consistency.CONSISTENT)
        return p._write({}, None, now, moves, random.Random(1), player.Move(0.0, 0))

    lines = ["play 1 : ∃x happy(x)", "play 2", "play 1 3 : ∃x ∀y likes(x, y)"]
    assert write(lines, ["play 1", "play 2", "play 3"]) == "play 2"
    assert write([lines[0], lines[2]], ["play 1", "play 3"]) == lines[2]  # more cards
    assert write(lines, ["play 2", "pass", "pass 1 2 3"]) == lines[0]


def test_other_models_of_the_board_are_models_of_it(vocab):
    """The default's look for statements that do not follow: the board's model with one
    fact changed, kept only where the evaluator finds every statement of the board true."""
    from referee.language.parser import parse_statement
    from referee.logic.evaluate import evaluate
    from referee.logic.model import Model
    from referee.palmer import player
    from referee.palmer.analysis import Claimable, Consistency, State

    texts = ("∃x happy(x)", "∀x (blonde(x) → happy(x))", "∀x ∀y ¬smarter(x, y)")
    board = [parse_statement(t, vocab).asserted for t in texts]
    model = Model(
        2,
        {"father": {(0,): 0, (1,): 1}, "+": {(a, b): 0 for a in range(2) for b in range(2)}},
        {"happy": frozenset({(0,)}), "blonde": frozenset(), "likes": frozenset()}
        | {"smarter": frozenset()},
    )
    now = Claimable(State.READY, Consistency.CONSISTENT, basis=tuple(enumerate(board)), model=model)
    found = player.neighbours(now, vocab, 10_000)
    assert len(found) == player.NEIGHBOURS
    for other in found:
        assert all(evaluate(f, other) for f in board) and other != model
        changed = [
            p
            for p in vocab.predicates
            if other.predicates.get(p, frozenset()) != model.predicates.get(p, frozenset())
        ]
        assert len(changed) == 1 and changed[0] != "smarter"  # no smarter fact keeps ¬smarter
    assert {p for o in found for p in vocab.predicates if o.predicates.get(p)} >= {
        "blonde",
        "likes",
    }


def test_the_default_asks_again_with_more_work_what_its_analysis_left_open(referee):
    """A claim the board's analysis left open (its counted work too small here to prove
    anything) is asked once more within SECOND_LOOK by the default, which claims it and
    the referee upholds it; level 1, the rule level, claims only what its one analysis
    proved, and writes instead."""
    from referee.logic.counted import Work
    from referee.palmer import player

    tiny = Work(cvc5=1, e_inserts=1, steps=200_000)
    statements = ("∃x blonde(x)", "∀x blonde(x) → happy(x)", "∃x happy(x)")
    s = table_session(referee, *statements)
    seat = s.game.player
    lines = {}
    for level, made in ((1, ProvingPlayer), (2, player.TrappingPlayer)):
        chosen = made(seed=1, work=tiny)
        try:
            lines[level] = chosen.choose(seat_view(s.game, seat))
        finally:
            chosen.close()
    assert not str(lines[1]).startswith("claim")
    assert lines[2] == "claim 3"
    out = s.execute("claim 3", seat)
    assert isinstance(out[0], ClaimSettled) and out[0].claim.outcome == ClaimOutcome.UPHELD
