"""`referee cogito play` and `replay` as a table uses them: scripted games, records, secrets.

The example games in examples/cogito/ are played again from their scripts
and must come out as their records; a game killed with SIGKILL and resumed
with --record loses nothing; nothing on screen or in the record's summary
shows a Self card before the game reveals it.
"""

import hashlib
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from cogito_helpers import EXAMPLE_TEXT
from killresume import kill_midway, leftovers, referee, resume
from rich.console import Console

from referee.cli.main import main
from referee.client import table_io
from referee.cogito.commands import CogitoCommands
from referee.cogito.records import GAME
from referee.cogito.setup import Setup
from referee.cogito.terminal import CogitoRenderer
from referee.table.errors import RecordError
from referee.table.record import Record
from referee.table.record import loads as load_record
from referee.table.session import Session

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "examples" / "cogito"
EXAMPLES = {
    "found-after-a-dream": ["--players", "alice,bob,carol", "--seed", "24"],
    "hands-empty-tie": ["--players", "alice,bob,carol,dave", "--seed", "9"],
    "everyone-lost": ["--players", "alice,bob", "--seed", "41"],
}


def loads(text):
    return load_record(text, GAME)


def run(*args, input=""):
    return CliRunner().invoke(main, ["cogito", *args], input=input, catch_exceptions=False)


def commands(name):
    text = (GAMES / f"{name}.txt").read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]


def test_there_are_at_least_two_example_games_with_their_scripts():
    records = sorted(p.stem for p in GAMES.glob("*.json"))
    assert len(records) >= 2 and records == sorted(EXAMPLES)
    assert all((GAMES / f"{name}.txt").is_file() for name in records)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_example_games_play_again_from_their_scripts(tmp_path, name):
    record_path = tmp_path / f"{name}.json"
    script = (GAMES / f"{name}.txt").read_text(encoding="utf-8")
    result = run("play", *EXAMPLES[name], "--record", str(record_path), input=script)
    assert result.exit_code == 0, result.output
    assert "Game over:" in result.output
    record, played = loads(record_path.read_text(encoding="utf-8"))
    stored = json.loads((GAMES / f"{name}.json").read_text(encoding="utf-8"))
    assert [e.to_json() for e in record.events] == stored["events"]
    assert played.summary() == stored["summary"]
    assert len(record.events) == len(commands(name))  # one event per line of the script


def test_the_examples_cover_the_rules_that_end_a_game():
    finishes = {}
    for name in EXAMPLES:
        _, game = loads((GAMES / f"{name}.json").read_text(encoding="utf-8"))
        finishes[name] = (game.finish.value, game.winner)
    assert finishes == {
        "found-after-a-dream": ("found", "carol"),
        "hands-empty-tie": ("hands_empty", None),
        "everyone-lost": ("all_disrupted", None),
    }
    events = [
        json.loads((GAMES / f"{n}.json").read_text(encoding="utf-8"))["events"] for n in EXAMPLES
    ]
    flat = [e for game in events for e in game]
    assert any(e["type"] == "play" and e["card"] == "Dream" for e in flat)
    assert any(e["type"] == "play" and e["card"] == "Ego" for e in flat)
    assert any(e["type"] == "declare" and len(e["players"]) == 2 for e in flat)
    assert any(e["type"] == "cogito" and not e["right"] for e in flat)
    assert any(e["type"] == "give" for e in flat)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_every_example_replays_and_today_agrees(name):
    result = run("replay", str(GAMES / f"{name}.json"))
    assert result.exit_code == 0, result.output
    assert f"agrees with all {len(commands(name))} events" in result.output


def test_replay_reviews_every_judgement_and_cogito_of_a_finished_game():
    result = run("replay", "--json", str(GAMES / "found-after-a-dream.json"))
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["agrees"] is True and data["final"]["winner"] == "carol"
    cogitos = data["review"]["cogitos"]
    assert cogitos == [
        {
            "event": 14,
            "player": "bob",
            "named": "Tulip",
            "right": False,
            "possible_from_field": ["Casablanca", "Tulip"],
            "only_from_field": False,
            "possible_from_known": ["Casablanca", "Tulip"],
            "only_from_known": False,
        },
        {
            "event": 16,
            "player": "carol",
            "named": "Penguin",
            "right": True,
            "possible_from_field": ["Salmon", "Penguin"],
            "only_from_field": False,
            "possible_from_known": ["Penguin"],  # she held the Salmon card
            "only_from_known": True,
        },
    ]
    judged = data["review"]["judged"]
    assert judged[0] == {
        "event": 2,
        "player": "bob",
        "not": "Vertebrate",
        "true": True,
        "why": "Casablanca is a Flower and a Plant, not a Vertebrate",
    }
    assert {
        "event": 8,
        "player": "bob",
        "not": "Flower",
        "true": False,
        "why": "Casablanca is a Flower",
    } in judged


def test_the_review_at_the_table_waits_for_the_end(tmp_path):
    lines = commands("found-after-a-dream")
    script = "\n".join(
        [*lines[:3], "review", "possible bob", *lines[3:], "review", "possible carol"]
    )
    result = run(
        "play", *EXAMPLES["found-after-a-dream"], "--record", str(tmp_path / "r.json"), input=script
    )
    out = result.output
    assert "refused: the review shows Self cards: it waits for the end of the game" in out
    assert "refused: the deduction aide answers after the game" in out
    assert 'COGITO at event 16: carol: "I am Penguin!" — right.' in out
    assert "from all they had declared and seen, possible then: Penguin — the only one" in out
    assert "From the field: carol could be Salmon or Penguin." in out
    assert "From all they had declared and seen: carol could be Penguin." in out


def test_the_aide_during_play_shows_only_the_field_by_house_rule(tmp_path):
    lines = commands("found-after-a-dream")
    script = "\n".join([*lines[:9], "possible bob"])
    args = [*EXAMPLES["found-after-a-dream"], "--house", "aide_during_play=yes"]
    result = run("play", *args, "--record", str(tmp_path / "a.json"), input=script)
    assert "From the field: bob could be Casablanca or Tulip." in result.output
    assert "From all they had declared and seen" not in result.output  # that uses the hand


# ------------------------------------------------------------------ secrets


def test_the_screen_shows_no_self_card_and_no_hand_before_the_game_reveals_them(tmp_path):
    script = "\n".join(["hand alice", *commands("found-after-a-dream")[:13]])
    result = run(
        "play", *EXAMPLES["found-after-a-dream"], "--record", str(tmp_path / "s.json"), input=script
    )
    out = result.output
    for secret in ("Oak", "Casablanca", "Penguin"):  # the Self cards of this deal
        assert secret not in out
    after = out.split("> hand alice\n", 1)[1].split("\n> ", 1)[0]
    assert "hands are shown only when the screen and the keyboard are a terminal" in after
    assert "Dream" not in after and "Ego" not in after  # alice's hand
    _, game = loads((tmp_path / "s.json").read_text(encoding="utf-8"))
    assert [p["self"] for p in game.summary()["players"]] == [None, None, None]
    assert "hand" not in json.dumps(game.summary()["players"][0]["field"])


def test_a_declaration_is_said_true_or_false_without_its_reason_during_play(tmp_path):
    result = run(
        "play",
        *EXAMPLES["found-after-a-dream"],
        "--record",
        str(tmp_path / "w.json"),
        input="play Ego\nplay Vertebrate\nplay Animal\n",
    )
    assert 'bob: "I am not Vertebrate!" — true: blue\n' in result.output
    assert 'carol: "I am not Animal!" — false: red ("You are wrong.")\n' in result.output
    assert 'alice: "Needless to say, I am Ego!" — the Ego card lies red\n' in result.output
    played = result.output.split("> play Ego", 1)[1]
    assert " is a " not in played and " is an " not in played  # no reason: it names the Self card


def test_the_trade_never_names_the_card_given(tmp_path):
    lines = commands("found-after-a-dream")[:3]  # then alice holds Dream, Flower
    script = "\n".join([*lines, "give alice 2", "undo", "give alice 2"])
    result = run(
        "play", *EXAMPLES["found-after-a-dream"], "--record", str(tmp_path / "t.json"), input=script
    )
    after = result.output.split("> give alice 2", 1)[1]
    assert "alice has chosen a card to give. Waiting for bob and carol." in after
    assert "undone: alice chooses a card to give to the left" in after
    assert "Flower" not in after
    record, _ = loads((tmp_path / "t.json").read_text(encoding="utf-8"))
    assert record.events[-1].to_json() == {"type": "give", "player": "alice", "card": "Flower"}


def test_a_gift_is_chosen_by_position_only_so_its_name_never_reaches_the_screen(tmp_path):
    lines = commands("found-after-a-dream")[:3]  # then alice holds Dream, Flower
    script = "\n".join([*lines, "give alice Flower", "give alice flower"])
    result = run(
        "play", *EXAMPLES["found-after-a-dream"], "--record", str(tmp_path / "t.json"), input=script
    )
    after = result.output.split("> give alice Flower", 1)[1]
    assert after.count("refused: give a card by its number in the hand, never by its name") == 2
    assert "Flower" not in after.replace("> give alice Flower", "").replace("flower", "")
    record, game = loads((tmp_path / "t.json").read_text(encoding="utf-8"))
    assert [e.TYPE for e in record.events] == ["play", "play", "play"] and not game.giving


def test_show_secrets_prints_the_deal_for_scripts_only_when_asked(tmp_path):
    result = run(
        "play",
        *EXAMPLES["everyone-lost"],
        "--record",
        str(tmp_path / "d.json"),
        "--show-secrets",
        input="hand bob\n",
    )
    assert (
        "[--show-secrets] the deal: alice is Casablanca, holds Plant, Flower; bob is Penguin, holds Animal, Dream"
        in result.output
    )
    assert "On the others' holders: alice Casablanca" in result.output


def test_a_hand_is_shown_privately_on_a_terminal(monkeypatch):
    record = Record(GAME, Setup(("alice", "bob"), 41, EXAMPLE_TEXT))
    session = Session(record, CogitoCommands())
    out = Console(file=io.StringIO(), force_terminal=True, width=100)
    monkeypatch.setattr(table_io.sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(out, "input", lambda *a, **k: "")
    renderer = CogitoRenderer(out, session)
    renderer.show(session.execute("hand alice"), False)
    text = out.file.getvalue()
    start, end = text.index("\x1b[?1049h"), text.index("\x1b[?1049l")
    assert "Plant" in text[start:end] and "Flower" in text[start:end]
    assert "On the others' holders: bob Penguin" in text[start:end]
    assert "Penguin" not in text[:start] + text[end:]  # the table never sees it


# --------------------------------------------------------------- records


def test_resume_continues_the_game_and_keeps_its_settings(tmp_path):
    record_path = tmp_path / "r.json"
    lines = commands("hands-empty-tie")
    run(
        "play",
        *EXAMPLES["hands-empty-tie"],
        "--record",
        str(record_path),
        input="\n".join(lines[:7]),
    )
    refused = run("play", "--players", "x,y", "--seed", "3", "--record", str(record_path))
    assert refused.exit_code == 1 and "drop --players, --seed to open" in refused.output
    resumed = run("play", "--record", str(record_path), input="\n".join(lines[7:]))
    assert resumed.exit_code == 0 and "Resuming" in resumed.output
    stored = json.loads((GAMES / "hands-empty-tie.json").read_text(encoding="utf-8"))
    record, game = loads(record_path.read_text(encoding="utf-8"))
    assert game.summary() == stored["summary"]
    assert [e.to_json() for e in record.events] == stored["events"]


def test_a_tampered_judgement_is_a_disagreement_exit_2(tmp_path):
    data = json.loads((GAMES / "found-after-a-dream.json").read_text(encoding="utf-8"))
    assert data["events"][7] == {
        "type": "play",
        "player": "bob",
        "card": "Flower",
        "position": "red",
    }
    data["events"][7]["position"] = "blue"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = run("replay", str(bad))
    assert result.exit_code == 2
    assert "event 8, field position: the deal says otherwise (why is not shown" in result.stderr
    assert "Flower" not in result.stderr  # the game is unfinished where it stops: no reason


def test_a_wrong_cogito_recorded_right_is_a_disagreement_exit_2(tmp_path):
    data = json.loads((GAMES / "everyone-lost.json").read_text(encoding="utf-8"))
    data["events"][-1]["right"] = True
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    result = run("replay", str(bad))
    assert result.exit_code == 2 and "field right" in result.stderr


def test_a_malformed_record_is_named_and_left_untouched(tmp_path):
    data = json.loads((GAMES / "found-after-a-dream.json").read_text(encoding="utf-8"))
    data["events"][3]["card"] = "Bird"  # not in alice's hand
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    before = hashlib.sha256(bad.read_bytes()).hexdigest()
    for args in (["play", "--record", str(bad)], ["replay", str(bad)]):
        result = run(*args, input="table\n")
        assert result.exit_code == 1
        assert "event 4, field card: the deal says otherwise" in result.output  # no hand shown
    assert hashlib.sha256(bad.read_bytes()).hexdigest() == before
    data["events"][0]["type"] = "dance"
    bad.write_text(json.dumps(data), encoding="utf-8")
    result = run("replay", str(bad))
    assert result.exit_code == 1 and "'dance' is not an event type of this game" in result.output


def test_an_unfinished_replay_keeps_the_self_cards_hidden(tmp_path):
    record_path = tmp_path / "u.json"
    run(
        "play",
        *EXAMPLES["found-after-a-dream"],
        "--record",
        str(record_path),
        input="\n".join(commands("found-after-a-dream")[:5]),
    )
    result = run("replay", str(record_path))
    assert result.exit_code == 0
    assert "The game is not over: Self cards and reasons stay hidden." in result.output
    for secret in ("Oak", "Casablanca", "Penguin"):
        assert secret not in result.output
    data = json.loads(run("replay", "--json", str(record_path)).stdout)
    assert "review" not in data and data["final"]["players"][0]["self"] is None


def test_refusals_record_nothing(tmp_path):
    record_path = tmp_path / "n.json"
    script = "\n".join(
        [
            "play Bird",
            "play bob Vertebrate",
            "give alice 1",
            "cogito alice Flower",
            "iam Oak",
            "end",
            "dance",
            "play",
        ]
    )
    result = run(
        "play", *EXAMPLES["found-after-a-dream"], "--record", str(record_path), input=script
    )
    out = result.output
    assert "refused: that card is not in alice's hand" in out
    assert "refused: it is alice's turn, not bob's" in out
    assert "refused: cards are given only in the trade, after the draw" in out
    assert "refused: 'Flower' is a category, not a Self card" in out
    assert "refused: nobody is waiting to name their Self card" in out
    assert "refused: the game ends by COGITO" in out
    assert "refused: unknown command 'dance'" in out
    assert "refused: say which card to reveal" in out
    record, _ = loads(record_path.read_text(encoding="utf-8"))
    assert record.events == ()


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
    name = "found-after-a-dream"
    lines = commands(name)  # each makes exactly one event
    record_path = tmp_path / "killed.json"
    start = [*referee("cogito", "play"), *EXAMPLES[name], "--record", str(record_path)]
    k, done = kill_midway(start, lines, record_path, _events)
    assert done in (k, k + 1), (k, done)  # whole, and every acknowledged event is there
    resumed = resume(referee("cogito", "play", "--record", str(record_path)), lines[done:])
    assert resumed.returncode == 0, resumed.stderr
    stored = json.loads((GAMES / f"{name}.json").read_text(encoding="utf-8"))
    record, final = loads(record_path.read_text(encoding="utf-8"))
    assert final.summary() == stored["summary"], f"killed after {k} commands"
    assert [e.to_json() for e in record.events] == stored["events"]
    assert leftovers(tmp_path) == []


def test_bad_settings_are_refused_before_the_deal(tmp_path):
    record = str(tmp_path / "x.json")
    cases = [
        (["--record", record], "name the players in seating order"),
        (["--players", "alice", "--record", record], "players: Cogito needs at least 2 players"),
        (
            ["--players", "alice,bob", "--house", "nope=1", "--record", record],
            "--house nope: unknown house rule",
        ),
        (
            ["--players", "alice,bob", "--first", "carol", "--record", record],
            "first: 'carol' is not one of the players",
        ),
        (["--players", "alice,Oak", "--record", record], "also the name of a card (Oak)"),
    ]
    for args, message in cases:
        result = run("play", *args)
        assert result.exit_code == 1, args
        assert message in result.stderr, result.stderr
    assert not (tmp_path / "x.json").exists()


def test_replay_step_walks_through_the_events():
    result = run("replay", "--step", str(GAMES / "everyone-lost.json"))
    assert result.exit_code == 0
    out = result.output
    assert "event 1: alice reveals Plant (red)\n" in out
    assert "event 3: alice chooses a card to give to the left\n" in out
    assert (
        'event 6: bob reveals Dream (none)\nbob: "Life is but a dream." — 1 card of the field goes back under the pile: Animal'
        in out
    )
    assert "Game over: a tie (every player fell into ego disruption)." in out
