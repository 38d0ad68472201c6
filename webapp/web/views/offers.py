"""The body of an offer to the other player (a takeback, a draw): make it, accept it only, or
decline it (or withdraw one's own)."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta

from .schema import ExpectedBody


class AnswerBody(ExpectedBody, kw_only=True):
    """An offer made, or the other player's accepted, when ``accept`` is left out."""

    accept: Annotated[bool | None, Meta(description="true accepts only; false declines.")] = None
