"""Every game's replay compares the record's stored summary with the one its events give.

A summary edited by hand made ``ergo replay`` and ``cogito replay`` say they
agreed (exit 0) while resuming the same file refused it. Now every replay
checks it as Invicta's did: exit 2, naming what differs, as resuming refuses.
"""

import json

import listed
import pytest
from click.testing import CliRunner
from webtable import web_game

from referee.cli.main import main

GAMES = {
    "palmer": (
        [],
        ["--players", "ann,bob", "--mode", "table"],
        "play blonde : forall x blonde(x)\n",
        "names",
        {"c": 1},
    ),
    "ergo": (
        ["ergo"],
        ["--players", "ann,bob", "--mode", "table", "--seed", "1"],
        "play A\n",
        "proof",
        ["A", "B"],
    ),
    "cogito": (
        ["cogito"],
        ["--players", "ann,bob,cat", "--seed", "1"],
        "play 1\n",
        "winner",
        "ann",
    ),
    "invicta": (
        ["invicta"],
        ["--white", "ann", "--black", "bob"],
        "e5\n",
        "winner",
        "ann",
    ),
}


def run(*args, input=""):
    return CliRunner().invoke(main, list(args), input=input)


def any_game(name: str) -> tuple:
    """A game of the list the table above has no line for: its players named, the first
    move it lists, its summary's first key told a lie."""
    game = listed.registration(name)
    listed.needs_legal(game)  # the one move played is one it lists
    args = listed.play_args(game)
    group, start = args[: args.index("play")], args[args.index("play") + 1 :]
    state = web_game(name).start(listed.options(game)).rebuild()
    line = next(line for p in state.players for line in game.legal(state, p))
    return group, start, line + "\n", next(iter(state.summary())), "edited by hand"


@pytest.mark.parametrize("name", listed.names())
def test_a_hand_edited_summary_is_a_disagreement_in_every_replay(tmp_path, name):
    group, start, script, key, lie = GAMES[name] if name in GAMES else any_game(name)
    path = tmp_path / "g.json"
    played = run(*group, "play", *start, "--record", str(path), input=script)
    assert played.exit_code == 0, played.output
    assert run(*group, "replay", str(path)).exit_code == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    assert key in data["summary"], data["summary"]
    data["summary"][key] = lie
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    for extra in ([], ["--json"]):
        result = run(*group, "replay", *extra, str(path))
        assert result.exit_code == 2, (extra, result.output)
        assert "summary" in result.stderr and key in result.stderr
    resumed = run(*group, "play", "--record", str(path), input="q\n")
    assert resumed.exit_code == 1 and "summary" in resumed.output
