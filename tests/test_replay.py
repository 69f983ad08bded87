"""`referee replay`: re-refereeing the recorded games with today's referee."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli.main import main
from referee.logic.engine import Engine, Limits
from referee.palmer.records import GAME
from referee.palmer.replay import examiner
from referee.table.record import from_json
from referee.table.replay import replay

GAMES = Path(__file__).resolve().parent.parent / "examples" / "games"
RECORDS = sorted(GAMES.glob("*.json"))


def test_there_are_at_least_three_example_games():
    assert len(RECORDS) >= 3
    finishes = {json.loads(p.read_text(encoding="utf-8"))["summary"]["finish"] for p in RECORDS}
    assert {"inconsistent", "points"} <= finishes


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_every_example_replays_to_its_recorded_outcome(path):
    result = CliRunner().invoke(main, ["replay", str(path), "--json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert report["agrees"] and report["disagreements"] == []
    assert report["final"] == stored["summary"]
    assert report["final"]["finished"] and report["final"]["winner"]


def test_replay_json_prints_the_final_state_itself():
    """Issue 4: `--json` prints the final state (players with scores, the board, the
    winner): its keys are at the top level, beside the report (and under "final")."""
    path = GAMES / "points-win.json"
    result = CliRunner().invoke(main, ["replay", "--json", str(path)], catch_exceptions=False)
    state = json.loads(result.stdout)
    assert state["winner"] == "alice"
    assert {p["name"]: p["score"] for p in state["players"]} == {"alice": 3, "bob": 0}
    assert [s["id"] for s in state["board"]] == [1, 3, 5]
    assert state["agrees"] and state["final"]["winner"] == "alice"


def test_the_naming_example_uses_unique_names_and_a_negation():
    stored = json.loads((GAMES / "naming-and-negation.json").read_text(encoding="utf-8"))
    types = [e["type"] for e in stored["events"]]
    assert "negate" in types
    assert set(stored["summary"]["names"]) == {"b", "son"}


def test_a_tampered_verdict_is_reported_as_a_disagreement(tmp_path):
    data = json.loads((GAMES / "points-win.json").read_text(encoding="utf-8"))
    last = len(data["events"]) - 1
    assert data["events"][last]["type"] == "claim"
    # Say the winning claim was refuted: the record stays self-consistent (nothing
    # comes after it), but today's engine proves it again.
    data["events"][last]["verdict"]["status"] = "not_entailed"
    data["events"][last]["outcome"] = "rejected"
    data.pop("summary")
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 2
    n = last + 1
    assert (
        f"event {n}, verdict.status: the record says not_entailed, today entailed" in result.output
    )
    assert f"event {n}, outcome: the record says rejected, today upheld" in result.output
    assert "disagrees with the record" in result.output


def test_a_move_todays_rules_refuse_is_a_record_that_cannot_be_rebuilt(tmp_path):
    """Defect: replay exited 2 ("disagrees") where play --record exits 1 on the same file."""
    data = json.loads((GAMES / "points-win.json").read_text(encoding="utf-8"))
    data["events"][3]["text"] = "∀x smarter(x, x)"
    data.pop("summary")
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    for args in (["replay", str(path)], ["play", "--record", str(path)]):
        result = CliRunner().invoke(main, args, input="")
        assert result.exit_code == 1, (args, result.output)
        assert "event 4, field text" in result.output


def test_replay_follows_the_record_past_a_disagreement():
    data = json.loads((GAMES / "inconsistency-win.json").read_text(encoding="utf-8"))
    record = from_json(data, GAME)
    with Engine(Limits(timeout=10, minimise=False)) as engine:
        report = replay(record, examiner(engine))
    assert report.agrees and report.game.winner == "alice"
    seen = []
    with Engine(Limits(timeout=10, minimise=False)) as engine:
        replay(record, examiner(engine), on_step=lambda s: seen.append((s.number, s.today)))
    assert [i for i, _ in seen] == list(range(1, len(record.events) + 1))
    todays = [t.claim.verdict.status for _, t in seen if t is not None]
    assert todays == ["consistent", "inconsistent"]


def test_a_version_1_record_replays():
    path = Path(__file__).parent / "data" / "v1-points-win.json"
    result = CliRunner().invoke(main, ["replay", str(path)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "agrees with all 10 events" in result.output


def test_step_mode_walks_the_game_turn_by_turn():
    path = GAMES / "naming-and-negation.json"
    result = CliRunner().invoke(main, ["replay", str(path), "--step"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "event 1: alice plays Q:∃!x: exists! x blonde(x) | b := x" in out
    assert "event 4: bob negates #2: happy(b) ⇒ ¬happy(b)" in out
    assert out.index("event 1:") < out.index("event 4:") < out.index("Game over: alice wins")


def test_replay_refuses_what_is_not_a_record(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('{"format": "something-else"}', encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 1 and "field format" in result.output
    path.write_text("{", encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 1 and "not JSON" in result.output
