"""Arenas as the web keeps them: one record per arena in the match store, changed under its
lock (so pairing and scoring are atomic across workers and servers); the matches of its
pairings made once the arena is saved; each finished game counted once, by the signal every
saved change of a match sends."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from flask import Flask, current_app

from ...rules import Match, Outcome, UnknownLinkError, errors, new_secret
from ...rules import clock as clocks
from ...rules.arena import Arena, Made, ended
from ...rules.arena_pairing import arena_match, pairable, paired, results
from ...store import MatchStore, Record, StoreUnavailable, new_match_id
from ...store.record import MATCH_ID
from .. import timing
from ..live.audience import seen_versions
from ..live.live import Hub
from ..site import metrics
from . import on_air, played
from .cycle import Stepped, commit, saved

Change = Callable[[Arena, float], Arena]  # what an action makes of the arena at a time


def init_app(app: Flask) -> None:
    """Count each arena game's result as its match is saved over."""
    saved.connect(_on_saved, weak=False)


def read(arena_id: str) -> Arena | None:
    """The arena ``arena_id`` as stored now, or ``None`` if there is none."""
    looked = _looked(arena_id)
    return looked[1] if looked else None


def _looked(arena_id: str) -> tuple[int, Arena] | None:
    """The arena ``arena_id`` as stored now, with its version; ``None`` if there is none."""
    if not MATCH_ID.fullmatch(arena_id):
        return None
    record = store().get(arena_id)
    if record is None or record.data is None:
        return None
    try:
        return record.version, Arena.from_dict(record.data)
    except UnknownLinkError:
        return None


def create(arena: Arena) -> str:
    """Keep the new ``arena``; its id."""
    arena_id = new_match_id()
    with store().locked(arena_id) as record:
        record.data = arena.to_dict()
    return arena_id


def change(arena_id: str, action: Change) -> Arena:
    """Apply ``action`` to the arena under its lock, then pair whoever waits (if it runs),
    and save; the pairings' matches are made after. UnknownLinkError if there is none."""
    return _changed(arena_id, action)[1]


def _changed(arena_id: str, action: Change) -> tuple[int, Arena]:
    """``change``, with the arena's version after it."""
    now = timing.now()
    made: tuple[Made, ...] = ()
    with store().locked(arena_id) as record:
        if record.data is None:
            raise UnknownLinkError(errors.NO_ARENA)
        before = Arena.from_dict(record.data)
        arena, made = paired(action(before, now), now, new_match_id, new_secret, _hold())
        if arena != before:
            record.data = arena.to_dict()
    _tell(record)
    for game in made:
        metrics.arena_paired(game.waited(arena.starts, now, _hold()))
    # The change is saved: a 503 now would say it was not, and a retried join be refused as
    # a second one. The matches left unmade (all after a failure: each would wait out the
    # store's timeout) are made by their players' next look.
    with contextlib.suppress(StoreUnavailable):
        for game in made:
            make_match(arena_id, arena, game.match_id)
    return record.version, arena


def tend(arena_id: str) -> Arena | None:
    """The arena, after pairing whoever waits if it runs and two wait (the lock is taken
    only then); ``None`` if there is none."""
    tended = tended_version(arena_id)
    return tended[1] if tended else None


def tended_version(arena_id: str) -> tuple[int, Arena] | None:
    """``tend``, with the arena's version: one read when nobody is to be paired."""
    looked = _looked(arena_id)
    if looked is None:
        return None
    if pairable(looked[1], timing.now(), _hold()):
        return _changed(arena_id, lambda kept, _now: kept)
    return looked


def _hold() -> float:
    """Seconds two players who just met wait for another opponent before meeting again."""
    return float(current_app.config["ARENA_REMATCH_WAIT"])


def make_match(arena_id: str, arena: Arena, match_id: str) -> None:
    """The match ``match_id`` of an arena's pairing, made once: by the request that paired
    it, or by a player's next look if that one failed first."""
    players = arena.playing(match_id)
    x = next((p for p in players if p.mark == "X"), None)
    o = next((p for p in players if p.mark == "O"), None)
    if x is None or o is None:
        return

    def make(record: Record) -> Stepped:
        if record.data is not None:
            return Stepped(None)  # made already
        outcome = arena_match(Made(match_id, x, o), arena.clock, arena_id, arena.size)
        return Stepped(Outcome(_wound(outcome.match), outcome.happened))

    _record, stepped = commit(store(), _hub(), match_id, make)
    if stepped.outcome is not None:
        on_air.note(stepped.outcome.match, match_id)


def _wound(match: Match) -> Match:
    """``match`` with its first move's deadline: ARENA_GRACE seconds more than a move's, for
    the players to reach the board (the arena paired them wherever they were)."""
    return clocks.wound(match, match, timing.now() + float(current_app.config["ARENA_GRACE"]))


def count(match_id: str, match: Match) -> None:
    """If ``match`` (stored as ``match_id``) is a finished arena game not counted yet, count
    its result; once, since the players of a game counted already are in it no more."""
    if not match.arena or not match.is_over:
        return
    arena = read(match.arena)
    if arena is None or not arena.playing(match_id):
        return
    # In both players' lists, even if they never came to it, and first: a count that saves the
    # arena and then fails (a pairing's match the store is too busy to make) is not counted
    # again, so the lists would never get it (a no-show's loss was missing under load).
    for player in arena.playing(match_id):
        played.note(match, match_id, match.held_by([player.key], home=False), player.browser)
    score = results(match)
    change(match.arena, lambda kept, now: ended(kept, match_id, score, now))


def _on_saved(match_id: str, match: Match) -> None:
    """A saved change of a match: its arena counts the game if it ended. The change is
    saved and told already: an arena too busy now to count it does not fail the request
    (its players' next look at the arena counts it: arena pages' ``entered``)."""
    with contextlib.suppress(StoreUnavailable):
        count(match_id, match)


def _tell(record: Record) -> None:
    """Wake the streams that follow the arena."""
    seen = seen_versions(record.data, record.version)
    _hub().changed(record.match_id, record.version, seen, record)


def store() -> MatchStore:
    """The app's match store, which keeps arenas too."""
    store: MatchStore = current_app.extensions["match_store"]
    return store


def _hub() -> Hub:
    """The app's live hub."""
    hub: Hub = current_app.extensions["live"]
    return hub
