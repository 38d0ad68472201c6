"""An arena page's stream: its state and standings in place as they change, the same HTML
for every viewer of a language and display (rendered once per version), with the viewer's
own row and whether they were paired, so that their page takes them to the board."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from dataclasses import dataclass

from flask import Blueprint, Flask, current_app
from flask.typing import ResponseReturnValue

from ...rules import errors
from ...rules.arena import Arena
from ...store.record import MATCH_ID
from ..cycle import arenas
from ..live import live, sse
from ..live.shared import Shared
from ..live.ticking import ticking
from ..site import browsers
from ..site.errors import ApiError
from ..site.i18n import render
from ..views.arena_view import standings, view
from ..views.viewer import Viewer, request_of, viewer

bp = Blueprint("arena_stream", __name__)
Look = tuple[int, Arena | None]  # the arena's version, and the arena


@dataclass(frozen=True)
class _ArenaKept:
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
        raise ApiError(errors.NO_ARENA)
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    mine = next((n for n, p in enumerate(arena.players) if p.browser == browsers.browser_id()), -1)
    seen = viewer()
    return sse.event_stream(lambda hub, lifetime: _stream(app, hub, arena_id, seen, mine, lifetime))


def _stream(
    app: Flask, hub: live.Hub, arena_id: str, seen: Viewer, mine: int, lifetime: float
) -> Iterator[str]:
    """The arena's events for one viewer (place number ``mine``, -1 if not in it)."""
    kept: _ArenaKept = app.extensions.setdefault("arena_stream_kept", _ArenaKept())

    def look(tick: int) -> Look:
        with app.test_request_context("/"):
            return kept.looks.get((arena_id, tick), lambda: _look(arena_id))

    def event(now: Look) -> str:
        version, arena = now
        if arena is None:
            return "event: gone\ndata: {}\n\n"
        part = kept.parts.get((arena_id, version, seen), lambda: _part(app, arena_id, seen, arena))
        rows = kept.rows.get((arena_id, version), lambda: _rows(arena))
        return f'id: {version}\ndata: {{"html": {part}, "you": {json.dumps(rows.get(mine))}}}\n\n'

    return ticking(hub, lifetime, float(app.config["LIVE_EVERY"]), look, event)


def _look(arena_id: str) -> Look:
    """The arena now, after pairing whoever waits if it runs (the start needs no request)."""
    return arenas.tended_version(arena_id) or (0, None)


def _part(app: Flask, arena_id: str, seen: Viewer, arena: Arena) -> str:
    """The part's HTML for every viewer of a language and display, as a JSON string."""
    with request_of(app, seen, f"/arenas/{arena_id}"):
        return json.dumps(render("_arena_state.html", view=view(arena_id, arena, "")))


def _rows(arena: Arena) -> dict[int, list[object]]:
    """Each player's row by place number: rank, points, games, streak, playing now."""
    return {
        row.number: [row.rank, row.points, row.games, row.streak, row.playing]
        for row in standings(arena, "", named=False)
    }
