"""Seating's withdrawal of an invite: its inviter leaving before anyone joined leaves the seat
held by nobody, and the friend who comes is refused, saying so."""

from __future__ import annotations

import pytest

from webapp.engine import Board
from webapp.rules import Event, errors, new_secret, read, seating
from webapp.rules.errors import BadStartError

from .matches import NOBODY, ONE, TWO, joined, opened, refused


def test_the_inviter_leaving_withdraws_the_invite_and_holds_the_seat_no_more() -> None:
    match, key = opened()
    left = seating.withdrawal(match, ONE)
    assert left is not None
    assert left.happened == (Event("withdrawn", "1", detail="invite"),)
    assert seating.withdrawn(left.match) and not seating.withdrawn(match)
    assert left.match.held_by([key], home=True) == NOBODY
    assert read(left.match.to_dict()) == left.match  # stored as it is
    with refused(errors.INVITE_WITHDRAWN):
        seating.join(left.match, left.match.invite, new_secret(), NOBODY)


def test_leaving_a_match_with_no_open_invite_of_ones_own_changes_nothing() -> None:
    match, _first, _second = joined()
    assert seating.withdrawal(match, ONE) is None  # full: leaving it is actions.leave's
    invited, _key = opened()
    assert seating.withdrawal(invited, NOBODY) is None  # a spectator of it
    assert seating.withdrawal(invited, TWO) is None


@pytest.mark.parametrize(
    ("x", "o", "start"),
    [("user", "friend", Board.from_string("XXXOO____")), ("friend", "hard", Board())],
)
def test_a_new_game_the_rules_would_refuse_is_refused_before_leaving(
    x: str, o: str, start: Board
) -> None:
    with pytest.raises(BadStartError):
        seating.checked(x, o, start)
    with pytest.raises(BadStartError):
        seating.invite(x, o, start, False, new_secret())
    seating.checked("user", "easy", Board())
