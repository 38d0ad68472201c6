"""An arena: a timed tournament that pairs its waiting players again and again, with points
as lichess counts them (a win 2, a draw 1, a loss 0; doubled on a streak of wins), as plain
data in and out. Every change returns a new Arena; the web layer saves it under a lock."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..engine import SIZES
from . import errors
from .errors import RuleError, UnknownLinkError

COMING, RUNNING, OVER = "coming", "running", "over"
KIND = "arena"  # the stored record's kind: an arena is kept by the match store, by its id
STREAK_AFTER = 2  # wins in a row after which a player scores double
WIN, DRAW, LOSS, ABORTED = "win", "draw", "loss", "aborted"
# A loss on time without a single move: a loss, and the player is paused (they are not at
# their board; the next opponent would wait out the clock again), as lichess does.
NO_SHOW = "no-show"


@dataclass(frozen=True)
class Player:
    """One player of an arena, by their browser's id (never shown): their drawn name, their
    points and games, their wins in a row, whether they paused or withdrew, and their game
    now (``match``, held by ``key``, as ``mark``; ``""`` when waiting to be paired)."""

    browser: str
    name: str
    points: int = 0
    games: int = 0
    wins_in_row: int = 0
    paused: bool = False
    withdrawn: bool = False
    match: str = ""
    key: str = ""
    mark: str = ""
    opponent: str = ""  # the browser last played, not met again at once if another waits
    as_x: int = 0  # games played as X and as O, so that sides alternate
    as_o: int = 0
    free_since: float = 0.0  # when they last became free to be paired
    number: int = -1  # the order in which they joined, from 0 (-1 until the arena numbers them)

    @property
    def on_streak(self) -> bool:
        """Whether the next win (or draw) scores double."""
        return self.wins_in_row >= STREAK_AFTER

    @property
    def waiting(self) -> bool:
        """Whether they wait to be paired: in the arena, not paused, not in a game."""
        return not self.paused and not self.withdrawn and not self.match


@dataclass(frozen=True)
class Made:
    """A game the arena paired: its match id, each side's player and seat key, and whether
    the two had just played each other (then they waited ``hold`` seconds on purpose)."""

    match_id: str
    x: Player
    o: Player
    rematch: bool = False

    def waited(self, starts: float, now: float, hold: float = 0.0) -> float:
        """Seconds from when both were free (and the arena running, from ``starts``; for a
        rematch, ``hold`` seconds later) to their pairing at ``now``: how long a free
        opponent was there unpaired beyond the wait for a new one."""
        free = max(self.x.free_since, self.o.free_since, starts)
        return max(0.0, now - free - (hold if self.rematch else 0.0))


@dataclass(frozen=True)
class Arena:
    """Its start (seconds since 1970), length and clock (seconds), whether only its link
    reaches it, its players in the order they joined, and the board its games are played on
    (3, 5 or 7 cells a side)."""

    starts: float
    length: int
    clock: int
    private: bool = False
    players: tuple[Player, ...] = ()
    size: int = 3

    @property
    def ends(self) -> float:
        """When no new game starts any more."""
        return self.starts + self.length

    def state(self, now: float) -> str:
        """``coming``, ``running`` or ``over`` at ``now``."""
        return COMING if now < self.starts else RUNNING if now < self.ends else OVER

    def player(self, browser: str) -> Player | None:
        """The player of ``browser``, if they joined."""
        return next((p for p in self.players if p.browser == browser), None)

    def playing(self, match_id: str) -> tuple[Player, ...]:
        """The players whose game now is ``match_id``."""
        return tuple(p for p in self.players if p.match == match_id)

    def with_player(self, changed: Player) -> Arena:
        """This arena with ``changed`` in its player's place (or added last)."""
        kept = tuple(changed if p.browser == changed.browser else p for p in self.players)
        if self.player(changed.browser) is None:
            kept = (*kept, changed)
        return replace(self, players=kept)

    def with_players(self, changed: dict[str, Player]) -> Arena:
        """This arena with each player of ``changed`` (by browser) in their place."""
        return replace(self, players=tuple(changed.get(p.browser, p) for p in self.players))

    def to_dict(self) -> dict[str, Any]:
        """Plain data that any store keeps unchanged."""
        players = [dict(vars(p)) for p in self.players]
        data = {
            "kind": KIND,
            "starts": self.starts,
            "length": self.length,
            "clock": self.clock,
            "private": self.private,
            "players": players,
        }
        return data if self.size == 3 else {**data, "size": self.size}  # 3x3's form unchanged

    @classmethod
    def from_dict(cls, data: Any) -> Arena:
        """An arena from :meth:`to_dict`'s data; RuleError if it is not an arena's."""
        try:
            if data["kind"] != KIND:
                raise UnknownLinkError(errors.NO_ARENA)
            players = tuple(
                Player(**{"number": n, **raw}) for n, raw in enumerate(data.get("players", ()))
            )
            size = data.get("size", 3)
            if size not in SIZES:
                raise UnknownLinkError(errors.NO_ARENA)
            return cls(
                float(data["starts"]),
                int(data["length"]),
                int(data["clock"]),
                bool(data["private"]),
                players,
                size,
            )
        except (KeyError, TypeError, ValueError) as error:
            raise UnknownLinkError(errors.NO_ARENA) from error


def join(arena: Arena, browser: str, name: str, now: float) -> Arena:
    """``browser`` joins (or comes back after pausing or withdrawing); refused once over."""
    if arena.state(now) == OVER:
        raise RuleError(errors.ARENA_OVER)
    found = arena.player(browser)
    if found is None:
        return arena.with_player(Player(browser, name, free_since=now))
    if not (found.paused or found.withdrawn):
        raise RuleError(errors.ARENA_JOINED)
    return arena.with_player(replace(found, paused=False, withdrawn=False, free_since=now))


def pause(arena: Arena, browser: str) -> Arena:
    """``browser`` is not paired again until it comes back (a game in play goes on)."""
    found = _member(arena, browser)
    if found.paused:
        raise RuleError(errors.ARENA_PAUSED)
    return arena.with_player(replace(found, paused=True))


def withdraw(arena: Arena, browser: str) -> Arena:
    """``browser`` leaves: never paired again unless it joins again; its points stay."""
    found = _member(arena, browser)
    return arena.with_player(replace(found, withdrawn=True, paused=False))


def _member(arena: Arena, browser: str) -> Player:
    """The player of ``browser``, who has not withdrawn; RuleError else."""
    found = arena.player(browser)
    if found is None or found.withdrawn:
        raise RuleError(errors.NOT_IN_ARENA)
    return found


def scored(player: Player, result: str) -> Player:
    """``player`` after a game of ``result``: a win 2, a draw 1, a loss 0, each doubled on a
    streak (two wins in a row before it); an aborted game counts for nobody; a no-show is a
    loss, and pauses the player."""
    if result == ABORTED:
        return player
    points = {WIN: 2, DRAW: 1, LOSS: 0, NO_SHOW: 0}[result] * (2 if player.on_streak else 1)
    in_row = player.wins_in_row + 1 if result == WIN else 0
    done = replace(player, points=player.points + points, games=player.games + 1)
    return replace(done, wins_in_row=in_row, paused=player.paused or result == NO_SHOW)


def ended(arena: Arena, match_id: str, results: dict[str, str], now: float) -> Arena:
    """The game ``match_id`` ended with ``results`` (by mark: win, draw, loss or aborted):
    its players are scored and free again. Counted once: a game no player is in any more
    (counted already) changes nothing."""
    for player in arena.playing(match_id):
        done = scored(player, results.get(player.mark, ABORTED))
        x, o = player.as_x + (player.mark == "X"), player.as_o + (player.mark == "O")
        free = replace(done, match="", key="", mark="", free_since=now, as_x=x, as_o=o)
        arena = arena.with_player(free)
    return arena
