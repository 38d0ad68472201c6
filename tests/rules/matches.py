"""Matches for the rules' tests, built through the actions as the players would build them."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from webapp.engine import Board, Refusal
from webapp.rules import Held, Match, RuleError, actions, new_secret, seating

BOTH: Held = frozenset({"1", "2"})  # the home browser of a hot-seat match holds both seats
ONE: Held = frozenset({"1"})
TWO: Held = frozenset({"2"})
NOBODY: Held = frozenset()  # a spectator, or the browser of a game between two computers

X_WINS = ["A1", "B1", "A2", "B2", "A3"]  # X wins down the A row on move 5
DRAW = ["A1", "B2", "C3", "A2", "A3", "B3", "B1", "C1", "C2"]


def hot_seat(cells: list[str], match: Match | None = None) -> Match:
    """A hot-seat match (or ``match``) after ``cells``, each played by the home browser."""
    match = match or Match.between("user", "user")
    for cell in cells:
        match = actions.move(match, BOTH, cell).match
    return match


def opened(x: str = "user", o: str = "friend", start: Board | None = None) -> tuple[Match, str]:
    """Player 1 has invited a friend, who has not joined; also player 1's key."""
    key = new_secret()
    return seating.invite(x, o, start or Board(), False, key).match, key


def joined() -> tuple[Match, str, str]:
    """An online match with both seats taken, player 1 playing X; also the two keys."""
    match, first = opened()
    second = new_secret()
    return seating.join(match, match.invite, second, NOBODY).match, first, second


def by_turn(match: Match) -> Held:
    """The seat of the player to move, as the browser holding only that seat."""
    seat = match.playing(match.game.board.turn)
    assert seat is not None
    return frozenset({seat.id})


def play(match: Match, cells: list[str]) -> Match:
    """Moves in turn, each by the browser holding the seat to move."""
    for cell in cells:
        match = actions.move(match, by_turn(match), cell).match
    return match


@contextmanager
def refused(refusal: Refusal, **params: Any) -> Iterator[pytest.ExceptionInfo[RuleError]]:
    """Expect a RuleError that refuses with ``refusal``, told by its code (and filled in with
    ``params``, if given)."""
    with pytest.raises(RuleError) as raised:
        yield raised
    assert raised.value.code == refusal.code
    assert raised.value.params == params
