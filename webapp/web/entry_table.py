"""The table's rows that seat this browser somewhere: a new game (or an invite), joining by an
invite, taking a seat by its link, quick pairing and leaving its queue, and an arena's join,
pause and withdraw. Each row has one view, which answers its form (303, what was done flashed)
and its API route (JSON) alike, by the route it came by, as lichess's ``negotiate`` does; the
API's operations for these come from the rows too (api_document.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, flash, redirect, request, url_for
from flask.typing import ResponseReturnValue
from msgspec import Struct

from ..engine import (
    BOARD_NAMES,
    N_,
    Board,
    InvalidPositionError,
    UnknownBoardError,
    parse_board,
)
from ..rules import FRIEND, RuleError, errors
from ..rules.errors import BadStartError
from .action_views import BadFormError, Entry, posted_twice, register
from .cycle import matches
from .pages import arenas, join, pair, setup
from .site.errors import to_board
from .site.i18n import gettext as _
from .views.answers import game_json
from .views.arena_json import ARENA_PATH, NO_ARENA, ArenaJson
from .views.arena_view import arena_json
from .views.schema import JoinBody, NewBody, PairJson, SeatBody
from .views.sentences import toss_line

bp = Blueprint("entries", __name__)


class ArenaParams(Struct):
    """The arena, by the id in its route."""

    arena_id: str = ""


def _new_fields(route: dict[str, str]) -> NewBody:
    """The setup form's players, position, coin toss and clock."""
    form = request.form
    x, o = setup.kind(form.get("x")), setup.kind(form.get("o"))
    clock, board = setup.clock(form.get("clock")), form.get("board", "3x3")
    twice = posted_twice(*NewBody.__struct_fields__)
    if x is None or o is None or clock is None or twice:
        raise BadFormError()  # a field twice (x=user&x=hard): which was meant?
    if board not in BOARD_NAMES:  # the players are kept (_new_back), the boards are named
        raise UnknownBoardError(board)
    position = form.get("position", "").strip() or None
    toss = bool(form.get("toss"))
    return NewBody(x=x, o=o, position=position, toss=toss, clock=clock, board=board)


def _new_back(route: dict[str, str]) -> str:
    """Back to the setup form, filled with the players, board and position posted (if the
    players were ours to show; a board no form offers is left for the form to choose)."""
    x, o = setup.kind(request.form.get("x")), setup.kind(request.form.get("o"))
    board = request.form.get("board")
    board = board if board in BOARD_NAMES else None
    if x is None or o is None:
        return url_for("setup.setup")
    position = request.form.get("position", "").strip()[: setup.POSITION_LIMIT]
    return url_for("setup.setup", x=x, o=o, position=position or None, board=board)


def _begun(given: NewBody) -> matches.Current:
    if FRIEND in (given.x, given.o):  # an arena it waits in would pair it away from the friend
        arenas.step_out()
    size = parse_board(given.board)
    start = Board.from_string(given.position, size) if given.position else Board(size)
    return matches.begin(given.x, given.o, start, given.toss, given.clock)[0]


def _begun_page(given: NewBody, begun: matches.Current) -> ResponseReturnValue:
    if given.toss:
        flash(toss_line(begun), "info")
    return to_board(accepted=True)


def _seated_page(line: str) -> Callable[[Any, matches.Current], ResponseReturnValue]:
    """To the board, saying ``line`` with the mark now played."""

    def page(given: Any, seated: matches.Current) -> ResponseReturnValue:
        flash(_(line, mark=seated.you), "info")
        return to_board(accepted=True)

    return page


def _sought_page(given: Any, sought: tuple[Any, matches.Current | None]) -> ResponseReturnValue:
    """To the board when paired at once, else to the waiting page."""
    if sought[1] is None:
        return redirect(url_for("pair.waiting"), code=303)
    flash(pair.paired_line(sought[1]), "info")
    return to_board(accepted=True)


def _stopped(waited: tuple[bool, matches.Current | None]) -> matches.Current | None:
    """The match of an opponent who met this browser first; a refusal if it was not waiting."""
    waiting, made = waited
    if made is None and not waiting:
        raise RuleError(errors.NOT_SEEKING)
    return made


def _stopped_page(given: Any, made: matches.Current | None) -> ResponseReturnValue:
    flash(
        _("You stopped waiting for an opponent.") if made is None else pair.paired_line(made),
        "info",
    )
    return to_board(accepted=True)


def _arena_entry(what: str, summary: str, refused: str) -> Entry:
    """Join, pause or withdraw, back to the arena's page (or its JSON)."""
    return Entry(
        name=f"arena_{what}",
        summary=summary,
        form=f"/arenas/<arena_id>/{what}",
        api=f"/api/arenas/<arena_id>/{what}",
        run=lambda given: arenas.acted(given.arena_id, what),
        page=lambda given, done: redirect(url_for("arenas.page", arena_id=given.arena_id), 303),
        json=lambda done: arena_json(done),
        fields=lambda route: ArenaParams(route["arena_id"]),
        back=lambda route: url_for("arenas.page", arena_id=route["arena_id"]),
        back_on=(RuleError,),
        refusals={404: NO_ARENA, 409: refused},
        answer=ArenaJson,
        answered="The arena after it.",
        query=ARENA_PATH,
    )


ENTRIES: tuple[Entry, ...] = (
    Entry(
        name="new",
        summary="Start a new game, from the empty board or a position.",
        form="/new",
        api="/api/new",
        run=_begun,
        page=_begun_page,
        json=game_json,
        fields=_new_fields,
        body=NewBody,
        back=_new_back,
        back_on=(BadFormError, UnknownBoardError, InvalidPositionError, BadStartError),
        creating=True,
        refusals={
            409: "This browser plays an online game still in play: resign or abort it first.",
            422: "The position cannot arise in a game (e.g. impossible "
            "counts), or a friend plays against a computer.",
            429: "Too many new games "
            "or invites from this address in a short time (FLASK_LIMIT_CREATE), nothing "
            "changed; Retry-After says when to try again.",
        },
    ),
    Entry(
        name="join",
        summary="Take the free seat of an online match with its invite token (the last part "
        "of the invite link).",
        form="/join/<token>",
        api="/api/join",
        run=lambda given: join.join_by(given.invite),
        page=_seated_page(N_("You joined the match: you play %(mark)s.")),
        json=game_json,
        fields=lambda route: JoinBody(route["token"]),
        body=JoinBody,
        back=lambda route: url_for("join.join_page", token=route["token"]),
        back_on=(RuleError,),
        says_why=False,  # its page says why: full, one's own, or withdrawn
        refusals={
            404: "No match has this invite.",
            409: "This match already has two players, the invite is the caller's own, or its "
            "inviter withdrew it by leaving the match.",
        },
    ),
    Entry(
        name="seat",
        summary="Continue on this program: move the seat of a seat link (the last part of "
        "`online.seat`) here; the session that held it only watches, and the link works "
        "once.",
        form="/seat/<token>",
        api="/api/seat",
        run=lambda given: join.take_seat(given.seat),
        page=_seated_page(N_("This device now plays %(mark)s in this match.")),
        json=game_json,
        fields=lambda route: SeatBody(route["token"]),
        body=SeatBody,
        refusals={
            404: "The link names no seat: unknown, or used already.",
            409: "The caller holds the match's other seat (`other_seat_link`), or plays "
            "an online game still in play elsewhere.",
        },
    ),
    Entry(
        name="pair",
        summary="Play someone: seated at once with a seeker who waits (sides drawn at "
        "random, 30 s a move), else waiting; poll GET /api/pair, or follow the match with "
        "GET /api/events.",
        form="/pair",
        api="/api/pair",
        run=lambda given: pair.seek(given.board),
        page=_sought_page,
        json=lambda sought: pair.pair_json(*sought),
        fields=pair.fields,
        body=pair.PairBody,
        body_required=False,
        creating=True,
        refusals={
            409: "This browser plays an online game still in play: resign or abort it first.",
            429: "Too many new games from this address in a short time (FLASK_LIMIT_CREATE).",
        },
        answer=PairJson,
        answered="Where the seeker stands.",
    ),
    Entry(
        name="pair_cancel",
        summary="Stop waiting for an opponent.",
        form="/pair/cancel",
        api="/api/pair",
        run=lambda given: _stopped(pair.stop()),
        page=_stopped_page,
        json=lambda made: pair.pair_json(None, made),
        method="DELETE",
        refusals={409: "This session was not waiting."},
        answer=PairJson,
        answered="Idle.",
    ),
    _arena_entry(
        "join",
        "Join the arena, or come back after pausing or withdrawing: paired "
        "as soon as another player is free while it runs.",
        "This browser is in it already, it is over, or it plays an online game "
        "still in play (of a friend or of another arena).",
    ),
    _arena_entry(
        "pause",
        "Pause: not paired again until coming back (a game in play goes on).",
        "This browser is not in it, or paused already.",
    ),
    _arena_entry("withdraw", "Leave the arena; the points stay.", "This browser is not in it."),
)

register(bp, ENTRIES)
