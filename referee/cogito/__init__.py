"""Cogito (Olerant): the diagram, the judge, the deduction aide and the game at the table."""
