"""The typed parameters of the action table's rules, as a form, a JSON body or a text-mode
command gives them."""

from __future__ import annotations

from msgspec import Struct


class NoParams(Struct):
    """An action that takes nothing but the match."""


class CellParams(Struct):
    """A move: the cell, ``A1`` to ``C3`` (the rules refuse any other)."""

    cell: str = ""


class StepParams(Struct):
    """Between computers: one move, or every move left."""

    to_end: bool = False


class PhraseParams(Struct):
    """A quick message: one of the phrases (the rules refuse any other)."""

    phrase: str = ""


class MutedParams(Struct):
    """Hide (``True``) or show again the other player's quick messages."""

    muted: bool = True


class AnswerParams(Struct):
    """An offer: make or accept it (``None``), accept only (``True``), decline or withdraw."""

    accept: bool | None = None
