"""Move clocks: a time per move, the deadline it gives the player to move, and the end of a
game whose player to move ran out of time (lost, or aborted before their first move)."""

from __future__ import annotations

from dataclasses import replace

from . import errors
from .actions import Event, Outcome
from .errors import RuleError
from .match import Match, other
from .termination import Termination

LONGEST = 7 * 24 * 3600  # seconds: the longest time per move a match may have
CHOICES = (0, 30, 120, 86400, 3 * 86400)  # the setup form's choices (0: no clock)


def checked(seconds: int) -> int:
    """``seconds`` as a time per move (0 for none); RuleError outside 1 s .. 7 days."""
    if seconds != 0 and not 1 <= seconds <= LONGEST:
        raise RuleError(errors.BAD_CLOCK)
    return seconds


def with_clock(outcome: Outcome, seconds: int) -> Outcome:
    """``outcome``'s match with ``seconds`` per move; its deadline is set when it is saved."""
    return Outcome(replace(outcome.match, clock=checked(seconds)), outcome.happened)


def running(match: Match) -> bool:
    """Whether the clock of the player to move runs: a clock, an online match with both
    players seated, a game going. On one device nobody is left waiting: it never runs."""
    return bool(match.clock) and match.online and match.full and not match.is_over


def wound(before: Match, after: Match, now: float) -> Match:
    """``after`` (what an action made of ``before``) with its deadline: a new one when a
    move was made, a new game began, or the clock starts (the second player sat down); none
    when the game is over or has no clock."""
    if not running(after):
        return replace(after, deadline=0.0) if after.deadline else after
    turned = (after.game_id, after.game.ply) != (before.game_id, before.game.ply)
    if not (turned or not after.deadline):
        return after
    deadline = now + after.clock
    if after.arena and after.game.ply == 1 and before.game_id == after.game_id:
        # O's first move in an arena: as long as X's had (the grace to reach the board), or
        # a quick first move by X would cost O the game before O came.
        deadline = max(deadline, before.deadline)
    return replace(after, deadline=deadline)


def expired(match: Match, now: float) -> bool:
    """Whether the player to move has run out of time at ``now``."""
    return running(match) and bool(match.deadline) and now >= match.deadline


def seconds_left(match: Match, now: float) -> float | None:
    """The seconds the player to move has left, or ``None`` when no clock runs."""
    if not running(match) or not match.deadline:
        return None
    return max(0.0, match.deadline - now)


def expire(match: Match, now: float) -> Outcome | None:
    """The game ended by the clock, if it ran out: the player to move loses on time, or,
    if they have not moved at all in this game, it is aborted and counts for nobody; in an
    arena they lose it all the same, or an absent opponent would hold one at 0 points."""
    if not expired(match, now):
        return None
    turn = match.game.board.turn or "X"
    mover = match.playing(turn)
    seat = mover.id if mover else ""
    if match.game.ply < 2 and not match.arena:  # the player to move has not moved yet
        ended = match.ended(Termination.ABORT, "")
        return Outcome(
            replace(ended, deadline=0.0), (Event("ended", seat, detail=Termination.ABORT),)
        )
    ended = match.ended(Termination.TIME, other(turn))
    return Outcome(replace(ended, deadline=0.0), (Event("ended", seat, detail=Termination.TIME),))
