"""The board page's parts (_parts.html), each from the smaller model it renders from: a part
that a move did not change (the mode bar, the score, the links to share, the panels of an
online match) is taken as it was kept, and only what changed is rendered anew."""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from ...rules import moretime
from ..cycle.deadlines import ClockView
from ..cycle.matches import Current
from .chat import ChatView
from .fragments import Parts, part
from .grid import Move
from .models import BoardView, OnlineParts, ScoreView
from .naming import name, who

TEMPLATE = "_parts.html"
# In the page's order; the move form (or a spectator's box) holds those from grid to reset.
PARTS = (
    "modes",
    "score",
    "banner",
    "clock",
    "alerts",
    "invite",
    "grid",
    "controls",
    "claim",
    "players",
    "moves",
    "reset",
    "chat",
    "online",
    "share",
)


@dataclass(frozen=True)
class Drawn:
    """What the parts are drawn from besides the match: the board's view model, the score, the
    fragments rendered from the view, and the link to this position's setup."""

    view: BoardView
    score: ScoreView
    status: Markup
    grid: Markup
    controls: Markup
    players: Markup
    share_path: str


@dataclass(frozen=True)
class Modes:
    """The mode bar: the mode in play, the board's size, and whether it can change now."""

    mode: str
    playing: bool  # a player's board (a spectator's mode bar only starts a match of its own)
    online: bool
    locked: bool  # an online game in play is left by resigning or aborting it
    size: int


@dataclass(frozen=True)
class Alerts:
    """An online player's "your turn" alerts: whether it is their turn, and the status."""

    active: bool
    status: str


@dataclass(frozen=True)
class Invite:
    """Player 1's invite: the link, and the mark it seats the friend as."""

    url: str
    mark: str


@dataclass(frozen=True)
class Grid:
    """The grid's fragment, and the version the move form acts on (``None``: no form)."""

    version: int | None
    grid: Markup


@dataclass(frozen=True)
class Claim:
    """Beside the buttons: a win to claim (``paired``: the absent player was met by quick
    pairing), and time to give the other player while their clock runs (rules/moretime.py)."""

    claim: bool
    paired: bool
    give_time: bool
    given_by: str = ""  # the other player who gave this browser's seat time since the last move


@dataclass(frozen=True)
class Moves:
    """The move list: its moves, its game's id (which the replay links name), and whether the
    review link is shown (a player's game that is over); a spectator's links name the match
    too (``match_id``), as the replay is of this browser's own match otherwise."""

    moves: tuple[Move, ...]
    game_id: str
    review: bool
    match_id: str = ""


@dataclass(frozen=True)
class Chat:
    """A player's quick messages (``None``: none shown) and the match they go to."""

    chat: ChatView | None
    match_id: str


@dataclass(frozen=True)
class Online:
    """The online panel: its links, and whether this browser only watches."""

    links: OnlineParts
    watching: bool


def board_parts(
    current: Current,
    drawn: Drawn,
    extra: OnlineParts | None,
    host: str,
    clock: ClockView | None,
    chat: ChatView | None,
) -> Parts:
    """The parts of ``current``'s board as ``drawn``, with its online parts (``extra``), the
    site's address (``host``, which starts the share link), the clock and the messages."""
    view, match, you = drawn.view, current.match, current.you
    playing = you is not None
    invite = extra.invite_url if extra else None
    models = (
        Modes(
            view.mode,
            playing,
            extra is not None,
            extra is not None and playing and match.full and not match.is_over,
            len(view.rows),
        ),
        drawn.score,
        drawn.status,
        clock,
        Alerts(view.active, view.status) if view.online and playing else None,
        Invite(invite, "O" if you == "X" else "X") if invite else None,
        Grid(current.version if playing else None, drawn.grid),
        drawn.controls,
        _claim(current, extra, clock),
        drawn.players,
        Moves(
            view.moves,
            match.game_id,
            match.is_over and playing,
            "" if playing else current.match_id,
        ),
        extra is not None,
        Chat(chat, current.match_id if chat else ""),
        Online(extra, not playing) if extra else None,
        host + drawn.share_path,
    )
    return tuple(
        (name, part(TEMPLATE, name, model)) for name, model in zip(PARTS, models, strict=True)
    )


def _claim(current: Current, extra: OnlineParts | None, clock: ClockView | None) -> Claim | None:
    """What the claim part shows to ``current``'s viewer, ``None`` for nothing."""
    if extra is None:
        return None
    give = (
        clock is not None
        and not current.watching
        and moretime.can_give(current.match, current.held)
    )
    given_by = _given_by(current)
    shown = extra.can_claim or give or given_by
    return Claim(extra.can_claim, extra.paired, give, given_by) if shown else None


def _given_by(current: Current) -> str:
    """The name of the other player who gave this browser's seat time, if one did since the
    last move (text mode alerts it by the action's row)."""
    if current.watching:
        return ""
    for kind, seat in current.match.offers:
        if kind == moretime.GIVEN and current.held and seat not in current.held:
            return name(who(current, current.match.seat(seat)))
    return ""
