"""The seats of a match played from two devices: keys, the invite, rematch offers, endings."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, replace
from typing import Any

SEATS = ("1", "2")  # player 1 made the match and invited player 2
ENDINGS = ("resigned", "aborted", "claimed")
_SECRET = re.compile(r"[A-Za-z0-9_-]{22}")  # secrets.token_urlsafe(16): 128 random bits


def new_secret() -> str:
    """A fresh unguessable key for a seat or an invite."""
    return secrets.token_urlsafe(16)


def is_secret(value: Any) -> bool:
    """Whether ``value`` has the shape of a key or an invite secret."""
    return isinstance(value, str) and _SECRET.fullmatch(value) is not None


@dataclass(frozen=True)
class Online:
    """Who holds each seat of an online match, and how its current game stands.

    ``keys`` are the secrets of the browsers in seats 1 and 2 (``""`` while seat 2 is free):
    a session holding one is that player. ``invite`` is the secret of the link that seats
    player 2. ``rematch`` is the seat that offered a rematch of the finished game.
    ``ending`` is how a game ended off the board (resigned, aborted or claimed), with
    ``winner`` the mark that won it (``""`` for none).
    """

    keys: tuple[str, str]
    invite: str
    rematch: str = ""
    ending: str = ""
    winner: str = ""

    @classmethod
    def opened(cls, key: str) -> Online:
        """A new online match: player 1 seated with ``key``, seat 2 waiting for its invite."""
        return cls((key, ""), new_secret())

    @property
    def full(self) -> bool:
        """Whether both seats are taken."""
        return all(self.keys)

    def seat_of(self, key: Any) -> str | None:
        """The seat held by the browser with ``key``, if any."""
        if not is_secret(key):
            return None
        for seat, held in zip(SEATS, self.keys, strict=True):
            if held and secrets.compare_digest(held, key):
                return seat
        return None

    def with_key(self, seat: str, key: str) -> Online:
        """Seat ``seat`` held by the browser with ``key`` (a join, or a seat moved)."""
        keys = (key, self.keys[1]) if seat == "1" else (self.keys[0], key)
        return replace(self, keys=keys)

    def next_game(self) -> Online:
        """The seats as a new game starts: no ending and no offer."""
        return replace(self, rematch="", ending="", winner="")

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the store."""
        return {
            "keys": list(self.keys),
            "invite": self.invite,
            "rematch": self.rematch,
            "ending": self.ending,
            "winner": self.winner,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Online | None:
        """The seats of :meth:`to_dict`'s data, or ``None`` if it is not data we wrote."""
        if not isinstance(data, dict):
            return None
        keys: Any = data.get("keys")
        invite: Any = data.get("invite")
        rematch: Any = data.get("rematch")
        ending: Any = data.get("ending")
        winner: Any = data.get("winner")
        valid = (
            isinstance(keys, list)
            and len(keys) == 2
            and is_secret(keys[0])
            and (keys[1] == "" or is_secret(keys[1]))
            and is_secret(invite)
            and rematch in ("", *SEATS)
            and ending in ("", *ENDINGS)
            and winner in ("", "X", "O")
        )
        if not valid:
            return None
        return cls((keys[0], keys[1]), invite, rematch, ending, winner)
