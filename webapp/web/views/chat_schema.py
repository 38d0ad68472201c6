"""The API's quick messages: the bodies that send one or mute, and a message as answered."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal, TypeAlias

from msgspec import Meta, Struct

from ...rules.match import SEAT_IDS
from ...rules.said import PHRASES

if TYPE_CHECKING:
    # mypy sees the plain strings the rules hand out; msgspec sees the enums (api_types.py).
    Phrase: TypeAlias = str
    Sender: TypeAlias = str
else:
    Phrase = Literal[tuple(PHRASES)]
    Sender = Literal[SEAT_IDS]


class MessageBody(Struct, kw_only=True):
    """A quick message to the other player."""

    phrase: Annotated[Phrase, Meta(description="The phrase; each board shows it in its language.")]


class MuteBody(Struct, kw_only=True):
    """Hide (``true``) or show again the other player's messages."""

    muted: bool


class MessageJson(Struct):
    """A quick message as this player sees it: who sent it, the phrase, when (ISO 8601, UTC)."""

    seat: Sender
    phrase: Phrase
    at: str
