"""Nothing in referee/web/ names a game (issue 28): the web serves whichever game the one
list holds, through its registration; each game's drawing, help and web parts live in its
own package. Every file of the web layer (its Python, its script, its style, its page) is
read, and no game's name may appear in it as a word."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from referee.games import GAMES

WEB = Path(__file__).resolve().parent.parent / "referee" / "web"
KINDS = {".py", ".js", ".css", ".html"}


def test_no_file_of_the_web_layer_names_a_game():
    names = sorted({g.name for g in GAMES})
    assert len(names) == len(GAMES) >= 4
    # As a word or a part of a name (``cogito_cmd``, ``game-invicta``), in any case.
    named = re.compile(r"(?<![a-z])(" + "|".join(map(re.escape, names)) + r")(?![a-z])", re.I)
    files = sorted(p for p in WEB.rglob("*") if p.suffix in KINDS)
    assert {p.suffix for p in files} >= {".py", ".js", ".css"}  # the pages' files are read too
    found = [
        f"{path.relative_to(WEB)}:{number}: {line.strip()}"
        for path in files
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if named.search(line)
    ]
    assert found == []


def test_each_game_with_a_drawer_keeps_it_in_its_own_package():
    for game in GAMES:
        if game.drawing is None:
            continue
        assert game.drawing == game.kind.setup.__module__.rpartition(".")[0]
        assert resources.files(game.drawing).joinpath("web", "draw.js").is_file()
