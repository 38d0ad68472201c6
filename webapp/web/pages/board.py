"""The board page: the live board of this browser's match, or of a watched one."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from flask import Blueprint, redirect, request, session, url_for
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from ...engine import N_, Game, evaluate
from ..action_table import ACTIONS
from ..cycle import deadlines, matches
from ..cycle.matches import Current
from ..live import sse
from ..site.errors import render_error
from ..site.i18n import gettext as _
from ..site.i18n import language
from ..text import text, text_board
from . import chat, fragments, grid, live_parts, online
from .fragments import Parts, fragment, page
from .naming import Seating, by_mark, label, name, seating, who
from .sentences import best_text, computer_move_line, hint_text, online_status, status_line
from .views import BoardView, Button, OnlineParts, ScoreView

bp = Blueprint("board", __name__)

PARTS = ("modes", "score", "banner", "clock", "alerts", "invite", "play", "chat", "online", "share")
NO_MATCH = N_("There is no match at this address: it may have expired.")


@dataclass(frozen=True)
class Here:
    """Where the viewer stands in the match: its seats, the match's id and version, and the
    game's id and whether it is over or waiting for player 2."""

    you: str | None  # the marks this browser plays ("X", "O" or "XO"); None: watching
    seat: str | None  # this browser's online seat
    match_id: str
    version: int
    game_id: str
    full: bool
    is_over: bool


@dataclass(frozen=True)
class PageView:
    """Everything the board's parts render (_parts.html), as one viewer role sees one state:
    complete and hashable, so that the parts are kept by it (fragments.parts)."""

    view: BoardView
    current: Here
    score: ScoreView
    online: OnlineParts | None
    status: str  # the rendered fragments of the view
    game: str
    share_path: str
    host: str  # the site's address, which starts the share link
    clock: deadlines.ClockView | None  # the player to move's, when a clock runs
    chat: chat.ChatView | None  # a player's quick messages, online


@dataclass(frozen=True)
class BoardPage:
    """The board page around its parts: the title, whether it refreshes itself without
    JavaScript, its live stream (``events_url``, ``""`` for none) and the scripts it needs."""

    title: str
    waiting: bool
    live: bool
    parts: Parts
    events_url: str
    version: int
    seat: str | None
    scripts: str  # "player" (the clock and the turn alerts), "clock", or ""


@bp.get("/")
def index() -> ResponseReturnValue:
    """The board; ``?hint=1`` adds the value of the position and marks the best cells."""
    return board(matches.current(), hint=request.args.get("hint") == "1")


def board(current: matches.Current, hint: bool = False) -> ResponseReturnValue:
    """The board page of ``current`` as this browser sees it (a player, or a spectator)."""
    shown = _shown(Viewed.of(current, hint))
    extra = online.parts(current) if current.match.online or current.watching else None
    if text.enabled():
        return text_board.page(current, shown.view, shown.score, extra)
    parts = live_parts.keep(current, board_parts(current, shown, extra))
    player = extra is not None and current.you is not None
    return page(
        "board.html",
        BoardPage(
            title=shown.view.status,
            waiting=shown.view.waiting,
            live=extra is not None,
            parts=parts,
            events_url=live_parts.events_url(current) if extra is not None else "",
            version=current.version,
            seat=current.seat,
            scripts="player" if player else "clock" if extra or current.match.clock else "",
        ),
    )


def board_parts(current: Current, shown: Shown, extra: OnlineParts | None) -> Parts:
    """The parts of ``current``'s board page (``shown`` of it, ``extra`` its online parts)."""
    match = current.match
    here = Here(
        current.you, current.seat, current.match_id, current.version, match.game_id,
        match.full, match.is_over,
    )  # fmt: skip
    model = PageView(
        view=shown.view,
        current=here,
        score=shown.score,
        online=extra,
        status=shown.status,
        game=shown.game,
        share_path=shown.share_path,
        host=request.host_url[:-1],
        clock=deadlines.clock_view(match),
        chat=chat.chat_view(current),
    )
    return fragments.parts("_parts.html", PARTS, model)


def live_board(current: Current) -> Parts:
    """The parts of ``current``'s board as its live stream sends them (no hint)."""
    extra = online.parts(current) if current.match.online or current.watching else None
    return board_parts(current, _shown(Viewed.of(current, False)), extra)


@dataclass(frozen=True)
class Viewed:
    """A stored state of a match as one viewer sees it, compared by ``key`` alone: the match's
    id, version and game id (a version is never saved twice under one id and game), the seats
    held, whether through a watch link, the hint asked, the language and the script root."""

    key: tuple[object, ...]
    current: Current = field(compare=False)
    hint: bool = field(compare=False)

    @classmethod
    def of(cls, current: Current, hint: bool) -> Viewed:
        """The viewed state of ``current`` in this request."""
        match = current.match
        key = (
            current.match_id, current.version, match.game_id, current.held, current.watching,
            hint, language(), request.script_root,
        )  # fmt: skip
        return cls(key, current, hint)


@dataclass(frozen=True)
class Shown:
    """The parts of the board page that are a pure function of a ``Viewed``: the view model,
    the score, the fragments rendered from the view, and the link to this position's setup."""

    view: BoardView
    score: ScoreView
    status: Markup
    game: Markup
    share_path: str


# Every watcher of a match reloads its board at each move, and a player's board is shown
# again at each reload: each state is built once per process, not once per page.
@functools.lru_cache(maxsize=4096)
def _shown(viewed: Viewed) -> Shown:
    """The parts of the board page of ``viewed``; the clock and quick messages, which also
    follow the time, are made per request."""
    current = viewed.current
    view = build(current, viewed.hint)
    game = current.match.game
    return Shown(
        view=view,
        score=build_score(current),
        status=fragment("_game.html", "status", view),
        game=fragment("_game.html", "game", view),
        share_path=url_for("setup.setup", position=game.board.to_string(), x=game.x, o=game.o),
    )


@bp.get("/board/events")
def events() -> ResponseReturnValue:
    """The live stream of a board (``?match=<id>``, else this browser's): each event's id is
    a version, its data the parts of the board that changed (live.js swaps them in)."""
    current = matches.looked_at(request.args.get("match"))
    if current is None or not current.match_id:
        return render_error(404, _(NO_MATCH))
    return live_parts.stream(current, live_board, sse.resumed_from())


@bp.get("/watch/<match_id>")
def watch(match_id: str) -> ResponseReturnValue:
    """A match's live board, read-only, for anyone with the link; its players get their own."""
    if session.get(matches.MATCH_KEY) == match_id:
        return redirect(url_for(".index"), code=303)
    current = matches.watched(match_id)
    if current is None:
        return render_error(404, _(NO_MATCH))
    return board(current)


def build(current: Current, hint: bool = False) -> BoardView:
    """The view of ``current``'s match for the board page as its viewer sees it, with the
    hint when ``hint`` is asked."""
    seat = seating(current)
    game = current.match.game
    board = game.board
    is_over = board.is_over or bool(seat.ending)
    if seat.online:
        playable = seat.full and not is_over and seat.you == board.turn
        status = online_status(game, seat)
        names = {mark: name(person) for mark, person in by_mark(current).items()}
        waiting = seat.rematch == "you" if is_over else not playable
    else:
        playable = game.person_to_move and seat.you is not None
        status = status_line(current)
        names = {mark: label(person) for mark, person in by_mark(current).items()}
        waiting = seat.you is None and not is_over
    text = hint_text(board) if hint and not seat.online and seat.you is not None else None
    best = tuple(sorted(evaluate(board).best)) if text else ()
    return BoardView(
        rows=grid.rows(game, bool(playable), set(best), landed=not waiting),
        status=status,
        x_name=names["X"],
        o_name=names["O"],
        moves=grid.moves(game),
        is_over=is_over,
        hint=text,
        best_moves=best,
        buttons=_buttons(game, seat, is_over),
        best_text=best_text(board, best),
        computer_move=computer_move_line(game),
        waiting=waiting,
        online=seat.online,
        can_hint=not seat.online and seat.you is not None and not is_over,
        active=bool(playable) and not board.is_over,
        mode=_mode(game, seat),
    )


def build_score(current: Current) -> ScoreView:
    """The score panel's figures: each seat by name, the viewer's own seat first."""
    match = current.match
    people = {seat.id: name(who(current, seat)) for seat in match.seats}
    order = sorted(match.seats, key=lambda seat: (seat.id not in current.held, seat.id))
    wins = tuple((people[seat.id], seat.id, match.score.wins.get(seat.id, 0)) for seat in order)
    return ScoreView(wins, match.score.draws, match.practice)


def _mode(game: Game, seat: Seating) -> str:
    """The mode bar's button for these players: ``two`` (hot seat), a computer level against a
    person, ``friend`` online, or ``""`` (computers against each other)."""
    if seat.online:
        return "friend"
    kinds = {game.x, game.o}
    if kinds == {"user"}:
        return "two"
    levels = kinds - {"user"}
    return levels.pop() if "user" in kinds and len(levels) == 1 else ""


def _buttons(game: Game, seat: Seating, is_over: bool) -> tuple[Button, ...]:
    """The game's buttons, each action's in the order of the action table (Next move, Play
    again, Undo…; online, Abort or Resign, and the offers). A spectator has none."""
    if seat.you is None:
        return ()
    return tuple(
        button
        for action in ACTIONS
        if action.buttons is not None
        for button in action.buttons(game, seat, is_over)
    )
