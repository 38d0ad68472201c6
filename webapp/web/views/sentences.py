"""Every sentence that says how a game stands: its status, the computer's last move, the
hint, the coin toss, in the viewer's words and the page's language."""

from __future__ import annotations

from ...engine import Board, Game, evaluate
from ...rules import other
from ...rules.termination import Termination
from ..cycle.matches import Current
from ..site.i18n import gettext as _
from ..site.i18n import ngettext
from .naming import Seating, by_mark, level_word, name


def status_line(current: Current, board: Board | None = None) -> str:
    """The result or whose turn it is (on ``board``, else the current) in the viewer's words,
    ``You win! (X)``, ``The computer wins (O)``, ``Player 1 to move (X)``; the mark stays in
    the text for those who cannot see the board."""
    board = board or current.match.game.board
    people = by_mark(current)
    roles = {person.role for person in people.values()}
    against = roles == {"you", "computer"}  # a person and a computer; online, a person each
    if board.is_over:
        winner = board.status.winner
        if winner is None:
            return _("Draw")
        if people[winner].role == "you":
            return _("You win! (%(mark)s)", mark=winner)
        if against:
            return _("The computer wins (%(mark)s)", mark=winner)
        return _("%(name)s wins (%(mark)s)", name=name(people[winner]), mark=winner)
    turn = board.turn or "X"  # a board still going always has a mark to move
    if people[turn].role == "you":
        return _("Your turn (%(mark)s)", mark=turn)
    if against:
        return _("The computer to move (%(mark)s)", mark=turn)
    return _("%(name)s to move (%(mark)s)", name=name(people[turn]), mark=turn)


def computer_move_line(game: Game) -> str:
    """Where the computer played last, e.g. ``The computer (hard) played C3.``, or ``""``.

    The board shows every mark, but a person who cannot see it needs to be told which one
    is new after the computer answered in the same request.
    """
    if not game.moves:
        return ""
    kind = game.player(game.boards[-2].turn)
    if kind in (None, "user"):
        return ""
    return _(
        "The computer (%(level)s) played %(cell)s.", level=level_word(kind), cell=game.moves[-1]
    )


def hint_text(board: Board) -> str | None:
    """The position's value with perfect play, e.g. ``With best play: draw``; none once over.
    (``Evaluation.describe`` says it for the terminal, in English.)"""
    if board.is_over:
        return None
    evaluation = evaluate(board)
    winner = evaluation.result.winner
    if not evaluation.proven:
        return _("No forced win found within the search")
    if winner is None:
        return _("With best play: draw")
    return ngettext(
        "With best play: %(mark)s wins in %(num)d move",
        "With best play: %(mark)s wins in %(num)d moves",
        evaluation.moves,
        mark=winner,
    )


def best_text(board: Board, best: tuple[str, ...]) -> str:
    """The hint's moves: ``Best move: A1.``, or ``Every move draws.`` when no choice matters."""
    if not best:
        return ""
    every = len(best) > 1 and len(best) == len(board.legal_moves)
    if every and evaluate(board).result.winner is None:
        return _("Every move draws.")
    return ngettext(
        "Best move: %(cells)s.", "Best moves: %(cells)s.", len(best), cells=", ".join(best)
    )


def online_status(game: Game, seat: Seating) -> str:
    """The status of an online game as the viewer sees it, e.g. ``Your turn (X)``."""
    board, you = game.board, seat.you
    if seat.ending is Termination.ABORT:
        return _("Game aborted: it counts for nobody")
    if seat.ending is Termination.TIME:
        return on_time(seat)
    if seat.ending is Termination.AGREEMENT:
        return _("Draw by agreement")
    if seat.paired and seat.ending:
        return paired_ending(seat)
    if seat.ending:
        return _ended(seat.winner, you, resigned=seat.ending is Termination.RESIGN)
    if board.is_over:
        winner = board.status.winner
        if winner is not None and seat.paired and you not in (None, winner):
            return _("%(name)s wins (%(mark)s)", name=_("Your opponent"), mark=winner)
        return _("Draw") if winner is None else _wins(winner, you)
    if seat.withdrawn:
        return _("The invitation was withdrawn: nobody will join this match.")
    if not seat.full:
        if you:
            return _("Waiting for your friend to join")
        return _("Waiting for player 2 to join")
    if you is None:
        return _("%(mark)s to move", mark=board.turn)
    if board.turn == you:
        return _("Your turn (%(mark)s)", mark=you)
    if seat.paired:
        return _("Waiting for %(mark)s (your opponent)", mark=board.turn)
    return _("Waiting for %(mark)s (your friend)", mark=board.turn)


def on_time(seat: Seating) -> str:
    """A game lost on time, in the viewer's words: ``O wins on time``, ``You win on time!
    (O)``, ``Your opponent wins on time (O)``."""
    if seat.you is None:
        return _("%(mark)s wins on time", mark=seat.winner)
    if seat.winner == seat.you:
        return _("You win on time! (%(mark)s)", mark=seat.winner)
    who = _("Your opponent") if seat.paired else _("Your friend")
    return _("%(name)s wins on time (%(mark)s)", name=who, mark=seat.winner)


def paired_ending(seat: Seating) -> str:
    """A paired game ended off the board (resigned, claimed), in the player's words."""
    if seat.you is None:
        return _ended(seat.winner, None, resigned=seat.ending is Termination.RESIGN)
    if seat.winner == seat.you:
        if seat.ending is Termination.RESIGN:
            return _("You win! (%(mark)s): your opponent resigned", mark=seat.winner)
        return _("You win! (%(mark)s): your opponent left the game", mark=seat.winner)
    if seat.ending is Termination.RESIGN:
        return _("Your opponent wins (%(mark)s): you resigned", mark=seat.winner)
    return _("Your opponent wins (%(mark)s): you left the game", mark=seat.winner)


def _ended(winner: str, you: str | None, resigned: bool) -> str:
    """How an online game ended off the board, in the viewer's words: ``You win! (X): your
    friend resigned``, ``Your friend wins (O): you left the game``, ``X wins: O resigned``."""
    if you is None:
        loser = other(winner)
        if resigned:
            return _("%(winner)s wins: %(loser)s resigned", winner=winner, loser=loser)
        return _("%(winner)s wins: %(loser)s left the game", winner=winner, loser=loser)
    if winner == you:
        if resigned:
            return _("You win! (%(mark)s): your friend resigned", mark=winner)
        return _("You win! (%(mark)s): your friend left the game", mark=winner)
    if resigned:
        return _("Your friend wins (%(mark)s): you resigned", mark=winner)
    return _("Your friend wins (%(mark)s): you left the game", mark=winner)


def _wins(mark: str, you: str | None) -> str:
    """Who won, in the viewer's words: ``You win! (X)``, ``Your friend wins (O)``, ``X wins``."""
    if you is None:
        return _("%(mark)s wins", mark=mark)
    if mark == you:
        return _("You win! (%(mark)s)", mark=mark)
    return _("Your friend wins (%(mark)s)", mark=mark)


def toss_line(current: Current) -> str:
    """What the coin decided, e.g. ``The coin toss chose you to play X.``"""
    person = by_mark(current)["X"]
    if person.role == "you":
        return _("The coin toss chose you to play X.")
    if person.role == "friend":
        return _("The coin toss chose your friend to play X.")
    if person.role == "computer" and "you" in {w.role for w in by_mark(current).values()}:
        return _("The coin toss chose the computer to play X.")
    return _("The coin toss chose %(name)s to play X.", name=name(person))
