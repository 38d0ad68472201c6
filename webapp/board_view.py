"""What the board page shows, worked out from a game: cells, status line, players, moves."""

from __future__ import annotations

from dataclasses import dataclass

from .engine import Game
from .games import CurrentGame

ROWS = ("A", "B", "C")
COLUMNS = ("1", "2", "3")
_MARK_NAMES = {"X": "X", "O": "O", "_": "empty"}


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
class BoardView:
    """Everything the board template needs."""

    rows: list[tuple[str, list[Cell]]]
    status: str
    players: dict[str, str]
    moves: list[tuple[int, str, str]]
    game_id: str
    ply: int
    is_over: bool
    person_to_move: bool
    computer_vs_computer: bool


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


def build(current: CurrentGame) -> BoardView:
    """The view of ``current`` for the board page."""
    game = current.game
    board = game.board
    line = set(board.winning_line or ())
    playable = game.person_to_move
    cells = [
        Cell(cell_id, "" if mark == "_" else mark, playable and mark == "_", cell_id in line)
        for cell_id, mark in board
    ]
    rows = [(row, cells[i * 3 : i * 3 + 3]) for i, row in enumerate(ROWS)]
    marks = ["X", "O"] if game.start.turn != "O" else ["O", "X"]
    moves = [(n + 1, marks[n % 2], cell) for n, cell in enumerate(game.moves)]
    return BoardView(
        rows=rows,
        status=status_line(game),
        players={"X": player_name(game.x), "O": player_name(game.o)},
        moves=moves,
        game_id=current.game_id,
        ply=game.ply,
        is_over=board.is_over,
        person_to_move=game.person_to_move,
        computer_vs_computer=game.is_computer_vs_computer and not board.is_over,
    )
