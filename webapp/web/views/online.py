"""What an online match shows its viewer: the invite, seat and watch links, the claim, the
arena, presence, and the online part of the match's JSON."""

from __future__ import annotations

from flask import current_app, g, url_for

from ...rules import Outcome, actions
from ...rules.actions import LEFT
from ...rules.seating import withdrawn as invite_withdrawn
from ..cycle import matches, on_air
from ..live.live import Hub
from . import chat
from .models import OnlineParts
from .naming import seating
from .schema import OnlineJson, PresenceJson, SeatPresenceJson


def parts(current: matches.Current) -> OnlineParts:
    """The online parts of ``current``'s board; a player's board also notes their presence."""
    match, match_id, seat = current.match, current.match_id, current.seat
    invite = seat_url = None
    can_claim = False
    if match.online and seat is not None:
        _touched(match_id, seat)
        if not match.full and seat == "1" and not invite_withdrawn(match):
            invite = _external("join.join_page", f"{match_id}.{match.invite}")
        seat_url = _external("join.seat_page", f"{match_id}.{match.seat(seat).key}")
        if match.full and not match.is_over and match.game.board.turn != current.you:
            absent = _absent_for(match_id, _other(seat))
            can_claim = actions.can_claim(match, current.held, absent)
    return OnlineParts(
        invite_url=invite,
        seat_url=seat_url,
        watch_url=url_for("board.watch", match_id=match_id, _external=True),
        can_claim=can_claim,
        paired=match.paired,
        arena_url=url_for("arenas.page", arena_id=arena)
        if (arena := shown_arena(current))
        else None,
    )


def claimed(seen: matches.Current) -> Outcome:
    """The claim of ``seen``'s player, against the other's absence as the store knows it."""
    absent = _absent_for(seen.match_id, _other(seen.seat)) if seen.seat else 0.0
    return actions.claim(seen.match, seen.held, absent)


def begun(current: matches.Current, outcome: Outcome) -> None:
    """After ``outcome``: a new game begun between the two players (a rematch accepted) is
    the other player's to come to, who may have closed the page since offering it: they are
    away from now, not from their last look, or the win could be claimed from them at once."""
    if current.seat and any(event.what == "new_game" for event in outcome.happened):
        hub().touch(current.match_id, _other(current.seat))


def hub() -> Hub:
    """The app's live hub."""
    live: Hub = current_app.extensions["live"]
    return live


def shown_arena(current: matches.Current) -> str:
    """The id of the arena that paired ``current``'s game, as its viewer may know it: its
    players always, a spectator only a public arena's (a private one's id lets one in)."""
    if current.you is not None or on_air.public(current.match):
        return current.match.arena
    return ""


def _presence(match_id: str) -> dict[str, float]:
    """When each seat of ``match_id`` was last noted open, read from the store once per
    request (a stream renders each event in a request of its own): the claim, its answer's
    links and the JSON's presence all show the one reading."""
    kept: dict[str, dict[str, float]] = g.setdefault("presence", {})
    if match_id not in kept:
        kept[match_id] = hub().store.seen(match_id)
    return kept[match_id]


def _absent_for(match_id: str, seat: str) -> float:
    """Seconds since ``seat`` last had its board open; none for a seat never seen at it yet:
    a game that quick pairing or an arena made while its player was on another page, who
    could else lose it to a claim before the page took them there (the clock ends a game
    its player never comes to)."""
    when = _presence(match_id).get(seat)
    return 0.0 if when is None else _since(when)


def _since(when: float | None) -> float:
    """Seconds since ``when`` on the hub's clock (``None``, never: forever)."""
    return float("inf") if when is None else max(0.0, hub().clock() - when)


def _touched(match_id: str, seat: str) -> None:
    """Note ``seat`` open; a reading of this request already made learns it as the store
    did, so that what the answer shows is what a read after the touch would have shown."""
    when = hub().touch(match_id, seat)
    kept: dict[str, dict[str, float]] = g.get("presence", {})
    if when is not None and match_id in kept:
        kept[match_id][seat] = when


def _other(seat: str) -> str:
    return "2" if seat == "1" else "1"


def _external(endpoint: str, token: str) -> str:
    return url_for(endpoint, token=token, _external=True)


def as_json(current: matches.Current) -> OnlineJson | None:
    """The online part of the API's match: seats, presence, links, rematch and ending."""
    match = current.match
    if not match.online:
        return None
    extra = parts(current)
    seen = _presence(current.match_id)
    shown = {}
    for seat in match.seats:
        when = seen.get(seat.id)
        away = None if when is None else round(_since(when), 1)
        gone = (LEFT, seat.id) in match.offers  # left for another match: seated no more
        shown[seat.mark] = SeatPresenceJson(seated=bool(seat.key) and not gone, away=away)
    return OnlineJson(
        full=match.full,
        invite=extra.invite_url,
        seat=extra.seat_url,
        watch=extra.watch_url,
        rematch=seating(current).rematch or None,
        takeback=seating(current).offer("takeback") or None,
        draw=seating(current).offer("draw") or None,
        ending=match.ending or None,
        winner=match.winner or None,
        can_claim=extra.can_claim,
        presence=PresenceJson(x=shown["X"], o=shown["O"]),
        messages=chat.as_json(current),
        muted=current.seat in match.muted,
    )
