"""Move clocks: the deadline each action gives the player to move, and the game's end when it
passes: lost on time, or aborted for a player who has not moved at all; counted once."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.imports import assert_imports_no_web_stack
from webapp.rules import LostMatchError, Match, actions, errors
from webapp.rules import clock as clocks
from webapp.rules.records import ended_by

from .matches import BOTH, ONE, TWO, joined, opened, refused

NOW = 1_800_000_000.0


def timed(seconds: int = 30) -> Match:
    """An online match with both players seated, and its clock started at NOW."""
    match = replace(joined()[0], clock=seconds)
    return clocks.wound(replace(match, clock=0), match, NOW)


def moved(match: Match, by: frozenset[str], cell: str, when: float) -> Match:
    """``match`` after ``cell``, its deadline wound at ``when``, as the request cycle does."""
    return clocks.wound(match, actions.move(match, by, cell).match, when)


def test_the_clock_starts_when_both_players_sit_and_turns_with_each_move() -> None:
    match = timed()
    assert match.deadline == NOW + 30 and clocks.seconds_left(match, NOW + 10) == 20
    after = moved(match, ONE, "A1", NOW + 10)
    assert after.deadline == NOW + 40
    waiting = replace(opened()[0], clock=30)  # the friend has not joined: no clock runs
    assert clocks.wound(waiting, waiting, NOW).deadline == 0.0
    assert clocks.seconds_left(waiting, NOW) is None


def test_a_change_that_is_not_a_move_keeps_the_deadline() -> None:
    match = timed()
    assert clocks.wound(match, match, NOW + 5).deadline == NOW + 30


def test_the_clock_is_kept_as_data_and_records_before_it_have_none() -> None:
    match = replace(timed(), paired=True)
    assert Match.from_dict(match.to_dict()) == match
    older = match.to_dict()
    for name in ("clock", "deadline", "paired"):
        del older[name]
    read = Match.from_dict(older)
    assert (read.clock, read.deadline, read.paired) == (0, 0.0, False)
    with pytest.raises(LostMatchError):
        Match.from_dict({**match.to_dict(), "clock": -1})


def test_the_player_to_move_loses_on_time_once_they_have_moved() -> None:
    match = moved(moved(timed(), ONE, "A1", NOW + 1), TWO, "B1", NOW + 2)
    assert clocks.expire(match, NOW + 31) is None  # not yet: X has until NOW + 32
    ended = clocks.expire(match, NOW + 32)
    assert ended is not None
    lost = ended.match
    assert (lost.ending, lost.winner, lost.deadline) == ("timed_out", "O", 0.0)
    assert lost.score.wins == {"1": 0, "2": 1} and ended_by(lost) == "time"
    assert clocks.expire(lost, NOW + 100) is None  # applied once
    with refused(errors.GAME_ENDED):
        actions.move(lost, ONE, "C3")


def test_a_player_who_has_not_moved_gets_the_game_aborted() -> None:
    for cells in ([], ["A1"]):
        match = timed()
        for ply, cell in enumerate(cells):
            match = moved(match, ONE if ply % 2 == 0 else TWO, cell, NOW)
        ended = clocks.expire(match, NOW + 31)
        assert ended is not None
        assert (ended.match.ending, ended.match.winner) == ("aborted", "")
        assert ended.match.score == match.score and ended_by(ended.match) == "abort"


def test_a_new_game_winds_the_clock_again() -> None:
    match = timed()
    resigned = clocks.wound(match, actions.resign(match, ONE).match, NOW + 1)
    assert resigned.deadline == 0.0
    offered = actions.rematch(resigned, ONE).match
    again = clocks.wound(offered, actions.rematch(offered, TWO).match, NOW + 50)
    assert again.deadline == NOW + 80


def test_a_clock_is_one_second_to_seven_days() -> None:
    assert clocks.checked(0) == 0 and clocks.checked(1) == 1
    assert clocks.checked(7 * 86400) == 7 * 86400
    for bad in (-1, 7 * 86400 + 1):
        with refused(errors.BAD_CLOCK):
            clocks.checked(bad)


def test_a_clock_on_one_device_does_not_run() -> None:
    match = replace(Match.between("user", "hard"), clock=5)
    after = clocks.wound(match, actions.move(match, BOTH - TWO, "B2").match, NOW)
    assert after.deadline == 0.0 and not clocks.expired(after, NOW + 100)


def test_the_clock_module_stays_pure() -> None:
    assert_imports_no_web_stack("webapp.rules.clock")
