"""Online play's pages and forms: the invite and seat links, resign, abort, claim, rematch."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from flask import Blueprint, current_app, flash, redirect, render_template, session, url_for
from flask.typing import ResponseReturnValue

from ..engine import N_, TicTacToeError
from ..rules import Match, seats
from ..rules.online import SEATS, is_secret, new_secret
from ..store.record import MATCH_ID
from . import live, matches, views
from .api_types import OnlineJson, PresenceJson, SeatPresenceJson
from .errors import render_error
from .forms import change_board, to_board
from .i18n import gettext as _
from .i18n import said
from .live import Hub

bp = Blueprint("online", __name__)

STALE_SEAT_LINK = N_(
    "This link to continue on another device is no longer valid: it works once, and the "
    "newest one is on your board."
)


@dataclass(frozen=True)
class OnlineParts:
    """What an online board shows besides the game: the links, and whether a win is claimable."""

    invite_url: str | None  # player 1's, while seat 2 is free
    seat_url: str | None  # "continue on another device": a player's own board only
    watch_url: str
    events_url: str
    can_claim: bool


def parts(current: matches.Current) -> OnlineParts:
    """The online parts of ``current``'s board; a player's board also notes their presence."""
    match, match_id, seat = current.match, current.match_id, current.seat
    online = match.online
    invite = seat_url = None
    can_claim = False
    if online is not None and seat is not None:
        hub().touch(match_id, seat)
        if not online.full and seat == "1":
            invite = _external("online.join", f"{match_id}.{online.invite}")
        seat_url = _external("online.move_seat", f"{match_id}.{online.keys[int(seat) - 1]}")
        if online.full and not match.is_over and match.game.board.turn != current.you:
            can_claim = seats.can_claim(match, seat, hub().absent_for(match_id, _other(seat)))
    return OnlineParts(
        invite_url=invite,
        seat_url=seat_url,
        watch_url=url_for("pages.watch", match_id=match_id, _external=True),
        events_url=url_for("api.events", match=match_id, version=current.version),
        can_claim=can_claim,
    )


@bp.get("/join/<token>")
def join_page(token: str) -> ResponseReturnValue:
    """Who invited you and which side you would play, with a Join button; or why not."""
    match_id, secret = split(token)
    current = matches.watched(match_id)
    online = current.match.online if current else None
    if current is None or online is None or not _same(online.invite, secret):
        return render_error(404, said(seats.UnknownInviteError()))
    held = online.seat_of(session.get(matches.SEAT_KEY))
    problem = None
    if held == "1":
        problem = said(seats.OwnInviteError())
    elif held == "2":
        return redirect(url_for("pages.index"), code=303)
    elif online.full:
        problem = said(seats.MatchFullError())
    mark = seats.mark_of(current.match, "2")
    return render_template(
        "join.html", token=token, mark=mark, problem=problem, current=current, own=held == "1"
    )


@bp.post("/join/<token>")
def join(token: str) -> ResponseReturnValue:
    """Take the free seat of the invite's match, in this browser."""
    match_id, secret = split(token)
    if not match_id:
        return render_error(404, said(seats.UnknownInviteError()))
    key = new_secret()
    try:
        joined = matches.change(
            lambda seen: seats.join(seen.match, secret, key, session.get(matches.SEAT_KEY)),
            match_id=match_id,
            key=key,
        )
    except seats.UnknownInviteError as error:
        return render_error(404, said(error))
    except TicTacToeError:  # full, or one's own: the invite's page says which
        return redirect(url_for(".join_page", token=token), code=303)
    flash(_("You joined the match: you play %(mark)s.", mark=joined.you), "info")
    return to_board(accepted=True)


@bp.get("/seat/<token>")
def seat_page(token: str) -> ResponseReturnValue:
    """Continue on this device: a button that moves the seat here."""
    match_id, key = split(token)
    current = matches.watched(match_id)
    online = current.match.online if current else None
    seat = online.seat_of(key) if online else None
    if current is None or seat is None:
        return render_error(404, _(STALE_SEAT_LINK))
    mark = seats.mark_of(current.match, seat)
    return render_template("seat.html", token=token, mark=mark)


@bp.post("/seat/<token>")
def move_seat(token: str) -> ResponseReturnValue:
    """Move the link's seat to this browser: the one that held it now only watches."""
    try:
        moved_to = take_seat(token)
    except StaleSeatLinkError as error:
        return render_error(404, said(error))
    flash(_("This device now plays %(mark)s in this match.", mark=moved_to.you), "info")
    return to_board(accepted=True)


class StaleSeatLinkError(seats.OnlineError):
    default_message = STALE_SEAT_LINK


def take_seat(token: str) -> matches.Current:
    """The seat of a seat link's ``token`` moved to this browser, with a new key: the
    browser that held it, and the link, hold nothing any more."""
    match_id, old = split(token)
    if not match_id:
        raise StaleSeatLinkError()
    new = new_secret()

    def moved(seen: matches.Current) -> Match:
        online = seen.match.online
        seat = online.seat_of(old) if online else None
        if seat is None:
            raise StaleSeatLinkError()
        return seats.moved_seat(seen.match, seat, new)

    return matches.change(moved, match_id=match_id, key=new)


# Framed by the board (same origin only): the frame keeps a player's presence while they
# think with JavaScript off, when their board has no stream and does not reload.
HERE_HEADERS = {
    "X-Frame-Options": "SAMEORIGIN",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'self'",
}


@bp.get("/here")
def here() -> ResponseReturnValue:
    """A tiny page that notes this browser's seat as present, and reloads every 30 s."""
    current = matches.current()
    if current.seat is not None:
        hub().touch(current.match_id, current.seat)
    return render_template("here.html"), HERE_HEADERS


@bp.post("/resign")
def resign() -> ResponseReturnValue:
    """Give up the game: it counts as a win for the other player."""
    return change_board(lambda seen: seats.resign(seen.match, seen.seat))


@bp.post("/abort")
def abort() -> ResponseReturnValue:
    """Call the game off before each side has moved once; it counts for nobody."""
    return change_board(lambda seen: seats.abort(seen.match, seen.seat))


@bp.post("/claim")
def claim() -> ResponseReturnValue:
    """Claim the win from a player to move who has been away for 2 minutes."""
    return change_board(claimed)


@bp.post("/rematch")
def rematch() -> ResponseReturnValue:
    """Offer a rematch, or accept the friend's: the next game swaps the sides."""
    return change_board(lambda seen: seats.rematch(seen.match, seen.seat))


def claimed(seen: matches.Current) -> Match:
    """The claim of ``seen``'s player, against the other's absence as the store knows it."""
    absent = hub().absent_for(seen.match_id, _other(seen.seat)) if seen.seat else 0.0
    return seats.claim(seen.match, seen.seat, absent)


def hub() -> Hub:
    """The app's live hub."""
    live: Hub = current_app.extensions["live"]
    return live


def _other(seat: str) -> str:
    return "2" if seat == "1" else "1"


def _external(endpoint: str, token: str) -> str:
    return url_for(endpoint, token=token, _external=True)


def as_json(current: matches.Current) -> OnlineJson | None:
    """The online part of the API's match: seats, presence, links, rematch and ending."""
    match, online = current.match, current.match.online
    if online is None:
        return None
    extra = parts(current)
    seen = hub().store.seen(current.match_id)
    presence = {}
    for seat, key in zip(SEATS, online.keys, strict=True):
        when = seen.get(seat)
        away = None if when is None else round(max(0.0, live.now() - when), 1)
        presence[seats.mark_of(match, seat)] = SeatPresenceJson(seated=bool(key), away=away)
    return OnlineJson(
        full=online.full,
        invite=extra.invite_url,
        seat=extra.seat_url,
        watch=extra.watch_url,
        rematch=views.seating(current).rematch or None,
        ending=online.ending or None,
        winner=online.winner or None,
        can_claim=extra.can_claim,
        presence=PresenceJson(x=presence["X"], o=presence["O"]),
    )


def split(token: str) -> tuple[str, str]:
    """A link's token as its match id and secret; ``("", "")`` when it is not one we made."""
    match_id, _, secret = token.partition(".")
    if MATCH_ID.fullmatch(match_id) and is_secret(secret):
        return match_id, secret
    return "", ""


def _same(expected: str, given: str) -> bool:
    return secrets.compare_digest(expected.encode(), given.encode())
