"""What a posted form says it was made for: the match and the version of the board it showed."""

from __future__ import annotations

from flask import request

from .cycle import Expected


def posted_expected() -> Expected | None:
    """What the posted form was made for: the match, and the version of the board it showed,
    which a move made after a later change of the game is refused against (a message or a
    mute since changes nothing: Expected.is_stale). The messages' form sends no version, as
    nothing it acts on is in the game. Requests that send neither (scripts speaking only
    the ``cell`` contract) are validated by the rules alone."""
    match_id, version = request.form.get("match"), request.form.get("version")
    if match_id is None and version is None:
        return None
    # Only a short run of ASCII digits is a version: int() refuses "²" and 5,000 digits.
    number = None if version is None else -1
    if version is not None and version.isascii() and version.isdigit() and len(version) < 19:
        number = int(version)
    return Expected(match_id=match_id, version=number)
