"""The table's rows that seat this browser somewhere: a new game (or an invite), joining by an
invite, taking a seat by its link, quick pairing and leaving its queue, and an arena's join,
pause and withdraw. Each row has one view, which answers its form (303, what was done flashed)
and its API route (JSON) alike, by the route it came by, as lichess's ``negotiate`` does; the
API's operations for these come from the rows too (api_document.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, flash, redirect, request, url_for
from flask.typing import ResponseReturnValue
from msgspec import Struct

from ..engine import BOARD_NAMES, N_, Board, InvalidPositionError, TicTacToeError, parse_board
from ..rules import RuleError, UnknownLinkError, errors
from ..rules.errors import BadStartError
from ..rules.seating import LeaveRefusedError
from .action_table import NoParams
from .cycle import matches
from .pages import arenas, join, pair, setup
from .site import limits
from .site.errors import WebError, for_api, to_board
from .site.headers import move_result
from .site.i18n import gettext as _
from .site.i18n import said
from .site.refusals import BAD_FORM
from .views.answers import answer, game_json
from .views.arena_json import ARENA_PATH, NO_ARENA, ArenaJson, arena_json
from .views.bodies import decode
from .views.schema import JoinBody, NewBody, PairJson, SeatBody
from .views.sentences import toss_line

bp = Blueprint("entries", __name__)
Done = Any  # what a row's rule did, which its page and its JSON answer from


class BadFormError(WebError):
    """A form's fields that no page of ours posts (an unknown player, a clock not a number)."""

    refusal = BAD_FORM


class ArenaParams(Struct):
    """The arena, by the id in its route."""

    arena_id: str = ""


@dataclass(frozen=True)
class Entry:
    """One way in, and both ways to reach it. ``run`` is the rule, through the request cycle;
    ``fields`` reads the parameters of a form (and of either route's path), ``body`` the API's
    JSON; ``page`` answers the form from the parameters and what was done, ``json`` the API.
    A form refused with one of ``back_on`` goes ``back`` (saying why, unless the page there
    does); a refused API request gets the status of the refusal's code (site/refusals.py)."""

    name: str
    summary: str
    form: str
    api: str
    run: Callable[[Any], Done]
    page: Callable[[Any, Done], ResponseReturnValue]
    json: Callable[[Done], Struct]
    fields: Callable[[dict[str, str]], Struct] = lambda route: NoParams()
    body: type[Struct] | None = None
    method: str = "POST"
    back: Callable[[dict[str, str]], str] | None = None
    back_on: tuple[type[TicTacToeError], ...] = ()
    says_why: bool = True
    creating: bool = False  # a new match: counted by the limit on new games
    refusals: dict[int, str] = field(default_factory=dict)
    answer: Any = None  # the API's answer type, for the OpenAPI document
    answered: str = "The match after the change."
    query: list[dict[str, Any]] = field(default_factory=list)
    optional_body: bool = False  # an empty body is the body's defaults


def _view(entry: Entry) -> Callable[..., ResponseReturnValue]:
    def view(**route: str) -> ResponseReturnValue:
        if for_api():
            given = decode(entry.body, entry.optional_body) if entry.body else entry.fields(route)
            return answer(entry.json(entry.run(given)))  # a refusal: the error writer's
        try:
            given = entry.fields(route)
            done = entry.run(given)
        except (UnknownLinkError, LeaveRefusedError):
            raise  # the error writer's: a 404, or back to the board saying why
        except entry.back_on as error:
            if entry.says_why:
                flash(said(error), "error")
            assert entry.back is not None
            return move_result(redirect(entry.back(route), 303), accepted=False)
        return entry.page(given, done)

    view.__name__ = entry.name
    view.__doc__ = entry.summary
    return limits.creating(view) if entry.creating else view


def _new_fields(route: dict[str, str]) -> NewBody:
    """The setup form's players, position, coin toss and clock."""
    form = request.form
    x, o = setup.kind(form.get("x")), setup.kind(form.get("o"))
    clock, board = setup.clock(form.get("clock")), form.get("board", "3x3")
    if x is None or o is None or clock is None or board not in BOARD_NAMES:
        raise BadFormError()
    position = form.get("position", "").strip() or None
    toss = bool(form.get("toss"))
    return NewBody(x=x, o=o, position=position, toss=toss, clock=clock, board=board)


def _new_back(route: dict[str, str]) -> str:
    """Back to the setup form, filled with the players and position posted (if the players
    were ours to show)."""
    x, o = setup.kind(request.form.get("x")), setup.kind(request.form.get("o"))
    if x is None or o is None:
        return url_for("setup.setup")
    position = request.form.get("position", "").strip()[: setup.POSITION_LIMIT]
    return url_for("setup.setup", x=x, o=o, position=position or None)


def _begun(given: NewBody) -> matches.Current:
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
        f"arena_{what}",
        summary,
        f"/arenas/<arena_id>/{what}",
        f"/api/arenas/<arena_id>/{what}",
        lambda given: (given.arena_id, arenas.acted(given.arena_id, what)),
        lambda given, done: redirect(url_for("arenas.page", arena_id=given.arena_id), 303),
        lambda done: arena_json(*done),
        lambda route: ArenaParams(route["arena_id"]),
        back=lambda route: url_for("arenas.page", arena_id=route["arena_id"]),
        back_on=(RuleError,),
        refusals={404: NO_ARENA, 409: refused},
        answer=ArenaJson,
        answered="The arena after it.",
        query=ARENA_PATH,
    )


ENTRIES: tuple[Entry, ...] = (
    Entry(
        "new",
        "Start a new game, from the empty board or a position.",
        "/new",
        "/api/new",
        _begun,
        _begun_page,
        game_json,
        _new_fields,
        NewBody,
        back=_new_back,
        back_on=(BadFormError, InvalidPositionError, BadStartError),
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
        "join",
        "Take the free seat of an online match with its invite token (the last part "
        "of the invite link).",
        "/join/<token>",
        "/api/join",
        lambda given: join.join_by(given.invite),
        _seated_page(N_("You joined the match: you play %(mark)s.")),
        game_json,
        lambda route: JoinBody(route["token"]),
        JoinBody,
        back=lambda route: url_for("join.join_page", token=route["token"]),
        back_on=(RuleError,),
        says_why=False,  # its page says why: full, or one's own
        refusals={
            404: "No match has this invite.",
            409: "This match already has two players, or the invite is the caller's own.",
        },
    ),
    Entry(
        "seat",
        "Continue on this program: move the seat of a seat link (the last part of "
        "`online.seat`) here; the session that held it only watches, and the link works "
        "once.",
        "/seat/<token>",
        "/api/seat",
        lambda given: join.take_seat(given.seat),
        _seated_page(N_("This device now plays %(mark)s in this match.")),
        game_json,
        lambda route: SeatBody(route["token"]),
        SeatBody,
        refusals={404: "The link names no seat: unknown, or used already."},
    ),
    Entry(
        "pair",
        "Play someone: seated at once with a seeker who waits (sides drawn at "
        "random, 30 s a move), else waiting; poll GET /api/pair, or follow the match with "
        "GET /api/events.",
        "/pair",
        "/api/pair",
        lambda given: pair.seek(given.board),
        _sought_page,
        lambda sought: pair.pair_json(*sought),
        pair.fields,
        pair.PairBody,
        creating=True,
        optional_body=True,
        refusals={
            409: "This browser plays an online game still in play: resign or abort it first.",
            429: "Too many new games from this address in a short time (FLASK_LIMIT_CREATE).",
        },
        answer=PairJson,
        answered="Where the seeker stands.",
    ),
    Entry(
        "pair_cancel",
        "Stop waiting for an opponent.",
        "/pair/cancel",
        "/api/pair",
        lambda given: _stopped(pair.stop()),
        _stopped_page,
        lambda made: pair.pair_json(None, made),
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

for _entry in ENTRIES:
    _seen = _view(_entry)
    bp.add_url_rule(_entry.form, _entry.name, _seen, methods=["POST"])
    bp.add_url_rule(_entry.api, f"api_{_entry.name}", _seen, methods=[_entry.method])
