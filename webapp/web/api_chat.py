"""Quick messages for programs: ``POST /api/message`` sends a phrase, ``POST /api/mute``
hides or shows the other player's messages."""

from __future__ import annotations

from typing import Annotated, Literal

from flask import Blueprint
from flask.typing import ResponseReturnValue
from msgspec import Meta, Struct

from ..rules import messages
from . import matches
from .api_answers import answer, game_json
from .api_bodies import decode

bp = Blueprint("api_chat", __name__, url_prefix="/api")

# The ids of rules/said.py's PHRASES; tests/web/test_messages.py checks they agree.
Phrase = Literal["good_luck", "well_played", "thanks", "rematch", "oops"]


class MessageBody(Struct, kw_only=True):
    """A quick message to the other player."""

    phrase: Annotated[Phrase, Meta(description="The phrase; each board shows it in its language.")]


class MuteBody(Struct, kw_only=True):
    """Hide (``true``) or show again the other player's messages."""

    muted: bool


@bp.post("/message")
def message() -> ResponseReturnValue:
    """Send a quick message to the other player."""
    phrase = decode(MessageBody).phrase
    return answer(game_json(matches.act(lambda s: messages.message(s.match, s.held, phrase))[0]))


@bp.post("/mute")
def mute() -> ResponseReturnValue:
    """Hide or show again the other player's messages."""
    muted = decode(MuteBody).muted
    return answer(game_json(matches.act(lambda s: messages.mute(s.match, s.held, muted))[0]))
