"""The command line of ``python -m webapp.terminal``: options, then the menu until it ends."""

from __future__ import annotations

import argparse
import io
import os
import random
import sys
from collections.abc import Sequence

from webapp.engine import BOARD_NAMES, Board, InvalidPositionError, parse_board

from .console import StreamConsole
from .notations import CELLS, COORDINATES, NUMPAD
from .protocol import Settings, run_menu

SEED_VARIABLE = "TICTACTOE_SEED"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the console game on standard input and output; return the exit status."""
    parser = build_parser()
    options = parser.parse_args(argv)
    settings = Settings(
        notation=NUMPAD if options.numpad else CELLS if options.cells else COORDINATES,
        start=chosen_start(parser, options),
        rng=random.Random(chosen_seed(parser, options.seed)),
    )
    if isinstance(sys.stdout, io.TextIOWrapper):
        # Engine messages may quote an answer cut short with "…"; an output that cannot
        # encode it (an ASCII locale) shows "?" rather than ending in a traceback.
        sys.stdout.reconfigure(errors="replace")
    try:
        run_menu(StreamConsole(sys.stdin, sys.stdout), settings)
    except (EOFError, KeyboardInterrupt):
        # End of input and Ctrl-C end the program as `exit` does. At a terminal the cursor
        # still sits after the prompt, so end that line; a pipe gets the protocol untouched.
        if sys.stdout.isatty():
            sys.stdout.write("\n")
    except BrokenPipeError:
        # Whoever read our output has gone, as with `| head`. Python flushes stdout once more
        # at exit; point it at the null device so that flush cannot fail with a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The options; all are off by default, so the program speaks seed 002's protocol exactly."""
    parser = argparse.ArgumentParser(
        prog="python -m webapp.terminal",
        description="Tic-tac-toe in the terminal: the console game of seed 002.",
    )
    notation = parser.add_mutually_exclusive_group()
    notation.add_argument(
        "--numpad",
        action="store_true",
        help="type moves as one numpad digit, 7 top-left to 3 bottom-right",
    )
    notation.add_argument(
        "--cells", action="store_true", help="type moves as cell ids, A1 (top-left) to C3"
    )
    parser.add_argument(
        "--board",
        choices=BOARD_NAMES,
        help="play on a larger board: 5x5 (four in a row win) or 7x7 (five); 3x3 by default",
    )
    parser.add_argument(
        "--position",
        type=position_argument,
        default=None,
        metavar="CELLS",
        help="start every game from this position, e.g. _XXOO_OX_ (side to move from the counts)",
    )
    parser.add_argument(
        "--seed",
        type=int,
        metavar="N",
        help=f"seed the computer players' randomness; meant for tests (also ${SEED_VARIABLE})",
    )
    return parser


def position_argument(text: str) -> Board:
    """The board of ``--position``; an impossible one is refused with the engine's reason."""
    try:
        return Board.from_string(text)
    except InvalidPositionError as error:
        raise argparse.ArgumentTypeError(str(error)) from error


def chosen_start(parser: argparse.ArgumentParser, options: argparse.Namespace) -> Board:
    """The board every game starts from: ``--position``'s, else the empty ``--board``; a
    position of another size than ``--board``, or numpad keys off 3x3, are refused."""
    size = parse_board(options.board) if options.board else None
    start: Board = options.position if options.position is not None else Board(size or 3)
    if size is not None and start.size != size:
        parser.error(f"--position has {start.size * start.size} cells, not {size * size}")
    if options.numpad and start.size != 3:
        parser.error("--numpad is for the 3x3 board: use --cells or coordinates")
    return start


def chosen_seed(parser: argparse.ArgumentParser, seed_option: int | None) -> int | None:
    """The seed of ``--seed``, else of the environment variable, else ``None`` (unseeded)."""
    if seed_option is not None:
        return seed_option
    text = os.environ.get(SEED_VARIABLE, "").strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        parser.error(f"{SEED_VARIABLE} must be a whole number, not {text!r}")
