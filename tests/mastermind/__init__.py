"""Mastermind, a fifth game with a secret, added as docs/architecture.md ("Adding a game") says:
its rules (``rules``), and beside them its command language and views (``commands``), its
words (``words``), its terminal drawing and commands (``terminal``) and the one object the
list holds (``registration``). Nothing outside this package is touched; tests add it to
``referee.games.GAMES``."""
