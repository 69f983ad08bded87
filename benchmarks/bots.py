"""The computer players' strength ladder for all four games (issue 29), in one run.

    python benchmarks/bots.py [GAME ...] [--quick]

Each game's own module plays its ladder (both colours or rotated seats, fixed seeds):
Invicta's default against the outside depth-2 player, its previous version, levels 1 and 0
(``bots_invicta``, players named in its ``PLAYERS``), Cogito's against a deduction
player and a random one that never declares (``bots_cogito``; ``cogito-previous``: against
two frozen previous defaults), Ergo's share of all points against two level-0
players over duplicate deals (``bots_ergo``), and Palmer's claims missed and refused
(``bots_palmer``, run as its own script: it keeps its own engines). Every rate comes with its
Wilson 95% interval (``intervals.wilson``) and its game count; results go in RESULTS.md.

The previous version's rung: ``palmer-previous`` plays Palmer's default against the newest
frozen copy of an earlier default player (``benchmarks/previous/``, the commit in its name),
``cogito-previous`` Cogito's; Invicta's ladder plays its own (``previous`` in
``bots_invicta.PLAYERS``).

Every level of every game against every other, with Elo ratings: ``benchmarks/ladder.py``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import asdict, is_dataclass
from pathlib import Path

HERE = Path(__file__).parent


def run(game: str, quick: bool) -> object:
    if game == "invicta":
        import bots_invicta

        return bots_invicta.ladder(6 if quick else 40)
    if game in ("cogito", "cogito-previous"):
        import bots_cogito

        against = ("previous", "previous") if game == "cogito-previous" else ("deduction", "quiet")
        return bots_cogito.cogito_results(12 if quick else 60, against=against)
    if game == "ergo":
        import bots_ergo

        return bots_ergo.match(deals=1 if quick else 5)
    if game in ("palmer", "palmer-previous"):
        games = ["--games", "2", "--lines", "20"] if quick else []
        if game == "palmer-previous":
            games += ["--opponent", "previous"]
        done = subprocess.run(
            [sys.executable, str(HERE / "bots_palmer.py"), *games],
            capture_output=True,
            text=True,
            check=False,
        )
        return done.stdout
    raise SystemExit(f"no ladder for {game!r}")


def shown(value: object) -> object:
    if is_dataclass(value):
        return asdict(value)
    if isinstance(value, list):
        return [shown(v) for v in value]
    return value


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    quick = "--quick" in sys.argv
    everything = ["invicta", "cogito", "cogito-previous", "ergo", "palmer", "palmer-previous"]
    for game in args or everything:
        result = shown(run(game, quick))
        print(f"== {game}")
        print(result if isinstance(result, str) else json.dumps(result, indent=1, default=str))


if __name__ == "__main__":
    main()
