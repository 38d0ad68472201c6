"""Seed 002's console protocol, exactly: the menu, the board, the person's moves, the results."""

from __future__ import annotations

import pytest

from tests.terminal.driver import board, from_seed_notation, run

# Seed 002, Stage 3's example without its two games against "easy" (those are random):
# copied verbatim, "> " notation included.
SEED_STAGE_3_EXAMPLE = """\
Input command: > start
Bad parameters!
Input command: > start easy
Bad parameters!
Input command: > start user user
---------
|       |
|       |
|       |
---------
Enter the coordinates: > 3 1
---------
|       |
|       |
| X     |
---------
Enter the coordinates: > 2 2
---------
|       |
|   O   |
| X     |
---------
Enter the coordinates: > 2 1
---------
|       |
| X O   |
| X     |
---------
Enter the coordinates: > 3 2
---------
|       |
| X O   |
| X O   |
---------
Enter the coordinates: > 1 1
---------
| X     |
| X O   |
| X O   |
---------
X wins

Input command: > exit
"""

EMPTY_BOARD = board("   ", "   ", "   ")


def test_seed_stage_3_user_user_example_is_printed_exactly() -> None:
    stdin, expected = from_seed_notation(SEED_STAGE_3_EXAMPLE)
    assert stdin == "start\nstart easy\nstart user user\n3 1\n2 2\n2 1\n3 2\n1 1\nexit\n"
    # Prompts are followed at once by the next output: nothing the user types is echoed.
    assert expected.startswith("Input command: Bad parameters!\nInput command: Bad param")
    assert expected.endswith("---------\nX wins\n\nInput command: ")

    finished = run(stdin)

    assert finished.stdout == expected
    assert finished.stderr == ""
    assert finished.returncode == 0


def test_exit_ends_the_program_at_once() -> None:
    finished = run("exit\nstart user user\n1 1\n")

    assert finished.stdout == "Input command: "
    assert finished.stderr == ""
    assert finished.returncode == 0


@pytest.mark.parametrize(
    "command",
    [
        "start",
        "start easy",
        "start easy easy easy",
        "start user user user",
        "start foo user",
        "start user foo",
        "start Easy user",
        "START user user",
        "",
        "   ",
        "hello world",
        "play user user",
        "exit now",
        "exit exit",
    ],
)
def test_every_other_command_gets_bad_parameters(command: str) -> None:
    finished = run(f"{command}\nexit\n")

    assert finished.stdout == "Input command: Bad parameters!\nInput command: "
    assert finished.stderr == ""
    assert finished.returncode == 0


def test_menu_words_may_be_separated_by_any_run_of_spaces() -> None:
    finished = run("  start   user  user \n")

    assert finished.stdout == "Input command: " + EMPTY_BOARD + "Enter the coordinates: "


def test_every_move_error_in_seed_002_stage_1_order() -> None:
    # Seed 002's Stage 1 example 1, after the moves that lead to its position.
    stdin = "start user user\n1 2\n2 1\n1 3\n2 2\n3 2\n3 1\n3 1\none\none three\n4 1\n1 1\nexit\n"
    after_5 = board(" XX", "OO ", " X ")
    expected = (
        "Input command: "
        + EMPTY_BOARD
        + "Enter the coordinates: "
        + board(" X ", "   ", "   ")
        + "Enter the coordinates: "
        + board(" X ", "O  ", "   ")
        + "Enter the coordinates: "
        + board(" XX", "O  ", "   ")
        + "Enter the coordinates: "
        + board(" XX", "OO ", "   ")
        + "Enter the coordinates: "
        + after_5
        + "Enter the coordinates: "
        + board(" XX", "OO ", "OX ")
        + "Enter the coordinates: This cell is occupied! Choose another one!\n"
        + "Enter the coordinates: You should enter numbers!\n"
        + "Enter the coordinates: You should enter numbers!\n"
        + "Enter the coordinates: Coordinates should be from 1 to 3!\n"
        + "Enter the coordinates: "
        + board("XXX", "OO ", "OX ")
        + "X wins\n\nInput command: "
    )

    assert run(stdin).stdout == expected


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        # Not numbers comes first, even when the other part is out of range or the cell taken.
        ("x 4", "You should enter numbers!"),
        ("4 x", "You should enter numbers!"),
        ("2 two", "You should enter numbers!"),
        ("2.0 2", "You should enter numbers!"),
        ("22", "You should enter numbers!"),
        ("2", "You should enter numbers!"),
        ("2 2 2", "You should enter numbers!"),
        ("2,2", "You should enter numbers!"),
        ("", "You should enter numbers!"),
        # Then out of range, which no occupied cell can hide.
        ("0 2", "Coordinates should be from 1 to 3!"),
        ("2 4", "Coordinates should be from 1 to 3!"),
        ("-1 2", "Coordinates should be from 1 to 3!"),
        ("4 0", "Coordinates should be from 1 to 3!"),
        ("100 100", "Coordinates should be from 1 to 3!"),
        # Only a cell on the board can be occupied.
        ("2 2", "This cell is occupied! Choose another one!"),
        ("  2     2 ", "This cell is occupied! Choose another one!"),
    ],
)
def test_each_bad_answer_gets_its_message_and_the_question_again(answer: str, message: str) -> None:
    # The input ends at the next question, which ends the program (see test_endings).
    finished = run(f"start user user\n2 2\n{answer}\n1 1\n")

    assert finished.stdout == (
        "Input command: "
        + EMPTY_BOARD
        + "Enter the coordinates: "
        + board("   ", " X ", "   ")
        + f"Enter the coordinates: {message}\n"
        + "Enter the coordinates: "
        + board("O  ", " X ", "   ")
        + "Enter the coordinates: "
    )


def test_a_user_user_game_won_by_o_then_a_draw_each_from_the_empty_board() -> None:
    o_wins = ["1 1", "2 2", "1 2", "1 3", "3 3", "3 1"]
    draw = ["2 2", "1 1", "1 2", "3 2", "3 1", "1 3", "2 3", "2 1", "3 3"]
    stdin = "\n".join(["start user user", *o_wins, "start user user", *draw, "exit"]) + "\n"
    expected = (
        "Input command: "
        + EMPTY_BOARD
        + "Enter the coordinates: "
        + board("X  ", "   ", "   ")
        + "Enter the coordinates: "
        + board("X  ", " O ", "   ")
        + "Enter the coordinates: "
        + board("XX ", " O ", "   ")
        + "Enter the coordinates: "
        + board("XXO", " O ", "   ")
        + "Enter the coordinates: "
        + board("XXO", " O ", "  X")
        + "Enter the coordinates: "
        + board("XXO", " O ", "O X")
        + "O wins\n"
        + "\n"
        + "Input command: "
        + EMPTY_BOARD
        + "Enter the coordinates: "
        + board("   ", " X ", "   ")
        + "Enter the coordinates: "
        + board("O  ", " X ", "   ")
        + "Enter the coordinates: "
        + board("OX ", " X ", "   ")
        + "Enter the coordinates: "
        + board("OX ", " X ", " O ")
        + "Enter the coordinates: "
        + board("OX ", " X ", "XO ")
        + "Enter the coordinates: "
        + board("OXO", " X ", "XO ")
        + "Enter the coordinates: "
        + board("OXO", " XX", "XO ")
        + "Enter the coordinates: "
        + board("OXO", "OXX", "XO ")
        + "Enter the coordinates: "
        + board("OXO", "OXX", "XOX")
        + "Draw\n"
        + "\n"
        + "Input command: "
    )

    finished = run(stdin)

    assert finished.stdout == expected
    assert finished.stderr == ""
    assert finished.returncode == 0


def test_only_board_rows_start_and_end_with_a_bar() -> None:
    finished = run("start\nstart user user\n2 2\nfoo\n9 9\n2 2\n1 1\n3 1\n1 3\n3 2\n1 2\nexit\n")

    barred = [line for line in finished.stdout.splitlines() if line.startswith("|")]
    assert all(line.endswith("|") and len(line) == 9 for line in barred)
    assert len(barred) == 3 * finished.stdout.count("---------\n") // 2 == 3 * 7
    assert "O wins\n" in finished.stdout
