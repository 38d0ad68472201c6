"""This browser's match: which one its session is at and in which seat, reading it, and
changing it under lock."""

from __future__ import annotations

import base64
import hmac
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import click
import redis
from flask import Flask, current_app, flash, session

from ..engine import N_, TicTacToeError
from ..rules import LostMatchError, Match, seats
from ..store import MatchStore, Record, RedisStore, SQLiteStore, new_match_id
from ..store.record import MATCH_ID
from . import sessions
from .i18n import said
from .sessions import sweep_files

MATCH_KEY = "match"
SEAT_KEY = "seat"  # the secret key of the online seat this browser holds
RENEWED_KEY = "renewed"  # the day (since 1970) the session's expiry was last renewed


class StaleFormError(TicTacToeError):
    """A form or request made for another state of the match than the stored one."""

    default_message = N_("This board has changed since the page was shown; nothing was played.")


@dataclass(frozen=True)
class Current:
    """The match as this request sees it: ``match_id`` is ``""`` for a visitor whose match is
    not stored yet (it is, at their first change), and ``version`` 0 then. ``seat`` is the
    online seat ("1" or "2") this browser holds; ``watching`` marks a match shown through a
    watch link, to someone who is not at it."""

    match: Match
    match_id: str
    version: int
    seat: str | None = None
    watching: bool = False

    @property
    def you(self) -> str | None:
        """The marks this browser plays: ``X``, ``O``, ``both`` (one device, or two
        computers), or ``None`` for a spectator."""
        match = self.match
        if self.watching or (match.online is not None and self.seat is None):
            return None
        if match.online is not None and self.seat is not None:
            return seats.mark_of(match, self.seat)
        people = [mark for mark in ("X", "O") if match.game.player(mark) == "user"]
        return people[0] if len(people) == 1 else "both"


# What a visitor sees before their first change, which stores a Match() with its own game id.
NEW = Current(Match(game_id="new"), "", 0)


@dataclass(frozen=True)
class Expected:
    """What a request says it was made for; ``None`` fields are not checked."""

    match_id: str | None = None
    version: int | None = None
    game_id: str | None = None
    ply: int | None = None

    def is_stale(self, current: Current) -> bool:
        """Whether ``current`` is not the state the request was made for."""
        pairs = (
            (self.match_id, current.match_id),
            (self.version, current.version),
            (self.game_id, current.match.game_id),
            (self.ply, current.match.game.ply),
        )
        return any(expected is not None and expected != actual for expected, actual in pairs)


def store() -> MatchStore:
    """The app's match store."""
    match_store: MatchStore = current_app.extensions["match_store"]
    return match_store


def current() -> Current:
    """The session's match as stored now, read without a lock.

    A visitor with no stored match sees a new hot-seat match, which nothing stores until they
    change it (a session without a match id looks where its first change will store one);
    so does one whose match expired. One that cannot be read is replaced by a new match in
    its place, with a message.
    """
    match_id = _session_match_id() or _first_match_id()
    record = store().get(match_id)
    if record is None:
        return NEW
    match = _readable(record)
    return Current(match, match_id, record.version, _seat(match))


def watched(match_id: str) -> Current | None:
    """The match ``match_id`` as a spectator sees it, or ``None`` if there is none."""
    record = store().get(match_id) if MATCH_ID.fullmatch(match_id) else None
    if record is None or not record.data:
        return None
    return Current(_readable(record), match_id, record.version, watching=True)


def change(
    action: Callable[[Current], Match],
    expected: Expected | None = None,
    match_id: str | None = None,
    key: str | None = None,
) -> Current:
    """Apply ``action`` to the session's match (or to ``match_id``'s) under its lock, save
    the result, and make it the session's match, held with the seat ``key`` if given.

    Raises StaleFormError when the match is not in the ``expected`` state, and passes on the
    ``TicTacToeError`` of a refused action; either way nothing is saved. A visitor's first
    change stores their match under an id derived from their session's.
    """
    match_id = match_id or _session_match_id() or _first_match_id()
    with store().locked(match_id) as record:
        seen = Current(Match(), "", 0)  # as NEW was shown, but with a game id of its own
        if record.data is not None:
            match = _readable(record)
            seen = Current(match, record.match_id, record.version, _seat(match))
        if expected is not None and expected.is_stale(seen):
            raise StaleFormError()
        changed = action(seen)
        record.data = changed.to_dict()
    # The session must live as long as its match, so a change also renews the session's expiry,
    # at most once a day: writing the session file on every move cost as much as the rest of it.
    today = int(time.time() // 86400)
    if session.get(MATCH_KEY) != record.match_id or session.get(RENEWED_KEY) != today:
        if session.get(MATCH_KEY) != record.match_id:
            session.pop(SEAT_KEY, None)
        session[MATCH_KEY], session[RENEWED_KEY] = record.match_id, today
    if key is not None:
        session[SEAT_KEY] = key
    current_app.extensions["live"].changed(record.match_id, record.version)
    return Current(changed, record.match_id, record.version, _seat(changed))


def _first_match_id() -> str:
    """The id under which a session with no match stores its first one: derived from the
    session id with the secret key, so first changes sent at once from one browser all lock
    the same match, instead of each making a match of which the session keeps only one."""
    # A browser with nothing stored has a new session id at each request: its visitor id
    # (sessions.py) is the one its first changes share.
    sid = sessions.visitor_id() or getattr(session, "sid", None)
    if not sid:
        return new_match_id()
    key = str(current_app.secret_key).encode()
    digest = hmac.new(key, f"match:{sid}".encode(), "sha256").digest()
    return base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")


def _seat(match: Match) -> str | None:
    """The online seat of ``match`` that this browser holds, if any."""
    held: Any = session.get(SEAT_KEY)
    return match.online.seat_of(held) if match.online is not None else None


def _readable(record: Record) -> Match:
    """The match of ``record``; a new one, with a message, when it cannot be read."""
    try:
        return Match.from_dict(record.data)
    except LostMatchError as error:
        flash(said(error), "error")
        return Match()


def _session_match_id() -> str:
    """The id of the session's match, or ``""`` when it has none (or not one we made)."""
    match_id = session.get(MATCH_KEY)
    return match_id if isinstance(match_id, str) and MATCH_ID.fullmatch(match_id) else ""


def init_app(app: Flask, client: redis.Redis | None) -> None:
    """Open the match store (Redis through ``client``, else SQLite); add ``flask sweep``."""
    config = app.config
    lifetime = config["MATCH_LIFETIME"].total_seconds()
    wait = float(config["STORE_LOCK_TIMEOUT"])
    match_store: MatchStore
    if client is not None:
        match_store = RedisStore(client, lifetime, wait, float(config["REDIS_LOCK_EXPIRY"]))
    else:
        match_store = SQLiteStore(config["DATABASE"], lifetime, wait)
    app.extensions["match_store"] = match_store

    @app.cli.command("sweep")
    def sweep() -> None:
        """Delete matches and session files unchanged for longer than their lifetime."""
        click.echo(f"removed {match_store.sweep()} expired matches")
        if client is None:
            session_lifetime = config["PERMANENT_SESSION_LIFETIME"].total_seconds()
            removed = sweep_files(config["SESSION_DIR"], session_lifetime)
            click.echo(f"removed {removed} expired session files")
