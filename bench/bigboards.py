"""Hard on 5x5 and 7x7: the games it loses (none allowed) against a random and a greedy
player, as X and as O, and its move time (p99), beside 3x3 hard's table lookup.

Run: ``python bench/bigboards.py`` (200 games per size, side and opponent: 1,600 games), or
``--games N`` for a shorter check. A move's time is the CPU time of this process
(``time.process_time``), one core's work whatever else the machine runs; the figures are in
docs/performance.md. Exit 1 when a floor is missed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from webapp.engine import Board, computer_move, winning_cells

P99_MS = {5: 200.0, 7: 500.0}  # the floors for hard's move, 99th percentile
SMALL_US = 20.0  # 3x3 hard stays a table lookup: median µs per move

Player = Callable[[Board, random.Random], str]


def random_player(board: Board, rng: random.Random) -> str:
    """Any empty cell."""
    return rng.choice(board.legal_moves)


def greedy_player(board: Board, rng: random.Random) -> str:
    """Wins when it can, blocks a win, else extends its best open line: the cell whose lines
    free of the opponent hold the most of its own marks (then the most such lines)."""
    mover = board.turn or "X"
    other = "O" if mover == "X" else "X"
    for mark in (mover, other):
        cells = winning_cells(board, mark)
        if cells:
            return rng.choice(cells)
    shape, text = board.geometry, board.to_string()
    scored: dict[int, tuple[int, int]] = {}
    for line in shape.lines:
        if any(text[i] == other for i in line):
            continue
        held = sum(1 for i in line if text[i] == mover)
        for i in (i for i in line if text[i] == "_"):
            best, count = scored.get(i, (-1, 0))
            if held > best:
                scored[i] = (held, 1)
            elif held == best:
                scored[i] = (best, count + 1)
    if not scored:
        return rng.choice(board.legal_moves)
    top = max(scored.values())
    return rng.choice([shape.cell_ids[i] for i, value in scored.items() if value == top])


OPPONENTS: dict[str, Player] = {"random": random_player, "greedy": greedy_player}


def play(size: int, hard: str, opponent: Player, rng: random.Random, times: list[float]) -> str:
    """One game of hard (as ``hard``, X or O) against ``opponent``; the winner's mark or ""."""
    board = Board(size)
    while not board.is_over:
        if board.turn == hard:
            started = time.process_time()
            cell = computer_move(board, "hard", rng)
            times.append(time.process_time() - started)
        else:
            cell = opponent(board, rng)
        board = board.play(cell)
    return board.status.winner or ""


def small_median_us(calls: int = 20000) -> float:
    """3x3 hard's median CPU time per move over a few positions, in µs (the table built
    first: its build is bench/engine.py's figure)."""
    rng, samples = random.Random(3), []
    computer_move(Board(), "hard", rng)
    for board in (Board(), Board().play("B2"), Board().play("A1").play("B2")):
        started = time.process_time()
        for _ in range(calls):
            computer_move(board, "hard", rng)
        samples.append((time.process_time() - started) / calls * 1e6)
    return statistics.median(samples)


def run(size: int, games: int, seed: int) -> bool:
    """Print one size's results; whether its floors are met."""
    held, times = True, list[float]()
    for name, opponent in OPPONENTS.items():
        for hard in ("X", "O"):
            rng = random.Random(f"{seed}-{size}-{name}-{hard}")
            results = [play(size, hard, opponent, rng, times) for _ in range(games)]
            won, lost = results.count(hard), sum(1 for r in results if r and r != hard)
            drawn = games - won - lost
            print(f"{size}x{size} hard as {hard} vs {name}: {games} games, ", end="")
            print(f"{won} won, {drawn} drawn, {lost} lost", flush=True)
            held = held and lost == 0
    p99 = statistics.quantiles(times, n=100)[98] * 1000
    median, slowest = statistics.median(times) * 1000, max(times) * 1000
    print(f"{size}x{size} hard move: {len(times)} moves, median {median:.1f} ms, ", end="")
    print(f"p99 {p99:.1f} ms, max {slowest:.1f} ms (floor p99 {P99_MS[size]:.0f} ms)")
    return held and p99 <= P99_MS[size]


def main() -> int:
    """Run every size; 1 if a floor is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per size, side, opponent")
    parser.add_argument("--seed", type=int, default=46)
    parser.add_argument("--sizes", default="5,7")
    options = parser.parse_args()
    small = small_median_us()
    print(f"3x3 hard move: median {small:.2f} µs (floor {SMALL_US:.0f} µs)")
    held = small <= SMALL_US
    for size in (int(text) for text in options.sizes.split(",") if text):
        held = run(size, options.games, options.seed) and held
    print(f"floors: {'met' if held else 'MISSED'}")
    return 0 if held else 1


if __name__ == "__main__":
    sys.exit(main())
