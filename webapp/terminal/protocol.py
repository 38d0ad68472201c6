"""Seed 002's console protocol: the menu of ``start X O`` and ``exit``, and one game."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from webapp.engine import (
    PLAYER_KINDS,
    Board,
    CoordinatesOutOfRangeError,
    Game,
    NotNumbersError,
    OccupiedCellError,
    UnknownCellError,
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
        x, o = players
        play_game(console, Game(x=x, o=o, start=settings.start), settings)


def players_of_start(words: list[str]) -> tuple[str, str] | None:
    """The players of ``start X O``, or ``None`` for any other command."""
    if len(words) == 3 and words[0] == "start" and all(w in PLAYER_KINDS for w in words[1:]):
        return words[1], words[2]
    return None


def play_game(console: Console, game: Game, settings: Settings) -> None:
    """Play ``game`` to its end, printing the board after every move, then the result."""
    console.say(render_board(game.board))
    while not game.board.is_over:
        if game.person_to_move:
            game = ask_for_move(console, game, settings.notation)
        else:
            console.say(f'Making move level "{game.to_move}"')
            game = game.play_computer(settings.rng)
        console.say(render_board(game.board))
    console.say(str(game.board.status))
    console.say("")


def ask_for_move(console: Console, game: Game, notation: MoveNotation) -> Game:
    """Ask the person to move until the answer is a valid move; return the game after it."""
    while True:
        answer = console.ask(notation.prompt)
        try:
            # The parser finds non-numbers, then out-of-range numbers; the board finds an
            # occupied cell: seed 002's order of the checks.
            return game.play(notation.cell_of(answer))
        except MOVE_ERRORS as error:
            console.say(str(error))
