"""An arena as a page shows it: the JSON the API answers (its state and times, the standings
of its best players with the viewer's own row), and what only the page needs of it."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import UTC, datetime

from msgspec import structs

from ...engine import LINE_OF_SIZE
from ...rules.arena import COMING, OVER, Player
from .. import timing
from ..cycle import arenas
from ..cycle.arenas import Look
from ..live.shared import Shared
from ..site import browsers, i18n
from ..site.i18n import gettext as _
from ..site.i18n import ngettext
from ..site.names import shown
from .arena_json import ArenaJson, ArenaYouJson, StandingJson, link
from .naming import board_label

TOP = 10  # rows the page shows before the viewer's own


@dataclass(frozen=True)
class Standing:
    """One row: ``shown``, the API's row (rank, name, points, games, streak, whether it is the
    viewer's, playing, paused), and the player's place number (join order: how a live page
    finds a row, without any browser's id)."""

    shown: StandingJson
    number: int
    browser: str = field(default="", repr=False, compare=False)  # never shown: whose row


@dataclass(frozen=True)
class ArenaView:
    """What the arena page shows to one browser: ``arena``, what GET /api/arenas/<id> answers
    it, and what only the page needs: each row's place number, the viewer's entry as read,
    and the seconds to the start (while coming) or to the end (while running)."""

    arena: ArenaJson
    standings: tuple[Standing, ...]
    you: Player | None
    seconds: int

    @property
    def top(self) -> tuple[Standing, ...]:
        """The best rows, and the viewer's own after them if it is not among them."""
        best = self.standings[:TOP]
        mine = [row for row in self.standings[TOP:] if row.shown.you]
        return (*best, *mine)

    @property
    def podium(self) -> tuple[Standing, ...]:
        """The first three, once the arena is over and has been played."""
        over = self.arena.state == OVER
        return tuple(row for row in self.standings[:3] if row.shown.games) if over else ()

    @property
    def title(self) -> str:
        """The arena's length and clock in words, e.g. ``Arena: 5 minutes, 10 s a move``, and
        its board when it is not 3x3 (``…, on 7x7, 5 in a row``)."""
        length, clock, size = self.arena.length, self.arena.clock, self.arena.size
        if length % 60:
            words = ngettext("%(num)d second", "%(num)d seconds", length)
        else:
            words = ngettext("%(num)d minute", "%(num)d minutes", length // 60)
        if size == 3:
            return _("Arena: %(length)s, %(seconds)d s a move", length=words, seconds=clock)
        board = board_label(f"{size}x{size}", LINE_OF_SIZE[size])
        return _(
            "Arena: %(length)s, %(seconds)d s a move, on %(board)s",
            length=words,
            seconds=clock,
            board=board,
        )

    @property
    def you_number(self) -> int | None:
        """The viewer's place number (join order), if they joined."""
        return None if self.you is None else self.you.number

    @property
    def you_name(self) -> str:
        """The viewer's drawn name in the request's language, if they joined."""
        return shown(self.you.name) if self.you is not None else ""


def standings(found: Look, you: Player | None, named: bool = True) -> tuple[Standing, ...]:
    """The best players by points (the first to join first among equals), ranked, and ``you``
    after them if not among them; the names in the request's language unless not ``named``
    (then ``""``: no request is needed). The best rows are made once per language and process
    for every viewer, and again only after a change that moved them (``Look.ranked``)."""
    language = i18n.language() if named else ""
    best = _BEST.get((found.arena_id, found.ranked, language), lambda: _best(found, named))
    mine = you.browser if you is not None else ""
    rows = [_yours(row) if row.browser == mine else row for row in best]
    if you is not None and all(row.browser != mine for row in best):
        rank = arenas.rank(found.arena_id, you.points)
        rows.append(_standing(you, rank, True, named))
    return tuple(rows)


def _best(found: Look, named: bool) -> tuple[Standing, ...]:
    """The best players' rows, ranked (ranks shared by equal points), nobody's own."""
    rows, rank, last = [], 0, None
    for place, player in enumerate(found.best, start=1):
        if player.points != last:
            rank, last = place, player.points
        rows.append(_standing(player, rank, False, named))
    return tuple(rows)


def _named(name: str) -> str:
    """A drawn name in the request's language, made once per language and process (about
    256 names): a look names its best players at every version."""
    key = (i18n.language(), name)
    found = _NAMES.get(key)
    if found is None:
        if len(_NAMES) > 8192:
            _NAMES.clear()
        found = _NAMES[key] = shown(name)
    return found


_NAMES: dict[tuple[str, str], str] = {}
_BEST: Shared[tuple[str, int, str], tuple[Standing, ...]] = Shared(256)


def _standing(player: Player, rank: int, you: bool, named: bool) -> Standing:
    """``player``'s row at ``rank``."""
    name = _named(player.name) if named else ""
    streak, playing = player.wins_in_row, bool(player.match)
    row = StandingJson(
        rank,
        name,
        player.points,
        player.games,
        streak,
        you,
        playing,
        player.paused,
        player.withdrawn,
    )
    return Standing(row, player.number, player.browser)


def _yours(row: Standing) -> Standing:
    """``row``, the viewer's own."""
    return replace(row, shown=structs.replace(row.shown, you=True))


def view(found: Look, browser: str, you: Player | None = None, read: bool = True) -> ArenaView:
    """The arena ``found`` as ``browser`` sees it now (``""``: a viewer not in it), with its
    entry ``you`` (read now if ``read``): its page, and in it the JSON the API answers."""
    arena, now = found.arena, timing.now()
    state = arena.state(now)
    until = arena.starts if state == COMING else arena.ends
    seconds = max(0, int(until - now + 0.999)) if state != OVER else 0
    if read:
        you = arenas.player(found.arena_id, browser) if browser else None
    rows = standings(found, you)
    mine = (
        None
        if you is None
        else ArenaYouJson(not you.withdrawn, you.paused, you.points, bool(you.match))
    )
    json = ArenaJson(
        found.arena_id,
        link(found.arena_id),
        state,  # type: ignore[arg-type]
        iso(arena.starts),
        iso(arena.ends),
        arena.length,
        arena.clock,
        arena.private,
        arena.size,
        [row.shown for row in rows],
        mine,
        found.joined,
        found.playing,
        found.waiting,
        found.games,
    )
    return ArenaView(json, rows, you, seconds)


def arena_json(found: Look) -> ArenaJson:
    """The arena as the API answers it to this browser."""
    return view(found, browsers.browser_id()).arena


def iso(when: float) -> str:
    """``when`` (seconds since 1970) in ISO 8601, UTC, to the second."""
    return datetime.fromtimestamp(when, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
