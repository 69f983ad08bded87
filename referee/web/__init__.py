"""The web table: ``referee serve GAME``, every player on their own phone.

One process holds the game (a :class:`referee.table.session.Session` on the
same record file as ``play``); a line from a phone is said by its seat
(``Session.execute(line, seat)``: the game's own rules of who may say what);
every page gets only the view its seat is entitled to, computed by the game
itself (its registration's ``seat_view``), over HTTP and a WebSocket.
Modules: :mod:`.seats` (unguessable seat URLs that survive a restart),
:mod:`.games` (each game's terminal pairing, and the little only the web adds),
:mod:`.table` (commands in, record saved, views out), :mod:`.app` (the
Starlette routes and their security headers), :mod:`.server` (uvicorn, the
first JSON line, the terminal's QR codes).
"""
