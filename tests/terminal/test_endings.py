"""The program ends cleanly, with status 0 and nothing on stderr, at EOF or Ctrl-C."""

from __future__ import annotations

import signal
import subprocess

import pytest

from tests.terminal.driver import ASK, COMMAND, MENU, ROOT, Interactive, board, environment, run

EMPTY_BOARD = board("   ", "   ", "   ")


@pytest.mark.parametrize(
    ("stdin", "expected"),
    [
        # At the menu: no input at all, after a bad command, after a finished game.
        ("", MENU),
        ("start easy\n", MENU + "Bad parameters!\n" + MENU),
        (
            "start user user\n1 1\n2 1\n1 2\n2 2\n1 3\n",
            MENU
            + EMPTY_BOARD
            + ASK
            + board("X  ", "   ", "   ")
            + ASK
            + board("X  ", "O  ", "   ")
            + ASK
            + board("XX ", "O  ", "   ")
            + ASK
            + board("XX ", "OO ", "   ")
            + ASK
            + board("XXX", "OO ", "   ")
            + "X wins\n\n"
            + MENU,
        ),
        # At the question for a move: at once, after a bad answer, after a move.
        ("start user user\n", MENU + EMPTY_BOARD + ASK),
        (
            "start user user\n0 0\n",
            MENU + EMPTY_BOARD + ASK + "Coordinates should be from 1 to 3!\n" + ASK,
        ),
        ("start user user\n2 2\n", MENU + EMPTY_BOARD + ASK + board("   ", " X ", "   ") + ASK),
        # A last line without its newline is still read.
        ("start user user", MENU + EMPTY_BOARD + ASK),
        ("exit", MENU),
    ],
)
def test_end_of_input_at_a_prompt_ends_the_program_cleanly(stdin: str, expected: str) -> None:
    finished = run(stdin)

    assert finished.stdout == expected
    assert finished.stderr == ""
    assert finished.returncode == 0


def test_ctrl_c_at_the_menu_ends_the_program_cleanly() -> None:
    with Interactive() as program:
        assert program.read_to_prompt() == MENU
        program.process.send_signal(signal.SIGINT)

        assert program.finish() == (0, "", "")


def test_ctrl_c_at_the_question_for_a_move_ends_the_program_cleanly() -> None:
    with Interactive() as program:
        program.read_to_prompt()
        assert program.answer("start user user") == EMPTY_BOARD + ASK
        assert program.answer("x") == "You should enter numbers!\n" + ASK
        program.process.send_signal(signal.SIGINT)

        assert program.finish() == (0, "", "")


def test_a_reader_that_goes_away_ends_the_program_without_a_traceback() -> None:
    # As in `python -m webapp.terminal | head -1`: nobody reads what the program prints.
    process = subprocess.Popen(
        COMMAND,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=environment(),
    )
    assert process.stdout
    process.stdout.close()

    _, stderr = process.communicate(b"start hard hard\n", timeout=30)

    assert (process.returncode, stderr) == (1, b"")
