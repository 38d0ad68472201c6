"""Game: history, computer replies, undo, and the plain-data round trip."""

from __future__ import annotations

import random

import pytest

from webapp.engine import Board, Game, InvalidPositionError, OccupiedCellError, UnknownLevelError


def test_new_game_from_a_position() -> None:
    game = Game.new("user", "hard", "_XXOO_OX_")
    assert game.board.to_string() == "_XXOO_OX_"
    assert game.to_move == "user"
    assert game.ply == 0


def test_unknown_player_kind_is_refused() -> None:
    with pytest.raises(UnknownLevelError):
        Game.new("user", "expert")


def test_play_records_the_history_and_boards() -> None:
    game = Game().play("b2").play("A1")
    assert game.moves == ("B2", "A1")
    assert [b.to_string() for b in game.boards] == ["_________", "____X____", "O___X____"]


def test_invalid_move_leaves_the_game_unchanged() -> None:
    game = Game().play("B2")
    with pytest.raises(OccupiedCellError):
        game.play("B2")
    assert game.moves == ("B2",)


def test_reply_until_person_plays_the_computer_reply() -> None:
    game = Game.new("user", "hard").play("A1").reply_until_person(random.Random(1))
    assert game.ply == 2 and game.person_to_move
    opening = Game.new("hard", "user").reply_until_person(random.Random(1))
    assert opening.ply == 1 and opening.to_move == "user"


def test_computer_against_computer_waits_to_be_asked() -> None:
    game = Game.new("easy", "hard").reply_until_person(random.Random(1))
    assert game.ply == 0
    rng = random.Random(4)
    while not game.board.is_over:
        game = game.play_computer(rng)
    assert game.board.status in ("Draw", "O wins")


def test_undo_counts() -> None:
    hot_seat = Game().play("A1").play("B2")
    assert hot_seat.undo_count() == 1
    assert hot_seat.undo(hot_seat.undo_count()).moves == ("A1",)
    vs_computer = Game.new("user", "medium").play("A1").reply_until_person(random.Random(2))
    assert vs_computer.undo_count() == 2
    assert vs_computer.undo(2).board == Board()
    computer_starts = Game.new("hard", "user").reply_until_person(random.Random(2))
    assert computer_starts.undo_count() == 0
    assert Game().undo_count() == 0


def test_dict_round_trip_is_plain_data() -> None:
    game = Game.new("user", "hard", "X________").play("B2")
    data = game.to_dict()
    assert data == {"x": "user", "o": "hard", "start": "X________", "moves": ["B2"]}
    assert Game.from_dict(data) == game


@pytest.mark.parametrize(
    "data",
    [
        None,
        {},
        {"x": "user"},
        {"x": "user", "o": "user", "start": "_" * 9, "moves": ["Z9"]},
        {"x": "user", "o": "user", "start": "_" * 9, "moves": ["A1", "A1"]},
        {"x": "god", "o": "user", "start": "_" * 9, "moves": []},
        {"x": ["user"], "o": "user", "start": "_" * 9, "moves": []},  # unhashable
        {"x": "user", "o": "user", "start": "_" * 9, "moves": [["A1"]]},
        {"x": "user", "o": "user", "start": "_" * 9, "moves": 5},
        {"x": "user", "o": "user", "start": "_" * 9, "moves": [7]},
    ],
)
def test_unreadable_stored_games_are_refused(data: object) -> None:
    with pytest.raises(ValueError):
        Game.from_dict(data)


def test_from_dict_reports_bad_shapes_as_invalid_positions() -> None:
    with pytest.raises(InvalidPositionError) as caught:
        Game.from_dict({"x": "user"})
    assert caught.value.code == "unreadable_game"


def test_a_game_read_twice_is_an_equal_game_and_a_changed_record_is_not() -> None:
    written = Game.new("user", "hard").play("B2")
    data = written.to_dict()
    first = Game.from_dict(data)
    assert first == written and first.boards == written.boards
    assert Game.from_dict(dict(data)) is first  # read again: the game already replayed
    changed = Game.from_dict({**data, "moves": ["B2", "A1"]})
    assert changed.moves == ("B2", "A1") and changed.board.to_string() == "O___X____"


def test_bad_data_is_refused_every_time_it_is_read() -> None:
    """A refused record is never remembered as a game: reading it again refuses it again."""
    occupied = {"x": "user", "o": "user", "start": "_" * 9, "moves": ["A1", "A1"]}
    for _ in range(2):
        with pytest.raises(OccupiedCellError):
            Game.from_dict(occupied)
        with pytest.raises(InvalidPositionError) as caught:
            Game.from_dict({**occupied, "moves": [["A1"]]})
        assert caught.value.code == "unreadable_game"


def test_boards_kept_through_play_match_a_replay_of_the_moves() -> None:
    rng = random.Random(7)
    for _ in range(200):
        game = Game(x="easy", o="medium")
        while not game.board.is_over:
            game = game.play_computer(rng)
            replayed = Game.from_dict(game.to_dict())
            fresh = Game(x=game.x, o=game.o, start=game.start, moves=game.moves)
            assert game.boards == replayed.boards == fresh.boards
        assert game.undo(2).boards == fresh.boards[:-2]
