"""What the board page shows, worked out from a game: cells, status line, players, moves, score."""

from __future__ import annotations

from dataclasses import dataclass

from . import sides
from .engine import Game
from .games import CurrentGame, Tally

ROWS = ("A", "B", "C")
COLUMNS = ("1", "2", "3")


@dataclass(frozen=True)
class Cell:
    """One square of the grid."""

    cell_id: str
    mark: str  # "X", "O" or "" when empty
    playable: bool
    winning: bool

    @property
    def label(self) -> str:
        """The accessible name, e.g. ``B2, empty`` or ``A1, X, winning line``."""
        name = f"{self.cell_id}, {self.mark or 'empty'}"
        return name + ", winning line" if self.winning else name


@dataclass(frozen=True)
class Move:
    """One entry of the move list: its number (the ply after it), the mark and the cell."""

    number: int
    mark: str
    cell: str


@dataclass(frozen=True)
class BoardView:
    """Everything the board template needs."""

    rows: list[tuple[str, list[Cell]]]
    status: str
    players: dict[str, str]
    moves: list[Move]
    game_id: str
    ply: int
    is_over: bool
    person_to_move: bool
    computer_vs_computer: bool
    score: list[tuple[str, int]]
    draws: int


def player_name(kind: str) -> str:
    """``user`` is a person; the levels are the computer."""
    return "Person" if kind == "user" else f"Computer ({kind})"


def status_line(game: Game) -> str:
    """The result in the engine's words, or whose turn it is."""
    board = game.board
    if board.is_over:
        return str(board.status)
    mover = game.to_move or "user"
    if game.x == game.o == "user":
        return f"{board.turn} to move"
    who = "you" if mover == "user" else f"computer, {mover}"
    return f"{board.turn} to move ({who})"


def build(current: CurrentGame, tally: Tally) -> BoardView:
    """The view of ``current`` for the board page."""
    game = current.game
    board = game.board
    names = current.names
    wins = tally["wins"]
    return BoardView(
        rows=_rows(game),
        status=status_line(game),
        players={mark: sides.label(game.player(mark) or "", names[mark]) for mark in sides.MARKS},
        moves=_moves(game),
        game_id=current.game_id,
        ply=game.ply,
        is_over=board.is_over,
        person_to_move=game.person_to_move,
        computer_vs_computer=game.is_computer_vs_computer and not board.is_over,
        score=[(name, wins.get(name, 0)) for name in sides.ordered(names, wins)],
        draws=tally["draws"],
    )


def _rows(game: Game) -> list[tuple[str, list[Cell]]]:
    """The cells by row; empty cells are buttons when a person is to move."""
    board = game.board
    line = set(board.winning_line or ())
    playable = game.person_to_move
    cells = [
        Cell(cell_id, "" if mark == "_" else mark, playable and mark == "_", cell_id in line)
        for cell_id, mark in board
    ]
    return [(row, cells[i * 3 : i * 3 + 3]) for i, row in enumerate(ROWS)]


def _moves(game: Game) -> list[Move]:
    """The move list, numbered from 1, with the mark that played each move."""
    marks = ["X", "O"] if game.start.turn != "O" else ["O", "X"]
    return [Move(n + 1, marks[n % 2], cell) for n, cell in enumerate(game.moves)]
