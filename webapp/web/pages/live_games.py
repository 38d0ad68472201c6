"""The games being played now: ``GET /live`` (each game's names, a small board, its clock and
a link to watch), the stream that keeps its list in place, and the list the API answers."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from dataclasses import dataclass

from flask import Blueprint, Flask, current_app, url_for
from flask.typing import ResponseReturnValue

from ...engine import Board
from ...rules import Match
from ...rules import clock as clocks
from ...store.live_games import MOST, QUIET_AFTER
from .. import timing
from ..cycle import deadlines, matches, on_air
from ..cycle.deadlines import ClockView
from ..live import live, sse
from ..live.shared import Shared
from ..live.ticking import ticking
from ..site.errors import for_api
from ..site.i18n import gettext as _
from ..site.i18n import render
from ..views.answers import answer, clock_json
from ..views.live import LiveGameJson
from ..views.naming import by_mark, name
from ..views.operations import Operation, read
from ..views.viewer import Viewer, request_of, viewer

bp = Blueprint("live_games", __name__)
Look = tuple[tuple[str, int], ...]  # what the list holds: each game and its version


@dataclass(frozen=True)
class _ListKept:
    """An app's looks at the list (one per LIVE_EVERY seconds, shared by all its streams) and
    the list's HTML per look and reader."""

    looks: Shared[int, Look] = dataclasses.field(default_factory=lambda: Shared(4))
    parts: Shared[tuple[object, ...], str] = dataclasses.field(default_factory=lambda: Shared(64))


@dataclass(frozen=True)
class Playing:
    """A game in play as anyone may watch it: its players' names by mark, its board, the
    clock of the player to move."""

    match_id: str
    version: int
    names: dict[str, str]
    match: Match
    clock: ClockView | None

    @property
    def board(self) -> Board:
        """The position now."""
        return self.match.game.board

    @property
    def rows(self) -> list[list[str]]:
        """The marks by row, ``""`` for an empty cell."""
        marks = [("" if mark == "_" else mark) for _cell, mark in self.board]
        n = self.board.size
        return [marks[row * n : row * n + n] for row in range(n)]

    @property
    def words(self) -> str:
        """The position in words, e.g. ``X on A1, B2; O on C3``."""
        placed = [
            _(
                "%(mark)s on %(cells)s",
                mark=mark,
                cells=", ".join(c for c, m in self.board if m == mark),
            )
            for mark in ("X", "O")
            if any(m == mark for _c, m in self.board)
        ]
        return "; ".join(placed) or _("No moves yet.")


def now_playing() -> list[Playing]:
    """The games in play, the latest changed first: matches of strangers whose game is not
    over and whose clock has not run out (a game left by both is not saved as over yet)."""
    found = []
    for match_id in on_air.games().listing(timing.now() - QUIET_AFTER, MOST):
        current = matches.watched(match_id)
        if current is None or not current.match.paired or current.match.is_over:
            continue
        if not on_air.public(current.match):  # noted before its arena was known private
            continue
        left = clocks.seconds_left(current.match, timing.now())
        if left is not None and left <= 0:
            continue
        names = {mark: name(person) for mark, person in by_mark(current).items()}
        clock = deadlines.clock_view(current.match)
        found.append(Playing(match_id, current.version, names, current.match, clock))
    return found


LIVE = Operation(
    "The games being played now by strangers met by quick pairing (never a friend's match "
    "made by link), the latest changed first, at most 50.",
    answer=list[LiveGameJson],
    answered="The games, each with a link to watch it.",
)


@read(bp, "/live", "/api/live", LIVE)
def page() -> ResponseReturnValue:
    """The games being played now; it refreshes itself without JavaScript, and with it the
    stream keeps the list in place. For programs, each game with the link to watch it."""
    if for_api():
        return answer([_json(game) for game in now_playing()])
    return render("live.html", games=now_playing(), text_mode=viewer().text)


def _json(game: Playing) -> LiveGameJson:
    """A game in play as the API shows it."""
    watch = url_for("board.watch", match_id=game.match_id, _external=True)
    board, clock = game.board.to_string(), clock_json(game.match)
    return LiveGameJson(game.match_id, watch, game.names, board, clock)


@bp.get("/live/events")
def events() -> ResponseReturnValue:
    """Server-Sent Events of the list: its HTML whenever a game in it changed, came or went."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    seen = viewer()
    return sse.event_stream(lambda hub, lifetime: _stream(app, hub, seen, lifetime))


def _stream(app: Flask, hub: live.Hub, seen: Viewer, lifetime: float) -> Iterator[str]:
    """The list's events for one viewer (its language, display and address) until
    ``lifetime`` is over; each process looks at the list once a tick for all its streams."""
    kept: _ListKept = app.extensions.setdefault("live_games_kept", _ListKept())

    def look(tick: int) -> Look:
        with app.test_request_context("/live"):  # the names need a request's language
            return kept.looks.get(tick, _look)

    def event(now: Look) -> str:
        html = kept.parts.get((now, seen), lambda: _rendered(app, seen))
        return f"data: {json.dumps({'html': html})}\n\n"

    return ticking(hub, lifetime, float(app.config["LIVE_EVERY"]), look, event)


def _look() -> Look:
    """What the list holds now: each game and its version."""
    return tuple((game.match_id, game.version) for game in now_playing())


def _rendered(app: Flask, seen: Viewer) -> str:
    """The list's HTML as ``seen`` sees it, in a request of its own."""
    with request_of(app, seen, "/live"):
        return render("_live_list.html", games=now_playing(), text_mode=seen.text)
