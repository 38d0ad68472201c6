"""Arenas as the web keeps them: a head (settings and tallies) in the match store and a row per
player beside it (store/arena_rows.py). A change reads the players it concerns and whoever
waits, and is written atomically across workers and servers (arena_steps.py); the matches of
its pairings are made once it is saved; each finished game is counted once, after it is in
both players' lists. A look reads the head, the best players once per version and process,
and the viewer's own entry."""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass, replace

from flask import Flask, current_app, g, has_request_context, request

from ...rules import Match, Outcome, UnknownLinkError, errors
from ...rules import clock as clocks
from ...rules.arena import Arena, Made, Player
from ...rules.arena_pairing import arena_match, pairable
from ...store import MatchStore, Record, StoreBusy, StoreUnavailable, new_match_id
from ...store.arena_rows import BEST as rows_best
from ...store.arena_rows import ArenaReads, ArenaRows, CountedAgain, UnknownArena
from ...store.record import MATCH_ID
from .. import timing
from ..live.shared import Shared
from ..site import metrics
from . import arena_steps, on_air
from .arena_steps import OLD, Act, Done
from .cycle import Stepped, commit

log = logging.getLogger(__name__)
# The best players a look shows, read once per change that moved them (the head's ``best``)
# and process.
BEST = rows_best
# Seconds a process waits before it reads again the waiting players of an arena's version that
# it found not to be paired yet (each look and each stream's tick would read them).
RECHECK = 0.25


@dataclass(frozen=True)
class Look:
    """An arena as a look sees it: its id, version and settings, its tallies (players joined,
    in a game, waiting to be paired, games counted), its best players, best first, and how
    often they were moved (``ranked``: the best are the same while it is)."""

    arena_id: str
    version: int
    arena: Arena
    joined: int
    playing: int
    waiting: int
    games: int
    best: tuple[Player, ...]
    ranked: int = 0


def init_app(app: Flask) -> None:
    """Keep each process's best players and the versions found not to be paired yet (a
    game's result is counted by arena_count.py)."""
    app.extensions["arena_best"] = Shared[tuple[str, int], tuple[Player, ...]](256)
    app.extensions["arena_unpaired"] = {}


def read(arena_id: str) -> Arena | None:
    """The settings of the arena ``arena_id`` (no players), or ``None`` if there is none."""
    if not MATCH_ID.fullmatch(arena_id):
        return None
    record = store().get(arena_id)
    if record is None or record.data is None:
        return None
    try:
        return arena_steps.settings(record.data)
    except UnknownLinkError:
        return None


def look(arena_id: str) -> Look | None:
    """The arena as stored now (turned into rows first if it is of before); ``None`` if none.
    Read once per request until it changes the arena (a page's look tends it first)."""
    seen = _looked(arena_id)
    return None if seen is None else seen[0]


def _looked(arena_id: str) -> tuple[Look, ArenaReads] | None:
    """The arena's look and what it was read from, kept for the rest of the request."""
    memo = _memo()
    if arena_id in memo:
        return memo[arena_id]
    reads = read_rows(arena_id)
    if reads is None:
        return None
    try:
        arena = arena_steps.settings(reads.head)
    except UnknownLinkError:
        return None
    if OLD in reads.head:
        _change(arena_id, [], lambda kept, _now: kept)
        return _looked(arena_id)
    counts = arena_steps.tallies(reads.head)
    key = (arena_id, counts["best"])
    best = current_app.extensions["arena_best"].get(key, lambda: _best(arena_id))
    joined, playing, waiting = counts["joined"], counts["playing"], counts["waiting"]
    games = counts["played"] // 2
    found = Look(arena_id, reads.version, arena, joined, playing, waiting, games, best)
    memo[arena_id] = (replace(found, ranked=counts["best"]), reads)
    return memo[arena_id]


def _memo() -> dict[str, tuple[Look, ArenaReads]]:
    """This request's looks by arena (none outside a request), forgotten at each change the
    request makes: a request may hold the app context of a test, which others share."""
    if not has_request_context():
        return {}
    kept = g.get("arena_looks")
    if kept is None or kept[0] is not request._get_current_object():  # type: ignore[attr-defined]
        kept = g.arena_looks = (request._get_current_object(), {})  # type: ignore[attr-defined]
    memo: dict[str, tuple[Look, ArenaReads]] = kept[1]
    return memo


def forget(arena_id: str) -> None:
    """Forget this request's look at the arena: the request changed it."""
    _memo().pop(arena_id, None)


def _best(arena_id: str) -> tuple[Player, ...]:
    """The best BEST players as stored now."""
    entries = {str(entry["browser"]): entry for entry in rows().top(arena_id, BEST)}
    return tuple(arena_steps.players(entries).values())


def player(arena_id: str, browser: str) -> Player | None:
    """``browser``'s entry in the arena, if it joined."""
    if not MATCH_ID.fullmatch(arena_id):
        return None
    return arena_steps.players(rows().entries(arena_id, [browser])).get(browser)


def players(arena_id: str, browsers: list[str]) -> dict[str, Player]:
    """The entries of those of ``browsers`` that joined the arena, by browser, read at once."""
    return arena_steps.players(rows().entries(arena_id, browsers)) if browsers else {}


def rank(arena_id: str, points: int) -> int:
    """The rank of a player with ``points``: one more than the players with more."""
    return rows().above(arena_id, points) + 1


def create(arena: Arena) -> str:
    """Keep the new ``arena`` (its settings; nobody in it yet); its id."""
    arena_id = new_match_id()
    with store().locked(arena_id) as record:
        record.data = arena_steps.head_of(replace(arena, players=()), {})
    return arena_id


def change(arena_id: str, browser: str, act: Act) -> Look:
    """``act`` on ``browser``'s entry (a partial arena of it alone, or of nobody before it
    joins), then whoever waits paired; the pairings' matches made after. UnknownLinkError if
    there is no arena."""
    _change(arena_id, [browser], act)
    found = look(arena_id)
    if found is None:
        raise UnknownLinkError(errors.NO_ARENA)
    return found


def _change(arena_id: str, browsers: list[str] | str, act: Act, patience: float = -1.0) -> Done:
    """``act`` on the entries of ``browsers`` (or, given a match id, of its game's players),
    pairing after; the games made have their matches made. UnknownLinkError if none;
    StoreBusy if the arena's other changes took longer than ``patience`` (ArenaRows.change)."""
    now, hold = timing.now(), _hold()
    forget(arena_id)

    def step(reads: ArenaReads) -> tuple[object, Done]:
        who = reads.game(browsers) if isinstance(browsers, str) else browsers
        concerned = list(arena_steps.players(reads.rows(who)).values())
        return arena_steps.step(reads, now, concerned, act, hold)

    try:
        done, _version = rows().change(arena_id, step, browsers, patience)  # type: ignore[arg-type]
    except UnknownArena as error:
        raise UnknownLinkError(errors.NO_ARENA) from error
    except CountedAgain as error:  # the books were wrong already: never make them worse
        log.error("a game's second count refused, nothing written: %s", error)
        metrics.arena_books_refused("counted_again")
        return Done()
    forget(arena_id)
    if done.migrated:
        return _change(arena_id, browsers, act)
    for game in done.made:
        metrics.arena_paired(game.waited(done.arena.starts if done.arena else now, now, hold))
    # The change is saved: a 503 now would say it was not, and a retried join be refused as
    # a second one. The matches left unmade (all after a failure: each would wait out the
    # store's timeout) are made by their players' next look, or by the settler.
    with contextlib.suppress(StoreUnavailable):
        for game in done.made:
            make_match(arena_id, done.arena or Arena(0, 0, 0), game.x, game.o)
    return done


def change_game(arena_id: str, match_id: str, act: Act) -> None:
    """``act`` on the players of the game ``match_id`` (its count), then whoever waits paired."""
    _change(arena_id, match_id, act)


def tend(arena_id: str, patience: float = 0.0) -> Look | None:
    """The arena, after pairing whoever waits if it runs and two wait (a change is made only
    then, after the arena's other changes in this process, waited for ``patience`` seconds);
    ``None`` if there is none. Waiting players found not to be paired yet (two who just met
    wait for another) are read again at that version only after RECHECK seconds."""
    seen = _looked(arena_id)
    if seen is None or seen[0].waiting < 2:
        return None if seen is None else seen[0]
    found, reads = seen
    unpaired: dict[tuple[str, int], float] = current_app.extensions["arena_unpaired"]
    now = timing.now()
    if unpaired.get((arena_id, found.version), 0.0) > now:
        return found
    waiting = list(arena_steps.players(reads.waiting()).values())
    if pairable(replace(found.arena, players=tuple(waiting)), now, _hold()):
        # Every change pairs whoever waits: while this process changes the arena, that
        # change pairs them (or the next look), so a look never waits for it, nor fails.
        with contextlib.suppress(StoreBusy):
            _change(arena_id, [], lambda kept, _now: kept, patience)
        return look(arena_id)
    if len(unpaired) > 1024:  # versions go by: forget the old ones now and then
        unpaired.clear()
    unpaired[(arena_id, found.version)] = now + RECHECK
    return found


def _hold() -> float:
    """Seconds two players who just met wait for another opponent before meeting again."""
    return float(current_app.config["ARENA_REMATCH_WAIT"])


def make_match(arena_id: str, arena: Arena, x: Player, o: Player) -> None:
    """The match of an arena's pairing of ``x`` and ``o``, made once: by the request that
    paired them, or by a player's next look or the settler if that one failed first."""
    match_id = x.match

    def make(record: Record) -> Stepped:
        if record.data is not None:
            return Stepped(None)  # made already
        outcome = arena_match(Made(match_id, x, o), arena.clock, arena_id, arena.size)
        return Stepped(Outcome(_wound(outcome.match), outcome.happened))

    _record, stepped = commit(store(), current_app.extensions["live"], match_id, make)
    if stepped.outcome is not None:
        on_air.note(stepped.outcome.match, match_id)


def make_game(arena_id: str, match_id: str) -> None:
    """The match ``match_id`` of the arena's pairing, made if it is still to be played."""
    reads, arena = read_rows(arena_id), read(arena_id)
    found = arena_steps.players(reads.rows(reads.game(match_id))) if reads else {}
    sides = {p.mark: p for p in found.values() if p.match == match_id}
    if arena is not None and {"X", "O"} <= set(sides):
        make_match(arena_id, arena, sides["X"], sides["O"])


def _wound(match: Match) -> Match:
    """``match`` with its first move's deadline: ARENA_GRACE seconds more than a move's, for
    the players to reach the board (the arena paired them wherever they were)."""
    return clocks.wound(match, match, timing.now() + float(current_app.config["ARENA_GRACE"]))


def read_rows(arena_id: str) -> ArenaReads | None:
    """The arena's head and a reader of its rows, or ``None``."""
    return rows().reads(arena_id) if MATCH_ID.fullmatch(arena_id) else None


def store() -> MatchStore:
    """The app's match store, which keeps the arenas' heads too."""
    kept: MatchStore = current_app.extensions["match_store"]
    return kept


def rows() -> ArenaRows:
    """The app's arena rows."""
    kept: ArenaRows = current_app.extensions["arena_rows"]
    return kept
