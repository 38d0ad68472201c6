"""Run the terminal game as a real subprocess, and read its transcripts back."""

from __future__ import annotations

import os
import re
import selectors
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType

from webapp.engine import CELL_IDS

ROOT = Path(__file__).resolve().parents[2]
COMMAND = (sys.executable, "-m", "webapp.terminal")
MENU = "Input command: "
ASK = "Enter the coordinates: "
SEED_VARIABLE = "TICTACTOE_SEED"

# A line of seed 002's notation where the user answers a prompt: "Input command: > exit".
_ANSWERED_PROMPT = re.compile(r"^(?P<prompt>.*?: )> (?P<answer>.*)$")


def environment(**extra: str) -> dict[str, str]:
    """The parent's environment without a seed of its own, plus ``extra``."""
    env = {name: value for name, value in os.environ.items() if name != SEED_VARIABLE}
    env.update(extra)
    return env


def run(
    stdin: str, *options: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run the program to its end with ``stdin`` as its whole input."""
    return subprocess.run(
        [*COMMAND, *options],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env if env is not None else environment(),
        timeout=30,
        check=False,
    )


def from_seed_notation(transcript: str) -> tuple[str, str]:
    """Split a transcript in seed 002's ``> answer`` notation into (stdin, expected stdout).

    In the seed's examples the answers show only because of the ``> `` notation: the real
    program writes its prompt without a newline and never echoes what was typed.
    """
    answers: list[str] = []
    output: list[str] = []
    for line in transcript.splitlines(keepends=True):
        answered = _ANSWERED_PROMPT.match(line.removesuffix("\n"))
        if answered:
            output.append(answered["prompt"])
            answers.append(answered["answer"] + "\n")
        else:
            output.append(line)
    return "".join(answers), "".join(output)


def board(top: str, middle: str, bottom: str) -> str:
    """Seed 002's drawing of a board given as three rows of three marks (space = empty)."""
    rows = "".join(f"| {' '.join(row)} |\n" for row in (top, middle, bottom))
    return "---------\n" + rows + "---------\n"


def boards_in(output: str) -> list[str]:
    """Every board printed in ``output``, as a 9-character position string."""
    rows = [line[2:7:2] for line in output.splitlines() if re.fullmatch(r"\| . . . \|", line)]
    assert len(rows) % 3 == 0, output
    return ["".join(rows[i : i + 3]).replace(" ", "_") for i in range(0, len(rows), 3)]


def _reset_sigint() -> None:
    """Let SIGINT interrupt the program, as Ctrl-C at a terminal does."""
    # A shell that starts a job in the background makes it ignore SIGINT, and Python keeps an
    # ignored SIGINT ignored; give the program the disposition a person at a terminal has.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Interactive:
    """A running program answered one line at a time, reading up to each prompt."""

    def __init__(self, *options: str, timeout: float = 10.0) -> None:
        """Start the program with ``options``; every read gives up after ``timeout`` seconds."""
        self.timeout = timeout
        self.process = subprocess.Popen(
            [*COMMAND, *options],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            env=environment(),
            preexec_fn=_reset_sigint,
        )
        assert self.process.stdin and self.process.stdout
        self._stdin = self.process.stdin
        self._stdout = self.process.stdout
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._stdout, selectors.EVENT_READ)

    def __enter__(self) -> Interactive:
        """The program, stopped when the block ends."""
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        """Stop the program if it still runs, and release its pipes."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        self._selector.close()
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream:
                stream.close()

    def read_to_prompt(self) -> str:
        """Everything the program writes up to and including its next prompt."""
        deadline = time.monotonic() + self.timeout
        received = b""
        while not received.endswith((MENU.encode(), ASK.encode())):
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not self._selector.select(remaining):
                raise TimeoutError(f"no prompt after {received.decode()!r}")
            chunk = os.read(self._stdout.fileno(), 65536)
            if not chunk:
                raise EOFError(f"the program ended after {received.decode()!r}")
            received += chunk
        return received.decode()

    def answer(self, line: str) -> str:
        """Type ``line`` and return what the program writes up to its next prompt."""
        self._stdin.write(line.encode() + b"\n")
        self._stdin.flush()
        return self.read_to_prompt()

    def finish(self) -> tuple[int, str, str]:
        """Close the input, wait for the end: (exit status, rest of stdout, stderr)."""
        stdout, stderr = self.process.communicate(timeout=self.timeout)
        return self.process.returncode, stdout.decode(), stderr.decode()


CELL_NAMES = CELL_IDS


def board_of(position: str) -> str:
    """Seed 002's drawing of a 9-character position string (``_`` = empty)."""
    marks = position.replace("_", " ")
    return board(marks[0:3], marks[3:6], marks[6:9])


def after(position: str, cell: str) -> str:
    """The position after the side to move (X on equal counts) marks ``cell``."""
    mark = "X" if position.count("X") == position.count("O") else "O"
    index = CELL_NAMES.index(cell)
    assert position[index] == "_", (position, cell)
    return position[:index] + mark + position[index + 1 :]
