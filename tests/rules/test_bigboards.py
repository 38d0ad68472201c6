"""Matches on 5x5 and 7x7: the size travels with the match, its records and its next games;
a cell off the board is refused and changes nothing; 3x3's stored forms are unchanged."""

from __future__ import annotations

import pytest

from webapp.engine import Board, UnknownCellError
from webapp.rules import Match, actions, read
from webapp.rules.arena import Arena, Player
from webapp.rules.arena_pairing import Made, arena_match
from webapp.rules.pairing import paired
from webapp.rules.records import entry, replayed_match

from .matches import BOTH, hot_seat

FIVE_WIN = ["A1", "B1", "A2", "B2", "A3", "B3", "A4"]  # four in a row on row A


def test_a_new_game_on_a_large_board_is_that_size_with_its_line() -> None:
    match = actions.new_game(None, BOTH, "user", "hard", Board(5), toss=False).match
    assert (match.game.size, match.game.board.line) == (5, 4)
    assert len(match.game.board.to_string()) == 25 and not match.practice


@pytest.mark.parametrize(("size", "cell"), [(5, "F1"), (5, "A6"), (7, "H7")])
def test_a_cell_off_the_board_is_refused_and_the_match_unchanged(size: int, cell: str) -> None:
    match = hot_seat(["C3"], Match.between("user", "user", Board(size)))
    before = match.to_dict()
    with pytest.raises(UnknownCellError):
        actions.move(match, BOTH, cell)
    assert match.to_dict() == before


def test_four_in_a_row_ends_a_5x5_game_and_counts_it() -> None:
    match = hot_seat(FIVE_WIN, Match.between("user", "user", Board(5)))
    assert match.is_over and match.game.board.status.winner == "X"
    assert match.score.wins["1"] == 1


def test_again_and_swap_keep_the_board() -> None:
    match = hot_seat(FIVE_WIN, Match.between("user", "user", Board(7)))
    assert actions.again(match, BOTH).match.game.size == 7
    assert actions.swap(match, BOTH).match.game.size == 7


def test_a_large_match_is_stored_with_its_size_and_read_back() -> None:
    match = hot_seat(["D4", "C3"], Match.between("user", "user", Board(7)))
    data = match.to_dict()
    assert data["size"] == 7
    assert read(data) == match


def test_a_3x3_match_is_stored_without_a_size_and_read_as_3x3() -> None:
    data = hot_seat(["B2"]).to_dict()
    assert "size" not in data
    assert read(data).game.size == 3


def test_a_large_record_replays_with_its_size() -> None:
    match = hot_seat(FIVE_WIN, Match.between("user", "user", Board(5)))
    kept = entry(match, "m1", BOTH, 1.0)
    assert kept["size"] == 5
    again, held = replayed_match(kept)
    assert again.game.board == match.game.board and held == BOTH
    assert "size" not in entry(hot_seat(["B2"]), "m2", BOTH, 1.0)


def test_pairings_and_arenas_play_on_their_board() -> None:
    assert paired("k" * 22, "j" * 22, 0, size=5).match.game.size == 5
    arena = Arena(starts=0.0, length=60, clock=0, size=7)
    assert Arena.from_dict(arena.to_dict()) == arena
    assert "size" not in Arena(starts=0.0, length=60, clock=0).to_dict()
    made = Made("m", Player("b1", "Ann", key="a" * 22), Player("b2", "Bo", key="b" * 22))
    assert arena_match(made, 0, "arena1", arena.size).match.game.size == 7
