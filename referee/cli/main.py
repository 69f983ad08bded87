"""The ``referee`` command: a click group whose subcommands load on demand.

Each subcommand lives in its own module so that ``referee parse`` does not pay
for importing Z3, and so that each command can be read (and owned) alone. A
game's commands are its own: each registration in :data:`referee.games.GAMES`
names them (``cli``) and loads them (``terminal``), so nothing here names a game.
"""

from __future__ import annotations

import importlib

import click

# name -> "module:attribute"
COMMANDS = {
    "parse": "referee.cli.parse_cmd:parse",
    "cards": "referee.cli.cards_cmd:cards",
    "entails": "referee.cli.engine_cmds:entails",
    "analyze": "referee.cli.engine_cmds:analyze",
    "export": "referee.cli.export_cmd:export",
    "derive": "referee.cli.derive_cmd:derive",
    "serve": "referee.web.command:serve",
    "club": "referee.web.clubserver:club",
    "bot": "referee.cli.bot_cmd:bot",
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
        from referee.games import GAMES

        names = [*COMMANDS, *(name for game in GAMES for name in game.cli)]
        return sorted(name for name in names if self.get_command(ctx, name) is not None)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        return self._load(name) if name in COMMANDS else self._game_command(name)

    @staticmethod
    def _game_command(name: str) -> click.Command | None:
        """A game's command, from the game whose registration names it."""
        from referee.games import GAMES

        game = next((g for g in GAMES if name in g.cli and g.terminal is not None), None)
        return None if game is None else game.terminal().commands[name]

    @staticmethod
    def _load(name: str) -> click.Command | None:
        target = COMMANDS.get(name)
        if target is None:
            return None
        module_name, attr = target.split(":")
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
