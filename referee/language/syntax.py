"""The statement grammar as Lark reads it: the parser, and where a node is written.

``grammar/palmer.lark`` gives shapes only; the modules that give them meaning
(:mod:`referee.language.resolution`, :mod:`referee.language.parser`) and the
limits share these few facts about Lark's tree.
"""

from __future__ import annotations

from functools import lru_cache

from lark import Lark, Token, Tree
from lark.tree import Meta

from referee.language.ast import Span
from referee.resources import grammar_text

# Shapes that can only be statements (a name or an application can be either).
FORMULA_SHAPES = frozenset({"iff", "imp", "or_", "and_", "neg", "quant", "eq", "card", "falsum"})
# Parts of a tree that are neither a statement nor an object.
NOT_PARTS = frozenset({"quantifier", "not_", "naming", "name_target"})
NOT_EQUAL = frozenset({"≠", "!=", "/="})


@lru_cache(maxsize=1)
def lark() -> Lark:
    return Lark(grammar_text(), parser="lalr", propagate_positions=True, maybe_placeholders=False)


def span_of(node: Tree | Token | Meta) -> Span | None:
    """Where ``node`` (or the node of ``meta``) is written (None for an empty node)."""
    if isinstance(node, Token):
        return Span(
            node.line, node.column, node.end_line, node.end_column, node.start_pos, node.end_pos
        )
    meta = node.meta if isinstance(node, Tree) else node
    if getattr(meta, "empty", True):
        return None
    return Span(
        meta.line, meta.column, meta.end_line, meta.end_column, meta.start_pos, meta.end_pos
    )


def unwrap(node: Tree | Token) -> Tree | Token:
    """The node inside any parentheses around it."""
    while isinstance(node, Tree) and node.data == "paren":
        node = node.children[0]
    return node


def parts(node: Tree) -> list[Tree]:
    """A node's subtrees (its tokens left out)."""
    return [c for c in node.children if isinstance(c, Tree)]
