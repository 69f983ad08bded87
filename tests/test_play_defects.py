"""Regression tests for the table defects of issue 8, each through the real command line."""

import json

import pytest
from click.testing import CliRunner

from referee.cli.main import main
from referee.palmer.terminal import HELP, HELP_EXAMPLES


def invoke(args, script=""):
    return CliRunner().invoke(main, args, input=script, catch_exceptions=False)


@pytest.mark.parametrize("timeout", ["0", "-1", "nan"])
def test_a_time_limit_that_is_not_positive_is_refused(tmp_path, timeout):
    record = tmp_path / "g.json"
    result = invoke(["play", "--players", "a,b", "--timeout", timeout, "--record", str(record)])
    assert result.exit_code == 2 and "--timeout" in result.output
    assert not record.exists()


def test_the_time_limit_is_recorded_and_a_resume_keeps_it(tmp_path):
    record = tmp_path / "g.json"
    args = ["play", "--players", "a,b", "--mode", "table", "--timeout", "0.7"]
    assert invoke([*args, "--record", str(record)], "pass\n").exit_code == 0
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["setup"]["claim_timeout"] == 0.7
    again = invoke(["play", "--timeout", "3", "--record", str(record)], "pass\n")
    assert again.exit_code == 1 and "drop --timeout" in again.output
    resumed = invoke(["play", "--record", str(record)], "pass\n")
    assert "claim time limit 0.7 s" in resumed.output
    assert "Resuming" in resumed.output and "1 events so far" in resumed.output


def test_every_example_in_the_help_is_accepted(tmp_path):
    """Defect: the help's own `play ? : happy(0)` was refused (unknown name '0')."""
    examples = HELP_EXAMPLES
    assert all(e in HELP.plain() for e in examples)
    for example in examples:
        record = tmp_path / f"g{examples.index(example)}.json"
        out = invoke(
            ["play", "--players", "a,b", "--mode", "table", "--record", str(record)], example + "\n"
        )
        assert "refused" not in out.output, (example, out.output)


def test_a_claim_about_at_least_n_objects_says_where_the_bound_comes_from(tmp_path):
    """Defect: the evidence said "(|L| < 10 on the board)" when the board said ≥ 10."""
    script = "\n".join(["play S12 n=11", "play S12 n=10", "claim 2"])
    record = tmp_path / "g.json"
    out = invoke(
        ["play", "--players", "a,b", "--mode", "table", "--record", str(record)], script
    ).output
    assert "claims #2 redundant: UPHELD" in out, out
    assert "on the board" not in out and "|L| < 10" not in out
