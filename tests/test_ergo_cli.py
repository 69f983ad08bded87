"""`referee ergo check / play / replay` as tables and tools use them.

`check` is a contract others test against: its JSON shape and exit codes are
pinned here exactly. The example rounds in examples/ergo/ are played again
from their scripts and must come out as their records; every record replays
with today's referee agreeing; a game killed with SIGKILL at a random event
and resumed with --record loses nothing.
"""

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from killresume import kill_midway, leftovers, referee, resume

from referee.cli.main import main
from referee.ergo.records import GAME
from referee.table.errors import RecordError
from referee.table.record import loads as load_record

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "ergo"
GAMES = {
    "review-round": ["--players", "ann,bob,cat", "--mode", "table", "--win", "10"],
    "paradox": ["--players", "ann,bob,cat,dan", "--mode", "table"],
    "pile-spent": ["--players", "ann,bob,cat", "--seed", "6"],
}


def loads(text):
    return load_record(text, GAME)


def invoke(*args, input=None):
    return CliRunner().invoke(main, ["ergo", *args], input=input, catch_exceptions=False)


def proof_file(tmp_path, text, name="proof.txt"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# ------------------------------------------------------------------ check: the contract


def test_check_json_is_the_contract_for_the_reviews_example():
    result = invoke("check", "--json", str(EXAMPLES / "review.txt"))
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "premises": [
            {"line": 1, "text": "A ∨ B", "reading": "(A ∨ B)", "cards": 3},
            {"line": 2, "text": "¬ B ∧ C", "reading": "(¬B ∧ C)", "cards": 4},
            {"line": 3, "text": "¬ ( ¬ C )", "reading": "¬(¬C)", "cards": 5},
            {"line": 4, "text": "D", "reading": "D", "cards": 1},
        ],
        "cards": 13,
        "variables": ["A", "B", "C", "D"],
        "ergo_allowed": True,
        "paradox": False,
        "proven": ["A", "C", "D"],
        "disproven": ["B"],
        "points": {"A": 13, "B": 0, "C": 13, "D": 13},
    }
    # exactly these keys, in this order
    assert list(json.loads(result.stdout)) == [
        "premises",
        "cards",
        "variables",
        "ergo_allowed",
        "paradox",
        "proven",
        "disproven",
        "points",
    ]


def test_check_json_for_a_paradox_and_a_proof_without_every_variable(tmp_path):
    result = invoke("check", "--json", proof_file(tmp_path, "a and b or c\n~A\n"))
    data = json.loads(result.stdout)
    assert result.exit_code == 0
    assert data["premises"][0] == {
        "line": 1,
        "text": "A ∧ B ∨ C",
        "reading": "(A ∧ (B ∨ C))",
        "cards": 5,
    }
    assert data["variables"] == ["A", "B", "C"] and data["ergo_allowed"] is False
    assert data["paradox"] is True
    assert data["points"] == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert data["proven"] == data["disproven"] == ["A", "B", "C", "D"]


def test_check_json_line_is_the_premise_number_and_comments_are_skipped(tmp_path):
    text = "# a Proof\n\nA THEN B   # the first premise\n# more\nNOT b\n"
    data = json.loads(invoke("check", "--json", proof_file(tmp_path, text)).stdout)
    assert [p["line"] for p in data["premises"]] == [1, 2]
    assert data["disproven"] == ["A", "B"] and data["proven"] == []
    assert data["points"] == {"A": 0, "B": 0, "C": 0, "D": 0} and data["cards"] == 5


def test_check_an_empty_proof(tmp_path):
    data = json.loads(invoke("check", "--json", proof_file(tmp_path, "# nothing yet\n")).stdout)
    assert data == {
        "premises": [],
        "cards": 0,
        "variables": [],
        "ergo_allowed": False,
        "paradox": False,
        "proven": [],
        "disproven": [],
        "points": {"A": 0, "B": 0, "C": 0, "D": 0},
    }


@pytest.mark.parametrize(
    "text, lines",
    [
        (
            "A OR B\nNOT NOT C\n",
            [
                "error: {path}: premise 2, card 1 'NOT' (line 2, column 1): "
                "two NOTs in a row only with parentheses: NOT ( NOT A ), never NOT NOT A",
                "  NOT NOT C",
                "  ^^^^^^^",
            ],
        ),
        (
            "A B\n",
            [
                "error: {path}: premise 1, card 2 'B' (line 1, column 3): "
                "a variable is never next to a variable",
                "  A B",
                "    ^",
            ],
        ),
        (
            "# x\nA  and  OR B\n",
            [
                "error: {path}: premise 1, card 3 'OR' (line 2, column 9): "
                "an operator (AND, OR, THEN) is never next to an operator",
                "  A  and  OR B",
                "          ^^",
            ],
        ),
        (
            "( A AND B\n",
            [
                "error: {path}: premise 1, card 1 '(' (line 1, column 1): "
                "parentheses are played as a pair and never left unpaired",
                "  ( A AND B",
                "  ^",
            ],
        ),
        (
            "A\nB\nC\nD\nA\n",
            [
                "error: {path}: premise 5, card 1 'A' (line 5, column 1): "
                "the Proof has at most four premises",
                "  A",
                "  ^",
            ],
        ),
        (
            "A OR E\n",
            [
                "error: {path}: premise 1, card 3 'E' (line 1, column 6): "
                "'E' is not an Ergo card (A B C D, AND OR THEN NOT, ∧ ∨ → ¬, ( ))",
                "  A OR E",
                "       ^",
            ],
        ),
    ],
)
def test_an_illegal_proof_exits_1_naming_premise_card_and_rule_with_a_caret(tmp_path, text, lines):
    path = proof_file(tmp_path, text)
    for args in (["check", path], ["check", "--json", path]):
        result = invoke(*args)
        assert result.exit_code == 1
        assert result.stdout == ""
        assert result.stderr.splitlines() == [line.format(path=path) for line in lines]


def test_check_with_the_reviews_deck_and_house_rules(tmp_path):
    eight = proof_file(tmp_path, "( ( ( ( A ) ) ) )\n")
    assert invoke("check", "--json", eight).exit_code == 0
    refused = invoke("check", "--json", "--deck", "review", eight)
    assert refused.exit_code == 1 and "the deck has 6 parenthesis cards" in refused.stderr
    deck = ROOT / "cards" / "ergo-review.toml"
    assert invoke("check", "--deck", str(deck), eight).exit_code == 1
    chain = proof_file(tmp_path, "A THEN B THEN C\n", "chain.txt")
    right = json.loads(invoke("check", "--json", chain).stdout)
    left = json.loads(invoke("check", "--json", "--house", "then_chain=left", chain).stdout)
    assert right["premises"][0]["reading"] == "(A → (B → C))"
    assert left["premises"][0]["reading"] == "((A → B) → C)"
    refuse = invoke("check", "--house", "then_chain=refuse", chain)
    assert refuse.exit_code == 1 and "card 4 'THEN'" in refuse.stderr
    bad = invoke("check", "--house", "then_chain=up", chain)
    assert bad.exit_code == 1 and "expected one of right, left, refuse" in bad.stderr


def test_check_refuses_unreadable_input(tmp_path):
    missing = invoke("check", str(tmp_path / "none.txt"))
    assert missing.exit_code == 1 and "no such Proof file" in missing.stderr
    (tmp_path / "bin.txt").write_bytes(b"A \xff\n")
    assert invoke("check", str(tmp_path / "bin.txt")).exit_code == 1
    (tmp_path / "deck.toml").write_text('[cards]\nA = "four"\n', encoding="utf-8")
    bad_deck = invoke("check", "--deck", str(tmp_path / "deck.toml"), str(EXAMPLES / "review.txt"))
    assert bad_deck.exit_code == 1 and "cards.A: must be a whole number" in bad_deck.stderr


def test_check_for_people_shows_readings_verdicts_and_evidence(tmp_path):
    result = invoke("check", str(EXAMPLES / "review.txt"))
    out = result.stdout
    assert result.exit_code == 0
    assert "reads (¬B ∧ C)" in out and "reads ¬(¬C)" in out
    assert "A: PROVEN (worth 13)" in out and "B: disproven" in out
    assert "disjunctive syllogism from lines 1 and 3" in out and "simplification from line 2" in out
    assert "If the round ends now, A, C and D score 13 points each." in out
    open_ = invoke("check", proof_file(tmp_path, "A OR B\n")).stdout
    assert "A: undecided: the premises allow it either way" in open_
    assert "true in  A=T B=T C=T D=T" in open_ and "false in A=F B=T C=T D=T" in open_
    clash = invoke("check", proof_file(tmp_path, "A\nNOT A\n", "clash.txt")).stdout
    assert "PARADOX: premises 1 and 2 cannot all hold" in clash
    assert "contradiction from lines 1 and 2" in clash and "nobody scores" in clash


# ------------------------------------------------------------------ play and replay


def essentials(event: dict) -> dict:
    """An event without its evidence, which a loaded machine may write differently (a
    derivation not found in time): the verdict and the points stay."""
    data = event if isinstance(event, dict) else event.to_json()
    if data.get("type") != "score":
        return data
    out = {k: v for k, v in data.items() if k != "ruling"}
    out["decision"] = data["ruling"]["decision"]
    return out


@pytest.mark.parametrize("name", sorted(GAMES))
def test_example_rounds_play_again_from_their_scripts(tmp_path, name):
    record_path = tmp_path / f"{name}.json"
    script = (EXAMPLES / f"{name}.txt").read_text(encoding="utf-8")
    result = invoke("play", *GAMES[name], "--record", str(record_path), input=script)
    assert result.exit_code == 0, result.output
    record, played = loads(record_path.read_text(encoding="utf-8"))
    stored = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    assert [essentials(e) for e in record.events] == [essentials(e) for e in stored["events"]]
    assert played.summary() == stored["summary"]


def test_the_examples_end_as_they_say():
    def summary(name):
        return json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))["summary"]

    review = summary("review-round")
    assert review["rounds"][0]["awards"] == {"ann": 13, "bob": 0, "cat": 13}
    assert review["finished"] and review["winners"] == ["ann", "cat"]
    paradox = summary("paradox")["rounds"][0]
    assert paradox["paradox"] and paradox["reason"] == "ergo"
    assert set(paradox["awards"].values()) == {0}
    pile = summary("pile-spent")["rounds"][0]
    assert pile["reason"] == "pile" and not pile["paradox"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_example_replays_with_todays_referee_agreeing(name):
    result = invoke("replay", str(EXAMPLES / f"{name}.json"))
    assert result.exit_code == 0, result.output
    assert "Today's referee agrees with all" in result.stdout
    report = json.loads(invoke("replay", "--json", str(EXAMPLES / f"{name}.json")).stdout)
    assert report["agrees"] is True and report["stopped_at"] is None


def test_replay_reports_a_ruling_today_disagrees_with(tmp_path):
    data = json.loads((EXAMPLES / "review-round.json").read_text(encoding="utf-8"))
    score = data["events"][-1]
    assert score["type"] == "score"
    score["ruling"]["decision"]["proven"] = ["A", "D"]  # the rule sheet's sample verdict
    score["awards"][2]["points"] = 0  # cat (C) is no longer proven
    data.pop("summary")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = invoke("replay", str(bad))
    assert result.exit_code == 2
    assert "event 16, ruling.decision.proven: the record says [A, D], today [A, C, D]" in (
        result.stdout
    )
    # a derivation that no longer proves what it says is reported too
    score["ruling"]["decision"]["proven"] = ["A", "C", "D"]
    score["awards"][2]["points"] = 13
    score["ruling"]["evidence"][0]["derivation"]["text"] = "1. A   by board 4\n"
    bad.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = invoke("replay", str(bad))
    assert result.exit_code == 2 and "ruling.evidence[0].derivation" in result.stdout


def test_a_move_todays_rules_refuse_stops_replay_and_play(tmp_path):
    data = json.loads((EXAMPLES / "paradox.json").read_text(encoding="utf-8"))
    data["events"][2]["cards"][1]["card"] = {"card": "B", "face": "B"}  # ¬ B twice over
    data["events"][2]["cards"][0]["card"] = {"card": "A", "face": "A"}  # A A: not well formed
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    for args in (["replay", str(bad)], ["play", "--record", str(bad)]):
        result = invoke(*args, input="")
        assert result.exit_code == 1
        assert "event 3, field cards" in result.stderr, result.stderr


def test_resume_refuses_new_settings_and_continues(tmp_path):
    record_path = tmp_path / "r.json"
    lines = (EXAMPLES / "paradox.txt").read_text(encoding="utf-8").splitlines()
    first, rest = "\n".join(lines[:8]), "\n".join(lines[8:])
    invoke("play", *GAMES["paradox"], "--record", str(record_path), input=first)
    refused = invoke("play", "--players", "x,y", "--record", str(record_path), input="")
    assert refused.exit_code == 1 and "drop --players to open" in refused.stderr
    resumed = invoke("play", "--record", str(record_path), input=rest)
    assert resumed.exit_code == 0 and "Resuming" in resumed.stdout
    stored = json.loads((EXAMPLES / "paradox.json").read_text(encoding="utf-8"))
    _, game = loads(record_path.read_text(encoding="utf-8"))
    assert game.summary() == stored["summary"]


def test_play_refuses_bad_settings():
    assert "name the players" in invoke("play", input="").stderr
    one = invoke("play", "--players", "ann", input="")
    assert one.exit_code == 1 and "2-4 players" in one.stderr
    same = invoke("play", "--players", "ann=A,bob=A", input="")
    assert same.exit_code == 1 and "a variable of their own" in same.stderr
    house = invoke("play", "--players", "ann,bob", "--house", "nope=1", input="")
    assert house.exit_code == 1 and "unknown house rule" in house.stderr


def test_players_may_choose_their_variables(tmp_path):
    record_path = tmp_path / "v.json"
    result = invoke(
        "play",
        "--players",
        "ann=C,bob",
        "--mode",
        "table",
        "--record",
        str(record_path),
        input="scores\n",
    )
    assert result.exit_code == 0
    assert "ann is C, bob is A" in result.stdout


def test_the_ergo_group_is_registered():
    result = CliRunner().invoke(main, ["--help"])
    assert "ergo" in result.output
    assert "check" in invoke("--help").output


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
    name = "paradox"
    commands = [
        line
        for line in (EXAMPLES / f"{name}.txt").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]  # each makes one event, but the last (ergo) makes two: the Ergo and the Score
    # trial 1 kills during the Ergo, whose command makes two events (Ergo, then Score)
    k = len(commands) - 1 if trial == 1 else random.randrange(1, len(commands))
    record_path = tmp_path / "killed.json"
    start = [*referee("ergo", "play"), *GAMES[name], "--record", str(record_path)]
    k, done = kill_midway(start, commands, record_path, _events, window=0.4, k=k)
    assert k <= done <= k + 2, (k, done)  # whole, and every acknowledged event is there
    if done < len(commands):
        remaining = commands[done:]
    else:  # the last command (ergo) makes two events: the Ergo, then the round's Score
        remaining = ["score"] if done == len(commands) else []
    resumed = resume(referee("ergo", "play", "--record", str(record_path)), remaining)
    assert resumed.returncode == 0, resumed.stderr
    stored = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    record, final = loads(record_path.read_text(encoding="utf-8"))
    assert final.summary() == stored["summary"], f"killed after {k} commands"
    assert [essentials(e) for e in record.events] == [essentials(e) for e in stored["events"]]
    assert leftovers(tmp_path) == []


def test_player_names_are_shown_as_typed_never_as_terminal_codes(tmp_path):
    """A name holding an escape sequence or markup reaches the screen made visible."""
    name = "an\x1b[31mX[bold]"
    script = "play A at 1:0\nplay OR at 1:1\nplay B at 1:2\nend\n"
    args = ["--players", f"{name},bob", "--mode", "table", "--record", str(tmp_path / "g.json")]
    result = invoke("play", *args, input=script)  # a new game refuses it (the name rule) ...
    assert result.exit_code == 1 and "U+001B ESCAPE, which cannot be seen" in result.output
    assert "\x1b" not in result.output
    # ... and a record made before the rule still plays, the name made visible
    from referee.ergo.decks import bundled_deck_path as ergo_deck_path
    from referee.ergo.setup import HouseRules, Mode, Seat, Settings, Setup
    from referee.table.record import Record, dumps

    seats = (Seat(name, "A"), Seat("bob", "B"))
    deck = ergo_deck_path("english").read_text(encoding="utf-8")
    old = Record(GAME, Setup(Settings(seats, Mode.TABLE, 1), HouseRules(), deck, "ergo.toml"))
    (tmp_path / "old.json").write_text(dumps(old), encoding="utf-8")
    result = invoke("play", "--record", str(tmp_path / "old.json"), input=script)
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output
    assert "an\\x1b[31mX[bold]" in result.output
