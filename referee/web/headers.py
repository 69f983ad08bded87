"""The headers every answer of the web table carries, the server's own errors included."""

from __future__ import annotations

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cache-Control": "no-store",
}


def raw_headers() -> list[tuple[bytes, bytes]]:
    """:data:`HEADERS` as an ASGI message or an HTTP/1.1 head carries them."""
    return [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in HEADERS.items()]
