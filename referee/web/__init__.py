"""The web table: ``referee serve GAME``, every player on their own phone.

One process holds the game (a :class:`referee.table.session.Session` on the
same record file as ``play``); every page gets only the view its seat is
entitled to, computed by the game itself (``referee.<game>.views``), over
HTTP and a WebSocket. Modules: :mod:`.seats` (unguessable seat URLs that
survive a restart), :mod:`.games` (the four games' small adapters),
:mod:`.table` (commands in, record saved, views out), :mod:`.app` (the
Starlette routes and their security headers), :mod:`.server` (uvicorn, the
first JSON line, the terminal's QR codes).
"""
