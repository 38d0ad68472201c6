"""Pairing an arena's waiting players: each with the closest in points, never the opponent
they just played when another waits (nor before a wait for another has passed), and each on
the side they played less."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from ..engine import Board, Game
from .actions import Event, Outcome
from .arena import ABORTED, DRAW, LOSS, NO_SHOW, RUNNING, WIN, Arena, Made, Player
from .clock import checked
from .match import PERSON, Match, Seat, other
from .termination import Termination


def paired(
    arena: Arena,
    now: float,
    new_id: Callable[[], str],
    new_key: Callable[[], str],
    hold: float = 0.0,
) -> tuple[Arena, tuple[Made, ...]]:
    """Every waiting player paired while two wait and the arena runs, the best placed first
    (the longest waiting among equals); the games made, whose matches are to be created. Two
    who just played each other meet again only when nobody else waits and both have been
    free for ``hold`` seconds: whoever comes free meanwhile takes the place."""
    made, changed = [], {}
    for first, partner, rematch in _pairs(arena, now, hold):
        x, o = _sides(first, partner)
        match_id = new_id()
        x = replace(x, match=match_id, key=new_key(), mark="X", opponent=o.browser)
        o = replace(o, match=match_id, key=new_key(), mark="O", opponent=x.browser)
        changed[x.browser], changed[o.browser] = x, o
        made.append(Made(match_id, x, o, rematch))
    return arena.with_players(changed), tuple(made)


def pairable(arena: Arena, now: float, hold: float = 0.0) -> bool:
    """Whether pairing would make a game now: the question every look asks, so it costs one
    pass over the players unless two wait."""
    if arena.state(now) != RUNNING:
        return False
    waiting = (p for p in arena.players if p.waiting)
    if next(waiting, None) is None or next(waiting, None) is None:
        return False
    return next(_pairs(arena, now, hold), None) is not None


def _pairs(arena: Arena, now: float, hold: float) -> Iterator[tuple[Player, Player, bool]]:
    """The pairs to make at ``now``, in order, each with whether it is a rematch."""
    if arena.state(now) != RUNNING:
        return
    waiting = sorted(
        (p for p in arena.players if p.waiting), key=lambda p: (-p.points, p.free_since)
    )
    while len(waiting) >= 2:
        first = waiting.pop(0)
        partner = _partner(first, waiting)
        rematch = _met(first, partner)
        if rematch and now - max(first.free_since, partner.free_since) < hold:
            continue  # ``first`` waits a moment for another; ``partner`` may meet one below
        waiting.remove(partner)
        yield first, partner, rematch


def _partner(first: Player, others: list[Player]) -> Player:
    """The closest to ``first`` in points (the longest waiting among equals), other than the
    one they just played, unless nobody else waits. ``first`` has the most points of all who
    wait, and ``others`` are in the order of their points, down: the first of them that may
    play ``first`` is the closest."""
    fresh = (p for p in others if not _met(first, p))
    return next(fresh, others[0])


def _met(one: Player, other: Player) -> bool:
    """Whether either played the other last."""
    return one.opponent == other.browser or other.opponent == one.browser


def _sides(one: Player, other: Player) -> tuple[Player, Player]:
    """X and O: X to the one who played it less, relative to O (``one`` among equals)."""
    return (one, other) if one.as_x - one.as_o <= other.as_x - other.as_o else (other, one)


def arena_match(made: Made, clock: int, arena_id: str, size: int = 3) -> Outcome:
    """The match of a game the arena ``arena_id`` paired: seat 1 plays X, each seat held by
    its player's key and named by their drawn name, ``clock`` seconds per move, on the
    arena's board (``size`` cells a side)."""
    x, o = made.x, made.o
    seats = (Seat("1", PERSON, "X", x.key, x.name), Seat("2", PERSON, "O", o.key, o.name))
    game = Game(PERSON, PERSON, Board(size))
    match = Match(seats, game, clock=checked(clock), paired=True, arena=arena_id)
    return Outcome(match, (Event("joined", seat="2"),))


def results(match: Match) -> dict[str, str]:
    """Each mark's result of ``match``'s finished game for the arena: a win, a loss (on time
    or by leaving too; a no-show when lost on time without a move), a draw, or for both an
    aborted game, which counts for nobody."""
    if match.termination is Termination.ABORT:
        return {"X": ABORTED, "O": ABORTED}
    winner = match.winner or match.game.board.status.winner
    if winner:
        absent = match.termination is Termination.TIME and match.game.ply < 2
        return {winner: WIN, other(winner): NO_SHOW if absent else LOSS}
    return {"X": DRAW, "O": DRAW}


def listed_result(entry: dict[str, Any] | None, match_id: str, mark: str) -> str | None:
    """What a player's list ``entry`` of its arena game ``match_id``, played as ``mark``, counts
    for in the arena, as ``results`` says it: a win, a draw, a loss (a no-show when lost on
    time without a move) or aborted; ``None`` if ``entry`` is not that game's from that side
    (the list does not show it)."""
    if entry is None or entry.get("match_id") != match_id or entry.get("side") != mark:
        return None
    result = entry.get("result")
    if result == "lost":
        moves = entry.get("moves")
        absent = entry.get("ended_by") == Termination.TIME.value and len(moves or ()) < 2
        return NO_SHOW if absent else LOSS
    return {"won": WIN, "drawn": DRAW, "aborted": ABORTED}.get(str(result))
