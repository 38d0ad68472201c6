"""A match: its players, the current game, the score of its games, as plain data in and out."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field, replace
from typing import Any

from ..engine import N_, Board, Game, TicTacToeError
from . import names, turns
from .online import Online

_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")  # secrets.token_urlsafe: safe in any URL


class LostMatchError(TicTacToeError):
    """A stored match that cannot be read back."""

    default_message = N_("Your saved game could not be read, so a new game has started.")


@dataclass(frozen=True)
class Score:
    """Games won by each player (by name, not by mark) and drawn."""

    wins: dict[str, int] = field(default_factory=dict)
    draws: int = 0

    def counted(self, winner: str | None, step: int) -> Score:
        """This score with ``step`` (1, or -1 to take a result back) added to ``winner``'s wins,
        or to the draws when ``winner`` is ``None``; counts never go below zero."""
        if winner is None:
            return Score(dict(self.wins), max(0, self.draws + step))
        wins = {**self.wins, winner: max(0, self.wins.get(winner, 0) + step)}
        return Score({name: count for name, count in wins.items() if count}, self.draws)


def new_game_id() -> str:
    """An unguessable id for a game, which replay links carry."""
    return secrets.token_urlsafe(8)


@dataclass(frozen=True)
class Match:
    """The players and current game of a match, and its score; every change returns a new Match.

    ``first`` is the mark of player 1, so the score follows the players when they swap sides;
    ``scored`` says whether the current game's result is already in the score. ``online``
    holds the seats of a match played from two devices (None: played on one).
    """

    game: Game = field(default_factory=Game)
    game_id: str = field(default_factory=new_game_id)
    first: str = "X"
    score: Score = field(default_factory=Score)
    scored: bool = False
    online: Online | None = None

    @property
    def names(self) -> dict[str, str]:
        """The score name of the player of each mark."""
        return names.player_names(self.game.x, self.game.o, self.first)

    @property
    def is_over(self) -> bool:
        """Whether the current game has ended, on the board or (online) by a player."""
        return self.game.board.is_over or bool(self.online and self.online.ending)

    def new_game(self, game: Game, first: str = "X", toss: bool = False) -> Match:
        """A new game (with a new id) in this match, after the computer's opening if it moves.

        With ``toss``, a coin decides whether the two players swap marks, so the second plays X.
        Other players make another match: the score starts again, so a draw between two
        computers is never counted with a person's. A start position that is already over is
        refused with its result.
        """
        turns.check_start(game.start)
        score = self.score if self.same_players(game) else Score()
        if toss and names.toss():
            game, first = Game(x=game.o, o=game.x, start=game.start), names.other(first)
        online = self.online.next_game() if self.online else None
        started = replace(self, game=Game(game.x, game.o, game.start), game_id=new_game_id())
        started = replace(started, first=first, score=score, scored=False, online=online)
        return started.played(game.reply_until_person())

    def same_players(self, game: Game) -> bool:
        """Whether ``game`` is played by this match's players, on either side."""
        return sorted((game.x, game.o)) == sorted((self.game.x, self.game.o))

    @property
    def practice(self) -> bool:
        """Whether the current game started from a position a player chose: its result is
        not counted."""
        return self.game.start != Board()

    def again(self) -> Match:
        """A new game from the empty board with the same players on the same sides."""
        return self.new_game(Game(x=self.game.x, o=self.game.o), self.first)

    def restart(self) -> Match:
        """The current game again from its start, with the same players on the same sides;
        a game left unfinished counts for nobody."""
        return self.new_game(Game(self.game.x, self.game.o, self.game.start), self.first)

    def swapped(self) -> Match:
        """A new game from the empty board in which the two players swap marks."""
        return self.new_game(Game(x=self.game.o, o=self.game.x), names.other(self.first))

    def played(self, game: Game) -> Match:
        """This match with ``game`` as the next state of its current game.

        A result is counted once when the game ends, and taken off the score again if an undo
        takes the game back from its end, so a replayed ending is not counted twice.
        """
        score, scored = self.score, self.scored
        if scored and not game.board.is_over:
            score, scored = score.counted(self._winner(self.game), -1), False
        elif game.board.is_over and not scored and game.ply > 0 and not self.practice:
            score, scored = score.counted(self._winner(game), +1), True
        return replace(self, game=game, score=score, scored=scored)

    def move(self, cell: str) -> Match:
        """The person's move ``cell``, then the computer's replies (see turns.person_moves)."""
        return self.played(turns.person_moves(self.game, cell))

    def step(self, to_the_end: bool) -> Match:
        """The next move between two computers, or every move left."""
        return self.played(turns.computers_move(self.game, to_the_end))

    def take_back(self) -> Match:
        """The last move taken back, or against the computer its reply and the move before."""
        return self.played(turns.take_back(self.game))

    def ended(self, online: Online) -> Match:
        """This match with its game ended off the board as ``online`` says (resigned, aborted,
        claimed): the winner's game is counted; an aborted game counts for nobody."""
        score, scored = self.score, self.scored
        if online.winner and not scored and not self.practice:
            score, scored = score.counted(self.names[online.winner], +1), True
        return replace(self, online=online, score=score, scored=scored)

    def score_reset(self) -> Match:
        """This match with the score back to nothing."""
        return replace(self, score=Score())

    def to_dict(self) -> dict[str, Any]:
        """Plain data (strings, numbers, lists and dicts) that any store keeps unchanged."""
        return {
            **self.game.to_dict(),
            "game_id": self.game_id,
            "first": self.first,
            "wins": dict(self.score.wins),
            "draws": self.score.draws,
            "scored": self.scored,
            "online": self.online.to_dict() if self.online else None,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Match:
        """Rebuild a match from :meth:`to_dict`'s data, checking every move; LostMatchError if
        it is not one we could have written."""
        try:
            game = Game.from_dict(data)
            game_id, first, wins = data["game_id"], data["first"], data["wins"]
            draws, scored = data["draws"], data["scored"]
        except (TicTacToeError, KeyError, TypeError) as error:
            raise LostMatchError() from error
        valid = (
            isinstance(game_id, str)
            and _GAME_ID.fullmatch(game_id) is not None
            and first in names.MARKS
            and isinstance(wins, dict)
            and all(isinstance(k, str) and _count(v) for k, v in wins.items())
            and _count(draws, zero=True)
            and isinstance(scored, bool)
        )
        online = Online.from_dict(data.get("online"))
        if not valid or (online is None and data.get("online") is not None):
            raise LostMatchError()
        return cls(game, game_id, first, Score(_renamed(wins, game), draws), scored, online)

    def _winner(self, game: Game) -> str | None:
        """The name of the player who won ``game``, or ``None`` for a draw."""
        mark = game.board.status.winner
        return None if mark is None else self.names[mark]


def _renamed(wins: dict[str, int], game: Game) -> dict[str, int]:
    """Wins stored before a computer against a person was named with its level ("Computer"),
    under the name it has now ("Computer (hard)"), so the score keeps one row for it."""
    if "Computer" not in wins:
        return wins
    name = names.player_names(game.x, game.o)
    computer = next((n for n in name.values() if n.startswith("Computer (")), None)
    if computer is None or "You" not in name.values():
        return wins
    moved = {key: count for key, count in wins.items() if key != "Computer"}
    moved[computer] = moved.get(computer, 0) + wins["Computer"]
    return moved


def _count(value: Any, zero: bool = False) -> bool:
    """Whether ``value`` is a whole number of games (above zero unless ``zero``)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= (0 if zero else 1)
