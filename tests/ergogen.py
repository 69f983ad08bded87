"""Well-formed Ergo premises for property tests, built as a player could build them."""

from hypothesis import strategies as st

from referee.ergo.cards import Face

OPS = [Face.AND, Face.OR, Face.THEN]


@st.composite
def premise_faces(draw, depth=3):
    """A well-formed premise by the card rules (as a player could build it)."""

    def operand(d):
        kind = draw(st.sampled_from(["var", "not", "paren"] if d > 0 else ["var", "not"]))
        if kind == "var":
            return [draw(st.sampled_from([Face.A, Face.B, Face.C, Face.D]))]
        if kind == "not":
            inner = operand(d - 1) if d > 0 else [Face.A]
            if inner[0] == Face.NOT:
                inner = [Face.OPEN, *inner, Face.CLOSE]
            return [Face.NOT, *inner]
        return [Face.OPEN, *expression(d - 1), Face.CLOSE]

    def expression(d):
        out = operand(d)
        for _ in range(draw(st.integers(0, 2))):
            out += [draw(st.sampled_from(OPS)), *operand(d)]
        return out

    return expression(depth)
