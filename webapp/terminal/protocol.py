"""Seed 002's console protocol: the menu of ``start X O`` and ``exit``, and one game."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from webapp.engine import (
    PLAYER_KINDS,
    Board,
    CoordinatesOutOfRangeError,
    NotNumbersError,
    OccupiedCellError,
    UnknownCellError,
    computer_move,
)

from .board_view import render_board
from .console import Console
from .notations import COORDINATES, MoveNotation

MENU_PROMPT = "Input command: "
BAD_PARAMETERS = "Bad parameters!"

# The mistakes a person can make when typing a move; each one's message is shown as it is.
MOVE_ERRORS = (NotNumbersError, CoordinatesOutOfRangeError, UnknownCellError, OccupiedCellError)


@dataclass(frozen=True)
class Settings:
    """What stays the same for every game of one run: notation, start position, randomness."""

    notation: MoveNotation = COORDINATES
    start: Board = field(default_factory=Board)
    rng: random.Random = field(default_factory=random.Random)


def run_menu(console: Console, settings: Settings) -> None:
    """Answer menu commands until ``exit``; ``EOFError`` from the console ends it too."""
    while True:
        words = console.ask(MENU_PROMPT).split()
        if words == ["exit"]:
            return
        players = players_of_start(words)
        if players is None:
            console.say(BAD_PARAMETERS)
            continue
        play_game(console, players, settings)


def players_of_start(words: list[str]) -> tuple[str, str] | None:
    """The players of ``start X O``, or ``None`` for any other command."""
    if len(words) == 3 and words[0] == "start" and all(w in PLAYER_KINDS for w in words[1:]):
        return words[1], words[2]
    return None


def play_game(console: Console, players: tuple[str, str], settings: Settings) -> None:
    """Play one game, X and O being ``players``, printing the board after every move."""
    # A game is only ever played forwards here, so the Board alone is all the state needed.
    player_of = dict(zip(("X", "O"), players, strict=True))
    board = settings.start
    console.say(render_board(board))
    while board.turn is not None:
        player = player_of[board.turn]
        if player == "user":
            board = ask_for_move(console, board, settings.notation)
        else:
            console.say(f'Making move level "{player}"')
            board = board.play(computer_move(board, player, settings.rng))
        console.say(render_board(board))
    console.say(str(board.status))
    console.say("")


def ask_for_move(console: Console, board: Board, notation: MoveNotation) -> Board:
    """Ask the person to move until the answer is a valid move; return the board after it."""
    while True:
        answer = console.ask(notation.prompt(board.size))
        try:
            # The parser finds non-numbers, then out-of-range numbers; the board finds an
            # occupied cell: seed 002's order of the checks.
            return board.play(notation.cell_of(answer, board.size))
        except MOVE_ERRORS as error:
            console.say(str(error))
