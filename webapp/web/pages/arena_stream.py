"""An arena page's stream: its state and standings in place as they change, the same HTML
for every viewer of a language and display (rendered once per version), with the viewer's
own row and whether they were paired, so that their page takes them to the board."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from dataclasses import dataclass

from flask import Blueprint, Flask, current_app, request
from flask.typing import ResponseReturnValue

from ...rules.arena import Arena
from ...store.record import MATCH_ID
from ..cycle import arenas
from ..live import live, sse
from ..live.shared import Shared
from ..live.ticking import ticking
from ..site import browsers, i18n
from ..site.errors import ApiError
from ..site.i18n import gettext as _
from ..site.i18n import render
from ..text import text
from ..views.arena_view import standings, view

bp = Blueprint("arena_stream", __name__)
Look = tuple[int, Arena | None]  # the arena's version, and the arena


@dataclass(frozen=True)
class _Kept:
    """An app's looks at its arenas (one per arena and tick, shared by its streams), each
    version's part per language and display, and each version's rows by place number."""

    looks: Shared[tuple[str, int], Look] = dataclasses.field(default_factory=lambda: Shared(64))
    parts: Shared[tuple[object, ...], str] = dataclasses.field(default_factory=lambda: Shared(64))
    rows: Shared[tuple[str, int], dict[int, list[object]]] = dataclasses.field(
        default_factory=lambda: Shared(64)
    )


@bp.get("/arenas/<arena_id>/events")
def events(arena_id: str) -> ResponseReturnValue:
    """Server-Sent Events of the arena: its part's HTML and the viewer's row, as it changes."""
    arena = arenas.read(arena_id) if MATCH_ID.fullmatch(arena_id) else None
    if arena is None:
        raise ApiError(404, _("There is no arena at this link: it may have ended long ago."))
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    mine = next((n for n, p in enumerate(arena.players) if p.browser == browsers.browser_id()), -1)
    reader = (arena_id, i18n.language(), text.enabled(), request.host_url, request.script_root)
    return sse.event_stream(lambda hub, lifetime: _stream(app, hub, reader, mine, lifetime))


def _stream(
    app: Flask, hub: live.Hub, reader: tuple[str, str, bool, str, str], mine: int, lifetime: float
) -> Iterator[str]:
    """The arena's events for one viewer (place number ``mine``, -1 if not in it)."""
    kept: _Kept = app.extensions.setdefault("arena_stream_kept", _Kept())
    arena_id = reader[0]

    def look(tick: int) -> Look:
        with app.test_request_context("/"):
            return kept.looks.get((arena_id, tick), lambda: _look(arena_id))

    def event(seen: Look) -> str:
        version, arena = seen
        if arena is None:
            return "event: gone\ndata: {}\n\n"
        part = kept.parts.get((version, *reader), lambda: _part(app, reader, arena))
        rows = kept.rows.get((arena_id, version), lambda: _rows(arena))
        return f'id: {version}\ndata: {{"html": {part}, "you": {json.dumps(rows.get(mine))}}}\n\n'

    return ticking(hub, lifetime, float(app.config["LIVE_EVERY"]), look, event)


def _look(arena_id: str) -> Look:
    """The arena now, after pairing whoever waits if it runs (the start needs no request)."""
    return arenas.tended_version(arena_id) or (0, None)


def _part(app: Flask, reader: tuple[str, str, bool, str, str], arena: Arena) -> str:
    """The part's HTML for every viewer of a language and display, as a JSON string."""
    arena_id, language, text_mode, host, root = reader
    cookies = f"{i18n.COOKIE}={language}; {text.COOKIE}={text.ON if text_mode else ''}"
    base = host.rstrip("/") + root
    with app.test_request_context(
        f"/arenas/{arena_id}", base_url=base, environ_overrides={"HTTP_COOKIE": cookies}
    ):
        return json.dumps(render("_arena_state.html", view=view(arena_id, arena, "")))


def _rows(arena: Arena) -> dict[int, list[object]]:
    """Each player's row by place number: rank, points, games, streak, playing now."""
    return {
        row.number: [row.rank, row.points, row.games, row.streak, row.playing]
        for row in standings(arena, "", named=False)
    }
