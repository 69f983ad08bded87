"""`referee invicta play` and `referee invicta replay` as tables and tools use them.

The JSON contract of ``replay --json`` is pinned exactly (keys, order, values,
exit codes). The example games in examples/invicta/ are played again from
their scripts and must come out as their records; a game killed with SIGKILL
at a random move and resumed with --record must lose nothing.
"""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from killresume import kill_midway, leftovers, referee, resume

from referee.cli.main import main
from referee.invicta.records import GAME
from referee.table.errors import RecordError
from referee.table.record import loads

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "invicta"
PLAYERS = {
    "row-win": ("alice", "bob"),
    "diagonal-win": ("carol", "dave"),
    "repetition-draw": ("erin", "frank"),
}
KEYS = ["moves", "to_move", "winner", "draw", "illegal", "board", "in_hand"]


def invoke(*args, input=None):
    return CliRunner().invoke(main, ["invicta", *args], input=input, catch_exceptions=False)


def write(tmp_path, text, name="game.moves"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def replay_json(path, *extra):
    result = invoke("replay", "--json", *extra, str(path))
    data = json.loads(result.stdout) if result.stdout.strip() else None
    return result, data


def example_moves(name):
    text = (EXAMPLES / f"{name}.moves").read_text(encoding="utf-8")
    return [line.split("#")[0].strip() for line in text.splitlines() if line.split("#")[0].strip()]


# ------------------------------------------------------------ the JSON contract


def test_replay_json_of_a_move_list_is_exactly_the_contract(tmp_path):
    path = write(tmp_path, "b2\nb9\nd2\nd9\nf2\nf9\nh2\nh9\nb4\n")
    result, data = replay_json(path)
    assert result.exit_code == 0
    assert result.stdout.count("\n") == 1  # one line
    assert list(data) == KEYS
    assert data == {
        "moves": 9,
        "to_move": "black",
        "winner": None,
        "draw": False,
        "illegal": None,
        "board": {
            "b2": {"color": "white", "kind": "hollow"},
            "d2": {"color": "white", "kind": "hollow"},
            "f2": {"color": "white", "kind": "hollow"},
            "h2": {"color": "white", "kind": "hollow"},
            "b4": {"color": "white", "kind": "hollow"},
            "b9": {"color": "black", "kind": "hollow"},
            "d9": {"color": "black", "kind": "hollow"},
            "f9": {"color": "black", "kind": "hollow"},
            "h9": {"color": "black", "kind": "hollow"},
        },
        "in_hand": {"white": 7, "black": 8},
    }


def test_an_empty_move_list_is_the_starting_position(tmp_path):
    result, data = replay_json(write(tmp_path, "# nothing yet\n\n"))
    assert result.exit_code == 0
    assert data == {
        "moves": 0,
        "to_move": "white",
        "winner": None,
        "draw": False,
        "illegal": None,
        "board": {},
        "in_hand": {"white": 12, "black": 12},
    }


def test_lions_moves_and_promotion_in_the_json(tmp_path):
    path = write(tmp_path, "a1\ne5\na1-a7   # a slide\ne5-e4\n b2 \nE4-e3\nb2-b1  # promoted\n")
    result, data = replay_json(path)
    assert result.exit_code == 0 and data["illegal"] is None
    assert data["board"] == {
        "b1": {"color": "white", "kind": "lion"},
        "e3": {"color": "black", "kind": "hollow"},
        "a7": {"color": "white", "kind": "lion"},
    }
    assert (data["moves"], data["to_move"], data["in_hand"]) == (
        7,
        "black",
        {"white": 10, "black": 11},
    )


def test_an_illegal_move_stops_the_list_and_is_reported_with_its_number(tmp_path):
    path = write(tmp_path, "e5\nd4\ne5-f6\nd5\n")
    result, data = replay_json(path)
    assert result.exit_code == 0
    assert data["moves"] == 2 and data["to_move"] == "white"
    assert data["illegal"] == {
        "move": 3,
        "text": "e5-f6",
        "reason": "a hollow piece moves orthogonally, not diagonally: e5-f6",
    }
    assert set(data["board"]) == {"e5", "d4"}


@pytest.mark.parametrize(
    "moves, number, words",
    [
        ("e5\ne5\n", 2, "e5 is taken by the white hollow piece"),
        ("e5\ne5-e6\n", 2, "is white's: black moves black pieces"),
        ("e5\nd4\ne5-e7\n", 3, "one square at a time"),
        ("a5\nd4\na5-c5\n", 3, "a lion steps one square into the arena"),
        ("a1\na3\ne5\nc1\na1-a5\n", 5, "blocked: the black lion on a3 stands in the way"),
        ("c3-c4\n", 1, "there is no piece on c3"),
    ],
)
def test_illegal_moves_say_why(tmp_path, moves, number, words):
    result, data = replay_json(write(tmp_path, moves))
    assert result.exit_code == 0
    assert data["illegal"]["move"] == number and data["moves"] == number - 1
    assert words in data["illegal"]["reason"]


def test_a_thirteenth_placement_is_illegal(tmp_path):
    white = "b2 c2 e2 f2 b4 c4 e4 f4 b6 c6 e6 f6".split()
    black = "b8 c8 e8 f8 h2 h3 h5 h6 h8 g9 a9 d10".split()
    lines = [m for pair in zip(white, black, strict=True) for m in pair] + ["h4"]
    result, data = replay_json(write(tmp_path, "\n".join(lines) + "\n"))
    assert data["moves"] == 24 and data["illegal"]["move"] == 25
    assert "no pieces left to place" in data["illegal"]["reason"]
    assert data["in_hand"] == {"white": 0, "black": 0}


def test_a_move_after_the_end_of_the_game_is_illegal(tmp_path):
    text = (EXAMPLES / "row-win.moves").read_text(encoding="utf-8") + "a2\ne5-e4\n"
    result, data = replay_json(write(tmp_path, text))
    assert result.exit_code == 0
    assert data["moves"] == 17 and data["winner"] == "white" and data["to_move"] is None
    assert data["illegal"] == {
        "move": 18,
        "text": "a2",
        "reason": "the game is over: white has five in a row (a1 b1 c1 d1 e1)",
    }


def test_a_draw_by_repetition_in_the_json():
    result, data = replay_json(EXAMPLES / "repetition-draw.moves")
    assert result.exit_code == 0
    assert (data["moves"], data["to_move"], data["winner"], data["draw"]) == (12, None, None, True)


def test_house_rule_first_black_for_a_move_list(tmp_path):
    path = write(tmp_path, "e5\ne6\n")
    _, data = replay_json(path, "--house", "first=black")
    assert data["board"]["e5"]["color"] == "black" and data["to_move"] == "black"
    _, data = replay_json(path)
    assert data["board"]["e5"]["color"] == "white" and data["to_move"] == "white"


def test_a_line_that_is_not_a_move_is_a_parse_error_naming_line_and_column(tmp_path):
    path = write(tmp_path, "e5\n# comment\nd4\n  f6-j6  # off the board\n")
    result = invoke("replay", "--json", str(path))
    assert result.exit_code == 1
    assert result.stdout == ""
    assert "line 4, column 6" in result.stderr
    assert "j6 is not on the board" in result.stderr
    assert "  f6-j6" in result.stderr and "     ^^" in result.stderr


@pytest.mark.parametrize("text", ["hello\n", "e5\npass\n", "e5 e6 e7\n", "1. e5\n"])
def test_words_that_are_not_moves_exit_1(tmp_path, text):
    result = invoke("replay", "--json", str(write(tmp_path, text)))
    assert result.exit_code == 1 and result.stdout == ""
    assert "line" in result.stderr and "column" in result.stderr


def test_files_that_cannot_be_read_exit_1(tmp_path):
    result = invoke("replay", "--json", str(tmp_path / "missing.moves"))
    assert result.exit_code == 1 and "no such" in result.stderr
    result = invoke("replay", "--json", str(tmp_path))
    assert result.exit_code == 1
    (tmp_path / "latin1.moves").write_bytes(b"e5\n\xe9\n")
    result = invoke("replay", "--json", str(tmp_path / "latin1.moves"))
    assert result.exit_code == 1 and "UTF-8" in result.stderr


# ------------------------------------------------------------ records


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_example_records_replay_like_their_move_lists(name):
    record, game = loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"), GAME)
    assert [e.text for e in record.events] == example_moves(name)
    from_record, data = replay_json(EXAMPLES / f"{name}.json")
    from_list, listed = replay_json(EXAMPLES / f"{name}.moves")
    assert from_record.exit_code == 0 and from_list.exit_code == 0
    assert data == listed
    summary = game.summary()
    assert {k: data[k] for k in KEYS if k != "illegal"} == {
        k: summary[k] for k in KEYS if k != "illegal"
    }
    result = invoke("replay", str(EXAMPLES / f"{name}.json"))
    assert result.exit_code == 0
    assert f"agrees with all {len(record.events)} moves" in result.stdout


def test_examples_end_as_their_names_say():
    _, row = replay_json(EXAMPLES / "row-win.moves")
    _, diagonal = replay_json(EXAMPLES / "diagonal-win.moves")
    _, draw = replay_json(EXAMPLES / "repetition-draw.moves")
    assert row["winner"] == "white" and diagonal["winner"] == "white" and draw["draw"]
    stored = json.loads((EXAMPLES / "row-win.json").read_text(encoding="utf-8"))
    assert stored["summary"]["rows"] == [["a1", "b1", "c1", "d1", "e1"]]
    stored = json.loads((EXAMPLES / "diagonal-win.json").read_text(encoding="utf-8"))
    assert stored["summary"]["rows"] == [["a1", "b2", "c3", "d4", "e5"]]


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_example_games_play_again_from_their_scripts(tmp_path, name):
    white, black = PLAYERS[name]
    record_path = tmp_path / f"{name}.json"
    script = (EXAMPLES / f"{name}.txt").read_text(encoding="utf-8")
    result = invoke(
        "play", "--white", white, "--black", black, "--record", str(record_path), input=script
    )
    assert result.exit_code == 0, result.output
    stored = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    fresh = json.loads(record_path.read_text(encoding="utf-8"))
    assert fresh["events"] == stored["events"]
    assert fresh["summary"] == stored["summary"]
    assert fresh["setup"] == stored["setup"]


def test_replay_step_walks_through_every_move():
    result = invoke("replay", "--step", str(EXAMPLES / "diagonal-win.json"))
    assert result.exit_code == 0
    assert "move 1: white (carol) places on c3" in result.stdout
    assert "move 9: white (carol) moves i9-h8" in result.stdout
    assert "move 15: white (carol) places on a1" in result.stdout
    assert result.stdout.count("In hand:") == 15
    listed = invoke("replay", "--step", str(EXAMPLES / "diagonal-win.moves"))
    assert "move 2: black places on d3" in listed.stdout


def _edited(tmp_path, name, edit):
    data = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_record_holding_a_move_the_rules_refuse_exits_1_and_says_where(tmp_path):
    def edit(data):
        data["events"][2] = {"type": "move", "side": "white", "origin": "c3", "target": "c4"}

    path = _edited(tmp_path, "row-win", edit)
    result, data = replay_json(path)
    assert result.exit_code == 1
    assert data["moves"] == 2
    assert data["illegal"] == {"move": 3, "text": "c3-c4", "reason": "there is no piece on c3"}
    assert "event 3 (c3-c4)" in result.stderr


def test_a_record_whose_summary_is_not_what_its_moves_give_exits_2(tmp_path):
    def edit(data):
        data["summary"]["winner"] = "black"

    result = invoke("replay", str(_edited(tmp_path, "row-win", edit)))
    assert result.exit_code == 2
    assert "differs in winner" in result.stderr


@pytest.mark.parametrize(
    "edit, words",
    [
        (lambda d: d["events"][1].update(square="j5"), "event 2, field square"),
        (lambda d: d["events"][0].update(type="capture"), "event 1, field type"),
        (lambda d: d["setup"]["rules"].update(corners="two"), "setup.rules.corners"),
        (lambda d: d.update(game="palmer"), "not of 'invicta'"),
    ],
)
def test_a_malformed_record_is_named(tmp_path, edit, words):
    result = invoke("replay", "--json", str(_edited(tmp_path, "row-win", edit)))
    assert result.exit_code == 1
    assert words in result.stderr
    assert result.stdout == ""


def test_a_record_keeps_its_own_house_rules(tmp_path):
    result = invoke("replay", "--house", "first=black", str(EXAMPLES / "row-win.json"))
    assert result.exit_code == 1 and "drop --house" in result.stderr


# ------------------------------------------------------------ at the table


def test_a_scripted_session_refuses_with_reasons_lists_moves_and_undoes(tmp_path):
    record = tmp_path / "g.json"
    script = "\n".join(
        [
            "help",
            "e5",
            "e5",  # taken
            "d4",
            "moves e5",
            "e5-f6",  # diagonal
            "e5-e7",  # too far
            "d4-d3",  # not yours
            "j5",  # not a square
            "castle",  # not a command
            "a1",
            "undo",
            "moves",
            "rules",
            "board",
            "move d4",  # one square is a placement, not a move
            "place e5-e6",
            "move e5 e4",  # the long forms
            "place d3",
        ]
    )
    result = invoke(
        "play", "--white", "alice", "--black", "bob", "--record", str(record), input=script
    )
    out = result.stdout
    assert result.exit_code == 0, out
    assert "e5 is taken by the white hollow piece" in out
    assert "The white hollow piece on e5 may go to: e4 d5 f5 e6  (4)" in out
    assert "a hollow piece moves orthogonally, not diagonally: e5-f6" in out
    assert "a hollow piece moves one square at a time" in out
    assert "the black hollow piece on d4 is black's: white moves white pieces" in out
    assert "j5 is not on the board: the columns are a to i" in out
    assert "unknown command 'castle'" in out
    assert "undone: white (alice) places on a1" in out
    assert "white (alice) has 11 in hand" in out
    assert "  w e5: e4 d5 f5 e6" in out
    assert "corner_cut = no" in out and "first = white" in out
    assert "move your piece from e5 to e6" in out  # help
    assert "move takes two squares" in out and "place takes one square" in out
    stored = json.loads(record.read_text(encoding="utf-8"))
    assert stored["events"][2:] == [
        {"type": "move", "side": "white", "origin": "e5", "target": "e4"},
        {"type": "place", "side": "black", "square": "d3"},
    ]
    assert [e.get("square") for e in stored["events"][:2]] == ["e5", "d4"]


def test_the_board_tells_lions_from_hollow_pieces_and_marks_the_last_move(tmp_path):
    result = invoke(
        "play",
        "--white",
        "alice",
        "--black",
        "bob",
        "--record",
        str(tmp_path / "g.json"),
        input="a3\ne5\na3-a4\n",
    )
    last_board = result.stdout.rsplit("      a  b  c  d  e  f  g  h  i", 2)[-2]
    lines = {line.split()[0]: line for line in last_board.splitlines() if line.strip()}
    assert lines["4"].startswith("  4  [W]")  # a lion, just moved here
    assert lines["3"].startswith("  3  [+]")  # where it came from, now empty edge
    assert "  b " in lines["5"]  # a black hollow piece in the arena
    assert "In hand: white (alice) 11   black (bob) 11" in result.stdout
    assert "Move 4: black (bob) to play" in result.stdout


def test_names_are_shown_as_typed_never_as_markup(tmp_path):
    result = invoke(
        "play", "--white", "[bold]alice[/]", "--black", "bob", "--record",
        str(tmp_path / "g.json"), input="e5\n",
    )  # fmt: skip
    assert result.exit_code == 0
    assert "white ([bold]alice[/]) places a hollow piece on e5" in result.stdout
    result = invoke(
        "play", "--white", "al\x1b[2Jice", "--black", "bob", "--record",
        str(tmp_path / "h.json"), input="e5\n",
    )  # fmt: skip
    assert result.exit_code == 1 and "U+001B ESCAPE, which cannot be seen" in result.stderr
    assert "\x1b" not in result.stderr


def test_resume_continues_the_game_and_refuses_new_settings(tmp_path):
    record = tmp_path / "g.json"
    invoke("play", "--white", "alice", "--black", "bob", "--record", str(record), input="e5\nd4\n")
    result = invoke("play", "--white", "carol", "--record", str(record), input="e6\n")
    assert result.exit_code == 1 and "drop --white" in result.stderr
    result = invoke("play", "--house", "first=black", "--record", str(record), input="e6\n")
    assert result.exit_code == 1 and "drop --house" in result.stderr
    result = invoke("play", "--record", str(record), input="e6\n")
    assert result.exit_code == 0
    assert "Resuming" in result.stdout and "2 moves so far" in result.stdout
    _, game = loads(record.read_text(encoding="utf-8"), GAME)
    assert game.moves == 3 and game.to_move.value == "black"


@pytest.mark.parametrize(
    "args, words",
    [
        (["--white", "alice"], "name the players"),
        (["--white", "alice", "--black", "alice"], "are the same name"),
        (["--players", "alice"], "played by two"),
        (["--players", "alice,bob,carol"], "played by two"),
        (["--players", "alice,bob", "--white", "carol"], "not both"),
        (["--players", "alice,ALICE"], "are the same name"),
        (["--white", "alice", "--black", "bob", "--house", "corners=two"], "one of any, one"),
        (["--white", "alice", "--black", "bob", "--house", "gravity=on"], "unknown house rule"),
    ],
)
def test_play_refuses_bad_settings(tmp_path, args, words):
    result = invoke("play", *args, "--record", str(tmp_path / "g.json"), input="")
    assert result.exit_code == 1
    assert words in result.stderr
    assert not (tmp_path / "g.json").exists()


def test_players_names_white_then_black_as_the_other_games_take_them(tmp_path):
    record = tmp_path / "g.json"
    result = invoke("play", "--players", "alice,bob", "--record", str(record), input="e5\n")
    assert result.exit_code == 0, result.stderr
    _, game = loads(record.read_text(encoding="utf-8"), GAME)
    assert (game.setup.white, game.setup.black) == ("alice", "bob") and game.moves == 1


def test_house_rules_are_kept_in_the_record(tmp_path):
    record = tmp_path / "g.json"
    result = invoke(
        "play",
        "--white",
        "alice",
        "--black",
        "bob",
        "--house",
        "first=black",
        "--house",
        "corner_cut=yes",
        "--record",
        str(record),
        input="e5\nrules\n",
    )
    assert result.exit_code == 0
    stored = json.loads(record.read_text(encoding="utf-8"))
    assert stored["setup"]["rules"] == {
        "first": "black",
        "corner_cut": True,
        "corners": "any",
        "blocked": "pass",
    }
    assert stored["events"] == [{"type": "place", "side": "black", "square": "e5"}]


def test_undo_takes_back_the_winning_move_and_play_goes_on(tmp_path):
    record = tmp_path / "g.json"
    script = "\n".join([*example_moves("row-win"), "g1", "undo", "g1", ""])
    result = invoke(
        "play", "--white", "alice", "--black", "bob", "--record", str(record), input=script
    )
    out = result.stdout
    assert "Game over: white (alice) wins with five in a row (a1 b1 c1 d1 e1)." in out
    assert "refused: the game is over: white has five in a row" in out
    assert "undone: white (alice) places on a1" in out
    assert "white (alice) places a lion on g1" in out
    _, game = loads(record.read_text(encoding="utf-8"), GAME)
    assert game.moves == 17 and not game.finished and game.to_move.value == "black"


def test_a_player_with_no_move_is_passed_over_and_told_why(tmp_path):
    blocking = "e1 a1 e2 b1 e3 c1 a4 d1 b4 a2 c4 a3 d4 b2 g7 c2 i9 d2 g9 b3 c9 c3 h6 d3"
    script = "\n".join([*blocking.split(), "g7-g6", "moves", "g6-g7", ""])
    result = invoke(
        "play", "--white", "alice", "--black", "bob", "--record", str(tmp_path / "g.json"),
        input=script,
    )  # fmt: skip
    out = result.stdout
    assert "black (bob) has no legal move, so white (alice) moves again" in out
    assert "Move 26: white (alice) to play" in out
    assert "white (alice) moves g6-g7" in out
    lost = invoke(
        "play", "--white", "alice", "--black", "bob", "--house", "blocked=lose",
        "--record", str(tmp_path / "h.json"), input=script,
    )  # fmt: skip
    assert "white (alice) wins: black (bob) cannot move (house rule blocked=lose)" in lost.stdout


# ------------------------------------------------------------ kill and resume


def _moves_recorded(path: Path) -> int:
    try:
        _, game = loads(path.read_text(encoding="utf-8"), GAME)
    except (FileNotFoundError, RecordError):
        return -1
    return game.moves


@pytest.mark.parametrize("trial", range(2))
def test_killing_play_at_a_random_move_and_resuming_loses_nothing(tmp_path, trial):
    moves = example_moves("row-win")  # each line makes exactly one move
    record_path = tmp_path / "killed.json"
    start = [*referee("invicta", "play"), "--white", "alice", "--black", "bob"]
    k, done = kill_midway(
        [*start, "--record", str(record_path)], moves, record_path, _moves_recorded
    )
    assert done in (k, k + 1), (k, done)  # whole, and every acknowledged move is there
    resumed = resume(referee("invicta", "play", "--record", str(record_path)), moves[done:], 120)
    assert resumed.returncode == 0, resumed.stderr
    stored = json.loads((EXAMPLES / "row-win.json").read_text(encoding="utf-8"))
    final = json.loads(record_path.read_text(encoding="utf-8"))
    assert final["events"] == stored["events"], f"killed after {k} moves"
    assert final["summary"] == stored["summary"]
    assert leftovers(tmp_path) == []
