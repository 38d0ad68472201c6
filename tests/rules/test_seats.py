"""Online seats: joining, turns by seat, resigning, aborting, claiming, rematches, moving a seat."""

from __future__ import annotations

import json

import pytest

from webapp.engine import Game
from webapp.rules import LostMatchError, Match, Score, seats
from webapp.rules.online import Online, new_secret

X_WINS = ["A1", "B1", "A2", "B2", "A3"]


def opened() -> Match:
    """Player 1 plays X and has invited player 2, who has not joined."""
    return seats.opened(Game("user", "user"), "X", toss=False, key=new_secret())


def joined() -> tuple[Match, str]:
    """An online match with both seats taken; also player 2's key."""
    match = opened()
    key = new_secret()
    assert match.online is not None
    return seats.join(match, match.online.invite, key, held=None), key


def play(match: Match, cells: list[str]) -> Match:
    """Moves in turn, each by the seat whose turn it is."""
    for cell in cells:
        turn = match.game.board.turn
        seat = "1" if seats.mark_of(match, "1") == turn else "2"
        match = seats.move(match, seat, cell)
    return match


def test_a_new_online_match_seats_player_1_and_keeps_the_other_seat_free() -> None:
    match = opened()
    assert match.online is not None and not match.online.full
    assert match.online.seat_of(match.online.keys[0]) == "1"
    assert seats.mark_of(match, "1") == "X" and seats.mark_of(match, "2") == "O"
    with pytest.raises(seats.WaitingForFriendError, match="has not joined yet"):
        seats.move(match, "1", "B2")


def test_the_invite_seats_player_2_once() -> None:
    match, key = joined()
    assert match.online is not None and match.online.full
    assert match.online.seat_of(key) == "2"
    with pytest.raises(seats.MatchFullError, match="already has two players"):
        seats.join(match, match.online.invite, new_secret(), held=None)
    with pytest.raises(seats.AlreadySeatedError):
        seats.join(match, match.online.invite, new_secret(), held=key)


def test_player_1_opening_their_own_invite_is_told_so_and_not_seated_twice() -> None:
    match = opened()
    assert match.online is not None
    with pytest.raises(seats.OwnInviteError, match="your own invite link"):
        seats.join(match, match.online.invite, new_secret(), held=match.online.keys[0])


@pytest.mark.parametrize("invite", ["", "x" * 22, new_secret(), None, 5])
def test_a_wrong_invite_seats_nobody(invite: object) -> None:
    match = opened()
    with pytest.raises(seats.UnknownInviteError):
        seats.join(match, invite, new_secret(), held=None)  # type: ignore[arg-type]


def test_only_the_player_whose_turn_it_is_may_move() -> None:
    match, _ = joined()
    with pytest.raises(seats.NotYourTurnError, match=r"^It is not your turn\.$"):
        seats.move(match, "2", "B2")
    match = seats.move(match, "1", "B2")
    with pytest.raises(seats.NotYourTurnError):
        seats.move(match, "1", "A1")
    with pytest.raises(seats.SpectatorError):
        seats.move(match, None, "A1")
    assert seats.move(match, "2", "A1").game.moves == ("B2", "A1")


def test_a_win_counts_for_the_player_and_a_rematch_swaps_the_sides() -> None:
    match, _ = joined()
    match = play(match, X_WINS)
    assert match.score == Score({"Player 1": 1}, 0)
    with pytest.raises(seats.NotOverError):
        seats.rematch(seats.move(joined()[0], "1", "B2"), "1")
    offered = seats.rematch(match, "2")
    assert offered.online is not None and offered.online.rematch == "2"
    assert offered.game == match.game
    with pytest.raises(seats.AlreadyOfferedError):
        seats.rematch(offered, "2")
    again = seats.rematch(offered, "1")
    assert again.game.ply == 0 and again.game_id != match.game_id
    assert seats.mark_of(again, "1") == "O" and seats.mark_of(again, "2") == "X"
    assert again.online is not None and again.online.rematch == "" and again.online.full
    assert play(again, X_WINS).score == Score({"Player 1": 1, "Player 2": 1}, 0)


def test_resigning_counts_a_win_for_the_other_player_and_ends_the_game() -> None:
    match = seats.move(joined()[0], "1", "B2")
    resigned = seats.resign(match, "1")
    assert resigned.is_over and not resigned.game.board.is_over
    assert resigned.online is not None and resigned.online.winner == "O"
    assert resigned.score == Score({"Player 2": 1}, 0)
    with pytest.raises(seats.GameEndedError):
        seats.move(resigned, "2", "A1")
    with pytest.raises(seats.GameEndedError):
        seats.resign(resigned, "2")


def test_abort_only_before_each_side_has_moved_and_it_counts_for_nobody() -> None:
    match, _ = joined()
    aborted = seats.abort(seats.move(match, "1", "B2"), "2")
    assert aborted.is_over and aborted.score == Score()
    assert aborted.online is not None and aborted.online.ending == "aborted"
    with pytest.raises(seats.TooLateToAbortError):
        seats.abort(play(match, ["B2", "A1"]), "1")
    assert seats.abort(opened(), "1").is_over  # before the friend joined


def test_a_win_may_be_claimed_from_an_absent_player_to_move_after_two_minutes() -> None:
    match = seats.move(joined()[0], "1", "B2")  # O (seat 2) to move
    with pytest.raises(seats.TooSoonToClaimError):
        seats.claim(match, "1", seats.ABSENCE_LIMIT - 1)
    with pytest.raises(seats.NoClaimError):
        seats.claim(match, "2", 10_000)  # one's own turn
    assert not seats.can_claim(match, "1", 5) and seats.can_claim(match, "1", 120)
    claimed = seats.claim(match, "1", seats.ABSENCE_LIMIT)
    assert claimed.online is not None and claimed.online.ending == "claimed"
    assert claimed.score == Score({"Player 1": 1}, 0)


def test_moving_a_seat_gives_it_to_the_new_key_only() -> None:
    match, old = joined()
    new = new_secret()
    moved = seats.moved_seat(match, "2", new)
    assert moved.online is not None
    assert moved.online.seat_of(new) == "2" and moved.online.seat_of(old) is None


def test_local_matches_refuse_online_actions_and_online_ones_local_actions() -> None:
    with pytest.raises(seats.NotOnlineError):
        seats.resign(Match(), "1")
    with pytest.raises(seats.LocalOnlyError):
        seats.local(opened())
    assert seats.move(Match(), None, "B2").game.moves == ("B2",)


def test_an_online_match_round_trips_through_plain_json() -> None:
    match = seats.resign(play(joined()[0], ["B2"]), "2")
    data = json.loads(json.dumps(match.to_dict()))
    assert Match.from_dict(data) == match
    assert Match.from_dict({**Match().to_dict(), "online": None}).online is None
    old = Match().to_dict()
    del old["online"]  # stored before online play existed
    assert Match.from_dict(old) == Match.from_dict({**old, "online": None})


@pytest.mark.parametrize(
    "change",
    [
        {"keys": ["short", ""]},
        {"keys": [""] * 2},
        {"invite": 7},
        {"rematch": "3"},
        {"ending": "fled"},
        {"winner": "Z"},
    ],
)
def test_seats_we_could_not_have_written_are_a_lost_match(change: dict[str, object]) -> None:
    data = opened().to_dict()
    data["online"] = {**data["online"], **change}
    with pytest.raises(LostMatchError):
        Match.from_dict(data)


def test_online_data_that_is_not_an_object_is_a_lost_match() -> None:
    with pytest.raises(LostMatchError):
        Match.from_dict({**opened().to_dict(), "online": "yes"})
    assert Online.from_dict([]) is None
