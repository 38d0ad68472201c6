"""Every action a player can take, for every kind of match, with what it did and each refusal
in the player's words."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from webapp.engine import Board, GameOverError, OccupiedCellError, Refusal
from webapp.rules import (
    FRIEND,
    Event,
    Held,
    Match,
    Outcome,
    Score,
    Seat,
    UnknownLinkError,
    actions,
    errors,
    is_secret,
    new_secret,
    seating,
)

from .matches import BOTH, NOBODY, ONE, TWO, X_WINS, hot_seat, joined, opened, play, refused

FORCED = Board.from_string("XX_OO____")  # X to move; after C1 hard's only win is B3


class Coin:
    """A coin that always lands on ``swap``."""

    def __init__(self, swap: bool) -> None:
        self.swap = swap

    def random(self) -> float:
        """Below one half swaps the players."""
        return 0.0 if self.swap else 0.99


def toss(monkeypatch: pytest.MonkeyPatch, swap: bool) -> None:
    """Every toss from now on lands on ``swap``."""
    monkeypatch.setattr(actions, "coin", Coin(swap))


# move


def test_a_hot_seat_move_is_one_move_by_either_player() -> None:
    outcome = actions.move(Match.between("user", "user"), BOTH, "B2")
    assert outcome.match.game.moves == ("B2",)
    assert outcome.happened == (Event("moved", "1", "B2"),)
    assert actions.move(outcome.match, BOTH, "A1").happened == (Event("moved", "2", "A1"),)


def test_a_move_against_the_computer_is_the_persons_move_then_the_computers() -> None:
    outcome = actions.move(Match.between("user", "hard"), ONE, "B2")
    game = outcome.match.game
    assert game.ply == 2 and game.person_to_move
    assert outcome.happened == (Event("moved", "1", "B2"), Event("moved", "2", game.moves[1]))


def test_a_computers_winning_reply_ends_the_game_after_both_moves() -> None:
    outcome = actions.move(Match.between("user", "hard", FORCED), ONE, "C1")
    assert outcome.match.game.moves == ("C1", "B3")
    assert outcome.happened == (
        Event("moved", "1", "C1"),
        Event("moved", "2", "B3"),
        Event("ended", detail="line"),
    )


def test_a_winning_move_says_the_game_ended_and_counts_it() -> None:
    match = hot_seat(X_WINS[:-1])
    outcome = actions.move(match, BOTH, "A3")
    assert outcome.happened == (Event("moved", "1", "A3"), Event("ended", detail="line"))
    assert outcome.match.score == Score({"1": 1, "2": 0}, 0)


def test_an_occupied_cell_or_a_finished_game_is_the_engines_refusal() -> None:
    with pytest.raises(OccupiedCellError):
        actions.move(hot_seat(["A1"]), BOTH, "A1")
    with pytest.raises(GameOverError):
        actions.move(hot_seat(X_WINS), BOTH, "C3")


def test_a_person_cannot_move_for_the_computer() -> None:
    with refused(errors.COMPUTER_TO_MOVE):
        actions.move(Match.between("easy", "hard"), NOBODY, "A1")
    with refused(errors.COMPUTER_TO_MOVE):
        actions.move(Match.between("hard", "user"), TWO, "A1")  # before its opening


def test_a_spectator_cannot_move() -> None:
    with refused(errors.SPECTATOR):
        actions.move(Match.between("user", "user"), NOBODY, "B2")
    with refused(errors.SPECTATOR):
        actions.move(Match.between("user", "hard"), NOBODY, "B2")
    with refused(errors.SPECTATOR):
        actions.move(joined()[0], NOBODY, "B2")


def test_online_only_the_player_whose_turn_it_is_may_move() -> None:
    match = joined()[0]
    with refused(errors.NOT_YOUR_TURN):
        actions.move(match, TWO, "B2")
    match = actions.move(match, ONE, "B2").match
    with refused(errors.NOT_YOUR_TURN):
        actions.move(match, ONE, "A1")
    with refused(errors.SPECTATOR):
        actions.move(match, NOBODY, "A1")
    assert actions.move(match, TWO, "A1").match.game.moves == ("B2", "A1")


def test_online_no_move_before_the_friend_joins() -> None:
    match, _ = opened()
    with refused(errors.WAITING_FOR_FRIEND):
        actions.move(match, ONE, "B2")
    with refused(errors.SPECTATOR):
        actions.move(match, NOBODY, "B2")


def test_online_no_move_once_the_game_ended_off_the_board() -> None:
    match = actions.resign(play(joined()[0], ["B2"]), ONE).match
    with refused(errors.GAME_ENDED):
        actions.move(match, TWO, "A1")


# step


def test_computers_step_one_move_or_to_the_end() -> None:
    match = Match.between("hard", "hard")
    one = actions.step(match, NOBODY, to_the_end=False)
    assert one.match.game.ply == 1
    assert one.happened == (Event("moved", "1", one.match.game.moves[0]),)
    finished = actions.step(match, NOBODY, to_the_end=True)
    game = finished.match.game
    assert game.board.is_over and str(game.board.status) == "Draw"
    assert finished.match.score == Score({"1": 0, "2": 0}, 1)
    moved = [Event("moved", "12"[ply % 2], cell) for ply, cell in enumerate(game.moves)]
    assert finished.happened == (*moved, Event("ended", detail="draw"))
    with pytest.raises(GameOverError):
        actions.step(finished.match, NOBODY, to_the_end=False)


def test_computer_steps_are_only_for_games_between_computers() -> None:
    with refused(errors.ONLY_COMPUTERS):
        actions.step(Match.between("user", "hard"), ONE, to_the_end=True)
    with refused(errors.ONLY_COMPUTERS):
        actions.step(Match.between("user", "user"), BOTH, to_the_end=False)
    with refused(errors.SPECTATOR):
        actions.step(Match.between("user", "hard"), NOBODY, to_the_end=True)


# undo


def test_undo_against_the_computer_takes_back_its_reply_and_your_move() -> None:
    match = actions.move(Match.between("user", "hard"), ONE, "B2").match
    outcome = actions.undo(match, ONE)
    assert outcome.match.game.ply == 0
    assert outcome.happened == (Event("undone", detail="2"),)
    assert actions.undo(hot_seat(["B2", "A1"]), BOTH).match.game.moves == ("B2",)


def test_nothing_to_undo_is_said() -> None:
    with refused(errors.NOTHING_TO_UNDO) as raised:
        actions.undo(Match.between("user", "user"), BOTH)
    assert raised.value.code == "nothing_to_undo"


# The changes that need every person of the match: spectators and online players refused

OWNER_ACTIONS: dict[str, Callable[[Match, Held], Outcome]] = {
    "undo": actions.undo,
    "again": actions.again,
    "restart": actions.restart,
    "swap": actions.swap,
    "reset_score": actions.reset_score,
    "step": lambda match, by: actions.step(match, by, to_the_end=False),
}


@pytest.mark.parametrize("name", OWNER_ACTIONS)
def test_a_spectator_changes_nothing(name: str) -> None:
    with refused(errors.SPECTATOR):
        OWNER_ACTIONS[name](hot_seat(["B2"]), NOBODY)
    with refused(errors.SPECTATOR):
        OWNER_ACTIONS[name](hot_seat(["B2"], Match.between("user", "hard")), NOBODY)


@pytest.mark.parametrize("name", OWNER_ACTIONS)
@pytest.mark.parametrize("by", [ONE, TWO])
def test_an_online_player_has_no_undo_new_game_or_score_reset(name: str, by: Held) -> None:
    match = play(joined()[0], ["B2"])
    with refused(errors.ONLINE_ONLY_REMATCH):
        OWNER_ACTIONS[name](match, by)


@pytest.mark.parametrize("name", ["again", "restart", "swap", "reset_score"])
def test_nobody_holds_a_game_between_computers_and_its_browser_may_change_it(name: str) -> None:
    outcome = OWNER_ACTIONS[name](Match.between("easy", "hard"), NOBODY)
    assert outcome.match.people == frozenset() and outcome.happened


# new_game, again, restart, swap, reset_score


def test_a_new_game_of_the_same_players_keeps_the_seats_and_score_and_gets_a_new_id() -> None:
    match = hot_seat(X_WINS)
    outcome = actions.new_game(match, BOTH, "user", "user", Board(), False)
    fresh = outcome.match
    assert fresh.game_id != match.game_id and fresh.seats == match.seats
    assert fresh.score == match.score and not fresh.scored and fresh.game.ply == 0
    assert outcome.happened == (Event("new_game"),)


def test_a_person_keeps_their_seat_and_score_on_either_side_against_the_computer() -> None:
    match = actions.move(Match.between("user", "hard", FORCED), ONE, "C1").match
    match = replace(match, score=Score({"1": 2, "2": 3}, 1))
    outcome = actions.new_game(match, ONE, "hard", "user", Board(), False)
    fresh = outcome.match
    assert fresh.seats == (Seat("1", "user", "O"), Seat("2", "hard", "X"))
    assert fresh.score == match.score
    assert fresh.game.ply == 1 and fresh.game.person_to_move  # the computer's opening
    assert outcome.happened == (Event("new_game"), Event("moved", "2", fresh.game.moves[0]))
    back = actions.new_game(fresh, ONE, "user", "hard", Board(), False).match
    assert back.seats == match.seats and back.score == match.score


@pytest.mark.parametrize(
    ("before", "x", "o"),
    [
        (("user", "user"), "user", "hard"),
        (("user", "hard"), "user", "easy"),  # another level, another match
        (("user", "hard"), "hard", "easy"),
        (("easy", "hard"), "hard", "hard"),
    ],
)
def test_other_players_make_a_new_match(before: tuple[str, str], x: str, o: str) -> None:
    match = replace(Match.between(*before), score=Score({"1": 1, "2": 0}))
    fresh = actions.new_game(match, match.people, x, o, Board(), False).match
    assert fresh.seats == Match.between(x, o).seats
    assert fresh.score == Score() and fresh.game_id != match.game_id


def test_a_finished_online_match_is_left_for_a_new_match_on_this_device() -> None:
    match = play(joined()[0], X_WINS)
    fresh = actions.new_game(match, ONE, "user", "user", Board(), False).match
    assert not fresh.online and fresh.invite == ""
    assert all(seat.key == "" for seat in fresh.seats)
    assert fresh.score == Score() and fresh.held_by([], home=True) == BOTH


def test_a_new_game_with_no_match_before_makes_one() -> None:
    fresh = actions.new_game(None, NOBODY, "user", "easy", Board(), False).match
    assert fresh.seats == Match.between("user", "easy").seats and fresh.score == Score()


def test_an_online_game_in_play_is_not_left_for_a_new_game() -> None:
    with refused(errors.ONLINE_IN_PLAY):
        actions.new_game(joined()[0], ONE, "user", "user", Board(), False)
    with refused(errors.ONLINE_IN_PLAY):
        actions.new_game(play(joined()[0], ["B2"]), TWO, "user", "hard", Board(), False)
    match, _ = opened()  # nobody joined yet: nobody is left playing alone
    assert not actions.new_game(match, ONE, "user", "hard", Board(), False).match.online


@pytest.mark.parametrize(
    ("position", "refusal", "mark"),
    [
        ("XXXOO____", errors.FINISHED_WON, "X"),
        ("XOXXOOOXX", errors.FINISHED_DRAW, None),
    ],
)
def test_a_start_position_already_over_is_refused_with_its_result(
    position: str, refusal: Refusal, mark: str | None
) -> None:
    start = Board.from_string(position)
    expected = {"mark": mark} if mark else {}
    with refused(refusal, **expected):
        actions.check_start(start)
    with refused(refusal, **expected):
        actions.new_game(None, NOBODY, "user", "user", start, False)
    with refused(refusal, **expected):
        seating.invite("user", FRIEND, start, False, new_secret())


def test_a_finished_start_names_its_winner() -> None:
    with refused(errors.FINISHED_WON, mark="O") as raised:
        actions.check_start(Board.from_string("OOOXX_X__"))
    assert raised.value.code == "finished_won"
    actions.check_start(Board.from_string("_XXOO_OX_"))  # a position still in play


def test_a_new_game_from_a_position_is_practice() -> None:
    start = Board.from_string("_XXOO_OX_")
    fresh = actions.new_game(hot_seat(X_WINS), BOTH, "user", "user", start, False).match
    assert fresh.practice and fresh.game.start == start
    assert fresh.score == Score({"1": 1, "2": 0}, 0)


@pytest.mark.parametrize("swap", [True, False])
def test_the_toss_may_swap_the_sides(monkeypatch: pytest.MonkeyPatch, swap: bool) -> None:
    toss(monkeypatch, swap)
    outcome = actions.new_game(None, NOBODY, "user", "easy", Board(), True)
    fresh = outcome.match
    mark = "O" if swap else "X"
    assert (fresh.game.x, fresh.game.o) == (("easy", "user") if swap else ("user", "easy"))
    assert fresh.seat("1") == Seat("1", "user", mark)  # seat 1 is the player chosen first
    assert outcome.happened[:2] == (Event("tossed", detail=mark), Event("new_game"))
    assert fresh.game.person_to_move


@pytest.mark.parametrize("swap", [True, False])
def test_the_toss_between_the_same_players_keeps_their_seats_and_score(
    monkeypatch: pytest.MonkeyPatch, swap: bool
) -> None:
    toss(monkeypatch, swap)
    match = hot_seat(X_WINS)
    fresh = actions.new_game(match, BOTH, "user", "user", Board(), True).match
    assert fresh.seat("1").mark == ("O" if swap else "X") and fresh.score == match.score
    against = replace(Match.between("user", "hard"), score=Score({"1": 4, "2": 0}))
    tossed = actions.new_game(against, ONE, "user", "hard", Board(), True).match
    assert tossed.seat("1") == Seat("1", "user", "O" if swap else "X")
    assert tossed.score == against.score


def test_tossed_is_the_coin(monkeypatch: pytest.MonkeyPatch) -> None:
    toss(monkeypatch, True)
    assert actions.tossed()
    toss(monkeypatch, False)
    assert not actions.tossed()


def test_play_again_starts_from_the_empty_board_on_the_same_sides() -> None:
    match = hot_seat(["A1"], actions.swap(hot_seat(X_WINS), BOTH).match)
    match = actions.new_game(match, BOTH, "user", "user", Board.from_string("_XXOO_OX_"), False)
    outcome = actions.again(match.match, BOTH)
    assert outcome.match.game.start == Board() and outcome.match.game.ply == 0
    assert outcome.match.seats == match.match.seats
    assert outcome.match.game_id != match.match.game_id
    assert outcome.happened == (Event("new_game"),)


def test_restart_plays_the_current_game_again_from_its_start() -> None:
    start = Board.from_string("_XXOO_OX_")
    match = actions.new_game(None, BOTH, "user", "user", start, False).match
    match = hot_seat(["A1"], match)
    restarted = actions.restart(match, BOTH).match
    assert restarted.game.start == start and restarted.game.ply == 0
    unfinished = hot_seat(["B2"])
    assert actions.restart(unfinished, BOTH).match.score == Score()  # counts for nobody
    finished = hot_seat(X_WINS)
    assert actions.restart(finished, BOTH).match.score == finished.score


def test_a_computers_opening_is_played_after_play_again_and_restart() -> None:
    match = Match.between("hard", "user")
    for action in (actions.again, actions.restart):
        outcome = action(match, TWO)
        assert outcome.match.game.ply == 1 and outcome.match.game.person_to_move
        assert [event.what for event in outcome.happened] == ["new_game", "moved"]


def test_swap_gives_each_seat_the_other_mark_and_keeps_the_score_with_the_seats() -> None:
    match = hot_seat(X_WINS)
    swapped = actions.swap(match, BOTH).match
    assert swapped.seats == (Seat("1", "user", "O"), Seat("2", "user", "X"))
    assert swapped.score == match.score and swapped.game.ply == 0
    against = actions.swap(Match.between("user", "hard"), ONE).match
    assert against.seat("1") == Seat("1", "user", "O")
    assert (against.game.x, against.game.o) == ("hard", "user") and against.game.ply == 1


def test_score_reset_says_so_and_the_game_goes_on() -> None:
    match = hot_seat(X_WINS[:3])
    match = replace(match, score=Score({"1": 2, "2": 1}, 3))
    outcome = actions.reset_score(match, BOTH)
    assert outcome.match.score == Score() and outcome.match.game == match.game
    assert outcome.match.game_id == match.game_id
    assert outcome.happened == (Event("score_reset"),)


# rematch


def test_a_rematch_swaps_the_sides_and_the_score_stays_with_the_seats() -> None:
    match = play(joined()[0], X_WINS)
    assert match.score == Score({"1": 1, "2": 0}, 0)
    offer = actions.rematch(match, TWO)
    assert offer.match.offered("rematch") == "2" and offer.match.game == match.game
    assert offer.happened == (Event("offered", seat="2", detail="rematch"),)
    with refused(errors.ALREADY_OFFERED):
        actions.rematch(offer.match, TWO)
    accepted = actions.rematch(offer.match, ONE)
    again = accepted.match
    assert accepted.happened == (Event("new_game"),)
    assert again.game.ply == 0 and again.game_id != match.game_id
    assert again.seat("1").mark == "O" and again.seat("2").mark == "X"
    assert again.seat("1").key == match.seat("1").key and again.full
    assert (again.offers, again.ending, again.winner, again.scored) == ((), "", "", False)
    assert play(again, X_WINS).score == Score({"1": 1, "2": 1}, 0)


def test_a_rematch_is_for_a_finished_game_and_its_players() -> None:
    match = play(joined()[0], ["B2"])
    with refused(errors.NOT_OVER):
        actions.rematch(match, ONE)
    with refused(errors.SPECTATOR):
        actions.rematch(play(joined()[0], X_WINS), NOBODY)


def test_a_rematch_after_an_ending_off_the_board() -> None:
    resigned = actions.resign(play(joined()[0], ["B2"]), TWO).match
    offer = actions.rematch(resigned, TWO).match
    again = actions.rematch(offer, ONE).match
    assert again.score == Score({"1": 1, "2": 0}, 0) and not again.is_over


def test_a_rematch_on_one_device_starts_at_once() -> None:
    with refused(errors.NOT_OVER):
        actions.rematch(hot_seat(["B2"]), BOTH)
    again = actions.rematch(hot_seat(X_WINS), BOTH).match
    assert again.seat("1").mark == "O" and again.game.ply == 0 and again.offers == ()
    lost = actions.move(Match.between("user", "hard", FORCED), ONE, "C1").match
    against = actions.rematch(lost, ONE)
    assert against.match.seat("1") == Seat("1", "user", "O")
    assert against.match.game.start == Board() and against.match.game.ply == 1
    assert [event.what for event in against.happened] == ["new_game", "moved"]


# resign, abort, claim


def test_resigning_counts_a_win_for_the_other_seat_and_ends_the_game() -> None:
    match = play(joined()[0], ["B2"])
    outcome = actions.resign(match, ONE)
    resigned = outcome.match
    assert outcome.happened == (Event("ended", "1", detail="resign"),)
    assert resigned.is_over and not resigned.game.board.is_over
    assert (resigned.ending, resigned.winner) == ("resigned", "O")
    assert resigned.score == Score({"1": 0, "2": 1}, 0)
    with refused(errors.GAME_ENDED):
        actions.move(resigned, TWO, "A1")
    for action in (actions.resign, actions.abort):
        with refused(errors.GAME_ENDED):
            action(resigned, TWO)
    with refused(errors.GAME_ENDED):
        actions.claim(resigned, TWO, 10_000)


def test_a_game_won_on_the_board_cannot_be_resigned() -> None:
    with refused(errors.GAME_ENDED):
        actions.resign(play(joined()[0], X_WINS), TWO)


def test_abort_only_before_each_side_has_moved_and_it_counts_for_nobody() -> None:
    match = joined()[0]
    outcome = actions.abort(play(match, ["B2"]), TWO)
    aborted = outcome.match
    assert outcome.happened == (Event("ended", "2", detail="abort"),)
    assert aborted.is_over and aborted.score == Score()
    assert (aborted.ending, aborted.winner) == ("aborted", "")
    with refused(errors.TOO_LATE_TO_ABORT):
        actions.abort(play(match, ["B2", "A1"]), ONE)
    assert actions.abort(opened()[0], ONE).match.is_over  # before the friend joined


def test_a_win_may_be_claimed_from_an_absent_player_to_move_after_two_minutes() -> None:
    match = play(joined()[0], ["B2"])  # O (seat 2) to move
    assert actions.ABSENCE_LIMIT == 120
    with refused(errors.TOO_SOON_TO_CLAIM[False]):
        actions.claim(match, ONE, actions.ABSENCE_LIMIT - 1)
    with refused(errors.NO_CLAIM[False]):
        actions.claim(match, TWO, 10_000)  # one's own turn
    assert not actions.can_claim(match, ONE, 5) and actions.can_claim(match, ONE, 120)
    assert not actions.can_claim(match, TWO, 10_000) and not actions.can_claim(match, NOBODY, 500)
    outcome = actions.claim(match, ONE, actions.ABSENCE_LIMIT)
    claimed = outcome.match
    assert outcome.happened == (Event("ended", "1", detail="claim"),)
    assert (claimed.ending, claimed.winner) == ("claimed", "X")
    assert claimed.score == Score({"1": 1, "2": 0}, 0)


def test_no_win_is_claimed_while_the_absent_players_clock_runs() -> None:
    # A day a move: the player to move may well be away; their clock, not a claim, decides.
    match = replace(play(joined()[0], ["B2"]), clock=86400, deadline=1e12)
    with refused(errors.CLOCK_RUNS_NO_CLAIM[False]):
        actions.claim(match, ONE, 10_000)
    assert not actions.can_claim(match, ONE, 10_000)
    assert actions.can_claim(replace(match, clock=0, deadline=0.0), ONE, 10_000)


def test_no_win_is_claimed_from_a_friend_who_has_not_joined() -> None:
    with refused(errors.NO_CLAIM[False]):
        actions.claim(opened()[0], ONE, 10_000)  # player 1 (X) to move
    match, _ = opened(FRIEND, "user")  # player 1 plays O: the friend is to move
    with refused(errors.NO_CLAIM[False]):
        actions.claim(match, ONE, 10_000)


@pytest.mark.parametrize("name", ["resign", "abort", "claim"])
def test_endings_are_for_online_players(name: str) -> None:
    def act(match: Match, by: Held) -> Outcome:
        if name == "claim":
            return actions.claim(match, by, 10_000)
        action: Callable[[Match, Held], Outcome] = getattr(actions, name)
        return action(match, by)

    for match, by in ((hot_seat(["B2"]), BOTH), (Match.between("user", "hard"), ONE)):
        with refused(errors.NOT_ONLINE):
            act(match, by)
    with refused(errors.SPECTATOR):
        act(play(joined()[0], ["B2"]), NOBODY)


# invite, join, take_seat


def test_an_invite_seats_player_1_and_keeps_the_other_seat_for_the_friend() -> None:
    key = new_secret()
    outcome = seating.invite("user", FRIEND, Board(), False, key)
    match = outcome.match
    assert match.seats == (Seat("1", "user", "X", key), Seat("2", "user", "O"))
    assert is_secret(match.invite) and match.online and not match.full
    assert (match.game.x, match.game.o) == ("user", "user") and match.game.ply == 0
    assert match.score == Score() and outcome.happened == ()
    assert seating.invite(FRIEND, "user", Board(), False, key).match.seat("1").mark == "O"


@pytest.mark.parametrize("swap", [True, False])
def test_an_invite_may_toss_for_the_sides(monkeypatch: pytest.MonkeyPatch, swap: bool) -> None:
    toss(monkeypatch, swap)
    outcome = seating.invite("user", FRIEND, Board(), True, new_secret())
    mark = "O" if swap else "X"
    assert outcome.match.seat("1").mark == mark and outcome.match.seat("2").mark != mark
    assert outcome.happened == (Event("tossed", detail=mark),)


@pytest.mark.parametrize(
    ("x", "o"), [("user", "user"), ("hard", FRIEND), (FRIEND, "easy"), (FRIEND, FRIEND)]
)
def test_a_friend_online_plays_against_you(x: str, o: str) -> None:
    with refused(errors.FRIEND_AGAINST_YOU):
        seating.invite(x, o, Board(), False, new_secret())


def test_an_invite_from_a_position_is_practice() -> None:
    match, _ = opened(start=Board.from_string("_XXOO_OX_"))
    assert match.practice and match.game.board == Board.from_string("_XXOO_OX_")


def test_the_invite_seats_player_2_once() -> None:
    match, _ = opened()
    key = new_secret()
    outcome = seating.join(match, match.invite, key, NOBODY)
    assert outcome.happened == (Event("joined", seat="2"),)
    joined_match = outcome.match
    assert joined_match.seat("2") == Seat("2", "user", "O", key) and joined_match.full
    assert joined_match.held_by([key], home=False) == TWO
    with refused(errors.MATCH_FULL):
        seating.join(joined_match, joined_match.invite, new_secret(), NOBODY)
    with refused(errors.ALREADY_SEATED):
        seating.join(joined_match, joined_match.invite, new_secret(), TWO)


def test_player_1_opening_their_own_invite_is_told_so_and_not_seated_twice() -> None:
    match, _ = opened()
    with refused(errors.OWN_INVITE):
        seating.join(match, match.invite, new_secret(), ONE)


@pytest.mark.parametrize("secret", ["", "x" * 22, "A" * 22, None, 5])
def test_a_wrong_invite_seats_nobody(secret: object) -> None:
    match, _ = opened()
    with pytest.raises(UnknownLinkError) as raised:
        seating.join(match, secret, new_secret(), NOBODY)  # type: ignore[arg-type]
    assert raised.value.code == "unknown_link"


def test_a_match_on_one_device_has_no_invite_to_use() -> None:
    with pytest.raises(UnknownLinkError) as caught:
        seating.join(Match.between("user", "user"), "", new_secret(), NOBODY)
    assert caught.value.code == "unknown_link"


@pytest.mark.parametrize("seat", ["1", "2"])
def test_taking_a_seat_gives_it_to_the_new_key_only(seat: str) -> None:
    match, first, second = joined()
    old = first if seat == "1" else second
    new = new_secret()
    outcome = seating.take_seat(match, old, new, NOBODY)
    moved = outcome.match
    assert outcome.happened == (Event("seat_moved", seat=seat),)
    assert moved.seat(seat).key == new
    assert moved.held_by([new], home=False) == frozenset({seat})
    assert moved.held_by([old], home=False) == frozenset()
    with refused(errors.STALE_SEAT_LINK):  # the old link works once
        seating.take_seat(moved, old, new_secret(), NOBODY)


@pytest.mark.parametrize("old", ["", "x" * 22, None])
def test_a_seat_link_with_no_seat_is_stale(old: object) -> None:
    match, _ = opened()  # seat 2 has no key yet
    with pytest.raises(UnknownLinkError) as raised:
        seating.take_seat(match, old, new_secret(), NOBODY)  # type: ignore[arg-type]
    assert raised.value.code == errors.STALE_SEAT_LINK.code


@pytest.mark.parametrize("seat", ["1", "2"])
def test_a_player_cannot_take_the_other_players_seat_by_its_link(seat: str) -> None:
    match, first, second = joined()
    theirs, holding = (second, ONE) if seat == "1" else (first, TWO)
    with refused(errors.OTHER_SEAT_LINK):
        seating.take_seat(match, theirs, new_secret(), holding)
    mine = first if seat == "1" else second  # one's own link moves one's own seat
    assert seating.take_seat(match, mine, new_secret(), holding).match != match


# leave, mode_kinds


def test_an_online_game_in_play_is_not_left_by_its_players() -> None:
    match = play(joined()[0], ["B2"])
    for by in (ONE, TWO):
        with refused(errors.ONLINE_IN_PLAY):
            actions.leave(match, by)
    actions.leave(match, NOBODY)  # a spectator may go
    actions.leave(actions.resign(match, ONE).match, ONE)  # once over, anyone
    actions.leave(hot_seat(["B2"]), BOTH)  # a game on one device, any time
    actions.leave(opened()[0], ONE)  # the invite is out, but nobody took it


@pytest.mark.parametrize(
    ("kinds", "chosen", "expected"),
    [
        (("user", "user"), "two", ("user", "user")),
        (("user", "user"), "hard", ("user", "hard")),
        (("user", "hard"), "easy", ("user", "easy")),
        (("user", "hard"), FRIEND, ("user", FRIEND)),
        (("hard", "user"), "medium", ("medium", "user")),  # the person keeps their side
        (("hard", "user"), FRIEND, (FRIEND, "user")),
        (("hard", "user"), "two", ("user", "user")),
        (("easy", "hard"), "hard", ("user", "hard")),
        (("user", "hard"), "god", None),
        (("user", "hard"), "", None),
    ],
)
def test_the_mode_bar_choice_keeps_the_person_on_their_side(
    kinds: tuple[str, str], chosen: str, expected: tuple[str, str] | None
) -> None:
    match = Match.between(*kinds)
    assert seating.mode_kinds(match, match.people, chosen) == expected


def test_online_the_mode_bar_keeps_the_side_of_the_seat_held() -> None:
    match = Match.between("user", "user").with_seats(
        (Seat("1", "user", "O", "k" * 22), Seat("2", "user", "X", "j" * 22))
    )
    assert seating.mode_kinds(match, frozenset({"1"}), "hard") == ("hard", "user")
    assert seating.mode_kinds(match, frozenset({"2"}), "hard") == ("user", "hard")


def test_two_computers_play_a_rematch_with_the_sides_swapped() -> None:
    match = Match.between("easy", "hard")
    with refused(errors.NOT_OVER):
        actions.rematch(match, frozenset())
    finished = actions.step(match, frozenset(), to_the_end=True).match
    swapped = actions.rematch(finished, frozenset()).match
    assert swapped.game.moves == () and (swapped.game.x, swapped.game.o) == ("hard", "easy")


def test_a_refusal_changes_nothing() -> None:
    """Every action returns a new match: the one it was given is never changed."""
    match = play(joined()[0], ["B2"])
    data = match.to_dict()
    with refused(errors.NOT_YOUR_TURN):
        actions.move(match, ONE, "A1")
    actions.resign(match, ONE)
    actions.claim(match, ONE, 500)
    assert match.to_dict() == data


def test_resigning_before_the_friend_joined_counts_for_nobody() -> None:
    match, _ = opened()
    with refused(errors.WAITING_FOR_FRIEND):
        actions.resign(match, ONE)
    aborted = actions.abort(match, ONE).match  # leaving an invite nobody took is an abort
    assert aborted.ending == "aborted" and aborted.score.wins == {"1": 0, "2": 0}
