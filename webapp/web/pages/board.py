"""The board page: the live board of this browser's match, or of a watched one."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field

from flask import Blueprint, redirect, request, session, url_for
from flask.typing import ResponseReturnValue

from ...engine import N_, Game
from ..action_table import BY_NAME, board_buttons
from ..cycle import deadlines, matches
from ..cycle.matches import Current
from ..live import sse
from ..site.errors import for_api, render_error
from ..site.i18n import gettext as _
from ..text import text_board
from ..views import chat, fragments, live_parts, online
from ..views.answers import answer, game_json
from ..views.board_parts import Drawn
from ..views.board_parts import board_parts as parts_of
from ..views.board_view import build, build_score
from ..views.fragments import Parts, assembled, fragment
from ..views.models import OnlineParts
from ..views.naming import name, who
from ..views.operations import Operation, read
from ..views.viewer import viewer
from . import whole_pages
from .streams import EVENTS, missing, versions

bp = Blueprint("board", __name__)

NO_MATCH = N_("There is no match at this address: it may have expired.")


@dataclass(frozen=True)
class BoardPage:
    """The board page around its parts: the title, whether it refreshes itself without
    JavaScript, its live stream (``events_url``, ``""`` for none) and the scripts it needs."""

    title: str
    waiting: bool
    live: bool
    parts: Parts
    events_url: str
    version: int  # the live stream's (0 without one: nothing else shows it)
    match_id: str
    playing: bool  # the parts from grid to reset are in the move form (else a box)
    seat: str | None
    scripts: str  # "player" (the clock and the turn alerts), "clock", or ""


@read(
    bp,
    "/",
    "/api/game",
    Operation("The match, with the CSRF token for the POSTs.", answered="The match."),
)
def index() -> ResponseReturnValue:
    """The board; ``?hint=1`` adds the value of the position and marks the best cells. As
    JSON, the match with the CSRF token that programs send back in ``X-CSRFToken``."""
    if for_api():
        return answer(game_json(matches.current()))
    return board(matches.current(), hint=request.args.get("hint") == "1")


def board(current: matches.Current, hint: bool = False) -> ResponseReturnValue:
    """The board page of ``current`` as this browser sees it (a player, or a spectator)."""
    viewed = Viewed.of(current, hint)
    kept_as = whole_pages.key(current, viewed.key)
    if kept_as is None:
        return fragments.filled(*_marked(viewed))
    return whole_pages.page(kept_as, lambda: _made(viewed, kept_as))


def _made(viewed: Viewed, kept_as: tuple[object, ...]) -> str:
    """The kept page of ``viewed`` (kept as ``kept_as``), with the marks: the board's from the
    page of the state it shows (text mode's says what changed since the last page it showed,
    and is made per version)."""
    current, hint = viewed.current, viewed.hint
    if viewer(current).text:
        return _marked(viewed)[0]

    def make(shown: Current, state: tuple[object, ...]) -> str:
        return _marked(Viewed(state, shown, hint))[0]

    return whole_pages.of_state(current, kept_as, (hint, viewer(current)), make)


def _marked(viewed: Viewed) -> tuple[str, str | None]:
    """The page with the marks in place of the CSRF token and the messages, and text mode's
    own messages (``None``: the flashed ones)."""
    current = viewed.current
    shown = _shown(viewed)
    extra = online.parts(current) if current.match.online or current.watching else None
    if viewer(current).text:
        return text_board.marked(current, shown.view, shown.score, extra)
    live = _live(current, shown, extra)
    parts = (live_parts.keep(current, "board", live) if extra is not None else live).parts
    player = extra is not None and current.you is not None
    return assembled(
        "board.html",
        BoardPage(
            title=shown.view.status,
            waiting=shown.view.waiting,
            live=extra is not None,
            parts=parts,
            events_url=live_parts.events_url(current) if extra is not None else "",
            version=current.version if extra is not None else 0,
            match_id=current.match_id,
            playing=current.you is not None,
            seat=current.seat,
            scripts="player" if player else "clock" if extra or current.match.clock else "",
        ),
    ), None


def board_parts(current: Current, shown: Drawn, extra: OnlineParts | None) -> Parts:
    """The parts of ``current``'s board page (``shown`` of it, ``extra`` its online parts)."""
    host = viewer(current).host[:-1]
    chat_view = chat.chat_view(current)
    return parts_of(current, shown, extra, host, deadlines.clock_view(current.match), chat_view)


def _live(current: Current, shown: Drawn, extra: OnlineParts | None) -> live_parts.Shown:
    """The board's parts as kept for its live stream, with its title and form version."""
    parts = board_parts(current, shown, extra)
    return live_parts.Shown(parts, shown.view.status, current.version)


def _streamed(current: Current) -> tuple[Drawn, OnlineParts | None]:
    """What a live stream of ``current``'s board shows (no hint), and its online parts."""
    extra = online.parts(current) if current.match.online or current.watching else None
    return _shown(Viewed.of(current, False)), extra


def _live_board(current: Current) -> live_parts.Shown:
    return _live(current, *_streamed(current))


def _live_text(current: Current) -> live_parts.Shown:
    shown, extra = _streamed(current)
    return text_board.parts(current, shown.view.status, extra)


def _text_said(current: Current, since: Mapping[str, str]) -> str:
    return text_board.announcement(current, _streamed(current)[0].view.status, since)


DISPLAYS = {
    "board": live_parts.Display("board", _live_board),
    "text": live_parts.Display("text", _live_text, _text_said),
}


@dataclass(frozen=True)
class Viewed:
    """A stored state of a match as one viewer sees it, compared by ``key`` alone: the match's
    id, version, game id and the decoded match itself (one per stored text: ``_Same``), the
    hint asked and the viewer (its seats, watching, language, display and address); or, for a match
    with marks in place of those (``whole_pages.of_state``), the key of the state it shows."""

    key: tuple[object, ...]
    current: Current = field(compare=False)
    hint: bool = field(compare=False)

    @classmethod
    def of(cls, current: Current, hint: bool) -> Viewed:
        """The viewed state of ``current`` in this request."""
        match = current.match
        key = (
            current.match_id,
            current.version,
            match.game_id,
            _Same(match),
            hint,
            viewer(current),
        )
        return cls(key, current, hint)


@dataclass(frozen=True, eq=False)
class _Same:
    """A decoded match in a key, compared by identity: the match of a version is kept by the
    text it was stored as (cycle/decoded.py), so a version number saved again with other text
    (a Redis failover that lost acknowledged writes) is another match, and another page."""

    match: object

    def __hash__(self) -> int:
        return id(self.match)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.match is self.match


# Every watcher of a match reloads its board at each move, and a player's board is shown
# again at each reload: each state is built once per process, not once per page.
@functools.lru_cache(maxsize=4096)
def _shown(viewed: Viewed) -> Drawn:
    """The parts of the board page of ``viewed``; the clock and quick messages, which also
    follow the time, are made per request."""
    current = viewed.current
    view = build(current, board_buttons, viewed.hint, offer_lines(current))
    game = current.match.game
    return Drawn(
        view=view,
        score=build_score(current),
        status=fragment("_game.html", "status", view),
        grid=fragment("_game.html", "grid", view),
        controls=fragment("_game.html", "controls", view),
        players=fragment("_game.html", "players", view),
        share_path=_share_path(game),
    )


def offer_lines(current: Current) -> tuple[str, ...]:
    """What a player's board says of each open offer that the buttons answer (a takeback, a
    draw), in the words text mode says it in: ``You offered a draw.``, ``Your friend offers a
    draw.``; a spectator, who has no buttons, is told nothing."""
    if current.seat is None:
        return ()
    lines = []
    for kind, seat in current.match.offers:
        action = BY_NAME.get(kind)
        # Only an offer the buttons answer: a rematch has its own button, time given its line.
        if action is None or not action.asked or "offered" not in action.said:
            continue
        yours, theirs = action.said["offered"]
        other = name(who(current, current.match.seat(seat)))
        lines.append(_(yours) if seat in current.held else _(theirs, name=other))
    return tuple(lines)


def _share_path(game: Game) -> str:
    """The setup form filled with ``game``'s position and players, and its board when it is
    not 3x3 (whose links stay as they were): the form would otherwise choose the opener's."""
    board = game.start.geometry.name if game.size != 3 else None  # None: left out
    return url_for("setup.setup", position=game.board.to_string(), x=game.x, o=game.o, board=board)


@read(bp, "/board/events", "/api/events", EVENTS)
def events() -> ResponseReturnValue:
    """The live stream of a board (``?match=<id>``, else this browser's): each event's id is
    a version, its data the parts of the board that changed (live.js swaps them in); for
    programs, the version alone."""
    current = matches.looked_at(request.args.get("match"), shared=True)
    if current is None or not current.match_id:
        return missing(current is None, _(NO_MATCH))
    if for_api():
        return versions(current, sse.resumed_from())
    display = DISPLAYS[viewer(current).shown]
    return live_parts.stream(current, display, sse.resumed_from())


@bp.get("/watch/<match_id>")
def watch(match_id: str) -> ResponseReturnValue:
    """A match's live board, read-only, for anyone with the link; its players get their own."""
    if session.get(matches.MATCH_KEY) == match_id:
        return redirect(url_for(".index"), code=303)
    current = matches.watched(match_id)
    if current is None:
        return render_error(404, _(NO_MATCH))
    return board(current)
