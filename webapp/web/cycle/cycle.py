"""The one way a match changes: a pure step (the stored match as seen, the action, what the
request expected, the time) that says what to save and what to refuse, and one shell that
locks, loads, saves, publishes and counts. Every change goes through it, the clock's
settlement too."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from blinker import Namespace

from ...engine import N_, TicTacToeError
from ...rules import LostMatchError, Match, Outcome, read
from ...rules import clock as clocks
from ...rules.errors import OUT_OF_TIME, OutOfTimeError
from ...rules.termination import Termination
from ...store import MatchStore, Record
from ..live.audience import audiences, seen_versions
from ..live.live import Hub
from ..site import metrics
from ..site.errors import WebError
from ..site.i18n import gettext as _
from ..site.refusals import STALE

# A program sent no page, and its request may be no move: it is told the version to read again.
STALE_FOR_PROGRAMS = N_(
    "The match has changed since the state this request was made for (it is at version "
    "%(version)s now); nothing was changed. Read the match again and retry."
)


class StaleFormError(WebError):
    """A form or request made for another state of the match than the stored one, which is
    at ``version`` now."""

    refusal = STALE

    def __init__(self, version: int) -> None:
        super().__init__()
        self.version = version

    def for_programs(self) -> str:
        """What a program is told: the version the match is at now."""
        return _(STALE_FOR_PROGRAMS, version=self.version)


@dataclass(frozen=True)
class Current:
    """The match as this request sees it: ``match_id`` is ``""`` for a visitor whose match is
    not stored yet (it is, at their first change), and ``version`` 0 then. ``held`` are the
    person seats this browser holds; ``watching`` marks a match shown through a watch link.
    ``public`` is the last version that changed what forms act on and spectators see (the
    game, the seats, the offers, the clock; not the messages or a mute): ``None`` when not
    known, which counts every version."""

    match: Match
    match_id: str
    version: int
    held: frozenset[str] = frozenset()
    watching: bool = False
    public: int | None = None

    @property
    def you(self) -> str | None:
        """The marks this browser plays: ``X``, ``O``, ``both`` (every seat: hot-seat, or two
        computers it runs), or ``None`` for a spectator."""
        people = self.match.people
        if self.watching or (people and not self.held):
            return None
        if self.held == people:
            return self.match.seat(next(iter(people))).mark if len(people) == 1 else "both"
        return self.match.seat(next(iter(self.held))).mark

    @property
    def seat(self) -> str | None:
        """The one seat this browser plays from against a person elsewhere, if any."""
        return next(iter(self.held)) if self.match.online and len(self.held) == 1 else None


@dataclass(frozen=True)
class Expected:
    """What a request says it was made for; ``None`` fields are not checked."""

    match_id: str | None = None
    version: int | None = None
    game_id: str | None = None
    ply: int | None = None

    def is_stale(self, current: Current) -> bool:
        """Whether ``current`` is not the state the request was made for: another match,
        game or ply, or a ``version`` from before the last public change (or not yet
        saved). A message or a mute since ``version`` makes nothing stale: the opponent
        toggling mute would otherwise refuse every move until the clock ran out."""
        pairs = (
            (self.match_id, current.match_id),
            (self.game_id, current.match.game_id),
            (self.ply, current.match.game.ply),
        )
        if any(expected is not None and expected != actual for expected, actual in pairs):
            return True
        public = current.version if current.public is None else current.public
        return self.version is not None and not public <= self.version <= current.version


@dataclass(frozen=True)
class Stepped:
    """What a step made of a match: the change to save (``None``: nothing), and the refusal
    to raise once it is saved (``None``: the action was applied)."""

    outcome: Outcome | None = None
    refusal: TicTacToeError | None = None


Change = Callable[[Current], Outcome]  # an action, applied to the match as seen
# Sent (by match id, with ``match=``) after each saved change, whatever made it: an arena
# counts its game's result there, and the shell need not know of arenas.
saved = Namespace().signal("match-saved")


def step(seen: Current, action: Change, expected: Expected | None, at: float) -> Stepped:
    """The pure step of a request: a clock that ran out ends the game on time (saved) and
    the action is refused, saying so; a request made for another state is refused as stale;
    else the action's outcome (or its RuleError), with the clock wound at ``at``."""
    ended = clocks.expire(seen.match, at)
    if ended is not None:
        return Stepped(ended, OutOfTimeError(OUT_OF_TIME))
    if expected is not None and expected.is_stale(seen):
        # The page was made before the clock ended its game (a look since, text mode's own
        # among them, saved that end): the reason the move is refused is the time, as it is
        # for the first request after the deadline.
        if seen.match.termination is Termination.TIME:
            return Stepped(None, OutOfTimeError(OUT_OF_TIME))
        return Stepped(None, StaleFormError(seen.version))
    outcome = action(seen)
    return Stepped(Outcome(clocks.wound(seen.match, outcome.match, at), outcome.happened))


def commit(
    store: MatchStore, hub: Hub, match_id: str, change: Callable[[Record], Stepped]
) -> tuple[Record, Stepped]:
    """The shell: under ``match_id``'s lock, load its record, take ``change``'s step and save
    what it made; then tell live boards and count it. The step's refusal is the caller's to
    raise (what it saved stays saved)."""
    with store.locked(match_id) as record:
        before = record.version
        stepped = change(record)
        if stepped.outcome is not None:
            record.data = audiences(record.data, record.version, stepped.outcome.match.to_dict())
    if stepped.outcome is not None and record.version != before:  # a change nobody sees: none
        seen = seen_versions(record.data, record.version)
        hub.changed(record.match_id, record.version, seen, record)
        _count(stepped.outcome, created=record.version == 1)
        saved.send(record.match_id, match=stepped.outcome.match)
    return record, stepped


def settle(store: MatchStore, hub: Hub, record: Record) -> Record:
    """``record`` as read; if its match's clock has run out, the game ended on time through
    the shell, unless the version changed since it was read (another request got there
    first, or a move did). Returns the record as it stands now."""
    if not (isinstance(record.data, dict) and record.data.get("deadline")):
        return record  # no clock runs (0, or a record from before clocks): nothing to read
    try:
        match = read(record.data)
    except LostMatchError:
        return record
    at = hub.clock()
    if not clocks.expired(match, at):
        return record

    def expire(locked: Record) -> Stepped:
        return Stepped(clocks.expire(match, at) if locked.version == record.version else None)

    return commit(store, hub, record.match_id, expire)[0]


def _count(outcome: Outcome, created: bool) -> None:
    """The metrics of a saved change: the moves it played, and a new match by kind."""
    moves = sum(1 for event in outcome.happened if event.what == "moved")
    if moves:
        metrics.move_applied(moves)
    if created:
        people = len(outcome.match.people)
        kind = "online" if outcome.match.online else ("computers", "computer", "hot-seat")[people]
        metrics.match_created(kind)
