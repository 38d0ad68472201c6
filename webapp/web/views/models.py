"""The view models of the board, its score, its online part and the replay: what the HTML
pages and text mode both render, each complete and hashable so that what is rendered from
it can be kept by it (fragments.py)."""

from __future__ import annotations

from dataclasses import dataclass

from .grid import Move, Rows


@dataclass(frozen=True)
class Button:
    """A one-button form about the game as shown: ``action`` is the endpoint it posts to,
    ``value`` what its ``accept`` field sends (``""``: no field)."""

    action: str
    label: str
    primary: bool = False
    disabled: bool = False
    value: str = ""


@dataclass(frozen=True)
class BoardView:
    """Everything the board page shows of the game, as its viewer sees it; complete and
    hashable, so that the fragments rendered from it can be kept by it (fragments.py)."""

    rows: Rows
    status: str
    x_name: str  # the players panel's names of the players of X and O
    o_name: str
    moves: tuple[Move, ...]
    is_over: bool
    hint: str | None  # "With best play: X wins in 3 moves", when a hint was asked for
    best_moves: tuple[str, ...]
    buttons: tuple[Button, ...]
    best_text: str = ""  # "Best moves: A1, C3." or "Every move draws."
    computer_move: str = ""  # "The computer (hard) played C3.", when a computer moved last
    waiting: bool = False  # for the other player or a move to watch: the page refreshes
    online: bool = False
    can_hint: bool = False  # hints are for a game on one device, still going
    active: bool = False  # some cell can be played by this viewer now
    mode: str = ""  # the mode bar's button for these players: two, easy…, friend, or none
    offers: tuple[str, ...] = ()  # "Your friend offers a draw.": the open offers, by whom


@dataclass(frozen=True)
class ScoreView:
    """The match's score: each seat's name, id and wins (the viewer's own first), and draws."""

    wins: tuple[tuple[str, str, int], ...]
    draws: int
    practice: bool = False  # this game started from a chosen position and will not count


@dataclass(frozen=True)
class ReplayView:
    """A read-only view of the board after one move of the current game."""

    rows: Rows
    status: str
    is_over: bool
    caption: str
    moves: tuple[Move, ...]
    ply: int
    last: int
    game_id: str  # replay links name their game, so an old link never shows a newer game
    reviewable: bool = False  # the game is over: the review can be opened
    match_id: str = ""  # a watched match's, which its links name; "" for this browser's own


@dataclass(frozen=True)
class OnlineParts:
    """What an online board shows besides the game: the links, and whether a win is claimable."""

    invite_url: str | None  # player 1's, while seat 2 is free
    seat_url: str | None  # "continue on another device": a player's own board only
    watch_url: str
    can_claim: bool
    paired: bool = False  # the other player is a stranger met by quick pairing
    arena_url: str | None = None  # the page of the arena that paired the players
