"""The terminal front end: seed 002's console game, played on the shared engine."""

from .cli import main

__all__ = ["main"]
