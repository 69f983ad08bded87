"""``referee serve GAME``: the web table, every player on their own phone.

GAME is the name of a game of the one list (``referee.games``); the options are
that game's ``play`` options (built from the same registration, so they cannot
drift), less any that would print secrets, plus ``--host`` and ``--port``, and
``--seats N`` for a game that seats a list of players (they name themselves:
:mod:`referee.web.lobby`).
The server is :mod:`referee.web`.
"""

from __future__ import annotations

import click

from referee.web.games import GAMES, WebGame

HOST = click.Option(
    ["--host"],
    default="127.0.0.1",
    show_default=True,
    help="The address to listen on. 0.0.0.0 lets phones on the LAN reach the table "
    "(anyone on that network with a seat's URL can play it).",
)
PORT = click.Option(
    ["--port"],
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="The port (0: any free port, printed in the first line).",
)


SEATS = click.Option(
    ["--seats"],
    type=click.IntRange(1, 64),
    default=None,
    metavar="N",
    help="N seats whose players name themselves: each phone's first screen asks its "
    "player's name, and the game begins when every seat has one (instead of --players; "
    "--bots names the computer seats, which take the last ones).",
)


def _command(web_game: WebGame) -> click.Command:
    def run(host: str, port: int, **options) -> None:
        from referee.web.server import serve

        serve(web_game, options, host, port)

    seated = any(o.name == "players" for o in web_game.registration.options)
    return click.Command(
        web_game.name,
        params=[*web_game.options(), *([SEATS] if seated else []), HOST, PORT],
        callback=run,
        help=f"Serve a game of {web_game.terminal.game.title} to the players' phones. The "
        "options are those of its play command; --record resumes a game started with play "
        "or serve. The first line printed is JSON with the table's, the spectator's and "
        "every seat's URL.",
    )


class ServeGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(GAMES)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        web_game = GAMES.get(name)
        return None if web_game is None else _command(web_game)


@click.group(cls=ServeGroup)
def serve() -> None:
    """The web table: referee a game with each player on their own phone."""
