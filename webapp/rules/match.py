"""A match: two seats, the current game, the score by seat, as plain data in and out."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field, replace
from typing import Any

from ..engine import PLAYER_KINDS, Board, Game, TicTacToeError
from .errors import LostMatchError
from .names import is_name
from .parts import PERSON as PERSON  # re-exported: the rules name them as match's
from .parts import SEAT_IDS as SEAT_IDS
from .parts import Score as Score
from .parts import Seat as Seat
from .said import Said, dump, load
from .termination import STORED_ENDINGS, Termination

MARKS = ("X", "O")
ENDINGS = STORED_ENDINGS  # the API names them
SCHEMA = 2  # the stored form's version: migrate.py reads every older one

_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")  # secrets.token_urlsafe: safe in any URL
_OFFER = re.compile(r"[a-z]{1,16}")  # the kind of an offer: rematch, takeback
_SECRET = re.compile(r"[A-Za-z0-9_-]{22}")  # secrets.token_urlsafe(16): 128 random bits


def new_secret() -> str:
    """A fresh unguessable key for a seat or an invite."""
    return secrets.token_urlsafe(16)


def is_secret(value: Any) -> bool:
    """Whether ``value`` has the shape of a seat key or an invite secret."""
    return isinstance(value, str) and _SECRET.fullmatch(value) is not None


def same_secret(expected: str, given: object) -> bool:
    """Whether ``given`` is the secret ``expected``, compared in a time that does not tell
    where they differ."""
    return isinstance(given, str) and secrets.compare_digest(expected.encode(), given.encode())


def new_game_id() -> str:
    """An unguessable id for a game, which replay and review links carry."""
    return secrets.token_urlsafe(8)


def other(mark: str) -> str:
    """The opponent's mark."""
    return "O" if mark == "X" else "X"


@dataclass(frozen=True)
class Match:
    """Two seats, the game they play now and the score; every change returns a new Match.

    ``scored`` (derived) says whether the current game's result is in the score. Online,
    ``invite`` is the secret of the link that seats player 2, ``offers`` the open offers to
    the other player as (kind, seat) pairs (a rematch, a takeback), ``ending`` how a game
    ended off the board, ``winner`` the mark that won it (``""`` for none)."""

    seats: tuple[Seat, Seat]
    game: Game
    game_id: str = field(default_factory=new_game_id)
    score: Score = field(default_factory=Score)
    invite: str = ""
    offers: tuple[tuple[str, str], ...] = ()
    ending: str = ""
    winner: str = ""
    clock: int = 0  # seconds per move; 0: no clock (rules/clock.py)
    deadline: float = 0.0  # when the player to move runs out (seconds since 1970); 0: none
    paired: bool = False  # the players met by quick pairing: strangers, not friends
    said: tuple[Said, ...] = ()  # the latest quick messages, oldest first (rules/said.py)
    muted: frozenset[str] = frozenset()  # the seats that hide the other's messages
    arena: str = ""  # the id of the arena that paired the players (rules/arena.py), if any

    @classmethod
    def between(cls, x: str, o: str, start: Board | None = None) -> Match:
        """A new match of kind ``x`` (seat 1) against kind ``o`` (seat 2) from ``start``."""
        seats = (Seat("1", x, "X"), Seat("2", o, "O"))
        return cls(seats, Game(x, o, start or Board()))

    def offered(self, kind: str) -> str:
        """The seat with an open offer of ``kind`` (``rematch``, ``takeback``), or ``""``."""
        return next((seat for offer, seat in self.offers if offer == kind), "")

    def with_offer(self, kind: str, seat: str) -> Match:
        """This match with ``seat``'s offer of ``kind`` open (``""``: none)."""
        kept = tuple(offer for offer in self.offers if offer[0] != kind)
        return replace(self, offers=tuple(sorted((*kept, (kind, seat)) if seat else kept)))

    def seat(self, seat_id: str) -> Seat:
        """The seat with ``seat_id``."""
        return self.seats[0] if seat_id == "1" else self.seats[1]

    def playing(self, mark: str | None) -> Seat | None:
        """The seat that plays ``mark`` in the current game."""
        return next((seat for seat in self.seats if seat.mark == mark), None)

    @property
    def people(self) -> frozenset[str]:
        """The ids of the seats that persons play."""
        return frozenset(seat.id for seat in self.seats if seat.is_person)

    @property
    def online(self) -> bool:
        """Whether the match is played from several browsers, each holding its seat by key."""
        return bool(self.invite) or any(seat.key for seat in self.seats)

    @property
    def full(self) -> bool:
        """Whether every person's seat is taken (an invite not yet used leaves one free)."""
        return all(seat.key or not self.online for seat in self.seats if seat.is_person)

    @property
    def is_over(self) -> bool:
        """Whether the current game has ended, on the board or by a player."""
        return self.game.board.is_over or bool(self.ending)

    @property
    def scored(self) -> bool:
        """Whether the current game's result is in the score: it ended, with a line or a draw
        on the board or off it with a winner or agreed, and did not start from a position."""
        if self.practice:
            return False
        if self.ending:
            return self.winner != "" or self.termination is Termination.AGREEMENT
        return self.game.board.is_over and self.game.ply > 0

    @property
    def practice(self) -> bool:
        """Whether the current game started from a chosen position: it does not count."""
        return self.game.start != Board(self.game.size)

    def held_by(self, keys: object, home: bool) -> frozenset[str]:
        """The person seats held by a browser with seat ``keys`` that is (``home``) or is not
        the browser the match belongs to."""
        held = set()
        for seat in self.seats:
            if not seat.is_person:
                continue
            if seat.key and isinstance(keys, list | tuple):
                if any(same_secret(seat.key, key) for key in keys):
                    held.add(seat.id)
            elif not seat.key and home and not self.invite:
                held.add(seat.id)
        return frozenset(held)

    def winner_seat(self) -> str | None:
        """The seat that won the current game, or ``None`` (a draw, or not over)."""
        mark = self.winner or self.game.board.status.winner
        seat = self.playing(mark)
        return seat.id if seat else None

    def with_seats(self, seats: tuple[Seat, Seat]) -> Match:
        """This match with ``seats``, and its game's players following their marks."""
        kinds = {seat.mark: seat.kind for seat in seats}
        game = Game(kinds["X"], kinds["O"], self.game.start, self.game.moves)
        return replace(self, seats=seats, game=game)

    def played(self, game: Game) -> Match:
        """This match with ``game`` next: an ending counts once, and an undo past it uncounts."""
        score = self.score
        if self.scored and not game.board.is_over:
            score = score.counted(self.winner_seat(), -1)
        elif game.board.is_over and not self.scored and game.ply > 0 and not self.practice:
            mark = game.board.status.winner
            seat = self.playing(mark)
            score = score.counted(seat.id if seat else None, +1)
        # A move, or a move taken back, answers every open offer by moving on.
        return replace(self, game=game, score=score, offers=())

    @property
    def termination(self) -> Termination | None:
        """How the current game ended (``None`` while it goes on): off the board as kept, else
        by a line or a draw on the board."""
        if self.ending:
            return Termination.from_stored(self.ending)
        if not self.game.board.is_over:
            return None
        return Termination.DRAW if self.game.board.status.winner is None else Termination.LINE

    def ended(self, how: Termination, winner: str) -> Match:
        """The current game ended off the board (``how``), won by ``winner``'s mark, or by
        nobody (``""``); a won game, or a draw agreed, is counted once."""
        ending = how.stored
        score = self.score
        seat = self.playing(winner)
        if (seat or how is Termination.AGREEMENT) and not self.scored and not self.practice:
            score = score.counted(seat.id if seat else None, +1)
        return replace(self, ending=ending, winner=winner, score=score, offers=())

    def to_dict(self) -> dict[str, Any]:
        """Plain data (strings, numbers, lists and dicts) that any store keeps unchanged."""
        return {
            "schema": SCHEMA,
            "seats": [
                {"id": s.id, "kind": s.kind, "mark": s.mark, "key": s.key, "name": s.name}
                for s in self.seats
            ],
            "start": self.game.start.to_string(),
            "moves": list(self.game.moves),
            **({"size": self.game.size} if self.game.size != 3 else {}),  # 3x3's form unchanged
            "game_id": self.game_id,
            "wins": dict(self.score.wins),
            "draws": self.score.draws,
            "scored": self.scored,  # derived, never read: kept for servers of before
            "invite": self.invite,
            "offers": [list(offer) for offer in self.offers],
            "ending": self.ending,
            "winner": self.winner,
            "clock": self.clock,
            "deadline": self.deadline,
            "paired": self.paired,
            "said": dump(self.said),
            "muted": sorted(self.muted),
            "arena": self.arena,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Match:
        """A match from :meth:`to_dict`'s data (of this schema), checking every move;
        LostMatchError if it is not data we could have written."""
        try:
            seats = tuple(_seat(raw) for raw in data["seats"])
            if len(seats) != 2 or {s.id for s in seats} != set(SEAT_IDS):
                raise LostMatchError()
            first, second = sorted(seats, key=lambda s: s.id)
            kinds = {seat.mark: seat.kind for seat in seats}
            game = Game.from_dict({**data, "x": kinds["X"], "o": kinds["O"]})
            wins, draws = data["wins"], data["draws"]
            fields = [data[name] for name in ("game_id", "invite", "ending", "winner")]
            # Added later in schema 2: a record written before has no clock and no pairing.
            clock, deadline = data.get("clock", 0), data.get("deadline", 0.0)
            paired, arena = data.get("paired", False), data.get("arena", "")
            said, muted = load(data.get("said", []), SEAT_IDS), data.get("muted", [])
            offers = _offers(data)
        except (TicTacToeError, KeyError, TypeError, ValueError) as error:
            raise LostMatchError() from error
        game_id, invite, ending, winner = fields
        valid = (
            isinstance(game_id, str)
            and _GAME_ID.fullmatch(game_id) is not None
            and isinstance(wins, dict)
            and set(wins) <= set(SEAT_IDS)
            and all(_count(count) for count in wins.values())
            and _count(draws)
            and (invite == "" or is_secret(invite))
            and offers is not None
            and ending in ("", *ENDINGS)
            and winner in ("", *MARKS)
            and _count(clock)
            and isinstance(deadline, int | float)
            and not isinstance(deadline, bool)
            and deadline >= 0
            and isinstance(paired, bool)
            and isinstance(arena, str)
            and (not arena or _GAME_ID.fullmatch(arena) is not None)
            and said is not None
            and isinstance(muted, list)
            and all(seat in SEAT_IDS for seat in muted)
        )
        if not valid:
            raise LostMatchError()
        score = Score({seat: wins.get(seat, 0) for seat in SEAT_IDS}, draws)
        return cls(
            (first, second), game, game_id, score, invite, offers or (), ending, winner,
            clock, float(deadline), paired, said or (), frozenset(muted), arena,
        )  # fmt: skip


def _seat(raw: Any) -> Seat:
    """A stored seat, checked."""
    seat = Seat(raw["id"], raw["kind"], raw["mark"], raw["key"], raw.get("name", ""))
    valid = (
        seat.id in SEAT_IDS
        and seat.kind in PLAYER_KINDS
        and seat.mark in MARKS
        and (seat.key == "" or is_secret(seat.key))
        and (seat.name == "" or is_name(seat.name))  # a record of before names has none
    )
    if not valid:
        raise LostMatchError()
    return seat


def _offers(data: Any) -> tuple[tuple[str, str], ...] | None:
    """The stored open offers, checked (a record of before offers kept its one ``rematch``);
    ``None`` if they are not data we could have written."""
    raw = data["offers"] if "offers" in data else [["rematch", data["rematch"]]]
    offers = tuple((kind, seat) for kind, seat in raw if seat)
    valid = all(_OFFER.fullmatch(kind) and seat in SEAT_IDS for kind, seat in offers)
    return tuple(sorted(offers)) if valid and len(set(offers)) == len(offers) else None


def _count(value: Any) -> bool:
    """Whether ``value`` is a whole number of games."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
