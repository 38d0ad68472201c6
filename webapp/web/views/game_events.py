"""A program's stream events (GET /api/events): each carries the version and the match as
GET /api/game answers it to the stream's viewer, made from the same view once per version and
viewer role in this process, however many streams of that role there are; only the CSRF token,
which is the browser's own, is written into it per stream."""

from __future__ import annotations

from collections.abc import Callable

import msgspec
from flask import Flask, current_app
from flask_wtf.csrf import generate_csrf

from ...rules import LostMatchError, read
from ...store import StoreUnavailable
from ..cycle import matches, played
from ..cycle.matches import Current
from ..live.shared import Shared
from ..site import browsers
from .answers import game_json
from .live_parts import Role, audience_version, in_role, record_at

# The token's place in a kept game: a string's quotes inside a JSON text are escaped, so this
# can only be the field itself.
_NO_TOKEN = '"csrf_token":""'
_GAMES: Shared[tuple[Role, int], str] = Shared(2048)


def game_events(current: Current) -> Callable[[int, int], str | None]:
    """The event writer of this request's program stream of ``current``: from the version it
    last told to the newest one its viewer sees, ``id: <version>`` and ``data: {"version",
    "game"}``; ``None`` ends the stream (the store cannot be read now, or this browser no
    longer holds the seats it streamed as), and the program opens it again."""
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    role = Role.of(current, "api")
    holds = matches.holding(current.match_id)
    token = msgspec.json.encode(generate_csrf()).decode()
    browser = browsers.browser_id() if role.viewer.held else ""

    def event(before: int, version: int) -> str | None:
        try:
            record = record_at(app, role.match_id, version)
            if record is None:  # expired: the version alone, as before the game was carried
                return f'id: {version}\ndata: {{"version": {version}}}\n\n'
            match = read(record.data) if role.viewer.held else None
            if match is not None and holds(match) != role.viewer.held:
                return None
            told = audience_version(record, role, version)
            game = _GAMES.get((role, told), lambda: in_role(app, role, _game, record) or "")
            if match is not None and match.is_over:  # as a read of the game notes it
                with app.app_context():
                    played.note(match, role.match_id, role.viewer.held, browser)
        except (StoreUnavailable, LostMatchError):
            return None
        if not game:  # gone while it was read
            return f'id: {told}\ndata: {{"version": {told}}}\n\n'
        carried = game.replace(_NO_TOKEN, f'"csrf_token":{token}', 1)
        return f'id: {told}\ndata: {{"version": {told}, "game": {carried}}}\n\n'

    return event


def made() -> int:
    """How many games this process made for its program streams (tests and benches count
    them: one per version and role, however many streams share it)."""
    return _GAMES.made


def _game(current: Current) -> str:
    """The match as GET /api/game answers it to ``current``'s viewer, without a token."""
    return msgspec.json.encode(game_json(current, csrf_token="")).decode()
