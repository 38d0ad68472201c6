"""Seating's departures: an inviter leaving before anyone joined withdraws the invite (the seat
held by nobody, the friend who comes refused, saying so); a player leaving a finished game is
marked gone, so no rematch starts against nobody, until their seat link brings them back."""

from __future__ import annotations

from dataclasses import replace

import pytest

from webapp.engine import Board
from webapp.rules import Event, actions, errors, new_secret, read, seating
from webapp.rules.errors import BadStartError

from .matches import NOBODY, ONE, TWO, X_WINS, joined, opened, play, refused


def test_the_inviter_leaving_withdraws_the_invite_and_holds_the_seat_no_more() -> None:
    match, key = opened()
    left = seating.departure(match, ONE)
    assert left is not None
    assert left.happened == (Event("withdrawn", "1", detail="invite"),)
    assert seating.withdrawn(left.match) and not seating.withdrawn(match)
    assert left.match.held_by([key], home=True) == NOBODY
    assert read(left.match.to_dict()) == left.match  # stored as it is
    with refused(errors.INVITE_WITHDRAWN):
        seating.join(left.match, left.match.invite, new_secret(), NOBODY)


def test_leaving_a_match_with_no_open_invite_of_ones_own_changes_nothing() -> None:
    match, _first, _second = joined()
    assert seating.departure(match, ONE) is None  # full: leaving it is actions.leave's
    invited, _key = opened()
    assert seating.departure(invited, NOBODY) is None  # a spectator of it
    assert seating.departure(invited, TWO) is None


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


def test_a_player_leaving_a_finished_game_is_gone_and_no_rematch_starts_without_them() -> None:
    match, first, _second = joined()
    over = actions.rematch(play(match, X_WINS), ONE).match  # X offers, then leaves
    assert seating.departure(play(match, ["B2"]), ONE) is None  # in play: actions.leave's
    left = seating.departure(over, ONE)
    assert left is not None and left.happened == (Event("left", "1"),)
    assert left.match.offers == (("left", "1"),) and read(left.match.to_dict()) == left.match
    assert seating.departure(left.match, ONE) is None  # gone once
    with refused(errors.OPPONENT_LEFT[False]):
        actions.rematch(left.match, TWO)
    assert seating.departure(replace(over, arena="a" * 22), ONE) is None  # the arena pairs
    back = seating.take_seat(left.match, first, new_secret(), NOBODY).match
    assert back.offers == () and actions.rematch(back, TWO).match.offered("rematch") == "2"
