"""Giving the other player more time (lichess's "moretime"): 15 seconds on their running
clock, once per move, outside arenas."""

from __future__ import annotations

from dataclasses import replace

from ..engine import N_, Refusal
from . import clock, errors
from .actions import Event, Held, Outcome, opponent_of
from .errors import RuleError
from .match import Match

SECONDS = 15  # given at a time: a 30 s move gets half as much again, a day's a courtesy
# Kept among the match's offers once given, which every move clears: once per move, so that
# a player cannot flood the other's board with changes; named as the action is, whose row
# tells the other player of it while it stands.
GIVEN = "moretime"

NO_CLOCK_RUNNING = Refusal("no_clock_running", N_("No clock is running in this game."))
OWN_CLOCK = Refusal("own_clock", N_("It is your turn: you can give time only to the other player."))
TIME_GIVEN = Refusal(
    "time_given", N_("You have given time since the last move: give more after a move.")
)
ARENA_TIME = Refusal(
    "arena_time", N_("In an arena every player has the same time: none can be given.")
)


def give_time(match: Match, by: Held) -> Outcome:
    """Online, while the other player's clock runs: 15 more seconds to their deadline."""
    seat = opponent_of(match, by)
    if match.is_over:
        raise RuleError(errors.GAME_ENDED)
    if match.arena:
        raise RuleError(ARENA_TIME)
    if not clock.running(match) or not match.deadline:
        raise RuleError(NO_CLOCK_RUNNING)
    mover = match.playing(match.game.board.turn)
    if mover is None or mover.id == seat:
        raise RuleError(OWN_CLOCK)
    if (GIVEN, seat) in match.offers:
        raise RuleError(TIME_GIVEN)
    offers = tuple(sorted({*match.offers, (GIVEN, seat)}))
    given = replace(match, deadline=match.deadline + SECONDS, offers=offers)
    return Outcome(given, (Event("given", seat, detail="moretime"),))


def can_give(match: Match, by: Held) -> bool:
    """Whether ``by`` may give time now: the board shows the button exactly when so."""
    try:
        give_time(match, by)
    except RuleError:
        return False
    return True
