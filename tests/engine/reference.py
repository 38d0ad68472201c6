"""An independent, deliberately plain tic-tac-toe used to check the engine in every position."""

from __future__ import annotations

from functools import cache

LINES = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
]
NAMES = ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"]


def winner(cells: str) -> str | None:
    """The mark with three in a row, by looking at every line."""
    for line in LINES:
        values = {cells[i] for i in line}
        if len(values) == 1 and values != {"_"}:
            return values.pop()
    return None


def winning_cells(cells: str) -> set[str]:
    """Every cell that is part of a complete line."""
    return {
        NAMES[i]
        for line in LINES
        if len({cells[i] for i in line} - {"_"}) == 1 and all(cells[i] != "_" for i in line)
        for i in line
    }


def status(cells: str) -> str:
    """The seed 002 status text."""
    mark = winner(cells)
    if mark:
        return f"{mark} wins"
    return "Game not finished" if "_" in cells else "Draw"


def to_move(cells: str) -> str:
    """X when the counts are equal, else O."""
    return "X" if cells.count("X") == cells.count("O") else "O"


def children(cells: str) -> dict[str, str]:
    """Cell name -> position after playing it."""
    mark = to_move(cells)
    return {NAMES[i]: cells[:i] + mark + cells[i + 1 :] for i in range(9) if cells[i] == "_"}


def reachable() -> set[str]:
    """Every position reachable from the empty board by legal play, breadth first."""
    seen = {"_" * 9}
    frontier = ["_" * 9]
    while frontier:
        following = []
        for cells in frontier:
            if status(cells) != "Game not finished":
                continue
            for child in children(cells).values():
                if child not in seen:
                    seen.add(child)
                    following.append(child)
        frontier = following
    return seen


@cache
def value(cells: str) -> int:
    """Negamax score for the side to move: +(10 - plies) for a win, 0 draw, -(10 - plies) loss."""
    if winner(cells):
        return -10  # the previous mover won: a loss now, with no plies left
    if "_" not in cells:
        return 0
    best = -100
    for child in children(cells).values():
        score = -value(child)
        # the child's score counts one ply more from here: shrink wins and losses toward 0
        score = score - 1 if score > 0 else score + 1 if score < 0 else 0
        best = max(best, score)
    return best


def optimal_moves(cells: str) -> set[str]:
    """The moves that reach the best negamax score."""
    scored = {}
    for name, child in children(cells).items():
        score = -value(child)
        scored[name] = score - 1 if score > 0 else score + 1 if score < 0 else 0
    top = max(scored.values())
    return {name for name, score in scored.items() if score == top}
