"""The links that seat a browser, a friend's invite and a player's own link to continue on
another device: their pages, and the seating that the entry table's rows call."""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, redirect, url_for
from flask.typing import ResponseReturnValue

from ...rules import Held, Match, UnknownLinkError, errors, is_secret, new_secret, seating
from ...rules.match import same_secret
from ...store.record import MATCH_ID
from ..cycle import matches
from ..site.i18n import gettext as _
from ..site.i18n import render
from ..views import online
from . import arenas

bp = Blueprint("join", __name__)


@bp.get("/join/<token>")
def join_page(token: str) -> ResponseReturnValue:
    """Who invited you and which side you would play, with a Join button; or why not."""
    match_id, secret = split(token)
    current = matches.watched(match_id)
    if current is None or not current.match.invite or not same_secret(current.match.invite, secret):
        raise UnknownLinkError()
    held = matches.held(current.match, match_id)
    problem = None
    if "1" in held:
        problem = _(errors.OWN_INVITE.message)
    elif "2" in held:
        return redirect(url_for("board.index"), code=303)
    elif seating.withdrawn(current.match):  # its inviter left: nobody to play here
        problem = _(errors.INVITE_WITHDRAWN.message)
    elif current.match.full:
        problem = _(errors.MATCH_FULL.message)
    mark = current.match.seat("2").mark
    return render(
        "join.html",
        token=token,
        mark=mark,
        problem=problem,
        current=current,
        own="1" in held,
        withdrawn=seating.withdrawn(current.match),
    )


def join_by(token: str) -> matches.Current:
    """Seat this browser in the free seat of the invite ``token``'s match, with a new key."""
    match_id, secret = split(token)
    if not match_id:
        raise UnknownLinkError()
    key = new_secret()
    _checked(match_id, lambda match, held: seating.join(match, secret, key, held))
    arenas.step_out()  # an arena it waits in would pair it in a game it cannot come to
    joined, _outcome = matches.switch(
        lambda seen: seating.join(seen.match, secret, key, seen.held), match_id, key
    )
    # Joining is being at the match: a friend who leaves before the board shows is away from
    # now (a seat never seen at its board is not yet away: views/online.py). It begins the
    # game too: the inviter, who may have closed the page while waiting, is away from now,
    # not from their last look, or the friend could claim the win the moment they sat down.
    for seat in ("2", "1"):
        online.hub().touch(joined.match_id, seat)
    return joined


@bp.get("/seat/<token>")
def seat_page(token: str) -> ResponseReturnValue:
    """Continue on this device: a button that moves the seat here."""
    match_id, key = split(token)
    current = matches.watched(match_id)
    seat = current.match.held_by([key], home=False) if current else frozenset()
    if current is None or not seat:
        raise UnknownLinkError(errors.STALE_SEAT_LINK)
    mark = current.match.seat(next(iter(seat))).mark
    mine = matches.held(current.match, match_id)
    problem = _(errors.OTHER_SEAT_LINK.message) if mine - seat else None
    return render("seat.html", token=token, mark=mark, problem=problem)


def take_seat(token: str) -> matches.Current:
    """The seat of a seat link's ``token`` moved to this browser, with a new key: the
    browser that held it, and the link, hold nothing any more."""
    match_id, old = split(token)
    if not match_id:
        raise UnknownLinkError(errors.STALE_SEAT_LINK)
    new = new_secret()
    _checked(match_id, lambda match, held: seating.take_seat(match, old, new, held), stale=True)
    arenas.step_out()
    moved, _outcome = matches.switch(
        lambda seen: seating.take_seat(seen.match, old, new, seen.held), match_id, new
    )
    return moved


def _checked(match_id: str, rule: Callable[[Match, Held], object], stale: bool = False) -> None:
    """Refuse a join or a seat link as ``rule`` would on ``match_id``'s match as it is now,
    before this browser leaves its own match (whose open invite leaving withdraws); the
    switch asks the rule again under the match's lock."""
    target = matches.watched(match_id)
    if target is None:
        raise UnknownLinkError(errors.STALE_SEAT_LINK) if stale else UnknownLinkError()
    rule(target.match, matches.held(target.match, match_id))


def split(token: str) -> tuple[str, str]:
    """A link's token as its match id and secret; ``("", "")`` when it is not one we made. A
    program may send the whole link, as GET /api/game gives it (``online.invite``, ``.seat``):
    a token has no slash, so its last part is the token."""
    match_id, _, secret = token.rsplit("/", 1)[-1].partition(".")
    if MATCH_ID.fullmatch(match_id) and is_secret(secret):
        return match_id, secret
    return "", ""
