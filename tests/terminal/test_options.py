"""The options beyond seed 002's protocol: --numpad, --cells, --position, --seed."""

from __future__ import annotations

import pytest

from tests.imports import assert_imports_no_web_stack
from tests.terminal.driver import (
    MENU,
    SEED_VARIABLE,
    board,
    environment,
    from_seed_notation,
    run,
)
from webapp.engine import Board, InvalidPositionError

PROGRAM = "python -m webapp.terminal"
EMPTY_BOARD = board("   ", "   ", "   ")


def test_numpad_moves_are_one_digit_laid_out_as_on_a_keypad() -> None:
    ask = "Enter the numpad key (1-9): "
    finished = run("start user user\n0\n5\n5\n7\n1 2\n  8 \n9\n2\nexit\n", "--numpad")

    assert finished.stdout == (
        MENU
        + EMPTY_BOARD
        + ask
        + "Unknown key '0': the numpad keys are 1 to 9.\n"
        + ask
        + board("   ", " X ", "   ")
        + ask
        + "This cell is occupied! Choose another one!\n"
        + ask
        + board("O  ", " X ", "   ")
        + ask
        + "Unknown key '1 2': the numpad keys are 1 to 9.\n"
        + ask
        + board("OX ", " X ", "   ")
        + ask
        + board("OXO", " X ", "   ")
        + ask
        + board("OXO", " X ", " X ")
        + "X wins\n\n"
        + MENU
    )


def test_cell_ids_name_the_row_by_letter_and_the_column_by_digit() -> None:
    ask = "Enter the cell (A1-C3): "
    finished = run("start user user\nd4\nb2\nB2\n1 1\n a1 \nA2\nc1\nc2\nexit\n", "--cells")

    assert finished.stdout == (
        MENU
        + EMPTY_BOARD
        + ask
        + "Unknown cell 'd4': cells are A1 to C3.\n"
        + ask
        + board("   ", " X ", "   ")
        + ask
        + "This cell is occupied! Choose another one!\n"
        + ask
        + "Unknown cell '1 1': cells are A1 to C3.\n"
        + ask
        + board("O  ", " X ", "   ")
        + ask
        + board("OX ", " X ", "   ")
        + ask
        + board("OX ", " X ", "O  ")
        + ask
        + board("OX ", " X ", "OX ")
        + "X wins\n\n"
        + MENU
    )


@pytest.mark.parametrize(("encoding", "ellipsis"), [("utf-8", "…"), ("ascii", "?")])
def test_a_long_answer_is_quoted_cut_short_whatever_the_output_encoding(
    encoding: str, ellipsis: str
) -> None:
    finished = run(
        "start user user\n" + "a" * 30 + "\n",
        "--cells",
        env=environment(PYTHONIOENCODING=encoding),
    )

    assert finished.stdout == (
        MENU
        + EMPTY_BOARD
        + "Enter the cell (A1-C3): "
        + f"Unknown cell '{'a' * 20}{ellipsis}': cells are A1 to C3.\n"
        + "Enter the cell (A1-C3): "
    )
    assert (finished.returncode, finished.stderr) == (0, "")


def test_the_computer_is_announced_the_same_way_with_another_notation() -> None:
    ask = "Enter the numpad key (1-9): "
    finished = run("start user medium\n1\n", "--numpad", "--position", "XX__O____")

    assert finished.stdout == (
        MENU
        + board("XX ", " O ", "   ")
        + 'Making move level "medium"\n'
        + board("XXO", " O ", "   ")
        + ask
        + board("XXO", " O ", "X  ")
        + 'Making move level "medium"\n'
        + board("XXO", "OO ", "X  ")
        + ask
    )


# Seed 002's Stage 1 examples, where "Enter the cells: > POSITION" is now --position and
# "start user user"; after the result, the menu comes back.
SEED_STAGE_1_EXAMPLES = [
    (
        "_XXOO_OX_",
        """\
Input command: > start user user
---------
|   X X |
| O O   |
| O X   |
---------
Enter the coordinates: > 3 1
This cell is occupied! Choose another one!
Enter the coordinates: > one
You should enter numbers!
Enter the coordinates: > one three
You should enter numbers!
Enter the coordinates: > 4 1
Coordinates should be from 1 to 3!
Enter the coordinates: > 1 1
---------
| X X X |
| O O   |
| O X   |
---------
X wins

Input command: > exit
""",
    ),
    (
        "XX_XOXOO_",
        """\
Input command: > start user user
---------
| X X   |
| X O X |
| O O   |
---------
Enter the coordinates: > 3 3
---------
| X X   |
| X O X |
| O O O |
---------
O wins

Input command: > exit
""",
    ),
    (
        "XX_XOXOO_",
        """\
Input command: > start user user
---------
| X X   |
| X O X |
| O O   |
---------
Enter the coordinates: > 1 3
---------
| X X O |
| X O X |
| O O   |
---------
O wins

Input command: > exit
""",
    ),
    (
        "OX_XOOOXX",
        """\
Input command: > start user user
---------
| O X   |
| X O O |
| O X X |
---------
Enter the coordinates: > 1 3
---------
| O X X |
| X O O |
| O X X |
---------
Draw

Input command: > exit
""",
    ),
    (
        # Typed with a leading space in the seed; the game goes on after this move.
        " _XO_OX___",
        """\
Input command: > start user user
---------
|   X O |
|   O X |
|       |
---------
Enter the coordinates: > 3 1
---------
|   X O |
|   O X |
| X     |
---------
Enter the coordinates: """,
    ),
]


@pytest.mark.parametrize(("position", "transcript"), SEED_STAGE_1_EXAMPLES)
def test_position_plays_seed_002_stage_1_examples(position: str, transcript: str) -> None:
    stdin, expected = from_seed_notation(transcript)

    finished = run(stdin, "--position", position)

    assert finished.stdout == expected
    assert finished.stderr == ""
    assert finished.returncode == 0


def test_every_start_begins_from_the_position() -> None:
    finished = run("start user user\n1 1\nstart user user\n", "--position", "_XXOO_OX_")

    start = board(" XX", "OO ", "OX ")
    assert finished.stdout == (
        MENU
        + start
        + "Enter the coordinates: "
        + board("XXX", "OO ", "OX ")
        + "X wins\n\n"
        + MENU
        + start
        + "Enter the coordinates: "
    )


def test_a_position_already_decided_is_shown_with_its_result() -> None:
    finished = run("start hard hard\nexit\n", "--position", "XXXOO____")

    assert finished.stdout == MENU + board("XXX", "OO ", "   ") + "X wins\n\n" + MENU


@pytest.mark.parametrize(
    "position",
    ["XXX______", "OO_______", "XXXOOO___", "XXX_OO_O_", "OOOXX_X_X", "_XXOO_OX", "_XXOO_OXZ", ""],
)
def test_an_impossible_position_is_refused_at_startup(position: str) -> None:
    with pytest.raises(InvalidPositionError) as refused:
        Board.from_string(position)

    finished = run("start user user\n", f"--position={position}")

    assert finished.returncode == 2
    assert finished.stdout == ""
    assert finished.stderr.startswith(f"usage: {PROGRAM} ")
    assert finished.stderr.endswith(f"{PROGRAM}: error: argument --position: {refused.value}\n")


def test_numpad_and_cells_do_not_go_together() -> None:
    finished = run("", "--numpad", "--cells")

    assert finished.returncode == 2
    assert finished.stdout == ""
    assert finished.stderr.endswith(
        f"{PROGRAM}: error: argument --cells: not allowed with argument --numpad\n"
    )


def test_a_seed_must_be_a_whole_number() -> None:
    by_option = run("", "--seed", "x")
    by_variable = run("", env=environment(**{SEED_VARIABLE: "x"}))

    assert (by_option.returncode, by_option.stdout) == (2, "")
    assert by_option.stderr.endswith(f"{PROGRAM}: error: argument --seed: invalid int value: 'x'\n")
    assert (by_variable.returncode, by_variable.stdout) == (2, "")
    assert by_variable.stderr.endswith(
        f"{PROGRAM}: error: {SEED_VARIABLE} must be a whole number, not 'x'\n"
    )


def test_the_seed_option_wins_over_the_variable_and_an_empty_variable_is_no_seed() -> None:
    stdin = "start easy easy\n" * 3
    seeded = run(stdin, "--seed", "4")

    assert run(stdin, "--seed", "4", env=environment(**{SEED_VARIABLE: "5"})).stdout == (
        seeded.stdout
    )
    assert run(stdin, env=environment(**{SEED_VARIABLE: ""})).returncode == 0


def test_help_documents_the_options_and_the_seed_for_tests() -> None:
    finished = run("", "--help")

    assert finished.returncode == 0
    assert finished.stdout.startswith(f"usage: {PROGRAM} ")
    for option in ("--numpad", "--cells", "--position", "--seed", SEED_VARIABLE, "for tests"):
        assert option in finished.stdout


def test_the_terminal_needs_no_flask() -> None:
    assert_imports_no_web_stack("webapp.terminal")
