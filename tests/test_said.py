"""A page's words are the game's words as data (referee.client.said): what the terminal prints
for the same outcomes, less the lines only a terminal can act on, a table a row a line."""

from __future__ import annotations

import io
import json
import re
from contextlib import ExitStack
from pathlib import Path

import listed
import pytest
from rich.console import Console
from webtable import Views, next_move, table

from referee.client.said import Tone

# What the page is never sent: a `referee …` command or a `--switch` (checked, not filtered).
COMMANDS = ("parse", "entails", "analyze", "play", "replay", "derive", "serve", *listed.names())
ADVICE = re.compile(rf"(?:^|[\s(`])(?:referee (?:{'|'.join(COMMANDS)})\b|--[a-z])")
BOXES = re.compile("[\u2500-\u257f]")
ASKED = (
    "board",
    "hand",
    "scores",
    "cards",
    "rules",
    "moves",
    "why",
    "history",
    "hint",
)  # help: the web has its own


def printed(web_game, session, outcomes, width: int) -> str:
    """What the game's terminal renderer prints for ``outcomes`` into a pipe (one seat's
    words, as a page's are)."""
    out = Console(file=io.StringIO(), width=width, color_system=None, soft_wrap=True)
    renderer = web_game.terminal.renderer(out, session, {})
    renderer.session_is_a_seat = lambda: True
    renderer.show(outcomes, False)
    return out.file.getvalue()


@pytest.mark.parametrize("game", listed.names())
def test_a_page_says_what_the_terminal_prints_less_its_terminal_advice(tmp_path, game):
    with ExitStack() as stack:
        app, _ = table(tmp_path, game, services=stack)
        web, session, views = app.web_game, app.table.session, Views(app)
        advice = 0
        for turn in range(12):
            lines = (
                [(seat, line) for seat in views.players for line in ASKED] if turn % 4 == 0 else []
            )
            lines.append(next_move(game, views) or (views.players[0], "board"))
            for seat, line in lines:
                outcomes = session.execute(line, seat)
                said = web.said(session, outcomes)
                terminal = printed(web, session, outcomes, 72)
                page = said.page
                assert not any(ADVICE.search(text) for text in page), page
                assert not any("drawn only at a terminal" in text for text in page), page
                advice += sum(line.terminal_only for line in said.lines)
                kept = [x.plain.rstrip() for x in said.lines if x.plain.strip()]
                if not BOXES.search(terminal):  # lines: as printed, the advice left out
                    assert kept == [x.rstrip() for x in terminal.splitlines() if x.strip()]
                    assert list(page) == [
                        x.plain.rstrip()
                        for x in said.lines
                        if x.plain.strip() and not x.terminal_only
                    ]
                else:  # a table: a row a line, each cell as the terminal's box holds it
                    wide = printed(web, session, outcomes, 10_000)
                    for text in page:
                        for cell in text.strip().split("; "):
                            cell = cell.lstrip("#").split(": ", 1)[-1]
                            assert cell in wide, (cell, wide)
    if game == "invicta":  # its history ends in how to get a move list at a terminal
        assert advice


@pytest.mark.parametrize("game", listed.names())
def test_what_a_player_typed_is_their_words_on_a_page_never_markup(tmp_path, game):
    app, _ = table(tmp_path, game)
    seat = app.table.players[0]
    said = app.web_game.said(app.table.session, app.table.session.execute("[bold]x</b>", seat))
    spans = [s for line in said.lines for s in line.spans if "[bold]x</b>" in s.text]
    assert spans and all(s.typed for s in spans), said


def test_a_drawing_is_never_said_nor_read_back():
    """Words are made as data; a rich renderable (a terminal's drawing) is no words, and a
    page has nothing that would read one back."""
    from rich.panel import Panel

    from referee.client.said import Page, Said

    with pytest.raises(TypeError):
        Said.of(Panel("the secret code is 1234"))
    assert not hasattr(Page(), "print")


# A rich style that names a colour ("green", "bold red", "bright_white", "dim cyan"); "red"
# and "blue" alone are also words (Cogito's sides of a card), so those two need company.
COLOUR = re.compile(r"red|green|yellow|blue|magenta|cyan|white|black|bright_\w+|grey\d+")
STYLE_WORD = re.compile(r"bold|dim|italic|underline|reverse|on")
LITERAL = re.compile(r"\"([^\"\n]*)\"|'([^'\n]*)'")


def colours_named(source: str) -> list[str]:
    found = []
    for match in LITERAL.finditer(source):
        tokens = (match.group(1) or match.group(2) or "").split()
        if not tokens or not any(COLOUR.fullmatch(t) for t in tokens):
            continue
        if all(COLOUR.fullmatch(t) or STYLE_WORD.fullmatch(t) for t in tokens):
            if tokens not in (["red"], ["blue"]):
                found.append(match.group(0))
    return found


ROOT = Path(__file__).resolve().parent.parent / "referee"
# Where an outcome's words are made, and the page's way to the web: tones, never colours.
WORDS_PATH = [
    ROOT / "client" / name
    for name in ("said.py", "table_io.py", "verdict_render.py", "derivation_words.py", "layout.py")
] + [ROOT / "web" / "table.py", ROOT / "web" / "games.py"]


def test_words_are_toned_where_they_are_made_and_no_colour_is_read_back():
    """The page's words are the renderer's Said itself: said.py reads no rich renderable
    (it imports no rich) and no module on the words' path names a colour; a colour is
    chosen in one place, the terminal's styles."""
    import ast

    said_imports = {
        node.module if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(ast.parse((ROOT / "client" / "said.py").read_text()))
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in node.names
    }
    assert not any(m and m.split(".")[0] == "rich" for m in said_imports), said_imports
    games = [p for p in ROOT.glob("*/terminal.py")]
    assert len(games) >= 4
    for path in WORDS_PATH + games:
        source = path.read_text(encoding="utf-8")
        assert not colours_named(source), (path, colours_named(source))
        assert "style=" not in source, path
    from referee.client.said import Tone
    from referee.client.styles import STYLES

    assert set(STYLES) == set(Tone)  # every tone has its one look at a terminal


@pytest.mark.parametrize("game", ["palmer", "ergo", "invicta", "cogito"])
def test_a_games_words_are_said_as_data_without_a_console(tmp_path, game, monkeypatch):
    """What a seat is told is a Said made by the game's renderer without any rich text, table
    or console coming into being: tones chosen where the words are made."""
    import rich.console
    import rich.table
    import rich.text

    with ExitStack() as stack:
        app, _ = table(tmp_path, game, services=stack)
        session, web, views = app.table.session, app.table.web_game, Views(app)
        seat = views.players[0]
        said = []
        lines = [(seat, line) for line in ("board", "scores", "rules", "moves", "[bold]x")]
        moves = [next_move(game, views)]
        for who, line in lines + moves:
            outcomes = session.execute(line, who)

            def refuse(*args, **kwargs):
                raise AssertionError("a rich renderable was made for a page's words")

            with monkeypatch.context() as patched:
                for made in (rich.text.Text, rich.table.Table, rich.console.Console):
                    patched.setattr(made, "__init__", refuse)
                said.append(web.said(session, outcomes))
    refused = said[4].lines[0].spans[0]
    assert refused.text == "refused: " and refused.tone == Tone.BAD
    assert all(said[k].page for k in range(len(said))), said


TERMINAL_WORDS = {"palmer": "scores", "ergo": "scores", "cogito": "table", "invicta": "board"}


@pytest.mark.parametrize("game", list(TERMINAL_WORDS))
def test_a_name_that_reads_as_markup_reaches_the_terminal_and_the_web_verbatim(tmp_path, game):
    """A player named ``[bold]x[/]`` is shown as typed at a terminal (styled, never parsed
    as markup) and on every page (the answer's words and the view)."""
    from webtable import OPTIONS

    from referee.client.safe import TableConsole

    name = "[bold]x[/]"
    seated = {"invicta": {"white": name}}.get(game)
    if seated is None:
        seated = {"players": OPTIONS[game]["players"].replace("ann", name)}
    app, _ = table(tmp_path, game, **seated)
    assert name in app.table.players
    line = TERMINAL_WORDS[game]
    answer = app.table.command(name, line)
    assert answer.ok and any(name in m for m in answer.messages), answer
    assert name in json.dumps(app.table.view(name), ensure_ascii=False)
    out = TableConsole(
        file=io.StringIO(), width=80, force_terminal=True, color_system="standard", markup=False
    )
    out.soft_wrap = False
    web = app.table.web_game
    web.terminal.renderer(out, app.table.session, {}).show(app.table.session.execute(line), False)
    printed = re.sub(r"\x1b\[[0-9;]*m", "", out.file.getvalue())
    assert name in printed, printed
