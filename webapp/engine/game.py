"""A Game: players, the starting position and the moves played, with replay and undo."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import Any

from .board import Board
from .errors import (
    NOT_COMPUTERS_TURN,
    UNREADABLE_GAME,
    InvalidPositionError,
    TicTacToeError,
    UnknownLevelError,
)
from .notation import parse_cell
from .players import PLAYER_KINDS, computer_move


@dataclass(frozen=True)
class Game:
    """An immutable game record; every change returns a new Game."""

    x: str = "user"
    o: str = "user"
    start: Board = field(default_factory=Board)
    moves: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for kind in (self.x, self.o):
            if kind not in PLAYER_KINDS:
                raise UnknownLevelError(kind)

    @classmethod
    def new(cls, x: str, o: str, position: str | None = None, size: int = 3) -> Game:
        """A fresh game between ``x`` and ``o`` on the ``size`` board, from the empty board or
        a position string (of that size)."""
        start = Board.from_string(position, size) if position else Board(size)
        return cls(x=x, o=o, start=start)

    @property
    def size(self) -> int:
        """The board's size: 3, 5 or 7."""
        return self.start.size

    @cached_property
    def boards(self) -> tuple[Board, ...]:
        """The start and the board after each move, in order."""
        boards = [self.start]
        for cell in self.moves:
            boards.append(boards[-1].play(cell))
        return tuple(boards)

    @property
    def board(self) -> Board:
        """The current position."""
        return self.boards[-1]

    @property
    def ply(self) -> int:
        """How many moves were played in this game (not counting the start position)."""
        return len(self.moves)

    def player(self, mark: str | None) -> str | None:
        """Who plays ``mark``: ``user`` or a computer level."""
        if mark == "X":
            return self.x
        if mark == "O":
            return self.o
        return None

    @property
    def to_move(self) -> str | None:
        """Who is to move now (``user`` or a level), or ``None`` once the game is over."""
        return self.player(self.board.turn)

    @property
    def computer_to_move(self) -> bool:
        """Whether the game is on and a computer level is to move."""
        return self.to_move not in (None, "user")

    @property
    def person_to_move(self) -> bool:
        """Whether the game is on and a person is to move."""
        return self.to_move == "user"

    @property
    def is_computer_vs_computer(self) -> bool:
        """Whether no person plays: such games advance only when asked."""
        return self.x != "user" and self.o != "user"

    def play(self, cell_id: str) -> Game:
        """The game after the side to move plays ``cell_id`` (validated by the board)."""
        board = self.board.play(cell_id)
        size = self.start.size
        game = replace(
            self, moves=(*self.moves, self.start.geometry.cell_ids[parse_cell(cell_id, size)])
        )
        # The new game's boards are ours plus one: replaying a stored game stays linear.
        game.__dict__["boards"] = (*self.boards, board)
        return game

    def play_computer(self, rng: random.Random | None = None) -> Game:
        """The game after the computer whose turn it is makes its move."""
        level = self.to_move
        if level is None or level == "user":
            raise TicTacToeError(NOT_COMPUTERS_TURN)
        return self.play(computer_move(self.board, level, rng))

    def reply_until_person(self, rng: random.Random | None = None) -> Game:
        """Play computer moves while one is to move, unless no person plays at all."""
        game = self
        while game.computer_to_move and not game.is_computer_vs_computer:
            game = game.play_computer(rng)
        return game

    def undo(self, count: int = 1) -> Game:
        """The game with the last ``count`` moves taken back (as many as there are)."""
        kept = max(0, self.ply - count)
        game = replace(self, moves=self.moves[:kept])
        game.__dict__["boards"] = self.boards[: kept + 1]  # a prefix of ours, as in play
        return game

    def undo_count(self) -> int:
        """How many moves one press of Undo takes back, so that a person is to move again.

        Hot-seat and computer-against-computer games take back one move; against the
        computer, the computer's reply and the person's move before it.
        """
        if self.is_computer_vs_computer or (self.x == "user" and self.o == "user"):
            return min(1, self.ply)
        for count in range(1, self.ply + 1):
            if self.player(self.boards[-1 - count].turn) == "user":  # a person to move then
                return count
        return 0

    def to_dict(self) -> dict[str, Any]:
        """Plain data (strings and a list) that any session serializer stores unchanged; the
        size only off 3x3, so that a 3x3 game is stored as before sizes were."""
        start = self.start.to_string()
        data = {"x": self.x, "o": self.o, "start": start, "moves": list(self.moves)}
        return data if self.size == 3 else {**data, "size": self.size}

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Rebuild a game from :meth:`to_dict`'s data, checking every move: data of the wrong
        shape is an InvalidPositionError, a bad player or move the engine's own error."""
        try:
            moves = tuple(data["moves"])
            return replayed(data["x"], data["o"], data["start"], moves, data.get("size", 3))
        except (KeyError, TypeError) as error:  # TypeError: a field of the wrong kind
            raise InvalidPositionError(UNREADABLE_GAME) from error


@lru_cache(maxsize=4096)
def replayed(x: str, o: str, start: str, moves: tuple[str, ...], size: int = 3) -> Game:
    """The game between ``x`` and ``o`` on the ``size`` board from the position ``start`` after
    ``moves``, each checked by the board. Games are immutable, so one read again (every page of
    a match reads its game) is the one already replayed, among the most recent 4,096."""
    game = Game.new(x, o, start, size)
    for cell in moves:
        game = game.play(cell)
    return game
