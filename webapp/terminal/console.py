"""The console the game talks through: a prompt without a newline, then one line of input."""

from __future__ import annotations

from typing import Protocol, TextIO


class Console(Protocol):
    """Where the game asks its questions and prints its lines."""

    def ask(self, prompt: str) -> str:
        """Show ``prompt`` and return the next input line; raise ``EOFError`` at end of input."""
        ...

    def say(self, line: str) -> None:
        """Print one line."""
        ...


class StreamConsole:
    """A console over text streams, such as standard input and output."""

    def __init__(self, reader: TextIO, writer: TextIO) -> None:
        """Read answers from ``reader`` and write everything to ``writer``."""
        self._reader = reader
        self._writer = writer

    def ask(self, prompt: str) -> str:
        """Write ``prompt`` as it is (no newline, no echo of the answer) and read one line."""
        self._writer.write(prompt)
        # Flush here so a program driving us through a pipe sees the question before answering.
        self._writer.flush()
        line = self._reader.readline()
        if not line:
            raise EOFError
        return line.removesuffix("\n")

    def say(self, line: str) -> None:
        """Write ``line`` and a newline."""
        self._writer.write(line + "\n")
