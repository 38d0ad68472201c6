"""Quick messages for programs: ``POST /api/message`` sends a phrase, ``POST /api/mute``
hides or shows the other player's messages."""

from __future__ import annotations

from flask import Blueprint
from flask.typing import ResponseReturnValue

from ..rules import messages
from . import matches
from .api_answers import answer, game_json
from .api_bodies import decode
from .api_chat_types import MessageBody, MuteBody

bp = Blueprint("api_chat", __name__, url_prefix="/api")


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
