"""An arena page's stream: its state and standings in place as they change, the same HTML
for every viewer of a language and display (rendered once per version), with the viewer's
own row (read once per version with the rows of the process's other viewers in it, and only
for a viewer who joined) and whether they were paired, so that their page takes them to the
board."""

from __future__ import annotations

import dataclasses
import json
import threading
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from flask import Blueprint, Flask, current_app
from flask.typing import ResponseReturnValue

from ...rules import errors
from ...rules.arena import Player
from ...store.record import MATCH_ID
from ..cycle import arenas
from ..cycle.arenas import Look as ArenaLook
from ..live import live, sse
from ..live.shared import Shared
from ..live.ticking import ticking
from ..site import browsers
from ..site.errors import ApiError
from ..site.i18n import render
from ..views.arena_view import standings, view
from ..views.viewer import Viewer, request_of, viewer

bp = Blueprint("arena_stream", __name__)
Look = tuple[int, ArenaLook | None]  # the arena's version, and the arena


@dataclass(frozen=True)
class _ArenaKept:
    """An app's looks at its arenas (one per arena and tick, shared by its streams), each
    version's part per language and display, the entries of the viewers in it (read together
    once per version for every stream of the process that shows one), and each version's
    rank of a number of points."""

    looks: Shared[tuple[str, int], Look] = dataclasses.field(default_factory=lambda: Shared(64))
    parts: Shared[tuple[object, ...], str] = dataclasses.field(default_factory=lambda: Shared(64))
    entries: Shared[tuple[str, int], dict[str, Player]] = dataclasses.field(
        default_factory=lambda: Shared(64)
    )
    ranks: Shared[tuple[str, int, int], int] = dataclasses.field(
        default_factory=lambda: Shared(4096)
    )
    viewers: Counter[tuple[str, str]] = dataclasses.field(default_factory=Counter)
    lock: threading.Lock = dataclasses.field(default_factory=threading.Lock)

    def showing(self, arena_id: str) -> list[str]:
        """The viewers in the arena whose streams this process holds open."""
        with self.lock:
            return [browser for (shown, browser) in self.viewers if shown == arena_id]

    def note(self, arena_id: str, browser: str, streams: int) -> None:
        """One stream of ``browser`` in the arena more (``streams`` 1) or less (-1)."""
        with self.lock:
            self.viewers[(arena_id, browser)] += streams
            if self.viewers[(arena_id, browser)] <= 0:
                del self.viewers[(arena_id, browser)]


@bp.get("/arenas/<arena_id>/events")
def events(arena_id: str) -> ResponseReturnValue:
    """Server-Sent Events of the arena: its part's HTML and the viewer's row, as it changes."""
    arena = arenas.read(arena_id) if MATCH_ID.fullmatch(arena_id) else None
    if arena is None:
        raise ApiError(errors.NO_ARENA)
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    browser = browsers.browser_id()
    mine = browser if arenas.player(arena_id, browser) is not None else ""
    seen = viewer()
    return sse.event_stream(lambda hub, lifetime: _stream(app, hub, arena_id, seen, mine, lifetime))


def _stream(
    app: Flask, hub: live.Hub, arena_id: str, seen: Viewer, mine: str, lifetime: float
) -> Iterator[str]:
    """The arena's events for one viewer (the browser ``mine``, ``""`` if not in it)."""
    kept: _ArenaKept = app.extensions.setdefault("arena_stream_kept", _ArenaKept())

    def look(tick: int) -> Look:
        found = kept.looks.peek((arena_id, tick))  # a request's context only to make it
        if found is not None:
            return found
        with app.test_request_context("/"):
            return kept.looks.get((arena_id, tick), lambda: _look(arena_id))

    def event(now: Look) -> str:
        version, arena = now
        if arena is None:
            return "event: gone\ndata: {}\n\n"
        part = kept.parts.get((arena_id, version, seen), lambda: _part(app, arena_id, seen, arena))
        you = _row(app, kept, arena, mine) if mine else None
        return f'id: {version}\ndata: {{"html": {part}, "you": {json.dumps(you)}}}\n\n'

    if mine:
        kept.note(arena_id, mine, 1)
    try:
        yield from ticking(hub, lifetime, float(app.config["LIVE_EVERY"]), look, event)
    finally:
        if mine:
            kept.note(arena_id, mine, -1)


def _look(arena_id: str) -> Look:
    """The arena now, after pairing whoever waits if it runs (the start needs no request)."""
    found = arenas.tend(arena_id)
    return (found.version, found) if found is not None else (0, None)


def _part(app: Flask, arena_id: str, seen: Viewer, arena: ArenaLook) -> str:
    """The part's HTML for every viewer of a language and display, as a JSON string."""
    with request_of(app, seen, f"/arenas/{arena_id}"):
        return json.dumps(render("_arena_state.html", view=view(arena, "")))


def _row(app: Flask, kept: _ArenaKept, found: ArenaLook, browser: str) -> list[object] | None:
    """The viewer's row: rank, points, games, streak, playing now; ``None`` if not in it.
    Its entry is read with those of the process's other viewers in the arena, once per
    version; its rank, when it is not among the best, once per version and points."""
    key = (found.arena_id, found.version)
    with app.app_context():
        entries = kept.entries.get(key, lambda: arenas.players(key[0], kept.showing(key[0])))
        you = entries[browser] if browser in entries else arenas.player(key[0], browser)
        if you is None:
            return None
        best = next((r for r in standings(found, None, named=False) if r.browser == browser), None)
        if best is not None:
            return [best.rank, best.points, best.games, best.streak, best.playing]
        points = you.points
        rank = kept.ranks.get((*key, points), lambda: arenas.rank(key[0], points))
    return [rank, you.points, you.games, you.wins_in_row, bool(you.match)]
