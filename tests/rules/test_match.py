"""A match as data: seats, the score by seat counted once per game, who holds which seat, and
its plain-data form, read back strictly."""

from __future__ import annotations

import copy
import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tests.imports import assert_imports_no_web_stack
from webapp.engine import Board
from webapp.rules import (
    PERSON,
    SEAT_IDS,
    LostMatchError,
    Match,
    Score,
    Seat,
    actions,
    is_secret,
    new_secret,
    other,
)
from webapp.rules.termination import Termination

from .matches import BOTH, DRAW, X_WINS, hot_seat, joined, opened, play

ROOT = Path(__file__).resolve().parents[2]


def test_the_rules_import_no_web_stack() -> None:
    """The rules are pure Python, like the engine."""
    assert_imports_no_web_stack("webapp.rules")


def test_the_rules_source_has_no_flask_import() -> None:
    pattern = re.compile(r"^\s*(from|import)\s+(flask|werkzeug|jinja2|redis)", re.MULTILINE)
    paths = list((ROOT / "webapp" / "rules").glob("*.py"))
    assert paths
    for path in paths:
        assert not pattern.search(path.read_text()), path


# The seats and the score


def test_a_new_match_seats_x_as_seat_1_and_o_as_seat_2() -> None:
    match = Match.between("user", "hard")
    assert match.seats == (Seat("1", "user", "X"), Seat("2", "hard", "O"))
    assert match.seat("1").is_person and not match.seat("2").is_person
    assert match.playing("X") == match.seat("1") and match.playing("O") == match.seat("2")
    assert match.playing(None) is None
    assert match.people == frozenset({"1"})
    assert (match.game.x, match.game.o) == ("user", "hard")
    assert match.score == Score({"1": 0, "2": 0}, 0) and not match.scored
    assert not match.online and match.full and not match.is_over and not match.practice
    assert Match.between("easy", "hard").people == frozenset()
    assert SEAT_IDS == ("1", "2") and PERSON == "user"


def test_other_marks_and_secrets() -> None:
    assert other("X") == "O" and other("O") == "X"
    secret = new_secret()
    assert is_secret(secret) and secret != new_secret()
    for value in ("", "short", "x" * 21, "x" * 23, "!" * 22, None, 22, ["x" * 22]):
        assert not is_secret(value)


def test_the_score_counts_by_seat_and_never_below_zero() -> None:
    score = Score().counted("2", 1).counted(None, 1).counted(None, 1)
    assert score == Score({"1": 0, "2": 1}, 2)
    assert score.counted("2", -1).counted("2", -1) == Score({"1": 0, "2": 0}, 2)
    assert Score().counted(None, -1) == Score()


def test_the_game_follows_the_seats_marks() -> None:
    match = Match.between("user", "hard")
    swapped = match.with_seats((Seat("1", "user", "O"), Seat("2", "hard", "X")))
    assert (swapped.game.x, swapped.game.o) == ("hard", "user")
    assert swapped.playing("O") == swapped.seat("1")


def test_a_win_is_counted_once_for_the_seat_not_the_mark() -> None:
    match = hot_seat(X_WINS)
    assert match.score == Score({"1": 1, "2": 0}, 0) and match.scored
    assert match.winner_seat() == "1"
    swapped = actions.swap(match, BOTH).match  # seat 1 now plays O
    assert swapped.seat("1").mark == "O" and swapped.seat("2").mark == "X"
    won = hot_seat(X_WINS, swapped)
    assert won.winner_seat() == "2"
    assert won.score == Score({"1": 1, "2": 1}, 0)


def test_a_draw_is_counted_once_for_nobody() -> None:
    match = hot_seat(DRAW)
    assert match.game.board.is_over and match.winner_seat() is None
    assert match.score == Score({"1": 0, "2": 0}, 1) and match.scored


def test_undo_from_the_end_takes_the_result_back_and_replaying_counts_it_once() -> None:
    match = hot_seat(X_WINS)
    back = actions.undo(match, BOTH).match
    assert back.score == Score() and not back.scored
    again = actions.move(back, BOTH, "A3").match
    assert again.score == Score({"1": 1, "2": 0}, 0) and again.scored
    assert again == match


def test_every_hot_seat_ending_is_counted_once_however_it_is_undone() -> None:
    """Over every way a hot-seat game can end (each position with a move to make, reached
    once whatever the order of the moves before it, and each move from it that ends the game),
    an undo and a replay of the last move never count twice."""
    positions: set[str] = set()
    endings = 0

    def walk(match: Match) -> None:
        nonlocal endings
        board = match.game.board
        if board.to_string() in positions:
            return
        positions.add(board.to_string())
        for cell in board.legal_moves:
            ended = match.played(match.game.play(cell))
            if not ended.game.board.is_over:
                walk(ended)
                continue
            endings += 1
            assert sum(ended.score.wins.values()) + ended.score.draws == 1, ended.game.moves
            back = ended.played(ended.game.undo())
            assert back.score == Score() and not back.scored
            again = back.played(back.game.play(cell))
            assert (again.score, again.scored) == (ended.score, True)

    walk(Match.between("user", "user"))
    assert len(positions) == 4_520  # every reachable position with a move to make
    assert endings == 2_862  # and every move from one of them that ends the game


def test_a_game_from_a_chosen_position_is_practice_and_not_counted() -> None:
    match = Match.between("user", "user", Board.from_string("_XXOO_OX_"))
    assert match.practice
    won = hot_seat(["A1"], match)
    assert won.game.board.is_over and won.score == Score() and not won.scored
    assert won.ended(Termination.RESIGN, "O").score == Score()  # nor by an ending off the board
    again = actions.again(won, BOTH).match  # from the empty board: it counts
    assert not again.practice and hot_seat(X_WINS, again).score == Score({"1": 1, "2": 0}, 0)


def test_an_ending_off_the_board_counts_the_winners_seat_once() -> None:
    match = hot_seat(["B2"])
    resigned = match.ended(Termination.RESIGN, "O")
    assert resigned.is_over and not resigned.game.board.is_over
    assert (resigned.ending, resigned.winner) == ("resigned", "O")
    assert resigned.winner_seat() == "2"
    assert resigned.score == Score({"1": 0, "2": 1}, 0) and resigned.scored
    assert resigned.ended(Termination.CLAIM, "O").score == resigned.score  # never twice
    aborted = match.ended(Termination.ABORT, "")
    assert aborted.is_over and aborted.score == Score() and not aborted.scored


# Who holds which seat


def test_keyless_person_seats_are_held_by_the_home_browser_only() -> None:
    match = Match.between("user", "user")
    assert match.held_by([], home=True) == BOTH
    assert match.held_by([new_secret()], home=False) == frozenset()
    against = Match.between("hard", "user")
    assert against.held_by([], home=True) == frozenset({"2"})  # a computer's seat is nobody's
    assert Match.between("easy", "hard").held_by([], home=True) == frozenset()


def test_a_seat_with_an_invite_out_is_held_by_nobody_until_the_friend_joins() -> None:
    match, key = opened()
    assert match.online and not match.full
    assert match.held_by([], home=True) == frozenset()  # not the keyless seat 2: it is invited
    assert match.held_by([key], home=True) == frozenset({"1"})
    assert match.held_by([key], home=False) == frozenset({"1"})


def test_keyed_seats_are_held_by_their_keys_wherever_the_browser_is() -> None:
    match, first, second = joined()
    assert match.online and match.full
    assert match.held_by([first], home=False) == frozenset({"1"})
    assert match.held_by((second,), home=False) == frozenset({"2"})
    assert match.held_by([new_secret(), second], home=True) == frozenset({"2"})
    assert match.held_by([first, second], home=False) == BOTH
    assert match.held_by([], home=True) == frozenset()
    for keys in (first, None, {first}, [None, 5], [first.upper()]):
        assert match.held_by(keys, home=True) == frozenset(), keys


# The plain-data form


def test_to_dict_is_plain_json_and_round_trips() -> None:
    match = actions.again(hot_seat(X_WINS), BOTH).match
    match = hot_seat(["B2"], match)
    data = match.to_dict()
    assert data["schema"] == 2
    assert data["seats"][0] == {"id": "1", "kind": "user", "mark": "X", "key": "", "name": ""}
    assert data["wins"] == {"1": 1, "2": 0}
    assert json.loads(json.dumps(data)) == data
    assert Match.from_dict(data) == match


def test_a_match_from_a_position_against_the_computer_round_trips() -> None:
    match = actions.new_game(None, BOTH, "user", "medium", Board.from_string("_XXOO_OX_"), False)
    back = Match.from_dict(match.match.to_dict())
    assert back == match.match
    assert back.game.start == Board.from_string("_XXOO_OX_")


def test_a_record_of_before_offers_keeps_its_rematch_offer() -> None:
    match, _first, _second = joined()
    match = actions.resign(play(match, ["B2"]), frozenset({"2"})).match
    data = {**match.to_dict(), "rematch": "2"}
    del data["offers"]
    assert Match.from_dict(data).offered("rematch") == "2"


def test_an_online_match_round_trips_with_its_keys_invite_and_ending() -> None:
    match, first, second = joined()
    match = actions.resign(play(match, ["B2"]), frozenset({"2"})).match
    match = actions.rematch(match, frozenset({"1"})).match
    data = json.loads(json.dumps(match.to_dict()))
    assert [seat["key"] for seat in data["seats"]] == [first, second]
    assert (data["ending"], data["winner"], data["offers"]) == ("resigned", "X", [["rematch", "1"]])
    assert is_secret(data["invite"])
    assert Match.from_dict(data) == match


def test_seats_stored_in_either_order_are_read_in_seat_order() -> None:
    match = hot_seat(["B2"], Match.between("user", "hard"))
    data = match.to_dict()
    data["seats"].reverse()
    assert Match.from_dict(data) == match


def _changed(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    """A hot-seat match's data after one move, with ``value`` at ``path`` (deleted for
    ``DELETE``)."""
    data = copy.deepcopy(hot_seat(["B2"]).to_dict())
    place: Any = data
    for step in path[:-1]:
        place = place[step]
    if value is DELETE:
        del place[path[-1]]
    else:
        place[path[-1]] = value
    return data


DELETE = object()
ONE_SEAT = [{"id": "1", "kind": "user", "mark": "X", "key": ""}]


@pytest.mark.parametrize(
    ("path", "value"),
    [
        # Wrong seat ids
        (("seats", 1, "id"), "1"),
        (("seats", 1, "id"), "3"),
        (("seats", 0, "id"), 1),
        (("seats",), ONE_SEAT),
        (("seats",), [*ONE_SEAT, {"id": "2", "kind": "user", "mark": "O", "key": ""}] * 2),
        (("seats",), []),
        (("seats",), "12"),
        (("seats",), {"1": "user", "2": "user"}),
        (("seats",), None),
        (("seats", 0), "user"),
        # The same mark twice, or no mark
        (("seats", 1, "mark"), "X"),
        (("seats", 0, "mark"), "O"),
        (("seats", 0, "mark"), "Z"),
        (("seats", 0, "mark"), ""),
        # Unknown kinds: a friend is a person once seated
        (("seats", 0, "kind"), "god"),
        (("seats", 0, "kind"), "friend"),
        (("seats", 1, "kind"), None),
        # Keys of the wrong shape
        (("seats", 0, "key"), "short"),
        (("seats", 0, "key"), "x" * 23),
        (("seats", 0, "key"), "!" * 22),
        (("seats", 1, "key"), None),
        (("seats", 1, "key"), 7),
        (("seats", 1, "key"), DELETE),
        # Bad counts
        (("wins", "1"), -1),
        (("wins", "1"), True),
        (("wins", "1"), 1.0),
        (("wins", "1"), "1"),
        (("wins", "3"), 1),
        (("wins", "Player 1"), 1),
        (("wins",), []),
        (("wins",), None),
        (("draws",), "1"),
        (("draws",), -1),
        (("draws",), False),
        # Bad moves and positions
        (("moves",), ["B2", "B2"]),
        (("moves",), "B2"),
        (("moves",), ["Z9"]),
        (("moves",), [5]),
        (("moves",), None),
        (("start",), "XXXXXXXXX"),
        (("start",), "XXXOO____"),  # over before the move B2
        (("start",), 5),
        # The other fields
        (("game_id",), "../etc"),
        (("game_id",), ""),
        (("game_id",), 7),
        (("invite",), "short"),
        (("invite",), 7),
        (("offers",), [["rematch", "3"]]),
        (("offers",), [["re match", "1"]]),
        (("offers",), [["rematch", "1"], ["rematch", "1"]]),
        (("offers",), 1),
        (("ending",), "fled"),
        (("winner",), "Z"),
        (("winner",), None),
        # Any field missing
        *(((name,), DELETE) for name in ("seats", "start", "moves", "game_id", "wins")),
        *(((name,), DELETE) for name in ("draws", "invite", "offers", "ending")),
        (("winner",), DELETE),
    ],
)
def test_data_we_could_not_have_written_is_a_lost_match(path: tuple[Any, ...], value: Any) -> None:
    data = _changed(path, value)
    with pytest.raises(LostMatchError):
        Match.from_dict(data)


def test_the_unchanged_data_of_those_cases_is_read() -> None:
    """The cases above fail for their change alone."""
    data = _changed(("draws",), 0)
    assert Match.from_dict(data).to_dict() == data


@pytest.mark.parametrize("data", [None, [], "match", 5, {}, {"seats": []}])
def test_anything_but_a_match_dict_is_a_lost_match(data: object) -> None:
    with pytest.raises(LostMatchError) as raised:
        Match.from_dict(data)
    assert raised.value.code == "lost_match"


def test_a_stored_score_may_leave_out_a_seat_with_no_wins() -> None:
    data = {**hot_seat(X_WINS).to_dict(), "wins": {"1": 1}}
    assert Match.from_dict(data).score == Score({"1": 1, "2": 0}, 0)


def test_score_reset_changes_no_game() -> None:
    match = hot_seat(X_WINS)
    reset = actions.reset_score(match, BOTH).match
    assert reset == replace(match, score=Score())
    assert reset.scored  # this game's result stays out of the score: it was counted once
    assert actions.undo(reset, BOTH).match.score == Score()


def test_one_termination_says_how_every_game_ended() -> None:
    match, _first, _second = joined()
    assert match.termination is None
    assert play(match, ["A1", "B1", "A2", "B2", "A3"]).termination is Termination.LINE
    assert actions.resign(play(match, ["B2"]), frozenset({"2"})).match.termination is (
        Termination.RESIGN
    )
    for kind in (Termination.RESIGN, Termination.ABORT, Termination.CLAIM, Termination.TIME):
        assert Termination.from_stored(kind.stored) is kind
        assert Match.from_dict(match.ended(kind, "").to_dict()).termination is kind


def test_whether_a_result_is_scored_is_derived_and_a_stored_one_never_read() -> None:
    won = play(joined()[0], ["A1", "B1", "A2", "B2", "A3"])
    assert won.scored and won.score.wins["1"] == 1
    data = {**won.to_dict(), "scored": False}  # as a server of before may have written it
    assert Match.from_dict(data).scored
    del data["scored"]
    assert Match.from_dict(data) == won
