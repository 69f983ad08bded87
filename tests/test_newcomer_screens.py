"""Issue 31: what a newcomer reads at 80 × 24, in a real pseudo-terminal (tests/ptyscreen.py)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from ptyscreen import ROOT, play  # noqa: E402


def _script(path: str) -> list[str]:
    text = (ROOT / path).read_text(encoding="utf-8")
    return [x for x in text.split("\n") if x.strip() and not x.startswith("#")]


def test_cogito_review_keeps_each_entrys_lines_together_and_disruption_ends_a_sentence(
    tmp_path,
):
    args = ["cogito", "play", "--players", "alice,bob,carol", "--seed", "24"]
    typed = [*_script("examples/cogito/found-after-a-dream.txt"), "review", "quit"]
    lines = play([*args, "--record", "g.json"], typed, tmp_path).lines()
    review = lines[lines.index("Every judgement:") + 1 :]
    review = review[: next(i for i, x in enumerate(review) if x.endswith("> quit"))]
    for line in review:
        if line.startswith("  event ") or line.startswith("COGITO at event "):
            continue
        if line.startswith("    from "):
            continue
        assert line.startswith("    ") and not line.startswith("    from "), review
        assert line.strip()
    assert any(x.startswith("    ") and not x.lstrip().startswith("from") for x in review)
    said = " ".join(lines[lines.index(next(x for x in lines if "ego disruption" in x)) :][:2])
    assert said.rstrip().endswith("Their Self card was Casablanca."), said
