"""Quick pairing's pages: seeking and stopping (which the entry table's rows call), the
waiting page (``GET /pair``) and its live stream, and the computer offered to a seeker who
waited long."""

from __future__ import annotations

import json
from collections.abc import Iterator

from flask import Blueprint, current_app, flash, redirect, request, url_for
from flask.typing import ResponseReturnValue
from msgspec import Struct

from ...engine import BOARD_NAMES, LEVELS, LINE_OF_SIZE, Board, parse_board
from ...rules import Outcome, RuleError, actions, errors, new_secret, pairing
from ...store import StoreUnavailable, new_match_id
from ...store.pairing import FOUND, PAIRED, WAITING, PairingQueue, Pools, Seek
from .. import timing
from ..action_views import BadFormError, posted_twice
from ..cycle import leaving, matches
from ..live import live, sse
from ..live.stream import events as followed
from ..site import browsers, limits, names
from ..site.errors import for_api, to_board
from ..site.i18n import gettext as _
from ..site.i18n import render
from ..views.answers import answer, game_json
from ..views.operations import Operation, read
from ..views.schema import BoardName, PairJson
from . import arenas

bp = Blueprint("pair", __name__)


class PairBody(Struct, kw_only=True):
    """Quick pairing: the board to play on; only seekers of the same board meet."""

    board: BoardName = "3x3"


def fields(route: dict[str, str]) -> PairBody:
    """The board the page's form seeks an opponent on (3x3 unless it names one); a board
    that no form of ours offers is refused, as the API's body refuses it."""
    board = request.form.get("board") or "3x3"
    if board not in BOARD_NAMES or posted_twice("board"):
        raise BadFormError()
    return PairBody(board=board)


def queue() -> Pools:
    """The app's pairing queues, one per board (in the match store's backend)."""
    pairs: Pools = current_app.extensions["pairing"]
    return pairs


def seek(board: str = "3x3") -> tuple[Seek, matches.Current | None]:
    """This browser seeks an opponent: where it stands, and its match once one is made (by
    this request, which met a waiter, or by the one that met it). An online game still in
    play is not left this way (the rules refuse)."""
    seen = matches.current()
    leaving.leave(seen, actions.leave, matches.holding(seen.match_id), moving=False)
    arenas.step_out()  # an arena it waits in would pair it too
    browsers.keep()
    pool = "" if board == "3x3" else board
    seeker, key, match_id = browsers.browser_id(), new_secret(), new_match_id()
    sought = queue().seek(seeker, key, match_id, timing.now(), seen.match_id, pool)
    if _left(sought):  # its last pairing's match, which it has left: a new seek
        queue().forget(seeker, sought.match_id)
        sought = queue().seek(seeker, key, match_id, timing.now(), seen.match_id, pool)
    return sought, _entered(sought)


def poll() -> tuple[Seek | None, matches.Current | None]:
    """Where this browser stands in the queue, and its match once one was made for it."""
    sought = standing()
    return sought, _entered(sought)


def standing() -> Seek | None:
    """Where this browser stands in the queue: waiting, or a match made for it that it has
    not left (one it left is forgotten, so it is not taken back there)."""
    seeker = browsers.browser_id()
    sought = queue().poll(seeker, timing.now())
    while sought is not None and _left(sought):
        queue().forget(seeker, sought.match_id)
        sought = queue().poll(seeker, timing.now())
    return sought


def _left(sought: Seek) -> bool:
    """Whether ``sought`` is a match made for this browser that it went to and has left since
    for another: its seat there is named, as a seeker's is when it enters (pairing.named).
    Such a match is over (an online game in play is not left), and no place to go back to."""
    if sought.state != FOUND or sought.match_id == matches.current().match_id:
        return False
    made = matches.watched(sought.match_id)
    # A match in play was not left (the rules refuse it), though its seat may be named: a
    # request of this browser that made it and then failed (the store paused) named it.
    if made is None or not made.match.is_over:
        return False
    seats = made.match.held_by([sought.key], home=False)
    return any(made.match.seat(seat).name for seat in seats)


def waiting_for_one() -> bool:
    """Whether this browser waits in the queue: its drawn name is then promised to the
    pairing (its seat is named with it as the match is made), and stays as it is."""
    sought = standing()
    return sought is not None and sought.state == WAITING


def stop() -> tuple[bool, matches.Current | None]:
    """Stop waiting, in one step of the queue: whether it was waiting (then nobody meets it
    now), and the match of an opponent who met it first, which it is taken to."""
    if queue().cancel(browsers.browser_id()):
        return True, None
    sought = standing()
    if sought is None or sought.match_id == matches.current().match_id:
        return False, None  # not met, or at that match already: nothing to take it to
    return False, _entered(sought)


def _entered(sought: Seek | None) -> matches.Current | None:
    """The match a pairing made for this browser, entered, or ``None`` if it was not met.
    The request that met the waiter makes it; if that one failed first (the store paused),
    whichever seeker comes next makes it: pairing and match never part."""
    if sought is None or sought.state not in (PAIRED, FOUND):
        return None
    seen = matches.current()
    if seen.match_id == sought.match_id:
        return seen
    mine = sought.seats[1] if sought.state == PAIRED else sought.key
    if sought.state == FOUND and matches.watched(sought.match_id) is not None:
        matches.enter(sought.match_id, mine)
        return _named(matches.current())
    if not all(sought.seats):  # met before the queue kept both keys: its maker makes it
        return None
    clock = int(current_app.config["PAIR_CLOCK"])
    # The queue carries keys, not names: the maker names its own seat, the other seeker
    # names its seat as it enters (_named).
    drawn = (names.mine(), "") if mine == sought.seats[0] else ("", names.mine())

    def make(now: matches.Current) -> Outcome:
        if now.match_id:  # stored: the other seeker's request made it meanwhile
            raise pairing.MadeAlreadyError()
        return pairing.paired(*sought.seats, clock, drawn, parse_board(sought.pool or "3x3"))

    try:
        return matches.switch(make, sought.match_id, mine)[0]
    except pairing.MadeAlreadyError:
        matches.enter(sought.match_id, mine)
        return _named(matches.current())


def _named(current: matches.Current) -> matches.Current:
    """``current`` with this browser's drawn name on its seat, put there if it had none."""
    if all(current.match.seat(seat).name for seat in current.held):
        return current
    return matches.act(lambda now: pairing.named(now.match, now.held, names.mine()))[0]


def paired_line(current: matches.Current) -> str:
    """What a seeker is told once paired, e.g. ``You are playing someone online: you play X.``"""
    return _("You are playing someone online: you play %(mark)s.", mark=current.you)


POLL = Operation(
    "Where this session stands in quick pairing: waiting, paired (with the match), or idle.",
    answer=PairJson,
    answered="Where the seeker stands.",
)


@read(bp, "/pair", "/api/pair", POLL)
def waiting() -> ResponseReturnValue:
    """The waiting page: how long, Cancel, and after a while the computer instead. It
    refreshes itself every 2 s without JavaScript; with it, its stream says when to. For
    programs, where this session stands: waiting, paired (with its match), or idle."""
    sought, made = poll()
    if for_api():
        return answer(pair_json(sought, made))
    if made is not None:
        flash(paired_line(made), "info")
    if made is not None or sought is None:
        return redirect(url_for("board.index"), code=303)
    shown = pair_json(sought, None)
    offer_in = max(0, int(current_app.config["PAIR_PATIENCE"]) - shown.waited)
    line = LINE_OF_SIZE[parse_board(shown.board or "3x3")]
    return render("pair.html", pairing=shown, line=line, levels=LEVELS, offer_in=offer_in)


@bp.post("/pair/computer")
def computer() -> ResponseReturnValue:
    """Stop waiting and play the computer at the posted ``level`` instead, on the board it
    waited for (unless an opponent met this browser first: then to its match); a level no
    button of ours posts, and a browser no longer waiting, are refused."""
    level = request.form.get("level", "")
    if level not in LEVELS or posted_twice("level"):  # refused: the browser still waits
        raise BadFormError()
    sought = standing()  # the board it waited to play on is the computer's game's
    pool = sought.pool if sought is not None and sought.state == WAITING else ""
    waited, made = stop()
    if made is not None:
        flash(paired_line(made), "info")
        return to_board(accepted=True)
    if not waited:  # a form posted again, or from an old page: the game now is kept
        raise RuleError(errors.NOT_SEEKING)
    with limits.creating:
        matches.begin("user", level, Board(parse_board(pool or "3x3")), toss=False)
    return to_board(accepted=True)


@bp.get("/pair/events")
def events() -> ResponseReturnValue:
    """Server-Sent Events for a waiting page: an event when the seeker's match is made (or
    it stopped waiting), a comment at each heartbeat, which also keeps its place."""
    sought = standing()
    seeker = browsers.browser_id()
    return sse.event_stream(lambda hub, lifetime: _stream(hub, queue(), seeker, sought, lifetime))


def _stream(
    hub: live.Hub, pairs: PairingQueue, seeker: str, sought: Seek | None, lifetime: float
) -> Iterator[str]:
    """The waiting page's events: its match's first version (the match made for it is
    stored), or its leaving the queue, or its seeking for another match meanwhile."""
    done = "data: " + json.dumps({"state": "moved"}) + "\n\n"
    if sought is None:
        yield done
        return
    for chunk in followed(hub, sought.match_id, None, 0, lifetime):
        if chunk.startswith("id:"):
            yield done
            return
        yield chunk
        if chunk.startswith(":"):  # a heartbeat: the seeker is still here
            try:
                now = pairs.poll(seeker, hub.clock())
            except StoreUnavailable:
                continue
            if now is None or now.match_id != sought.match_id:  # left, or sought anew
                yield done  # (another tab sought on another board): the page looks again
                return


def pair_json(sought: Seek | None, made: matches.Current | None) -> PairJson:
    """Where the seeker stands, as the API says it."""
    if made is not None:
        return PairJson(state="paired", game=game_json(made))
    if sought is None:
        return PairJson(state="idle")
    seconds = int(max(0.0, timing.now() - sought.since) if sought.state == WAITING else 0.0)
    patience = int(current_app.config["PAIR_PATIENCE"])
    return PairJson(
        state="waiting",
        board=sought.pool or "3x3",
        waited=seconds,
        offer_computer=seconds >= patience,
    )
