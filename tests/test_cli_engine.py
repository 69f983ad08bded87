"""``referee entails`` and ``referee analyze``: the JSON contract, exit codes, clean errors."""

import json

from click.testing import CliRunner

from referee.cli.main import main
from referee.resources import data_path

BOARDS = data_path("examples", "boards")


def run(*args):
    result = CliRunner().invoke(main, list(args))
    return result


def test_entails_json_contract():
    r = run(
        "entails",
        "--json",
        "-p",
        "∀x smarter(father(x), x)",
        "-p",
        "∀x ∀y ¬smarter(x, y)",
        "∃x happy(x)",
    )
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert set(out) == {"verdict", "used", "countermodel", "seconds"}
    assert out["verdict"] == "entailed" and out["used"] == [1, 2] and out["countermodel"] is None


def test_entails_countermodel_from_a_board_file():
    r = run("entails", "--json", "--board", str(BOARDS / "engine-blonde.txt"), "∀x likes(x, x)")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["verdict"] == "not_entailed"
    assert out["countermodel"]["size"] == 3


def test_entails_leads_with_its_verdict_and_draws_the_model_on_asking():
    r = run("entails", "-p", "∃x blonde(x)", "∀x blonde(x)")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0].startswith("NOT ENTAILED") and len(lines) <= 6
    assert "the goal fails in it: take x = e" in r.output and "blonde(e" in r.output
    assert "domain" not in r.output and "--detail" in lines[-1]
    r = run("entails", "--detail", "-p", "∃x blonde(x)", "∀x blonde(x)")
    assert r.output.startswith("NOT ENTAILED") and "domain" in r.output and "blonde" in r.output


def test_the_readme_first_command_leaves_its_verdict_on_a_24_row_screen():
    r = run("analyze", str(BOARDS / "fathers.txt"))
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0].startswith("board: CONSISTENT") and len(lines) < 24
    assert "--detail" in lines[-1] and "domain" not in r.output
    detail = run("analyze", "--detail", str(BOARDS / "fathers.txt")).output
    assert detail.startswith("board: CONSISTENT") and "domain" in detail and "evidence" in detail


def test_undetermined_is_exit_code_zero():
    r = run(
        "entails",
        "--json",
        "--timeout",
        "0.5",
        "-p",
        "∀x ∃y smarter(y, x)",
        "-p",
        "∀x ∀y ∀z (smarter(x, y) ∧ smarter(y, z)) → smarter(x, z)",
        "-p",
        "∀x ¬smarter(x, x)",
        "∃x ∀y x = y",
    )
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["verdict"] == "undetermined"


def test_bad_goal_is_a_clean_error():
    r = run("entails", "∃x happy(x")
    assert r.exit_code == 1
    assert "Traceback" not in r.output
    assert "^" in r.output and "line 1" in r.output


def test_analyze_json_contract():
    r = run("analyze", "--json", str(BOARDS / "engine-finite.txt"))
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert set(out) == {"consistency", "conflict", "statements", "seconds"}
    assert out["consistency"] == "consistent" and out["conflict"] == []
    rows = {s["index"]: s for s in out["statements"]}
    assert rows[4]["redundant"] == "yes" and set(rows[4]["used"]) >= {2, 3}
    assert rows[1]["redundant"] == "no"
    assert all(set(s) == {"index", "text", "redundant", "used"} for s in out["statements"])


def test_analyze_inconsistent_board(tmp_path):
    board = tmp_path / "b.txt"
    board.write_text(
        "∀x smarter(father(x), x)\n∃x happy(x)\n∀x ∀y ¬smarter(x, y)\n", encoding="utf-8"
    )
    r = run("analyze", "--json", str(board))
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["consistency"] == "inconsistent" and out["conflict"] == [1, 3]
    assert [s["redundant"] for s in out["statements"]][1] == "yes"
    r = run("analyze", str(board))
    assert "INCONSISTENT" in r.output


def test_analyze_bad_board_points_at_the_line(tmp_path):
    board = tmp_path / "bad.txt"
    board.write_text("∃x happy(x)\n∀x blonde(x) →\n", encoding="utf-8")
    r = run("analyze", str(board))
    assert r.exit_code == 1 and "line 2" in r.output and "Traceback" not in r.output
