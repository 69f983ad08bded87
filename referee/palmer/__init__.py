"""Luke Palmer's first-order logic card game: its cards, rules, claims and commands."""
