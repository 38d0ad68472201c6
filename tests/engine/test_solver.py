"""Evaluation and the hard player, checked at every position against the reference negamax."""

from __future__ import annotations

import random

from tests.engine import reference
from webapp.engine import Board, Status, best_moves, computer_move, evaluate, solved_positions


def test_table_holds_every_reachable_position() -> None:
    assert solved_positions() == 5478


def test_evaluation_matches_reference_everywhere(reachable: list[str]) -> None:
    for cells in reachable:
        evaluation = evaluate(Board.from_string(cells))
        if reference.status(cells) != "Game not finished":
            assert evaluation.result == reference.status(cells)
            assert evaluation.moves == 0
            assert evaluation.best == frozenset()
            continue
        score = reference.value(cells)
        mover = reference.to_move(cells)
        other = "O" if mover == "X" else "X"
        if score == 0:
            assert evaluation.result == Status.DRAW
            assert evaluation.moves == cells.count("_")
        else:
            assert evaluation.result == f"{mover if score > 0 else other} wins"
            assert evaluation.moves == 10 - abs(score)
        assert evaluation.best == reference.optimal_moves(cells)


def test_hard_move_is_optimal_at_every_open_position(open_positions: list[str]) -> None:
    rng = random.Random(2)
    for cells in open_positions:
        move = computer_move(Board.from_string(cells), "hard", rng)
        assert move in reference.optimal_moves(cells), cells


def test_hard_varies_among_equal_moves() -> None:
    # Every first move draws; traps keep the four corners, and ties are broken at random.
    rng = random.Random(3)
    firsts = {computer_move(Board(), "hard", rng) for _ in range(200)}
    assert firsts == {"A1", "A3", "C1", "C3"} and firsts < set(best_moves(Board()))


def _hard_never_loses(cells: str, hard_mark: str) -> None:
    status = reference.status(cells)
    if status != "Game not finished":
        assert status != f"{'O' if hard_mark == 'X' else 'X'} wins", cells
        return
    board = Board.from_string(cells)
    mover = reference.to_move(cells)
    # On hard's turn follow every move it might pick; on the opponent's, every legal move.
    moves = best_moves(board) if mover == hard_mark else board.legal_moves
    for move in moves:
        _hard_never_loses(board.play(move).to_string(), hard_mark)


def test_hard_never_loses_as_x_against_any_line() -> None:
    _hard_never_loses("_" * 9, "X")


def test_hard_never_loses_as_o_against_any_line() -> None:
    _hard_never_loses("_" * 9, "O")


def test_hard_takes_the_fastest_win() -> None:
    # X can win at once in C3 (diagonal) or set up a slower win elsewhere.
    board = Board.from_string("XO_OX____")
    assert set(best_moves(board)) == {"C3"}
    assert evaluate(board).describe() == "X wins in 1 move"


def test_hard_delays_a_forced_loss() -> None:
    # O is lost after X's A3 and B3; blocking at C3 holds out for 4 moves, anything else 2.
    board = Board.from_string("O_X__X___")
    assert evaluate(board).describe() == "X wins in 4 moves"
    assert set(best_moves(board)) == {"C3"}
    assert computer_move(board, "hard", random.Random(0)) == "C3"


def test_describe_in_words() -> None:
    assert evaluate(Board()).describe() == "Draw"
    assert evaluate(Board.from_string("XO_XO____")).describe() == "X wins in 1 move"
    assert evaluate(Board.from_string("XXXOO____")).describe() == "X wins in 0 moves"
