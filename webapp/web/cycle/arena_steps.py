"""What one change of an arena writes, made from what it read: the rules applied to the players
it concerns and to those who wait (never to every player), the entries that changed as rows,
the head's tallies moved by them, and an arena of before (one record of every player)
turned into rows once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ...rules import new_secret
from ...rules.arena import RUNNING, Arena, Made, Player
from ...rules.arena_pairing import paired
from ...store import new_match_id
from ...store.arena_rows import ArenaReads, Changes, Row, score

OLD = "players"  # a head that still holds every player: an arena stored before the rows
# The tallies, ``best``: the version of the last change that moved the best players, so that
# their rows are read once per ``best`` rather than once per version, and ``entered``: the
# players who joined by ArenaRows.enter, which a change made meanwhile lets through.
TALLIES = ("joined", "playing", "waiting", "played", "best", "entered")
Act = Callable[[Arena, float], Arena]  # what an action makes of the players it concerns


@dataclass(frozen=True)
class Done:
    """What a change did: the games it paired (their matches to be made), the arena's
    settings, and whether it was only the turning of an arena of before into rows."""

    made: tuple[Made, ...] = ()
    arena: Arena | None = None
    migrated: bool = False


def settings(head: dict[str, Any]) -> Arena:
    """The arena's settings from its head, without players (UnknownLinkError if none)."""
    return replace(Arena.from_dict({**head, OLD: []}), players=())


def head_of(arena: Arena, tallies: dict[str, int]) -> dict[str, Any]:
    """The head's data: the settings and the tallies (players joined, in a game, waiting, and
    the games they played, each counted once per player)."""
    data = arena.to_dict()
    del data[OLD]
    return {**data, **{name: int(tallies.get(name, 0)) for name in TALLIES}}


def tallies(head: dict[str, Any]) -> dict[str, int]:
    """The head's tallies."""
    return {name: int(head.get(name, 0)) for name in TALLIES}


def players(entries: dict[str, dict[str, Any]]) -> dict[str, Player]:
    """Entries as players, by browser."""
    return {browser: Player(**entry) for browser, entry in entries.items()}


def step(
    reads: ArenaReads, now: float, concerned: list[Player], act: Act, hold: float
) -> tuple[Changes | None, Done]:
    """``act`` on the ``concerned`` players at ``now``, then whoever waits paired."""
    if OLD in reads.head:
        return migration(reads.head, reads.version), Done(migrated=True)
    arena = settings(reads.head)
    counts = tallies(reads.head)
    before = {p.browser: p for p in concerned}
    changed: dict[str, Player] = {}
    for player in act(replace(arena, players=tuple(concerned)), now).players:
        if player.number < 0:
            player = replace(player, number=counts["joined"] + len(changed))
        changed[player.browser] = player
    # Before the start and after the end nobody is paired: whoever waits is not read then.
    free = reads.waiting() if arena.state(now) == RUNNING else {}
    waiting = {b: p for b, p in players(free).items() if b not in changed}
    before.update(waiting)
    pool = replace(arena, players=(*waiting.values(), *changed.values()))
    pool, made = paired(pool, now, new_match_id, new_secret, hold)
    rows = [p for p in pool.players if before.get(p.browser) != p]
    if not rows:
        return None, Done(made, arena)
    for player in rows:
        _count(counts, before.get(player.browser), player)
    floor = reads.floor()
    if floor is None or any(
        score(p.points, p.number) >= floor
        or (p.browser in before and score(before[p.browser].points, p.number) >= floor)
        for p in rows
    ):
        counts["best"] = reads.version + 1
    games = {game.match_id: [game.x.browser, game.o.browser] for game in made}
    after = {p.browser: p for p in pool.players}
    counted = sorted({p.match for p in concerned if p.match != after[p.browser].match})
    counted = [match_id for match_id in counted if match_id]
    entered = None if any(p.browser not in before for p in rows) else counts["entered"]
    changes = Changes(head_of(arena, counts), [row(p) for p in rows], games, counted, entered)
    return changes, Done(made, arena)


def row(player: Player) -> Row:
    """``player``'s entry as stored."""
    standing = score(player.points, player.number)
    return Row(player.browser, dict(vars(player)), standing, player.waiting)


def _count(counts: dict[str, int], before: Player | None, after: Player) -> None:
    """Move the tallies from ``before`` (``None``: it just joined) to ``after``."""
    counts["joined"] += before is None
    counts["playing"] += bool(after.match) - bool(before is not None and before.match)
    counts["waiting"] += after.waiting - bool(before is not None and before.waiting)
    counts["played"] += after.games - (before.games if before is not None else 0)


def migration(head: dict[str, Any], version: int) -> Changes:
    """An arena of before (every player in its head): each player its row, numbered in the
    order they joined, its games in play kept, and the head without players."""
    old = Arena.from_dict(head)
    counts = {**dict.fromkeys(TALLIES, 0), "best": version + 1}
    for player in old.players:
        _count(counts, None, player)
    games: dict[str, list[str]] = {}
    for player in old.players:
        if player.match:
            games.setdefault(player.match, []).append(player.browser)
    rows = [row(player) for player in old.players]
    return Changes(head_of(replace(old, players=()), counts), rows, games)
