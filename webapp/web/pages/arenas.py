"""Arenas' pages: the list and the form that makes one (``/arenas``), an arena's page with its
standings and podium (``/arenas/<id>``), and ``acted``, what its forms (rows of the entry
table) do, with the body that makes one and the routes' operations. A player paired by the
arena is taken to the board of their game from its page."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import replace
from typing import Annotated, Literal

from flask import Blueprint, flash, redirect, request, session, url_for
from flask.typing import ResponseReturnValue
from msgspec import Meta, Struct

from ...engine import BOARD_NAMES, N_, parse_board
from ...rules import RuleError, errors, seating
from ...rules import arena as rules
from ...rules.arena import Arena, Player
from ...rules.seating import LeaveRefusedError
from ...store import StoreBusy, StoreUnavailable
from ...store.record import MATCH_ID
from .. import timing
from ..cycle import arena_count, arena_index, arena_joins, arenas, leaving, matches
from ..site import browsers, limits, names
from ..site.errors import ApiError, for_api, render_error
from ..site.headers import move_result
from ..site.i18n import gettext as _
from ..site.i18n import render, said
from ..site.refusals import INVALID_FIELD
from ..views.answers import answer
from ..views.arena_json import ARENA_PATH, NO_ARENA, ArenaJson, ArenaMadeJson, link
from ..views.arena_view import view
from ..views.bodies import decode
from ..views.operations import Operation, read
from ..views.schema import BoardName

bp = Blueprint("arenas", __name__)
LENGTHS = (300, 600, 1800)  # the form's choices, in seconds; the API takes any from 1 s
CLOCKS = (5, 10, 30)
STARTS_IN = (60, 300, 900)
PAIRED = N_("The arena paired you: you play %(mark)s. Good luck!")
UNKNOWN_CHOICE = N_("Choose one of the lengths, clocks and starts shown; nothing was made.")
ARENA_KEY = "arena"  # the session's key of the arena this browser joined last

Action = Callable[[Arena, float], Arena]

WEEK = 7 * 86400
Seconds = Annotated[int, Meta(ge=1, le=WEEK)]
# Each field's range, which a refusal names (msgspec's own words are not the player's).
RANGES = {"length": (1, WEEK), "clock": (1, WEEK), "starts_in": (0, WEEK)}
OUT_OF_RANGE = N_("The field %(name)s must be a whole number of seconds from %(low)d to %(high)d.")
ONLY_PRIVATE = N_(
    "An arena you make is private: only its link reaches it. The site's own arenas are the "
    "public ones."
)


class ArenaBody(Struct, kw_only=True):
    """A new arena: its length and time per move, in seconds from 1, and when it starts. It is
    private (only its link reaches it): the public arenas are the site's own."""

    length: Seconds
    clock: Seconds
    starts_in: Annotated[int, Meta(ge=0, le=WEEK)] = 0
    private: Annotated[
        Literal[True], Meta(description="Only true: an arena a player makes is private.")
    ] = True
    board: Annotated[BoardName, Meta(description="Every game's board: 5x5 wins with four.")] = "3x3"


MADE = Operation(
    "Make an arena: a timed tournament that pairs its waiting players again and again (any "
    "length and clock from 1 s).",
    {429: "Too many new games or arenas from this address in a short time."},
    body=ArenaBody,
    answer=ArenaMadeJson,
    answered="Its id and link.",
)
LISTED = Operation(
    "The public arenas coming or running, the soonest first (the site always has one coming).",
    answer=list[ArenaJson],
    answered="The arenas.",
)
ONE = Operation(
    "An arena: its state, times, standings and this browser's place.",
    {404: NO_ARENA},
    answer=ArenaJson,
    answered="The arena.",
    query=ARENA_PATH,
)


def acted(arena_id: str, what: str) -> arenas.Look:
    """This browser's ``what`` (join, pause, withdraw) in the arena, then whoever waits paired:
    the one way the forms and the API change an arena."""
    browser = browsers.browser_id()
    left = _free_to_join(arena_id, browser) if what == "join" else None
    browsers.keep()
    actions: dict[str, Action] = {
        "pause": lambda arena, _now: rules.pause(arena, browser),
        "withdraw": lambda arena, _now: rules.withdraw(arena, browser),
    }
    if what == "join":
        changed = arena_joins.join(arena_id, browser, names.mine())
        session[ARENA_KEY] = arena_id
        _withdraw_invite()
    else:
        changed = arenas.change(arena_id, browser, actions[what])
    if left is not None:  # one arena at a time: the one left pairs this browser no more
        with contextlib.suppress(RuleError, StoreUnavailable):
            arenas.change(left, browser, lambda arena, _now: rules.pause(arena, browser))
    return changed


def _free_to_join(arena_id: str, browser: str) -> str | None:
    """Refuse a join (LeaveRefusedError, as every other way out of a live online game) while
    this browser plays one, or has a game of another arena in play that it has not reached
    yet: the opponent would be left playing nobody. The other arena it still waits in, to be
    paused there once this join is saved; ``None`` if none."""
    # A seek of quick pairing is given up: both would pair this browser, one for nothing.
    matches.leave_for("")
    other = session.get(ARENA_KEY)
    if not isinstance(other, str) or other == arena_id:
        return None
    return other if _waiting_in(other, browser) else None


def _withdraw_invite() -> None:
    """Once this browser is in an arena: its open invite withdrawn (it waits at no match from
    now), or a friend who came would be left alone when the arena pairs it. A friend who
    joined meanwhile keeps it: the arena's game is refused it until their game ends."""
    seen = matches.current()
    with contextlib.suppress(RuleError):
        leaving.leave(seen, seating.switch, matches.holding(seen.match_id), moving=False)


def step_out() -> None:
    """Before this browser seeks an opponent by quick pairing: paused in the arena it waits
    in, so that the two never both pair it; refused (LeaveRefusedError) while that arena has
    paired it in a game in play that it has not reached yet."""
    other, browser = session.get(ARENA_KEY), browsers.browser_id()
    if isinstance(other, str) and _waiting_in(other, browser):
        with contextlib.suppress(RuleError, StoreUnavailable):
            arenas.change(other, browser, lambda arena, _now: rules.pause(arena, browser))


def _waiting_in(arena_id: str, browser: str) -> bool:
    """Whether ``browser`` is in ``arena_id`` to be paired (not paused, not withdrawn);
    LeaveRefusedError if the arena paired it in a game in play that it has not reached."""
    me = arenas.player(arena_id, browser)
    if me is None or me.paused or me.withdrawn:
        return False
    if me.match and me.match != matches.current().match_id:
        game = matches.watched(me.match)
        if game is None or not game.match.is_over:  # being made, or in play
            raise LeaveRefusedError(errors.STRANGER_IN_PLAY)
    return True


def made(length: int, clock: int, starts_in: int, size: int = 3) -> str:
    """A new arena of a player's, starting ``starts_in`` seconds from now; its id. It is
    private: only the site's own arenas are listed (anyone could list arenas of a week)."""
    arena = Arena(timing.now() + starts_in, length, clock, private=True, size=size)
    arena_id = arenas.create(arena)
    arena_index.track(arena_id, arena)
    return arena_id


def entered(arena_id: str) -> tuple[bool, Player | None]:
    """Whether this browser has an arena game in play, now its match (made if the request
    that paired it failed first), and its entry as read then: what its answer shows, so that
    it never says "playing" of a game not entered. A game of its that ended uncounted (a
    clock that ran out unseen, an arena too busy when it ended) is counted here, and then the
    next one looked for, since the arena pairs at once."""
    browser = browsers.browser_id()
    for _look in range(2):
        me = arenas.player(arena_id, browser)
        if me is None or not me.match:
            return False, me
        record = matches.store().get(me.match)
        if record is None:
            arenas.make_game(arena_id, me.match)
        game = matches.watched(me.match, record)  # a clock that ran out ends the game here
        if game is None or not game.match.is_over:
            break
        with contextlib.suppress(StoreBusy):  # busy counting others' games: the settler counts it
            arena_count.count(me.match, game.match)
    else:
        return False, None if me is None else replace(me, match="")  # the next look enters
    if matches.current().match_id != me.match:
        matches.enter(me.match, me.key)
        flash(_(PAIRED, mark=me.mark), "info")
    return True, me


@read(bp, "/arenas", "/api/arenas", LISTED)
def listing() -> ResponseReturnValue:
    """The public arenas coming or running, the soonest first, and the form that makes one."""
    shown = [view(found, browsers.browser_id()) for found in arena_index.listed()]
    if for_api():
        return answer([arena.arena for arena in shown])
    return render("arenas.html", arenas=shown, lengths=LENGTHS, clocks=CLOCKS, starts_in=STARTS_IN)


@read(bp, "/arenas", "/api/arenas", MADE, method="POST")
@limits.creating
@limits.arenas
def create() -> ResponseReturnValue:
    """Make an arena from the form's choices, and go to its page; a program makes a private
    one of any length and clock, and gets its id and link."""
    if for_api():
        body = _body()
        made_id = made(body.length, body.clock, body.starts_in, parse_board(body.board))
        return answer(ArenaMadeJson(made_id, link(made_id)))
    form = request.form
    chosen = [form.get(name, "") for name in ("length", "clock", "starts_in")]
    allowed = [LENGTHS, CLOCKS, STARTS_IN]
    # A short run of ASCII digits only: int() refuses "²" and a number of 5,000 digits.
    numbers = [v.isascii() and v.isdigit() and len(v) < 10 for v in chosen]
    board = form.get("board") or "3x3"  # a board the form does not offer is refused too
    offered = zip(numbers, chosen, allowed, strict=True)
    if not all(good and int(v) in ok for good, v, ok in offered) or board not in BOARD_NAMES:
        flash(_(UNKNOWN_CHOICE), "error")
        return move_result(redirect(url_for(".listing"), 303), accepted=False)
    length, clock, starts_in = (int(v) for v in chosen)
    arena_id = made(length, clock, starts_in, parse_board(board))
    return redirect(url_for(".page", arena_id=arena_id), 303)


@read(bp, "/arenas/<arena_id>", "/api/arenas/<arena_id>", ONE)
def page(arena_id: str) -> ResponseReturnValue:
    """The arena: to the board of this browser's game in play, else its standings. For
    programs, the arena, its standings and this browser's place; a game the arena paired
    this browser in becomes its match, as the page makes it (GET /api/game shows it). Both
    show this browser's entry as ``entered`` read it."""
    found = arenas.tend(arena_id) if MATCH_ID.fullmatch(arena_id) else None
    if found is None:
        return render_error(404, _(errors.NO_ARENA.message), refusal=errors.NO_ARENA)
    browser = browsers.browser_id()
    try:
        playing, me = entered(arena_id)
    except LeaveRefusedError as error:  # it plays elsewhere: it goes there later
        if not for_api():
            flash(said(error), "error")
        playing, me = False, arenas.player(arena_id, browser)
    if playing and not for_api():
        return redirect(url_for("board.index"), 303)
    shown = view(arenas.look(arena_id) or found, browser, me, read=False)
    return answer(shown.arena) if for_api() else render("arena.html", view=shown)


def _body() -> ArenaBody:
    """The posted arena, its refusals naming the field and its range."""
    try:
        return decode(ArenaBody)
    except ApiError as error:
        if error.field == "private":
            raise ApiError(INVALID_FIELD, "private", _(ONLY_PRIVATE)) from error
        # A field left out stays a missing_field: only a value out of range has its range.
        if error.field not in RANGES or error.refusal is not INVALID_FIELD:
            raise
        low, high = RANGES[error.field]
        message = _(OUT_OF_RANGE, name=repr(error.field), low=low, high=high)
        raise ApiError(INVALID_FIELD, error.field, message) from error
