"""The ``referee`` command: a click group whose subcommands load on demand.

Each subcommand lives in its own module so that ``referee parse`` does not pay
for importing Z3, and so that each command can be read (and owned) alone. A
game's commands are its own: each registration in :data:`referee.games.GAMES`
names them with their one-line help (``listing``) and loads them (``terminal``), so
nothing here names a game. ``referee --help`` lists every command from those
one-line helps, declared beside each name (click's lazy group, its help made lazy
too), so it loads no command: no game's rules, no engine, no web.
"""

from __future__ import annotations

import importlib

import click

# name -> ("module:attribute", the one line ``referee --help`` says of it: the first
# sentence of its help, which ``tests/test_lazy_imports.py`` holds to the command's own)
COMMANDS = {
    "parse": (
        "referee.cli.parse_cmd:parse",
        "Check STATEMENT against the deck's vocabulary and print it canonically.",
    ),
    "cards": ("referee.cli.cards_cmd:cards", "Show the cards of the deck and its vocabulary."),
    "entails": (
        "referee.cli.engine_cmds:entails",
        "Does GOAL follow from the board and the premises?",
    ),
    "analyze": (
        "referee.cli.engine_cmds:analyze",
        "Is BOARD consistent, and which of its statements follow from the others?",
    ),
    "export": ("referee.cli.export_cmd:export", "Write BOARD as a problem for another prover."),
    "derive": (
        "referee.cli.derive_cmd:derive",
        "Check every line of DERIVATION against the statements of BOARD.",
    ),
    "serve": (
        "referee.web.command:serve",
        "The web table: referee a game with each player on their own phone.",
    ),
    "club": (
        "referee.web.clubserver:club",
        "Serve any number of tables of any game from one server: the host's page opens "
        "them, phones join by a table's four-letter code.",
    ),
    "bot": (
        "referee.cli.bot_cmd:bot",
        "Play the seat at SEAT_URL (a URL `referee serve` printed) as a computer player, "
        "seeing only what that seat sees, until the game is finished.",
    ),
}


class LazyGroup(click.Group):
    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Arguments are UTF-8 text, decoded strictly: bytes that are not UTF-8 arrive as
        surrogates (Python's escape for them), which no record could hold; refused here,
        once for every command."""
        for arg in args:
            bad = next((c for c in arg if "\udc80" <= c <= "\udcff"), None)
            if bad is not None:
                from referee.client.common import InputError
                from referee.language.characters import describe, quoted

                raise InputError(
                    f"the argument {quoted(arg)} is not UTF-8 text: it holds {describe(bad)}"
                )
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context):
        """click's own errors (a bad option value, an unknown command) quote what was given
        whole; they are cut like every other message (``safe.echoed``)."""
        try:
            return super().invoke(ctx)
        except click.ClickException as exc:
            from referee.client.safe import echoed

            exc.message = echoed(exc.message)
            raise

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(self.listing())

    @staticmethod
    def listing() -> dict[str, str]:
        """Every command's name and its one line, as declared beside it: loading none."""
        from referee.games import GAMES

        games = (g for g in GAMES if g.terminal is not None)
        own = {name: line for name, (_, line) in COMMANDS.items()}
        return {**own, **{name: line for g in games for name, line in g.listing.items()}}

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The commands and their one lines, as click lists them, shortened as click
        shortens a command's help to the width, from what each declares: no command is
        loaded to list it."""
        listing = self.listing()
        limit = formatter.width - 6 - max(map(len, listing))
        rows = [
            (name, click.Command(name, help=listing[name]).get_short_help_str(limit))
            for name in self.list_commands(ctx)
        ]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        return self._load(name) if name in COMMANDS else self._game_command(name)

    @staticmethod
    def _game_command(name: str) -> click.Command | None:
        """A game's command, from the game whose registration names it."""
        from referee.games import GAMES

        terminal = next((g.terminal for g in GAMES if name in g.cli and g.terminal), None)
        return None if terminal is None else terminal().commands[name]

    @staticmethod
    def _load(name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module_name, attr = COMMANDS[name][0].split(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name == module_name:  # not built yet; anything else is a real error
                return None
            raise
        return getattr(module, attr)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="referee")
def main() -> None:
    """Referee logic games at the table: Palmer's logic card game (play, analyze,
    entails, derive, export, replay), Ergo the card game (ergo), Ergo the board
    game (invicta) and Cogito (cogito)."""


if __name__ == "__main__":
    main()
