"""The game as events: turns, hands, scoring, house rules, records (no engine needed).

Claims here carry the verdict a session would have recorded; whether the
engine agrees is the replay tests' business.
"""

import json

import pytest

from referee.palmer.events import CODEC
from referee.palmer.records import GAME
from referee.palmer.refusals import Why
from referee.palmer.setup import HouseRules, RulesError, Settings, Setup
from referee.palmer.state import Game
from referee.resources import default_deck_path
from referee.table import refusals as table
from referee.table.errors import IllegalEvent as GameError
from referee.table.errors import RecordError, Refusal
from referee.table.record import Record, dumps, loads

DECK_TEXT = default_deck_path().read_text(encoding="utf-8")


def new_game(settings, **rules) -> Game:
    return Game.new(Setup(settings, HouseRules(**rules), DECK_TEXT))


def table_game(players=("alice", "bob"), **rules) -> Game:
    return new_game(Settings(players, mode="table"), **rules)


def apply(game, data: dict):
    """Apply an event written as the record stores it (read through the codec)."""
    event = CODEC.decode(data)
    game.apply(event)
    return event


def play(game, cards, text):
    apply(game, {"type": "play", "player": game.player, "cards": cards, "text": text})


def claim(game, targets, status, outcome, kind="redundant", derivation=None):
    premises = [e.id for e in game.board if e.id not in targets]
    event = {
        "type": "claim",
        "player": game.player,
        "kind": kind,
        "targets": targets,
        "premises": premises,
        "verdict": {"status": status, "evidence": {"method": "none"}},
        "derivation": derivation,
        "outcome": outcome,
    }
    return apply(game, event)


def test_turns_rotate_and_the_wrong_player_is_refused():
    game = table_game(("alice", "bob", "carol"))
    play(game, ["P:blonde"], "∀x blonde(x)")
    assert game.player == "bob" and game.turn == 2
    with pytest.raises(GameError) as info:
        apply(game, {"type": "pass", "player": "carol"})
    assert info.value.field == "player"
    assert info.value.reason == Refusal(Why.NOT_YOUR_TURN, "bob", "carol")


def test_refused_plays_name_the_field():
    game = table_game()
    with pytest.raises(GameError) as info:
        play(game, ["P:blonde"], "∀x happy(x)")
    assert info.value.field == "text"
    assert info.value.reason == Refusal(Why.NOT_ON_CARDS, word="happy", texts=("blonde",))
    with pytest.raises(GameError) as info:
        play(game, ["P:nobody"], "∀x happy(x)")
    assert info.value.field == "cards"
    with pytest.raises(GameError) as info:
        play(game, ["P:blonde"], "∀x blonde(")
    assert info.value.field == "text" and "column" in info.value.message
    assert game.board == [] and game.player == "alice"


def test_the_editors_live_check_refuses_a_play_as_the_rules_do():
    from referee.palmer.views import check_play

    game = table_game()
    for cards, text, why in (
        (["S1"], "∀x blonde(x)", Why.S_EXACTLY),
        (["P:blonde"], "∀x happy(x)", Why.NOT_ON_CARDS),
        (["X:¬"], "∀x blonde(x)", Why.NEGATE_WITH_NEGATE),
    ):
        checked = check_play(game, "alice", cards, text)
        assert not checked["ok"] and checked["refusal"].why == why
        with pytest.raises(GameError) as info:
            play(game, cards, text)
        assert info.value.reason == checked["refusal"]
    assert check_play(game, "alice", ["S1"], "∀x blonde(x) → happy(x)")["ok"]


def test_dealt_mode_deals_refills_and_checks_the_hand():
    settings = Settings(("alice", "bob"), hand_size=3, seed=2)
    game = new_game(settings)
    again = new_game(settings)
    assert game.hands == again.hands  # the seed fixes the shuffle
    assert all(len(h) == 3 for h in game.hands.values())
    assert len(game.draw_pile) == game.deck.size - 6
    alice = game.hand("alice")
    not_held = next(c.id for c in game.deck.cards if c.kind == "P" and c.id not in alice)
    with pytest.raises(GameError) as info:
        play(game, [not_held], "∀x happy(x)")
    assert info.value.field == "cards" and info.value.reason.why is Why.NOT_IN_HAND_OF
    apply(game, {"type": "pass", "player": "alice", "discard": alice[:2]})
    assert len(game.hand("alice")) == 3 and game.hand("alice")[0] == alice[2]
    assert game.discards == alice[:2]


def test_the_game_ends_when_everyone_passes_with_the_deck_spent():
    settings = Settings(("alice", "bob"), hand_size=3, seed=1)
    game = new_game(settings)
    game.draw_pile.clear()
    game.scores["bob"] = 1
    apply(game, {"type": "pass", "player": "alice"})
    assert not game.finished
    apply(game, {"type": "pass", "player": "bob"})
    assert game.finished and game.winner == "bob"
    assert game.finish == "deck_spent"
    with pytest.raises(GameError) as info:
        apply(game, {"type": "pass", "player": "alice"})
    assert info.value.reason == Refusal(table.Why.GAME_OVER)  # the table's own guard


def test_upheld_redundancy_scores_and_erases_and_reaching_w_wins():
    settings = Settings(("alice", "bob"), win_score=2, mode="table")
    game = new_game(settings)
    play(game, ["P:blonde"], "∀x blonde(x)")
    play(game, ["X:?"], "∃x blonde(x)")
    play(game, ["X:?"], "∃y blonde(y)")
    # bob's turn: a set claim, one point per statement
    claim(game, [2, 3], "entailed", "upheld")
    assert game.scores["bob"] == 2 and [e.id for e in game.board] == [1]
    assert game.finished and game.winner == "bob" and game.finish == "points"


def test_keep_redundant_house_rule_marks_instead_of_erasing():
    game = table_game(keep_redundant=True)
    play(game, ["P:blonde"], "∀x blonde(x)")
    play(game, ["X:?"], "∃x blonde(x)")
    claim(game, [2], "entailed", "upheld")
    assert [e.id for e in game.board] == [1, 2] and game.board[1].scored
    with pytest.raises(GameError) as info:
        claim(game, [2], "entailed", "upheld")
    assert info.value.reason == Refusal(Why.ALREADY_SCORED, number=2)


def test_rejected_claims_cost_the_penalty_and_the_outcome_must_follow_the_rules():
    game = table_game(rejected_claim_penalty=1)
    game.scores["alice"] = 1
    play(game, ["P:blonde"], "∀x blonde(x)")
    play(game, ["P:happy"], "∃x happy(x)")
    with pytest.raises(GameError) as info:
        claim(game, [2], "not_entailed", "upheld")
    assert info.value.field == "outcome"
    claim(game, [2], "not_entailed", "rejected")
    assert game.scores["alice"] == 0
    claim(game, [2], "not_entailed", "rejected")
    assert game.scores["alice"] == 0  # never below zero


def test_undetermined_claims_need_a_derivation_or_a_vote():
    game = table_game()
    play(game, ["P:blonde"], "∀x blonde(x)")
    play(game, ["P:happy"], "∃x happy(x)")
    claim(game, [1], "undetermined", "rejected")
    claim(
        game,
        [1],
        "undetermined",
        "upheld",
        derivation={"file": "d.txt", "text": "...", "backing": "backs"},
    )
    assert game.scores["alice"] == 1

    voting = table_game(vote_on_undetermined=True)
    play(voting, ["P:blonde"], "∀x blonde(x)")
    play(voting, ["P:happy"], "∃x happy(x)")
    claim(voting, [1], "undetermined", "vote")
    assert voting.pending is not None
    with pytest.raises(GameError) as info:
        play(voting, ["P:happy"], "∀x happy(x)")
    assert info.value.reason.why is Why.VOTE_FIRST
    apply(voting, {"type": "vote", "accepted": True, "ayes": ["bob"], "noes": []})
    assert voting.scores["alice"] == 1 and voting.pending is None


def test_inconsistency_claim_wins_at_once():
    game = table_game()
    play(game, ["P:blonde"], "∀x blonde(x)")
    play(game, ["P:blonde"], "∃x ¬blonde(x)")
    claim(game, [], "inconsistent", "upheld", kind="inconsistent")
    assert game.finished and game.winner == "alice"


def test_claim_premises_must_be_the_board_minus_the_claimed():
    game = table_game()
    play(game, ["P:blonde"], "∀x blonde(x)")
    play(game, ["P:blonde"], "∃x blonde(x)")
    with pytest.raises(GameError) as info:
        apply(
            game,
            {
                "type": "claim",
                "player": "alice",
                "kind": "redundant",
                "targets": [2],
                "premises": [],
                "verdict": {"status": "entailed", "evidence": {"method": "proof"}},
                "outcome": "upheld",
            },
        )
    assert info.value.field == "premises"


def test_a_name_stays_usable_after_its_statement_is_erased():
    game = table_game()
    play(game, ["Q:∃!x"], "∃!x blonde(x) | b := x")
    play(game, ["P:blonde"], "blonde(b) ∧ ∀x (blonde(x) → x = b)")
    claim(game, [1], "entailed", "upheld")
    assert [e.id for e in game.board] == [2] and game.names == {"b": 1}
    play(game, ["P:happy"], "happy(b)")
    assert game.board[-1].text == "happy(b)"


def test_negate_event_replaces_the_statement():
    game = table_game()
    play(game, ["P:happy"], "∃x happy(x)")
    apply(
        game,
        {
            "type": "negate",
            "player": "bob",
            "card": "X:¬",
            "target": 1,
            "position": 2,
            "before": "∃x happy(x)",
            "after": "∃x ¬happy(x)",
        },
    )
    assert game.board[0].text == "∃x ¬happy(x)"
    with pytest.raises(GameError) as info:
        apply(
            game, {"type": "negate", "player": "alice", "card": "X:¬", "target": 1, "position": 9}
        )
    assert info.value.field == "position"


# ---------------------------------------------------------------- records


def make_record():
    record = Record(GAME, Setup(Settings(("alice", "bob"), mode="table"), HouseRules(), DECK_TEXT))
    for event in (
        {"type": "play", "player": "alice", "cards": ["P:blonde"], "text": "∀x blonde(x)"},
        {"type": "play", "player": "bob", "cards": ["X:?"], "text": "∃x blonde(x)"},
    ):
        record = record.appended(CODEC.decode(event))
    return record, record.rebuild()


def test_record_round_trip():
    record, game = make_record()
    text = dumps(record, game)
    again, rebuilt = loads(text, GAME)
    assert rebuilt.summary() == game.summary() and again.events == record.events
    data = json.loads(text)
    assert (data["format"], data["game"], data["version"]) == ("referee-record", "palmer", 2)


@pytest.mark.parametrize(
    "edit, event, field",
    [
        (lambda d: d["events"][1].update(player="carol"), 2, "player"),
        (lambda d: d["events"][0].update(text="∀x happy(x)"), 1, "text"),
        (lambda d: d["events"][1].update(type="dance"), 2, "type"),
        (lambda d: d["events"][0].pop("cards"), 1, "cards"),
        (lambda d: d["events"][0].update(cards="P:blonde"), 1, "cards"),
        (lambda d: d["events"][1].update(extra=1), 2, "extra"),
        (lambda d: d["setup"]["settings"].update(hand_size=0), None, "setup.settings.hand_size"),
        (lambda d: d["setup"]["house_rules"].update(keep=True), None, "setup.house_rules.keep"),
        (lambda d: d["setup"].update(claim_timeout=-1), None, "setup.claim_timeout"),
        (lambda d: d.update(version=99), None, "version"),
        (lambda d: d["summary"]["players"][0].update(score=5), None, "summary"),
    ],
)
def test_malformed_records_name_the_event_and_field(edit, event, field):
    record, game = make_record()
    data = json.loads(dumps(record, game))
    edit(data)
    with pytest.raises(RecordError) as info:
        loads(json.dumps(data), GAME)
    assert info.value.event == event and info.value.field == field
    if event is not None:
        assert str(info.value).startswith(f"event {event}, field {field}:")


def test_version_1_records_are_still_read():
    """The first record format (with verdicts in words) resumes and replays."""
    from pathlib import Path

    old = Path(__file__).parent / "data" / "v1-points-win.json"
    data = json.loads(old.read_text(encoding="utf-8"))
    assert (data["format"], data["version"]) == ("referee-game", 1)
    record, game = loads(json.dumps(data), GAME)
    assert game.finished and game.winner == "alice"
    assert record.setup.claim_timeout == 5.0
    claims = [e for e in record.events if e.TYPE == "claim"]
    assert claims and all(c.verdict.evidence.method == "legacy" for c in claims)
    assert any(c.verdict.note for c in claims)


def test_house_rule_switches():
    rules = HouseRules().with_switch("keep-redundant=yes").with_switch("rejected_claim_penalty=2")
    assert rules.keep_redundant and rules.rejected_claim_penalty == 2
    with pytest.raises(RulesError):
        HouseRules().with_switch("nonsense=1")
    with pytest.raises(RulesError):
        HouseRules().with_switch("keep_redundant=maybe")


@pytest.mark.parametrize(
    "rule, votes, upheld",
    [
        ("majority", (True, True), True),
        ("majority", (True, False), False),  # a tie does not convince
        ("unanimity", (True, True), True),
        ("unanimity", (False, True), False),
    ],
)
def test_every_asked_player_votes_and_the_house_rule_decides(rule, votes, upheld):
    """One ballot decides nothing; the claimant never votes, nobody votes twice; the
    last ballot settles the claim by ``vote_by``."""
    from referee.palmer.setup import VoteBy

    game = table_game(("alice", "bob", "cat"), vote_on_undetermined=True, vote_by=VoteBy(rule))
    play(game, ["P:blonde"], "∀x blonde(x)")
    play(game, ["P:happy"], "∃x happy(x)")
    apply(game, {"type": "pass", "player": "cat"})
    claim(game, [2], "undetermined", "vote")
    assert game.asked == ("bob", "cat")
    apply(game, {"type": "ballot", "player": "bob", "yes": votes[0]})
    assert game.pending is not None
    for twice in ("bob", "alice"):
        with pytest.raises(GameError) as info:
            apply(game, {"type": "ballot", "player": twice, "yes": True})
        assert info.value.reason.why in (Why.ALREADY_VOTED, Why.OWN_CLAIM_VOTE)
    apply(game, {"type": "ballot", "player": "cat", "yes": votes[1]})
    assert game.pending is None and game.ballots == {}
    assert (game.scores["alice"] == 1) is upheld
    assert game.voted is not None and game.voted.accepted is upheld


def test_a_ballot_shows_nothing_until_the_one_that_settles_the_vote():
    """Ruling 53: how bob voted is not told while cat is still to vote (an undo may take
    his ballot back); the ballot that settles it shows every vote: undo stops there."""
    from referee.palmer.events import Ballot
    from referee.palmer.terminal import describe

    game = table_game(("alice", "bob", "cat"), vote_on_undetermined=True)
    play(game, ["P:blonde"], "∀x blonde(x)")
    play(game, ["P:happy"], "∃x happy(x)")
    apply(game, {"type": "pass", "player": "cat"})
    claim(game, [2], "undetermined", "vote")
    assert game.last_reveal is not None and game.last_reveal.event == 4  # the claim
    apply(game, {"type": "ballot", "player": "bob", "yes": True})
    assert game.last_reveal.event == 4
    apply(game, {"type": "ballot", "player": "cat", "yes": False})
    assert game.last_reveal.event == 6
    assert describe(Ballot("bob", True)) == "bob votes"


def test_a_record_with_the_old_one_vote_still_loads():
    """A record made before ballots (no ``vote_by``; one ``vote`` decided for the table)
    reads as it did: the vote settles the claim at once."""
    record = Record(
        GAME,
        Setup(
            Settings(("alice", "bob", "cat"), mode="table"),
            HouseRules(vote_on_undetermined=True),
            DECK_TEXT,
        ),
    )
    game = record.rebuild()
    for data in (
        {"type": "play", "player": "alice", "cards": ["P:blonde"], "text": "∀x blonde(x)"},
        {"type": "play", "player": "bob", "cards": ["P:happy"], "text": "∃x happy(x)"},
        {"type": "pass", "player": "cat"},
    ):
        record = record.appended(apply(game, data))
    record = record.appended(claim(game, [2], "undetermined", "vote"))
    record = record.appended(apply(game, {"type": "vote", "accepted": True}))
    data = json.loads(dumps(record, game))
    del data["setup"]["house_rules"]["vote_by"]
    _, again = loads(json.dumps(data), GAME)
    assert again.pending is None and again.scores["alice"] == 1
