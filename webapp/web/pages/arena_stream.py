"""An arena page's stream: its state and standings in place as they change, the same HTML
for every viewer of a language and display (rendered once per version), with the viewer's
own row (read once per version with the rows of the process's other viewers in it, and only
for a viewer who joined) and whether they were paired, so that their page takes them to the
board."""

from __future__ import annotations

import contextlib
import json
import threading
from collections import Counter
from collections.abc import Iterator

from flask import Blueprint, Flask
from flask.typing import ResponseReturnValue

from ...rules import errors
from ...store.record import MATCH_ID
from ..cycle import arenas
from ..cycle.arenas import Look as ArenaLook
from ..live import ticking
from ..site import browsers
from ..site.errors import ApiError
from ..site.i18n import render
from ..views.arena_view import standings, view
from ..views.viewer import Viewer, request_of, viewer

bp = Blueprint("arena_stream", __name__)
Look = tuple[int, ArenaLook | None]  # the arena's version, and the arena
_LOCK = threading.Lock()  # guards each app's count of the viewers in each arena


@bp.get("/arenas/<arena_id>/events")
def events(arena_id: str) -> ResponseReturnValue:
    """Server-Sent Events of the arena: its part's HTML and the viewer's row, as it changes;
    the part is rendered once per version, language and display, the row once per version
    and viewer who joined (``mine``, ``""`` for a viewer not in it)."""
    arena = arenas.read(arena_id) if MATCH_ID.fullmatch(arena_id) else None
    if arena is None:
        raise ApiError(errors.NO_ARENA)
    browser = browsers.browser_id()
    mine = browser if arenas.player(arena_id, browser) is not None else ""
    seen = viewer()

    def event(app: Flask, now: Look) -> str:
        version, arena = now
        if arena is None:
            return "event: gone\ndata: {}\n\n"
        part_key, row_key = (arena_id, version, seen), (arena_id, version, mine)
        part = ticking.kept(app, "arena_parts", part_key, lambda: _part(app, seen, arena))
        you = ticking.kept(app, "arena_rows", row_key, lambda: _row(app, arena, mine), 4096)
        return f'id: {version}\ndata: {{"html": {part}, "you": {json.dumps(you)}}}\n\n'

    def holding(app: Flask) -> contextlib.AbstractContextManager[None]:
        return _showing(app, arena_id, mine)

    return ticking.stream(arena_id, lambda: _look(arena_id), event, holding)


def _look(arena_id: str) -> Look:
    """The arena now, after pairing whoever waits if it runs (the start needs no request)."""
    found = arenas.tend(arena_id)
    return (found.version, found) if found is not None else (0, None)


def _part(app: Flask, seen: Viewer, arena: ArenaLook) -> str:
    """The part's HTML for every viewer of a language and display, as a JSON string."""
    with request_of(app, seen, f"/arenas/{arena.arena_id}"):
        return json.dumps(render("_arena_state.html", view=view(arena, "")))


@contextlib.contextmanager
def _showing(app: Flask, arena_id: str, browser: str) -> Iterator[None]:
    """While a stream is open: ``browser`` (``""``: a viewer not in the arena, not counted)
    among the viewers whose rows this process reads together."""
    counts: Counter[tuple[str, str]] = app.extensions.setdefault("arena_viewers", Counter())
    with _LOCK:
        counts[(arena_id, browser)] += 1 if browser else 0
    try:
        yield
    finally:
        with _LOCK:
            counts[(arena_id, browser)] -= 1 if browser else 0
            if counts[(arena_id, browser)] <= 0:
                del counts[(arena_id, browser)]


def _viewers(app: Flask, arena_id: str) -> list[str]:
    """The viewers in the arena whose streams this process holds open."""
    counts: Counter[tuple[str, str]] = app.extensions.setdefault("arena_viewers", Counter())
    with _LOCK:
        return [browser for (shown, browser) in counts if shown == arena_id and browser]


def _row(app: Flask, found: ArenaLook, browser: str) -> list[object] | None:
    """The viewer's row: rank, points, games, streak, playing now; ``None`` if not in it.
    Its entry is read with those of the process's other viewers in the arena, once per
    version; its rank, when it is not among the best, once per version and points."""
    if not browser:
        return None
    key = (found.arena_id, found.version)
    with app.app_context():
        read = ticking.kept(
            app, "arena_entries", key, lambda: arenas.players(key[0], _viewers(app, key[0]))
        )
        you = read[browser] if browser in read else arenas.player(key[0], browser)
        if you is None:
            return None
        best = next(
            (r.shown for r in standings(found, None, named=False) if r.browser == browser), None
        )
        if best is not None:
            return [best.rank, best.points, best.games, best.streak, best.playing]
        points = you.points
        rank = ticking.kept(
            app, "arena_ranks", (*key, points), lambda: arenas.rank(key[0], points), 4096
        )
    return [rank, you.points, you.games, you.wins_in_row, bool(you.match)]
