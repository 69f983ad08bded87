"""Resuming with the very command line a game began with (``--seed`` and all) is resuming,
not new settings; any other setting is still refused (issue 37's table finding)."""

from __future__ import annotations

from click.testing import CliRunner

from referee.cli.main import main


def run(*args: str, script: str = "") -> object:
    return CliRunner().invoke(main, list(args), input=script)


def test_the_same_command_line_with_a_seed_resumes_the_game(tmp_path):
    record = str(tmp_path / "g.json")
    line = (
        "play",
        "--players",
        "ann,bob",
        "--seed",
        "7",
        "--house",
        "hints=yes",
        "--record",
        record,
    )
    first = run(*line, script="pass\n")
    assert first.exit_code == 0, first.output
    again = run(*line, script="pass\n")
    assert again.exit_code == 0, again.output
    assert "Resuming" in again.output and "1 events so far" in again.output
    for other in (("--seed", "8"), ("--house", "hints=no"), ("--win", "5")):
        changed = run("play", "--players", "ann,bob", "--record", record, *other)
        assert changed.exit_code == 1 and "already holds a game" in changed.output


def test_a_game_begun_without_a_seed_resumes_with_its_command_line_too(tmp_path):
    record = str(tmp_path / "g.json")
    line = ("ergo", "play", "--players", "ann,bob", "--record", record)
    assert run(*line, script="").exit_code == 0
    again = run(*line)
    assert again.exit_code == 0 and "Resuming" in again.output, again.output
    refused = run("ergo", "play", "--players", "ann,cat", "--record", record)
    assert refused.exit_code == 1 and "drop --players" in refused.output
