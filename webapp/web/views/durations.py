"""How long is left or has gone by, as a clock reads it (``10:00``, ``1:05:00``): one form in
every language, which the pages' sentences put in their own words."""

from __future__ import annotations


def reading(seconds: int) -> str:
    """``seconds`` as minutes and seconds, ``10:00`` or ``0:05``; with hours first from an
    hour on, ``1:05:00``, so a long arena is not read in hundreds of minutes."""
    hours, rest = divmod(max(0, seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
