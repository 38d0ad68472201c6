"""The computer players through the terminal: announced by level, seeded, and as strong as said."""

from __future__ import annotations

import itertools
import random

import pytest

from tests.engine import reference
from tests.terminal.driver import (
    ASK,
    CELL_NAMES,
    MENU,
    SEED_VARIABLE,
    Interactive,
    after,
    board,
    board_of,
    boards_in,
    environment,
    run,
)

LEVELS = ("easy", "medium", "hard")

# The five games `start hard hard` plays with --seed 2002, one after the other in one run.
HARD_HARD_SEED_2002 = [
    ["A1", "B2", "B3", "C2", "A2", "A3", "C1", "B1", "C3"],
    ["A1", "B2", "C2", "B3", "B1", "C1", "A3", "A2", "C3"],
    ["C3", "B2", "B1", "A2", "C2", "C1", "A3", "B3", "A1"],
    ["A1", "B2", "C2", "B3", "B1", "C1", "A3", "A2", "C3"],
    ["C3", "B2", "B1", "C2", "A2", "A3", "C1", "A1", "B3"],
]


def computer_game(x: str, o: str, moves: list[str], result: str) -> str:
    """The exact output of a game between two computer levels that plays ``moves``."""
    position = "_" * 9
    output = board_of(position)
    for level, cell in zip(itertools.cycle((x, o)), moves):
        position = after(position, cell)
        output += f'Making move level "{level}"\n' + board_of(position)
    return output + result + "\n\n"


def test_start_hard_hard_five_times_is_five_draws_exactly() -> None:
    finished = run("start hard hard\n" * 5 + "exit\n", "--seed", "2002")

    expected = "".join(
        MENU + computer_game("hard", "hard", moves, "Draw") for moves in HARD_HARD_SEED_2002
    )
    assert finished.stdout == expected + MENU
    assert finished.stderr == ""
    assert finished.returncode == 0


def test_a_seeded_game_against_easy_is_reproduced_exactly() -> None:
    finished = run("start user easy\n2 2\n1 1\n3 3\nexit\n", "--seed", "7")

    assert finished.stdout == (
        MENU
        + board("   ", "   ", "   ")
        + ASK
        + board("   ", " X ", "   ")
        + 'Making move level "easy"\n'
        + board("   ", " X ", "O  ")
        + ASK
        + board("X  ", " X ", "O  ")
        + 'Making move level "easy"\n'
        + board("X O", " X ", "O  ")
        + ASK
        + board("X O", " X ", "O X")
        + "X wins\n\n"
        + MENU
    )


def test_the_seed_variable_acts_as_the_seed_option() -> None:
    stdin = "start easy easy\nstart medium easy\nstart easy hard\n"

    by_option = run(stdin, "--seed", "11")
    by_variable = run(stdin, env=environment(**{SEED_VARIABLE: "11"}))
    other_seed = run(stdin, "--seed", "12")

    assert by_option.stdout == by_variable.stdout
    assert by_option.stdout != other_seed.stdout


def test_medium_blocks_then_takes_what_is_left() -> None:
    # X threatens A3; medium must block there, then block again at B1, then play at random.
    finished = run("start user medium\n3 1\n2 3\n3 3\n", "--seed", "5", "--position", "XX__O____")

    assert finished.stdout == (
        MENU
        + board("XX ", " O ", "   ")
        + 'Making move level "medium"\n'
        + board("XXO", " O ", "   ")
        + ASK
        + board("XXO", " O ", "X  ")
        + 'Making move level "medium"\n'
        + board("XXO", "OO ", "X  ")
        + ASK
        + board("XXO", "OOX", "X  ")
        + 'Making move level "medium"\n'
        + board("XXO", "OOX", "XO ")
        + ASK
        + board("XXO", "OOX", "XOX")
        + "Draw\n\n"
        + MENU
    )


def test_medium_wins_rather_than_blocks() -> None:
    # X threatens A3, but O can win at B3 at once.
    finished = run("start user medium\n", "--position", "XX_OO_X__")

    assert finished.stdout == (
        MENU
        + board("XX ", "OO ", "X  ")
        + 'Making move level "medium"\n'
        + board("XX ", "OOO", "X  ")
        + "O wins\n\n"
        + MENU
    )


def test_medium_always_wins_or_blocks_when_it_can() -> None:
    person = random.Random(2002)
    blocks = 0
    with Interactive("--seed", "2002") as program:
        program.read_to_prompt()
        for _ in range(150):
            output = program.answer("start user medium")
            while output.endswith(ASK):
                position = boards_in(output)[-1]
                cell = person.choice([i for i in range(9) if position[i] == "_"])
                output = program.answer(f"{cell // 3 + 1} {cell % 3 + 1}")
                if 'Making move level "medium"' in output:
                    before, chosen = boards_in(output)[-2:]
                    blocks += check_medium_move(before, chosen)
    assert blocks > 100, blocks  # the games did put medium to the test


def check_medium_move(before: str, chosen: str) -> int:
    """Assert O's move from ``before`` to ``chosen`` wins or blocks when it can; 1 if it blocked."""
    open_cells = [i for i in range(9) if before[i] == "_"]
    wins = [i for i in open_cells if reference.winner(before[:i] + "O" + before[i + 1 :])]
    threats = [i for i in open_cells if reference.winner(before[:i] + "X" + before[i + 1 :])]
    played = next(i for i in range(9) if before[i] != chosen[i])
    if wins:
        assert played in wins, (before, chosen)
        return 0
    if threats:
        assert played in threats, (before, chosen)
        return 1
    return 0


@pytest.mark.parametrize(("x", "o"), list(itertools.product(LEVELS, repeat=2)))
def test_computer_games_print_each_move_once_by_the_right_level(x: str, o: str) -> None:
    finished = run(f"start {x} {o}\n" * 20, "--seed", "3")

    games = finished.stdout.split(MENU)[1:-1]
    assert len(games) == 20
    for game in games:
        positions = boards_in(game)
        assert positions[0] == "_" * 9
        for earlier, later in itertools.pairwise(positions):
            assert earlier != later
            changed = [i for i in range(9) if earlier[i] != later[i]]
            assert len(changed) == 1 and earlier[changed[0]] == "_"
            assert later == after(earlier, CELL_NAMES[changed[0]])
        announced = [line for line in game.splitlines() if line.startswith("Making move")]
        levels = itertools.cycle((x, o))
        assert announced == [f'Making move level "{next(levels)}"' for _ in positions[1:]]
        assert game.endswith(f"{reference.status(positions[-1])}\n\n")
        assert reference.status(positions[-1]) != "Game not finished"
        if "hard" in (x, o):
            loser = "O" if x == "hard" else "X"
            assert reference.status(positions[-1]) != f"{loser} wins"
