"""Online play's pages and forms: the invite and seat links, resign, abort, claim, rematch."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, current_app, flash, redirect, render_template, url_for
from flask.typing import ResponseReturnValue

from ..rules import Outcome, RuleError, UnknownLinkError, actions, errors, is_secret, new_secret
from ..store.record import MATCH_ID
from . import live, matches, views
from .errors import to_board
from .forms import change_board
from .i18n import gettext as _
from .live import Hub

bp = Blueprint("online", __name__)


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
    invite = seat_url = None
    can_claim = False
    if match.online and seat is not None:
        hub().touch(match_id, seat)
        if not match.full and seat == "1":
            invite = _external("online.join", f"{match_id}.{match.invite}")
        seat_url = _external("online.move_seat", f"{match_id}.{match.seat(seat).key}")
        if match.full and not match.is_over and match.game.board.turn != current.you:
            absent = hub().absent_for(match_id, _other(seat))
            can_claim = actions.can_claim(match, current.held, absent)
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
    if current is None or not current.match.invite or not _same(current.match.invite, secret):
        raise UnknownLinkError()
    held = matches.held(current.match, match_id)
    problem = None
    if "1" in held:
        problem = _(errors.OWN_INVITE)
    elif "2" in held:
        return redirect(url_for("pages.index"), code=303)
    elif current.match.full:
        problem = _(errors.MATCH_FULL)
    mark = current.match.seat("2").mark
    return render_template(
        "join.html", token=token, mark=mark, problem=problem, current=current, own="1" in held
    )


@bp.post("/join/<token>")
def join(token: str) -> ResponseReturnValue:
    """Take the free seat of the invite's match, in this browser."""
    try:
        joined = join_by(token)
    except UnknownLinkError:
        raise
    except RuleError:  # full, or one's own: the invite's page says which
        return redirect(url_for(".join_page", token=token), code=303)
    flash(_("You joined the match: you play %(mark)s.", mark=joined.you), "info")
    return to_board(accepted=True)


def join_by(token: str) -> matches.Current:
    """Seat this browser in the free seat of the invite ``token``'s match, with a new key."""
    match_id, secret = split(token)
    if not match_id:
        raise UnknownLinkError()
    key = new_secret()
    joined, _outcome = matches.act(
        lambda seen: actions.join(seen.match, secret, key, seen.held), match_id=match_id, key=key
    )
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
    return render_template("seat.html", token=token, mark=mark)


@bp.post("/seat/<token>")
def move_seat(token: str) -> ResponseReturnValue:
    """Move the link's seat to this browser: the one that held it now only watches."""
    moved_to = take_seat(token)
    flash(_("This device now plays %(mark)s in this match.", mark=moved_to.you), "info")
    return to_board(accepted=True)


def take_seat(token: str) -> matches.Current:
    """The seat of a seat link's ``token`` moved to this browser, with a new key: the
    browser that held it, and the link, hold nothing any more."""
    match_id, old = split(token)
    if not match_id:
        raise UnknownLinkError(errors.STALE_SEAT_LINK)
    new = new_secret()
    moved, _outcome = matches.act(
        lambda seen: actions.take_seat(seen.match, old, new), match_id=match_id, key=new
    )
    return moved


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
    return change_board(lambda seen: actions.resign(seen.match, seen.held))


@bp.post("/abort")
def abort() -> ResponseReturnValue:
    """Call the game off before each side has moved once; it counts for nobody."""
    return change_board(lambda seen: actions.abort(seen.match, seen.held))


@bp.post("/claim")
def claim() -> ResponseReturnValue:
    """Claim the win from a player to move who has been away for 2 minutes."""
    return change_board(claimed)


@bp.post("/rematch")
def rematch() -> ResponseReturnValue:
    """Offer a rematch, or accept the friend's: the next game swaps the sides."""
    return change_board(lambda seen: actions.rematch(seen.match, seen.held))


def claimed(seen: matches.Current) -> Outcome:
    """The claim of ``seen``'s player, against the other's absence as the store knows it."""
    absent = hub().absent_for(seen.match_id, _other(seen.seat)) if seen.seat else 0.0
    return actions.claim(seen.match, seen.held, absent)


def hub() -> Hub:
    """The app's live hub."""
    live: Hub = current_app.extensions["live"]
    return live


def _other(seat: str) -> str:
    return "2" if seat == "1" else "1"


def _external(endpoint: str, token: str) -> str:
    return url_for(endpoint, token=token, _external=True)


def as_json(current: matches.Current) -> dict[str, Any] | None:
    """The online part of the API's match: seats, presence, links, rematch and ending."""
    match = current.match
    if not match.online:
        return None
    extra = parts(current)
    seen = hub().store.seen(current.match_id)
    presence = {}
    for seat in match.seats:
        when = seen.get(seat.id)
        away = None if when is None else round(max(0.0, live.now() - when), 1)
        presence[seat.mark] = {"seated": bool(seat.key), "away": away}
    return {
        "full": match.full,
        "invite": extra.invite_url,
        "seat": extra.seat_url,
        "watch": extra.watch_url,
        "rematch": views.seating(current).rematch or None,
        "ending": match.ending or None,
        "winner": match.winner or None,
        "can_claim": extra.can_claim,
        "presence": presence,
    }


def split(token: str) -> tuple[str, str]:
    """A link's token as its match id and secret; ``("", "")`` when it is not one we made."""
    match_id, _, secret = token.partition(".")
    if MATCH_ID.fullmatch(match_id) and is_secret(secret):
        return match_id, secret
    return "", ""


def _same(expected: str, given: str) -> bool:
    return secrets.compare_digest(expected.encode(), given.encode())
