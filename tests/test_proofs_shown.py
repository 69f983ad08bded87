"""Issue 12: an upheld claim, an entailment and an inconsistency come with a derivation the
referee wrote, that its own checker (and `referee derive`) accepts."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli.main import main

BOARDS = Path(__file__).resolve().parent.parent / "examples" / "boards"


def invoke(args, script=""):
    return CliRunner().invoke(main, args, input=script, catch_exceptions=False)


def derive_accepts(tmp_path, board_text: str, derivation: str) -> dict:
    board = tmp_path / "board.txt"
    board.write_text(board_text, encoding="utf-8")
    proof = tmp_path / "proof.txt"
    proof.write_text(derivation, encoding="utf-8")
    result = invoke(["derive", "--json", str(board), str(proof)])
    data = json.loads(result.output)
    assert result.exit_code == 0 and data["ok"], data
    return data


def test_entails_writes_a_derivation_derive_accepts(tmp_path):
    board = (BOARDS / "fathers.txt").read_text(encoding="utf-8")
    goal = "∀x ¬likes(x, father(x))"
    result = invoke(["entails", "--json", "--proof", "--board", str(BOARDS / "fathers.txt"), goal])
    data = json.loads(result.output)
    assert data["verdict"] == "entailed" and data["derivation"]
    checked = derive_accepts(tmp_path, board, data["derivation"])
    assert checked["conclusion"] == goal and set(checked["rests_on"]) <= set(data["used"])
    # without --proof the JSON contract is unchanged
    plain = json.loads(
        invoke(["entails", "--json", "--board", str(BOARDS / "fathers.txt"), goal]).output
    )
    assert set(plain) == {"verdict", "used", "countermodel", "seconds"}


def test_analyze_writes_derivations_for_the_clash_and_each_redundancy(tmp_path):
    path = BOARDS / "inconsistent.txt"
    data = json.loads(invoke(["analyze", "--json", "--proof", str(path)]).output)
    assert data["consistency"] == "inconsistent" and data["derivation"]
    checked = derive_accepts(tmp_path, path.read_text(encoding="utf-8"), data["derivation"])
    assert checked["inconsistent"] and set(checked["rests_on"]) <= set(data["conflict"])
    proved = [row for row in data["statements"] if row["redundant"] == "yes"]
    assert proved and all(row["derivation"] for row in proved)
    for row in proved:
        derive_accepts(tmp_path, path.read_text(encoding="utf-8"), row["derivation"])


def test_an_upheld_claim_keeps_its_derivation_and_why_shows_it(tmp_path):
    record = tmp_path / "g.json"
    script = "\n".join(
        ["play blonde : forall x blonde(x)", "play ? : exists x blonde(x)", "claim 2", "why"]
    )
    out = invoke(
        ["play", "--players", "a,b", "--mode", "table", "--record", str(record)], script
    ).output
    assert "a derivation of" in out and "checked line by line" in out
    assert "The referee's derivation" in out and "by board 1" in out
    claim = json.loads(record.read_text(encoding="utf-8"))["events"][2]
    assert claim["proof"]["text"] and claim["proof"]["lines"] >= 2
    derive_accepts(tmp_path, "∀x blonde(x)\n∃x blonde(x)\n", claim["proof"]["text"])
    assert invoke(["replay", str(record)]).exit_code == 0


@pytest.mark.slow  # the provers raced for a model over ℕ, at a limit well above the default
def test_a_board_with_only_infinite_models_is_settled_with_the_model_shown():
    """Issue 11: engine-fathers has no finite model; the referee shows one over ℕ."""
    path = str(BOARDS / "engine-fathers.txt")
    # settled in about a second on a quiet machine at the default 3 s limit, of which
    # each prover gets its share: a loaded CI machine gets about three times that
    limit = ["--timeout", "8"]
    data = json.loads(invoke(["analyze", *limit, "--json", path]).output)
    assert data["consistency"] == "consistent"
    out = invoke(["analyze", *limit, path]).output
    assert "L = the natural numbers" in out and "father(n) = " in out
    claim = json.loads(
        invoke(["entails", *limit, "--json", "--board", path, "∃x smarter(x, x)"]).output
    )
    assert claim["verdict"] == "not_entailed"
    model = claim["countermodel"]
    assert model["infinite"] is True and model["domain"] in ("naturals", "integers")
    assert set(model["symbols"]) >= {"father", "smarter"}
