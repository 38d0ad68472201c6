"""An arena as a page shows it: its state and times, the standings (rank, name, points,
games, streak) with the viewer's own row, the podium once over."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from ...rules.arena import COMING, OVER, Arena, Player
from .. import timing
from ..site.i18n import gettext as _
from ..site.i18n import ngettext
from ..site.names import shown

TOP = 10  # rows the page shows before the viewer's own


@dataclass(frozen=True)
class Standing:
    """One row: the rank (shared by equal points), the name, points, games, the wins in a
    row, whether it is the viewer's, whether they play now, and the player's place number
    (join order: how a live page finds a row, without any browser's id)."""

    rank: int
    name: str
    points: int
    games: int
    streak: int
    you: bool
    playing: bool
    number: int
    paused: bool


@dataclass(frozen=True)
class ArenaView:
    """What the arena page shows to one browser."""

    arena_id: str
    arena: Arena
    state: str
    standings: tuple[Standing, ...]
    you: Player | None
    starts: str  # ISO 8601, UTC
    ends: str
    seconds: int  # to the start while coming, to the end while running

    @property
    def top(self) -> tuple[Standing, ...]:
        """The best rows, and the viewer's own after them if it is not among them."""
        best = self.standings[:TOP]
        mine = [row for row in self.standings[TOP:] if row.you]
        return (*best, *mine)

    @property
    def podium(self) -> tuple[Standing, ...]:
        """The first three, once the arena is over and has been played."""
        return tuple(row for row in self.standings[:3] if row.games) if self.state == OVER else ()

    @property
    def title(self) -> str:
        """The arena's length and clock in words, e.g. ``Arena: 5 minutes, 10 s a move``."""
        length = self.arena.length
        if length % 60:
            words = ngettext("%(num)d second", "%(num)d seconds", length)
        else:
            words = ngettext("%(num)d minute", "%(num)d minutes", length // 60)
        return _("Arena: %(length)s, %(seconds)d s a move", length=words, seconds=self.arena.clock)

    @property
    def you_number(self) -> int | None:
        """The viewer's place number (join order), if they joined."""
        if self.you is None:
            return None
        return next(n for n, p in enumerate(self.arena.players) if p.browser == self.you.browser)

    @property
    def you_name(self) -> str:
        """The viewer's drawn name in the request's language, if they joined."""
        return shown(self.you.name) if self.you is not None else ""

    @property
    def in_play(self) -> int:
        """How many of its games are being played now."""
        return len({p.match for p in self.arena.players if p.match})


def standings(arena: Arena, browser: str, named: bool = True) -> tuple[Standing, ...]:
    """Every player by points (the first to join first among equals), ranked; their names in
    the request's language unless not ``named`` (then ``""``: no request is needed)."""
    numbered = sorted(enumerate(arena.players), key=lambda pair: -pair[1].points)
    rows, rank, last = [], 0, None
    words: dict[str, str] = {}  # each name in words once: 256 names, and many more players
    for place, (number, player) in enumerate(numbered, start=1):
        if player.points != last:
            rank, last = place, player.points
        if named and player.name not in words:
            words[player.name] = shown(player.name)
        name = words.get(player.name, "")
        rows.append(
            Standing(
                rank,
                name,
                player.points,
                player.games,
                player.wins_in_row,
                player.browser == browser,
                bool(player.match),
                number,
                player.paused or player.withdrawn,
            )
        )
    return tuple(rows)


def view(arena_id: str, arena: Arena, browser: str) -> ArenaView:
    """``arena`` as ``browser`` sees it now."""
    now = timing.now()
    state = arena.state(now)
    until = arena.starts if state == COMING else arena.ends
    seconds = max(0, int(until - now + 0.999)) if state != OVER else 0
    return ArenaView(
        arena_id,
        arena,
        state,
        standings(arena, browser),
        arena.player(browser),
        iso(arena.starts),
        iso(arena.ends),
        seconds,
    )


def iso(when: float) -> str:
    """``when`` (seconds since 1970) in ISO 8601, UTC, to the second."""
    return datetime.fromtimestamp(when, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
