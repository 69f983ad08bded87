"""`referee replay`: re-refereeing the recorded games with today's referee."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli.main import main
from referee.game.record import from_json
from referee.game.replay import replay
from referee.logic.engine import Engine, Limits

GAMES = Path(__file__).resolve().parent.parent / "examples" / "games"
RECORDS = sorted(GAMES.glob("*.json"))


def test_there_are_at_least_three_example_games():
    assert len(RECORDS) >= 3
    reasons = {json.loads(p.read_text(encoding="utf-8"))["summary"]["reason"] for p in RECORDS}
    assert any("inconsistent" in r for r in reasons)
    assert any("points" in r for r in reasons)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_every_example_replays_to_its_recorded_outcome(path):
    result = CliRunner().invoke(main, ["replay", str(path), "--json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert report["agrees"] and report["disagreements"] == []
    assert report["final"] == stored["summary"]
    assert report["final"]["finished"] and report["final"]["winner"]


def test_the_naming_example_uses_unique_names_and_a_negation():
    stored = json.loads((GAMES / "naming-and-negation.json").read_text(encoding="utf-8"))
    types = [e["type"] for e in stored["events"]]
    assert "negate" in types
    assert set(stored["summary"]["names"]) == {"b", "son"}


def test_a_tampered_verdict_is_reported_as_a_disagreement(tmp_path):
    data = json.loads((GAMES / "points-win.json").read_text(encoding="utf-8"))
    claims = [i for i, e in enumerate(data["events"]) if e["type"] == "claim"]
    rejected = next(i for i in claims if data["events"][i]["outcome"] == "rejected")
    # Say the refuted claim was proved (and scored): the record stays self-consistent,
    # but today's engine finds the countermodel again.
    data["events"][rejected]["verdict"]["status"] = "entailed"
    data["events"][rejected]["outcome"] = "upheld"
    data.pop("summary")
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 2
    assert f"event {rejected}, field verdict.status:" in result.output
    assert "the record says entailed, today's engine says not_entailed" in result.output
    assert "disagrees with the record" in result.output


def test_replay_follows_the_record_past_a_disagreement():
    data = json.loads((GAMES / "inconsistency-win.json").read_text(encoding="utf-8"))
    record = from_json(data)
    with Engine(Limits(timeout=10, minimise=False)) as engine:
        report = replay(record, engine)
    assert report.agrees and report.game.winner == "alice"
    seen = []
    with Engine(Limits(timeout=10, minimise=False)) as engine:
        replay(record, engine, on_step=lambda s: seen.append((s.index, s.today)))
    assert [i for i, _ in seen] == list(range(len(record.events)))
    todays = [t["status"] for _, t in seen if t is not None]
    assert todays == ["consistent", "inconsistent"]


def test_step_mode_walks_the_game_turn_by_turn():
    path = GAMES / "naming-and-negation.json"
    result = CliRunner().invoke(main, ["replay", str(path), "--step"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "event 0: alice plays Q:∃!x: exists! x blonde(x) | b := x" in out
    assert "event 3: bob negates #2: happy(b) ⇒ ¬happy(b)" in out
    assert out.index("event 0") < out.index("event 3") < out.index("Game over: alice wins")


def test_replay_refuses_what_is_not_a_record(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('{"format": "something-else"}', encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 1 and "field format" in result.output
    path.write_text("{", encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 1 and "not JSON" in result.output
