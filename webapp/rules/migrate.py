"""Reading a stored match of any schema: the current one, and every older form upgraded."""

from __future__ import annotations

from typing import Any

from .errors import LostMatchError
from .match import SCHEMA, Match, other


def read(data: Any) -> Match:
    """The match stored as ``data``, whichever schema wrote it; LostMatchError if none did."""
    if not isinstance(data, dict):
        raise LostMatchError()
    if "schema" not in data:
        data = from_schema_1(data)
    if data.get("schema") != SCHEMA:
        raise LostMatchError()
    return Match.from_dict(data)


def from_schema_1(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 (before November 2026): the players as ``x`` and ``o``, ``first`` the mark of
    player 1, online seats apart under ``online``, and the score keyed by English names
    ("You", "Player 1", "Computer (hard)"), which the seats' ids replace here."""
    try:
        x, o, first = data["x"], data["o"], data["first"]
        online = data.get("online") or {}
        if not isinstance(online, dict):
            raise LostMatchError()
        keys = online.get("keys", ["", ""])
        wins = data["wins"]
        if first not in ("X", "O") or not isinstance(wins, dict) or len(keys) != 2:
            raise LostMatchError()
    except (KeyError, TypeError, AttributeError) as error:
        raise LostMatchError() from error
    kinds = {"X": x, "O": o}
    marks = {"1": first, "2": other(first)}
    names = legacy_names(x, o, first)
    seat_wins = {s: _wins_of(wins, names[mark], kinds[mark], x, o) for s, mark in marks.items()}
    return {
        "schema": SCHEMA,
        "seats": [
            {"id": seat, "kind": kinds[mark], "mark": mark, "key": keys[int(seat) - 1]}
            for seat, mark in marks.items()
        ],
        "start": data.get("start"),
        "moves": data.get("moves"),
        "game_id": data.get("game_id"),
        "wins": seat_wins,
        "draws": data.get("draws"),
        "scored": data.get("scored"),
        "invite": online.get("invite", ""),
        "rematch": online.get("rematch", ""),
        "ending": online.get("ending", ""),
        "winner": online.get("winner", ""),
    }


def legacy_names(x: str, o: str, first: str = "X") -> dict[str, str]:
    """Schema 1's English name of the player of each mark, which was its key in the score
    (and which the API's ``names`` and ``tally`` still show): ``You`` and ``Computer (hard)``,
    ``Computer (easy)`` and ``Computer (hard)``, or ``Player 1`` and ``Player 2`` (``Computer
    1`` and ``2``) with player 1 playing ``first``."""
    if (x == "user") != (o == "user"):
        return {
            mark: "You" if kind == "user" else f"Computer ({kind})"
            for mark, kind in (("X", x), ("O", o))
        }
    if x != o:
        return {"X": f"Computer ({x})", "O": f"Computer ({o})"}
    base = "Player" if x == "user" else "Computer"
    return {first: f"{base} 1", other(first): f"{base} 2"}


def _wins(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def _wins_of(wins: dict[str, Any], name: str, kind: str, x: str, o: str) -> int:
    """The wins stored under ``name``; a computer against a person was once named only
    "Computer", and those wins are its too."""
    count = _wins(wins.get(name))
    if kind != "user" and "user" in (x, o):
        count += _wins(wins.get("Computer"))
    return count
