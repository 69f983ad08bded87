"""Every game's replay compares the record's stored summary with the one its events give.

A summary edited by hand made ``ergo replay`` and ``cogito replay`` say they
agreed (exit 0) while resuming the same file refused it. Now every replay
checks it as Invicta's did: exit 2, naming what differs, as resuming refuses.
"""

import json

import pytest
from click.testing import CliRunner

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


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_hand_edited_summary_is_a_disagreement_in_every_replay(tmp_path, name):
    group, start, script, key, lie = GAMES[name]
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
