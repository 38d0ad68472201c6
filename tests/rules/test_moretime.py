"""Giving the other player 15 seconds: only on their running clock, once per move, never in
an arena."""

from __future__ import annotations

from dataclasses import replace

from webapp.rules import Event, errors
from webapp.rules.match import Match
from webapp.rules.moretime import (
    ARENA_TIME,
    GIVEN,
    NO_CLOCK_RUNNING,
    OWN_CLOCK,
    SECONDS,
    TIME_GIVEN,
    give_time,
)

from .matches import BOTH, ONE, TWO, X_WINS, hot_seat, joined, play, refused


def _clocked(cells: list[str]) -> Match:
    """An online match with 30 s a move after ``cells``, whose mover's clock runs out at 1,000."""
    return replace(play(joined()[0], cells), clock=30, deadline=1000.0)


def test_the_player_waiting_gives_the_mover_fifteen_seconds_once_per_move() -> None:
    match = _clocked(["B2"])  # O to move: player 2's clock runs
    given = give_time(match, ONE)
    assert given.match.deadline == 1000.0 + SECONDS and given.match.game == match.game
    assert given.happened == (Event("given", "1", detail="moretime"),)
    with refused(TIME_GIVEN):
        give_time(given.match, ONE)
    moved = play(given.match, ["A1"])  # a move: player 1 may give again on a later turn
    assert (GIVEN, "1") not in moved.offers


def test_no_time_to_oneself_nor_without_a_clock_nor_in_an_arena() -> None:
    with refused(OWN_CLOCK):
        give_time(_clocked(["B2"]), TWO)
    with refused(NO_CLOCK_RUNNING):
        give_time(play(joined()[0], ["B2"]), ONE)  # no clock
    with refused(ARENA_TIME):
        give_time(replace(_clocked(["B2"]), arena="a" * 11), ONE)
    with refused(errors.GAME_ENDED):
        give_time(_clocked(X_WINS), ONE)
    with refused(errors.NOT_ONLINE):
        give_time(replace(hot_seat(["B2"]), clock=30, deadline=1000.0), BOTH)
