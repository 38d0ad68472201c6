"""The games being played now: ``GET /live`` (each game's names, a small board, its clock and
a link to watch), the stream that keeps its list in place, and the list the API answers."""

from __future__ import annotations

import json

from flask import Blueprint, Flask, url_for
from flask.typing import ResponseReturnValue

from ...rules import clock as clocks
from ...store.live_games import MOST, QUIET_AFTER
from .. import timing
from ..cycle import matches, on_air
from ..live import ticking
from ..site.errors import for_api
from ..site.i18n import render
from ..views.answers import answer, clock_json
from ..views.live import LiveGameJson
from ..views.naming import by_mark, name
from ..views.operations import Operation, read
from ..views.viewer import Viewer, request_of, viewer

bp = Blueprint("live_games", __name__)


def now_playing() -> list[LiveGameJson]:
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
        watch = url_for("board.watch", match_id=match_id, _external=True)
        board, clock = current.match.game.board.to_string(), clock_json(current.match)
        found.append(LiveGameJson(match_id, watch, names, board, clock))
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
    games = now_playing()
    if for_api():
        return answer(games)
    return render("live.html", games=games, text_mode=viewer().text)


@bp.get("/live/events")
def events() -> ResponseReturnValue:
    """Server-Sent Events of the list: its HTML whenever a game in it changed, came or went;
    each process looks at the list once a tick for all its streams."""
    seen = viewer()

    def event(app: Flask, now: tuple[object, ...]) -> str:
        html = ticking.kept(app, "live_parts", (now, seen), lambda: _rendered(app, seen))
        return f"data: {json.dumps({'html': html})}\n\n"

    return ticking.stream("live", lambda: tuple(game.seen for game in now_playing()), event)


def _rendered(app: Flask, seen: Viewer) -> str:
    """The list's HTML as ``seen`` sees it, in a request of its own."""
    with request_of(app, seen, "/live"):
        return render("_live_list.html", games=now_playing(), text_mode=seen.text)
