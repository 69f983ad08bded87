"""`referee play` as a table uses it: whole games scripted on standard input.

These run the real parser, card checks and engine. The example games in
examples/games/ are played again from their scripts and must come out the
same as their records; a game killed with SIGKILL at a random event and
resumed with --record must lose nothing.
"""

import hashlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from killresume import kill_midway, leftovers, referee, resume

from referee.cli.main import main
from referee.palmer.records import GAME
from referee.table.errors import RecordError
from referee.table.record import loads as load_record


def loads(text):
    return load_record(text, GAME)


ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "examples" / "games"
EXAMPLES = {
    "inconsistency-win": ["--players", "alice,bob,carol", "--seed", "2"],
    "points-win": ["--players", "alice,bob", "--mode", "table"],
    "naming-and-negation": ["--players", "alice,bob", "--mode", "table"],
}


def run_play(args, script: str):
    result = CliRunner().invoke(main, ["play", *args], input=script, catch_exceptions=False)
    return result


def essentials(event: dict) -> dict:
    """An event without what varies from run to run (timings, cores, methods)."""
    data = event if isinstance(event, dict) else event.to_json()
    out = {k: v for k, v in data.items() if k not in ("verdict", "proof")}
    if "verdict" in data:
        out["status"] = data["verdict"]["status"]
    return out


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_example_games_play_again_from_their_scripts(tmp_path, name):
    record_path = tmp_path / f"{name}.json"
    script = (GAMES / f"{name}.txt").read_text(encoding="utf-8")
    result = run_play([*EXAMPLES[name], "--record", str(record_path)], script)
    assert result.exit_code == 0, result.output
    assert "Game over:" in result.output
    record, played = loads(record_path.read_text(encoding="utf-8"))
    stored = json.loads((GAMES / f"{name}.json").read_text(encoding="utf-8"))
    assert [essentials(e) for e in record.events] == [essentials(e) for e in stored["events"]]
    assert played.summary() == stored["summary"]


def test_a_scripted_game_shows_refusals_and_undo_and_leaves_the_record_clean(tmp_path):
    record_path = tmp_path / "g.json"
    script = "\n".join(
        [
            "play blonde : forall x happy(x)",  # refused: happy's card not played
            "play blonde : forall x blonde(",  # refused: parse error, with a caret
            "dance",  # unknown command
            "play blonde : forall x blonde(x)",
            "claim 1",  # bob: ∀x blonde(x) does not follow from nothing
            "undo",  # take the claim back (the table allows it: its verdict was shown)
            "play S12 n=2",
            "negate 2",
            "board",
            "scores",
        ]
    )
    args = ["--players", "alice,bob", "--mode", "table", "--record", str(record_path)]
    result = run_play([*args, "--house", "undo_past_reveals=yes"], script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "refused: happy is not on the cards you played (blonde)" in out
    assert "^" in out and "ends too early" in out
    assert "unknown command 'dance'" in out
    assert "bob claims #1 redundant: REJECTED" in out and "a countermodel with 1 object" in out
    assert "#1 ∀x blonde(x) fails in it: take x = e0; blonde(e0) is false" in out
    assert "undone: bob claims redundant #1: does not follow, rejected" in out
    assert "1: ¬|L| ≥ 2" in out
    record, game = loads(record_path.read_text(encoding="utf-8"))
    assert [e.TYPE for e in record.events] == ["play", "play"]
    assert [e.text for e in game.board] == ["∀x blonde(x)", "|L| ≥ 2"]
    assert game.player == "alice"


def test_dealt_mode_plays_cards_from_the_hand_by_position_or_name(tmp_path):
    record_path = tmp_path / "d.json"
    # seed 2 deals alice happy, smarter, ¬; bob ∀x∀y, father, ∀x; carol likes, father, smarter
    script = "\n".join(
        [
            "play 2 : forall x ~smarter(x, x)",
            "play 3 : forall x exists y likes(x, y)",  # bob's ∀x: refused, wrong prefix
            "play father : exists x father(x) = x",
            "play happy : exists x happy(x)",  # carol holds no happy card
            "hand alice",
        ]
    )
    args = ["--players", "alice,bob,carol", "--seed", "2", "--record", str(record_path)]
    result = run_play(args, script)
    out = result.output
    assert "alice's hand: 1:happy  2:smarter  3:¬" in out
    assert "#1 ∀x ¬smarter(x, x)  (alice)" in out
    assert "refused: the statement starts with ∀ ∃, but the cards played give the prefix ∀" in out
    assert "#2 ∃x father(x) = x  (bob)" in out
    assert "refused: happy is not in your hand" in out
    _, game = loads(record_path.read_text(encoding="utf-8"))
    assert [e.cards for e in game.board] == [("R:smarter",), ("F:father",)]
    assert len(game.hand("alice")) == 3 and game.hand("alice")[:2] == ["P:happy", "X:¬"]
    assert len(game.draw_pile) == game.deck.size - 9 - 2


def test_resume_continues_the_game_and_keeps_its_settings(tmp_path):
    record_path = tmp_path / "r.json"
    lines = (GAMES / "points-win.txt").read_text(encoding="utf-8").splitlines()
    first, rest = "\n".join(lines[:5]), "\n".join(lines[5:])
    run_play(["--players", "alice,bob", "--mode", "table", "--record", str(record_path)], first)
    refused = run_play(["--players", "x,y", "--record", str(record_path)], "")
    assert refused.exit_code == 1 and "drop --players to open it" in refused.output
    resumed = run_play(["--record", str(record_path)], rest)
    assert resumed.exit_code == 0 and "Resuming" in resumed.output
    stored = json.loads((GAMES / "points-win.json").read_text(encoding="utf-8"))
    _, game = loads(record_path.read_text(encoding="utf-8"))
    assert game.summary() == stored["summary"]


def test_a_malformed_record_is_named_and_left_untouched(tmp_path):
    data = json.loads((GAMES / "points-win.json").read_text(encoding="utf-8"))
    data["events"][3]["text"] = "∀x smarter(x, x)"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    before = hashlib.sha256(bad.read_bytes()).hexdigest()
    for args in (["play", "--record", str(bad)], ["replay", str(bad)]):
        result = CliRunner().invoke(main, args, input="pass\n")
        assert result.exit_code != 0
        assert "event 4, field text" in result.output, result.output
    assert hashlib.sha256(bad.read_bytes()).hexdigest() == before


# ------------------------------------------------------------ kill and resume


def _events(path: Path) -> int:
    try:
        _, game = loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, RecordError):
        return -1
    return game.events


@pytest.mark.slow
@pytest.mark.parametrize("trial", range(2))
def test_killing_play_at_a_random_event_and_resuming_loses_nothing(tmp_path, trial):
    commands = [
        line
        for line in (GAMES / "points-win.txt").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]  # each of these lines makes exactly one event
    record_path = tmp_path / "killed.json"
    start = referee("play", "--players", "alice,bob", "--mode", "table")
    k, done = kill_midway(
        [*start, "--record", str(record_path)], commands, record_path, _events, window=0.4
    )
    assert done in (k, k + 1), (k, done)  # whole, and every acknowledged event is there
    resumed = resume(referee("play", "--record", str(record_path)), commands[done:])
    assert resumed.returncode == 0, resumed.stderr
    stored = json.loads((GAMES / "points-win.json").read_text(encoding="utf-8"))
    record, final = loads(record_path.read_text(encoding="utf-8"))
    assert final.summary() == stored["summary"], f"killed after {k} commands"
    assert [essentials(e) for e in record.events] == [essentials(e) for e in stored["events"]]
    assert leftovers(tmp_path) == []


def test_rules_are_listed_as_the_table_types_them_with_house(tmp_path):
    args = ["--players", "alice,bob", "--mode", "table", "--house", "every_card_used=no"]
    result = run_play([*args, "--record", str(tmp_path / "g.json")], "rules\nquit\ny\n")
    assert result.exit_code == 0, result.output
    assert "every_card_used = no" in result.output and "keep_redundant = no" in result.output
    assert "claim time limit = 5 s" in result.output


@pytest.mark.parametrize("mode", ["dealt", "table"])
def test_a_deck_with_no_cards_is_refused_before_a_game_starts(tmp_path, mode):
    """A vocabulary-only deck serves parse/analyze/entails; a game is played with cards,
    so it is refused at once, with the deck named (it dealt empty hands, or refused every
    card, in a game nobody could play)."""
    deck = tmp_path / "ours.toml"
    deck.write_text("[vocabulary]\npredicates = { tall = 1 }\n", encoding="utf-8")
    record = tmp_path / "g.json"
    args = ["--players", "a,b", "--mode", mode, "--deck", str(deck), "--record", str(record)]
    result = CliRunner().invoke(main, ["play", *args], input="quit\n")
    assert result.exit_code == 1
    assert "has no cards" in result.output and "ours.toml" in result.output
    assert not record.exists()
