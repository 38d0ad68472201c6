"""Who sees which version of a match: spectators its public part (the game, the seats, the
clock), each player that, the open offers and their own messages and mute. The last version
that each audience saw change is kept with the match's data."""

from __future__ import annotations

from typing import Any

from ...rules import SEAT_IDS
from ...store import MatchStore, Record, StoreUnavailable

SEEN = "seen"  # the stored data's key: the last version each audience saw change
PUBLIC = "public"  # the spectators' audience (a player's is their seat)
# What forms act on: the public part but for the clock's deadline, so that time given to the
# player to move (rules/moretime.py) shows on every board without making its form stale.
FORMS = "forms"
# The stored keys that spectators never see; forms act on none of them, so an offer made and
# withdrawn over and over never makes the other player's move stale (a move answers offers).
PRIVATE = ("said", "muted", "offers", SEEN)


def seen_versions(data: Any, version: int) -> dict[str, int]:
    """The last version (at most ``version``) that each audience saw change, as ``data``
    keeps it; an audience left out (data saved before this was kept) sees every version."""
    seen = data.get(SEEN) if isinstance(data, dict) else None
    if not isinstance(seen, dict):
        return {}
    return {
        key: value
        for key, value in seen.items()
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= version
    }


def acted_on(data: Any, version: int) -> int:
    """The last version (at most ``version``) that changed what forms act on."""
    seen = seen_versions(data, version)
    return seen.get(FORMS, seen.get(PUBLIC, version))


def stored(
    store: MatchStore, match_id: str, version: int
) -> tuple[int, dict[str, int], Record | None]:
    """The version of ``match_id`` stored now (at least ``version``), what each audience saw
    of it, and the record read; a store that cannot tell now shows that version to everyone."""
    try:
        record = store.get(match_id)
    except StoreUnavailable:
        return version, {}, None
    if record is None or record.version < version:
        return version, {}, None
    return (*told(record), record)


def told(record: Record | None) -> tuple[int, dict[str, int]]:
    """The version of ``record`` and what each audience saw of it (0 for no record)."""
    return (
        (0, {}) if record is None else (record.version, seen_versions(record.data, record.version))
    )


def audiences(before: dict[str, Any] | None, version: int, after: dict[str, Any]) -> dict[str, Any]:
    """``after``, the data to save as the version after ``version``, keeping the last version
    that changed what each audience sees; ``before`` itself when nothing changed."""
    old, following = seen_versions(before, version), version + 1
    if before is None:
        return {**after, SEEN: dict.fromkeys((PUBLIC, *SEAT_IDS, FORMS), following)}
    shown, showing = _public(before), _public(after)  # each side's made once
    forms = old.get(FORMS, old.get(PUBLIC, version))
    if _acted_on(shown) != _acted_on(showing):
        forms = following
    if shown != showing:
        return {**after, SEEN: {**dict.fromkeys((PUBLIC, *SEAT_IDS), following), FORMS: forms}}
    seen = {PUBLIC: old.get(PUBLIC, version), FORMS: forms}
    for seat in SEAT_IDS:
        changed = _private(before, seat) != _private(after, seat)
        seen[seat] = following if changed else old.get(seat, version)
    if {**after, SEEN: before.get(SEEN)} == before:
        return before
    return {**after, SEEN: seen}


def _public(data: dict[str, Any]) -> dict[str, Any]:
    """What every viewer of a match sees, and what its forms act on. A seat's drawn name is
    left out: a paired player's name is put on its seat as it enters the match the other made,
    and that must not make the other's board stale (its first move would be refused); boards
    show it from the next change on."""
    public = {key: value for key, value in data.items() if key not in PRIVATE}
    seats = public.get("seats")
    if isinstance(seats, list):
        public["seats"] = [_unnamed(seat) for seat in seats]
    return public


def _acted_on(public: dict[str, Any]) -> dict[str, Any]:
    """What forms act on, of a match's ``public`` part: that part without the deadline (a form
    made before time was given still plays the same position)."""
    return {key: value for key, value in public.items() if key != "deadline"}


def _unnamed(seat: Any) -> Any:
    """A stored seat without its name."""
    return {k: v for k, v in seat.items() if k != "name"} if isinstance(seat, dict) else seat


def _private(data: dict[str, Any], seat: str) -> tuple[list[Any], bool, Any]:
    """What only the players see, as ``seat``'s player sees it: the messages shown to them
    (their own alone while they mute the other), whether they mute, and the open offers."""
    muted = seat in (data.get("muted") or ())
    said = data.get("said") or ()
    shown = [item for item in said if not (muted and item[0] != seat)]
    return shown, muted, data.get("offers")
