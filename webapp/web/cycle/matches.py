"""This browser's match: which one it is at and the seats it holds (its session), read as it
sees it, and changed through the commit shell (cycle.py), renewing the session."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from flask import current_app, flash, session

from ...engine import Board
from ...rules import (
    FRIEND,
    LostMatchError,
    Match,
    Outcome,
    UnknownLinkError,
    actions,
    errors,
    new_secret,
    read,
    seating,
)
from ...rules import clock as clocks
from ...rules.arena import KIND as ARENA
from ...store import MatchStore, Record, new_match_id
from ...store.pairing import FOUND, PairingQueue
from ...store.record import MATCH_ID
from .. import timing
from ..live.audience import acted_on
from ..live.live import Hub
from ..site import browsers
from ..site.i18n import said
from ..site.sessions import MATCH_KEY as MATCH_KEY  # re-exported: the pages name it
from . import decoded, leaving, on_air, played
from .cycle import Change, Stepped, commit, settle, step
from .cycle import Current as Current  # re-exported: the pages name them as matches'
from .cycle import Expected as Expected
from .cycle import StaleFormError as StaleFormError
from .match_ids import derived, first_match_id, session_match_id

KEYS_KEY = "keys"  # the secret keys of the seats this browser holds by key (online)
LEGACY_SEAT_KEY = "seat"  # one key, as sessions before seats were kept as a list held it
RENEWED_KEY = "renewed"  # the day (since 1970) the session's expiry was last renewed


def _new_match() -> Match:
    """What a visitor sees before their first change: a hot-seat match."""
    return Match.between("user", "user")


NEW = Current(replace(_new_match(), game_id="new"), "", 0, frozenset("12"))


def store() -> MatchStore:
    """The app's match store."""
    match_store: MatchStore = current_app.extensions["match_store"]
    return match_store


def current() -> Current:
    """The session's match as stored now, read without a lock. A visitor with no stored match
    (or whose match expired) sees a new hot-seat match, which nothing stores until they
    change it; one that cannot be read is replaced by a new match, with a message."""
    match_id = session_match_id() or first_match_id()
    record = _settled(store().get(match_id))
    if record is None:
        return NEW
    seen = _seen(record)
    played.note(seen.match, seen.match_id, seen.held)
    return seen


def looked_at(match_id: str | None, shared: bool = False) -> Current | None:
    """The match a request names: this browser's own when ``match_id`` is empty or its own,
    else ``match_id``'s as a spectator sees it; ``None`` if there is none. ``shared``: a
    spectator's stream opening, whose read joins the one in flight for the match (live/reads.py)."""
    if not match_id or match_id == session.get(MATCH_KEY):
        return current()
    if shared and MATCH_ID.fullmatch(match_id):
        heard = _hub().reads.get(match_id)
        return watched(match_id, heard) if heard is not None else None
    return watched(match_id)


def watched(match_id: str, heard: Record | None = None) -> Current | None:
    """The match ``match_id`` as a spectator sees it, or ``None`` if there is none; from the
    record ``heard`` (a live stream's, kept by its hub) instead of the store when it is given."""
    if not MATCH_ID.fullmatch(match_id):
        return None
    record = _settled(heard or store().get(match_id))
    # A record whose text is kept decoded was a match's: its data is not decoded to ask.
    if record is None or (decoded.kept(store(), record) is None and not record.data):
        return None
    match, public = _readable(record)
    return Current(match, match_id, record.version, watching=True, public=public)


def holding(match_id: str) -> Callable[[Match], frozenset[str]]:
    """The seats this browser holds of a version of ``match_id``'s match, with its seat keys
    and whether the match is its own as its session says them now: for a stream, which checks
    them at each event without the session."""
    keys, home = tuple(seat_keys()), match_id == (session_match_id() or first_match_id())
    return lambda match: match.held_by(keys, home)


def held(match: Match, match_id: str) -> frozenset[str]:
    """The seats of ``match`` (stored as ``match_id``) that this browser holds: by key, and
    the keyless seats of the match it is at (a visitor's first one included)."""
    home = match_id == (session_match_id() or first_match_id())
    return match.held_by(seat_keys(), home)


def act(
    action: Change,
    expected: Expected | None = None,
    match_id: str | None = None,
    key: str | None = None,
) -> tuple[Current, Outcome]:
    """Apply ``action`` to the session's match (or to ``match_id``'s) through the commit
    shell, and make it the session's match, holding the seat ``key`` if given. A stale
    request (StaleFormError) or a refused action saves nothing; a clock that ran out saves
    the game's end and refuses the action (OutOfTimeError)."""
    target = match_id or session_match_id() or first_match_id()
    expirable = match_id is None and target == session_match_id()

    def change(record: Record) -> Stepped:
        # The session's match expired: the change goes to a new id, or every other browser
        # that knew the old one (a friend, a watcher) would be at it, holding its seats.
        if expirable and record.data is None:
            return Stepped(None, _Expired(record.version))
        if _is_arena(record):  # a link made up of an arena's id: no such match
            return Stepped(None, UnknownLinkError())
        return step(_seen(record), action, expected, timing.now())

    record, stepped = commit(store(), _hub(), target, change)
    if isinstance(stepped.refusal, _Expired):  # one new id for this session's requests alone
        expirable = False
        after = derived(f"after:{getattr(session, 'sid', '')}:{target}")
        record, stepped = commit(store(), _hub(), after, change)
    if stepped.refusal is not None or stepped.outcome is None:
        raise stepped.refusal or StaleFormError(record.version)
    _renew(record.match_id, key)
    changed, public = stepped.outcome.match, _public(record)
    decoded.saved(store(), record, changed, public)
    seats = held(changed, record.match_id)
    now = Current(changed, record.match_id, record.version, seats, public=public)
    played.note(changed, now.match_id, now.held)
    on_air.note(changed, now.match_id)
    return now, stepped.outcome


def begin(x: str, o: str, start: Board, toss: bool, clock: int = 0) -> tuple[Current, Outcome]:
    """A new game of kind ``x`` against kind ``o`` from ``start`` for this browser, with
    ``clock`` seconds per move (0: none) online against a friend, else on this device without
    one (the same match while the players are the same). A live online game is not left this
    way (the rules refuse)."""
    seen = current()
    clocks.checked(clock)
    seating.checked(x, o, start)  # refused before this match is left (its invite withdrawn)
    leaving.leave(seen, actions.leave, holding(seen.match_id))  # the game may be a new match
    if FRIEND in (x, o):
        key = new_secret()
        return act(
            lambda _seen: clocks.with_clock(seating.invite(x, o, start, toss, key), clock),
            match_id=new_match_id(),
            key=key,
        )
    # A game on this device never replaces an online match, which the friend still plays. Its
    # clock would never run (nobody is left waiting): it keeps none, rather than one that
    # every view would show stopped.
    fresh = new_match_id() if seen.match.online else None
    return act(
        lambda now: clocks.with_clock(actions.new_game(now.match, now.held, x, o, start, toss), 0),
        match_id=fresh,
    )


def switch(action: Change, match_id: str, key: str) -> tuple[Current, Outcome]:
    """Apply ``action`` to ``match_id`` and make it this browser's match, holding ``key``: a
    join, a seat moved here, a pairing's match made. Refused (seating.LeaveRefusedError)
    while this browser plays a live online game elsewhere (see leave_for)."""
    leave_for(match_id)
    return act(action, match_id=match_id, key=key)


def enter(match_id: str, key: str) -> None:
    """Make ``match_id`` this browser's match, holding its seat by ``key`` (quick pairing
    made the match for a browser that was waiting); refused as ``switch`` is."""
    leave_for(match_id)
    _renew(match_id, key)


def leave_for(match_id: str) -> None:
    """The one check of every switch to ``match_id`` (``""``: an arena's game to come): the
    rules refuse to leave an online game in play (rules.actions.leave), and a pairing's match
    this browser has not gone to yet counts as one; a seek it has open is given up."""
    seen = current()
    if match_id and seen.match_id == match_id:
        return
    leaving.leave(seen, seating.switch, holding(seen.match_id) if match_id else None)
    pairs: PairingQueue = current_app.extensions["pairing"]
    seeker = browsers.browser_id()
    if pairs.cancel(seeker):
        return
    found = pairs.poll(seeker, timing.now())
    if found is None or found.state != FOUND or found.match_id in (match_id, seen.match_id):
        return
    paired = watched(found.match_id)
    if paired is None:  # being made, or made by this browser's next look at the queue
        raise seating.LeaveRefusedError(errors.STRANGER_IN_PLAY)
    seat = paired.match.held_by([found.key], home=False)
    if seat:
        seating.switch(paired.match, seat)


def seat_keys() -> list[str]:
    """The seat keys this browser's session holds."""
    keys: Any = session.get(KEYS_KEY)
    if isinstance(keys, list):
        return [key for key in keys if isinstance(key, str)]
    legacy: Any = session.get(LEGACY_SEAT_KEY)
    return [legacy] if isinstance(legacy, str) else []


def _seen(record: Record) -> Current:
    """The match of ``record`` as this browser sees it (a fresh hot-seat match if empty)."""
    # ``raw`` first: a record read from the store has data, and asking for it decodes it.
    if record.raw is None and record.data is None:  # as NEW was shown, with a game id of its own
        return Current(_new_match(), "", 0, frozenset("12"))
    match, public = _readable(record)
    seats = held(match, record.match_id)
    return Current(match, record.match_id, record.version, seats, public=public)


def _public(record: Record) -> int:
    """The last version of ``record`` that changed what forms act on (live/audience.py)."""
    return acted_on(record.data, record.version)


def _renew(match_id: str, key: str | None) -> None:
    """Make ``match_id`` the session's match, holding ``key`` too. The session must live as
    long as its match, so a change renews its expiry, at most once a day: writing the
    session file on every move cost as much as the rest of it."""
    today = int(timing.now() // 86400)
    browsers.keep()
    moved = session.get(MATCH_KEY) != match_id
    if moved or session.get(RENEWED_KEY) != today:
        if moved:
            session.pop(KEYS_KEY, None)
        session[MATCH_KEY], session[RENEWED_KEY] = match_id, today
    legacy = session.pop(LEGACY_SEAT_KEY, None)
    if isinstance(legacy, str) and not moved:
        session[KEYS_KEY] = [legacy]
    if key is not None:
        session[KEYS_KEY] = [key]
        # A seat taken by key is a login: whoever knew the old session id does not get it.
        current_app.session_interface.regenerate(session)  # type: ignore[attr-defined]


class _Expired(StaleFormError):
    """The session's match expired under the request: it goes to the match after it."""


def _settled(record: Record | None) -> Record | None:
    """``record``, or what it became if its clock had run out and this request ended it;
    ``None`` for an arena's (the store keeps arenas by ids of the same shape)."""
    if record is None:
        return None
    known = decoded.kept(store(), record)
    if known is not None and not clocks.expired(known.match, _hub().clock()):
        return record  # a match's text decoded before (so no arena's), its clock not run out
    if _is_arena(record):
        return None
    return settle(store(), _hub(), record)


def _is_arena(record: Record) -> bool:
    """Whether ``record`` is an arena's, never to be read as a match."""
    return isinstance(record.data, dict) and record.data.get("kind") == ARENA


def _hub() -> Hub:
    """The app's live hub."""
    hub: Hub = current_app.extensions["live"]
    return hub


def _readable(record: Record) -> decoded.Decoded:
    """The match of ``record`` and its public version; a new match, with a message, when it
    cannot be read."""
    try:
        return decoded.decoded(
            store(), record, lambda: decoded.Decoded(read(record.data), _public(record))
        )
    except LostMatchError as error:
        flash(said(error), "error")
        return decoded.Decoded(_new_match(), _public(record))
