"""Engine benchmark: median µs per hard move over every reachable position, and the build time.

Run: ``python bench/engine.py``. As a baseline in the same run it times seed 003's plain
minimax (the approach the table replaces) on the empty board and after one move.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from webapp.engine import Board, computer_move, solver

BUILD_BUDGET_S, MOVE_BUDGET_US = 0.2, 20.0  # the engine issue's budgets (exit 1 if missed)


def build_seconds(repeats: int = 5) -> float:
    """The best of several cold builds of the perfect-play table."""
    best = float("inf")
    for _ in range(repeats):
        solver._table.cache_clear()
        started = time.perf_counter()
        solver._table()
        best = min(best, time.perf_counter() - started)
    return best


def open_positions() -> list[Board]:
    """Every reachable position with a move to make."""
    seen, frontier = {Board()}, [Board()]
    while frontier:
        board = frontier.pop()
        for move in board.legal_moves:
            child = board.play(move)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return [board for board in seen if not board.is_over]


def hard_move_microseconds(boards: list[Board], calls: int = 50) -> list[float]:
    """Per position, the best of 3 timings of ``calls`` hard moves, in µs per move."""
    rng = random.Random(1)
    timings = []
    for board in boards:
        best = float("inf")
        for _ in range(3):
            started = time.perf_counter()
            for _ in range(calls):
                computer_move(board, "hard", rng)
            best = min(best, (time.perf_counter() - started) / calls)
        timings.append(best * 1e6)
    return timings


def seed_003_minimax_seconds(board: Board) -> float:
    """Seed 003's minimax (no table, no pruning) choosing a move for ``board``."""
    cells = board.to_string().replace("_", " ")
    grid = [list(cells[r * 3 : r * 3 + 3]) for r in range(3)]
    mover = board.turn or "X"
    other = "O" if mover == "X" else "X"

    def winner() -> str | None:
        lines = [*grid, *([grid[r][c] for r in range(3)] for c in range(3))]
        lines += [[grid[i][i] for i in range(3)], [grid[i][2 - i] for i in range(3)]]
        for line in lines:
            if line[0] != " " and line.count(line[0]) == 3:
                return line[0]
        return "Draw" if all(c != " " for row in grid for c in row) else None

    def minimax(depth: int, maximizing: bool) -> int:
        result = winner()
        if result == mover:
            return 10 - depth
        if result == other:
            return depth - 10
        if result == "Draw":
            return 0
        scores = []
        for r in range(3):
            for c in range(3):
                if grid[r][c] == " ":
                    grid[r][c] = mover if maximizing else other
                    scores.append(minimax(depth + 1, not maximizing))
                    grid[r][c] = " "
        return max(scores) if maximizing else min(scores)

    started = time.perf_counter()
    for r in range(3):
        for c in range(3):
            if grid[r][c] == " ":
                grid[r][c] = mover
                minimax(0, False)
                grid[r][c] = " "
    return time.perf_counter() - started


def main() -> int:
    """Print the figures recorded in the README; 1 if a budget is missed."""
    build = build_seconds()
    boards = open_positions()
    timings = hard_move_microseconds(boards)
    empty = seed_003_minimax_seconds(Board())
    one_move = seed_003_minimax_seconds(Board().play("B2"))
    median = statistics.median(timings)
    print(f"positions with a move to make: {len(boards)}")
    budget_ms = BUILD_BUDGET_S * 1000
    print(f"table build (best of 5):       {build * 1000:.1f} ms   (budget {budget_ms:.0f} ms)")
    print(f"hard move, median:             {median:.2f} µs   (budget {MOVE_BUDGET_US:.0f} µs)")
    print(f"hard move, 99th percentile:    {statistics.quantiles(timings, n=100)[98]:.2f} µs")
    print(f"baseline, seed 003 minimax, empty board: {empty * 1e6:,.0f} µs")
    print(f"baseline, seed 003 minimax, after B2:    {one_move * 1e6:,.0f} µs")
    print(f"speed-up on the empty board: {empty * 1e6 / median:,.0f}x")
    held = build <= BUILD_BUDGET_S and median <= MOVE_BUDGET_US
    print(f"budgets (build, hard move median): {'met' if held else 'MISSED'}")
    return 0 if held else 1


if __name__ == "__main__":
    sys.exit(main())
