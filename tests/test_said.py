"""A page's words are the game's words as data (referee.client.said): what the terminal prints
for the same outcomes, less the lines only a terminal can act on, a table a row a line."""

from __future__ import annotations

import io
import re
from contextlib import ExitStack

import listed
import pytest
from rich.console import Console
from webtable import Views, next_move, table


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


def test_a_drawing_a_page_has_no_words_for_is_named_never_rendered():
    from rich.panel import Panel

    from referee.client.said import Page

    page = Page()
    page.print(Panel("the secret code is 1234"))
    assert page.said().page == ("(Panel: drawn only at a terminal)",)
