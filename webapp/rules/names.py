"""Who plays which mark: the players' names for the score, the coin toss, and the other mark."""

from __future__ import annotations

import random

MARKS = ("X", "O")

# The coin of the setup form; tests replace it with a seeded or fixed one.
coin = random.SystemRandom()


def other(mark: str) -> str:
    """The opponent's mark."""
    return "O" if mark == "X" else "X"


def player_names(x: str, o: str, first: str = "X") -> dict[str, str]:
    """The score name of the player of each mark.

    A person against the computer is ``You`` and ``Computer (hard)``; two computers at different
    levels are named by level. Two people (or two computers at one level) are ``Player 1``
    and ``Player 2`` (``Computer 1`` and ``Computer 2``), and ``first`` is the mark that
    player 1 plays, so the names follow the players when they swap sides.
    """
    if (x == "user") != (o == "user"):
        return {"X": _mixed_name(x), "O": _mixed_name(o)}
    if x != o:
        return {"X": f"Computer ({x})", "O": f"Computer ({o})"}
    base = "Player" if x == "user" else "Computer"
    return {first: f"{base} 1", other(first): f"{base} 2"}


def label(kind: str, name: str) -> str:
    """How the players panel shows a player: its score name, with the level of a computer."""
    if kind == "user" or f"({kind})" in name:
        return name
    return f"{name} ({kind})"


def ordered(current: dict[str, str], wins: dict[str, int]) -> list[str]:
    """The names the score shows: this game's two players first (``You`` ahead), then others."""
    players = sorted(set(current.values()), key=lambda name: (name != "You", name))
    others = sorted(name for name, count in wins.items() if count and name not in players)
    return players + others


def toss() -> bool:
    """The coin toss of the setup form: ``True`` means the two chosen players swap marks."""
    return coin.random() < 0.5


def toss_message(player_names: dict[str, str]) -> str:
    """What the coin decided, in words, e.g. ``The coin toss chose you to play X.``"""
    name = player_names["X"]
    who = "you" if name == "You" else name
    if "You" in player_names.values() and name != "You":
        who = "the computer"
    return f"The coin toss chose {who} to play X."


def _mixed_name(kind: str) -> str:
    """A person against the computer: ``You``, or the computer with its level, as a computer
    that beats a person at hard is not the one that beats them at easy."""
    return "You" if kind == "user" else f"Computer ({kind})"
