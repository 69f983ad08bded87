"""What every game's words and terminal drawing share, below the games (layer 4½): reasons in
words, escaping, renderers, the terminal's play and replay built from a registration. No game
is named here; each game keeps its own words and drawing in its package."""
