"""What the board and replay pages show, worked out from a match: cells, status, moves, score."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import CELL_IDS, WIN_LINES, Board, Game, evaluate
from ..rules import other
from .i18n import gettext as _
from .i18n import ngettext
from .matches import Current
from .naming import by_mark, label, level_word, name, who

ROWS = ("A", "B", "C")


@dataclass(frozen=True)
class Seating:
    """Who looks at the board: the marks they play (``both``, ``X``, ``O``, or ``None`` for a
    spectator) and, in an online match, whether the friend has joined, who offered a rematch
    (``you``, ``friend`` or ``""``) and how a game ended off the board."""

    you: str | None = "both"
    online: bool = False
    full: bool = True
    rematch: str = ""
    ending: str = ""
    winner: str = ""


def seating(current: Current) -> Seating:
    """How ``current``'s browser sits at its match."""
    match = current.match
    offered = ""
    if match.rematch:
        offered = "you" if match.rematch in current.held else "friend"
    if not match.online:
        return Seating(current.you, rematch=offered)
    return Seating(current.you, True, match.full, offered, match.ending, match.winner)


@dataclass(frozen=True)
class Cell:
    """One square of the grid."""

    cell_id: str
    mark: str  # "X", "O" or "" when empty
    playable: bool
    winning: bool
    best: bool = False  # marked by a hint as a move that keeps the best result
    last: bool = False  # the last move played
    lands: str = ""  # a mark placed by the request that led here: "now", or "reply" (after)
    strike: str = ""  # on the winning line, its direction: row, column, diagonal, anti

    @property
    def label(self) -> str:
        """The accessible name: ``B2, empty``, ``B2, empty, best move``, ``A1, X, winning line``,
        ``C3, O, last move``."""
        # A list of the cell's traits, each translated, rather than a sentence.
        traits = [self.cell_id, self.mark or _("empty")]
        if self.last:
            traits.append(_("last move"))
        if self.winning:
            traits.append(_("winning line"))
        if self.best:
            traits.append(_("best move"))
        return ", ".join(traits)


@dataclass(frozen=True)
class Move:
    """One entry of the move list: its number (the ply after it), the mark and the cell."""

    number: int
    mark: str
    cell: str


@dataclass(frozen=True)
class Button:
    """A one-button form about the game as shown: ``action`` is the endpoint it posts to."""

    action: str
    label: str
    primary: bool = False
    disabled: bool = False


@dataclass(frozen=True)
class BoardView:
    """Everything the board template needs."""

    rows: list[tuple[str, list[Cell]]]
    status: str
    players: dict[str, str]
    moves: list[Move]
    is_over: bool
    hint: str | None  # "With best play: X wins in 3 moves", when a hint was asked for
    best_moves: list[str]
    buttons: list[Button]
    best_text: str = ""  # "Best moves: A1, C3." or "Every move draws."
    computer_move: str = ""  # "The computer (hard) played C3.", when a computer moved last
    waiting: bool = False  # for the other player or a move to watch: the page refreshes
    online: bool = False
    can_hint: bool = False  # hints are for a game on one device, still going
    active: bool = False  # some cell can be played by this viewer now
    mode: str = ""  # the mode bar's button for these players: two, easy…, friend, or none


@dataclass(frozen=True)
class ScoreView:
    """The match's score: each seat's name, id and wins (the viewer's own first), and draws."""

    wins: tuple[tuple[str, str, int], ...]
    draws: int
    practice: bool = False  # this game started from a chosen position and will not count


@dataclass(frozen=True)
class ReplayView:
    """A read-only view of the board after one move of the current game."""

    rows: list[tuple[str, list[Cell]]]
    status: str
    is_over: bool
    caption: str
    moves: list[Move]
    ply: int
    last: int
    game_id: str  # replay links name their game, so an old link never shows a newer game
    reviewable: bool = False  # the game is over: the review can be opened


def status_line(current: Current, board: Board | None = None) -> str:
    """The result or whose turn it is (on ``board``, else the current) in the viewer's words,
    ``You win! (X)``, ``The computer wins (O)``, ``Player 1 to move (X)``; the mark stays in
    the text for those who cannot see the board."""
    board = board or current.match.game.board
    people = by_mark(current)
    against = "you" in {person.role for person in people.values()}  # a person and a computer
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
    if winner is None:
        return _("With best play: draw")
    return ngettext(
        "With best play: %(mark)s wins in %(num)d move",
        "With best play: %(mark)s wins in %(num)d moves",
        evaluation.moves,
        mark=winner,
    )


def best_text(board: Board, best: list[str]) -> str:
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
    if seat.ending == "aborted":
        return _("Game aborted: it counts for nobody")
    if seat.ending:
        return _ended(seat.winner, you, resigned=seat.ending == "resigned")
    if board.is_over:
        winner = board.status.winner
        return _("Draw") if winner is None else _wins(winner, you)
    if not seat.full:
        if you:
            return _("Waiting for your friend to join")
        return _("Waiting for player 2 to join")
    if you is None:
        return _("%(mark)s to move", mark=board.turn)
    if board.turn == you:
        return _("Your turn (%(mark)s)", mark=you)
    return _("Waiting for %(mark)s (your friend)", mark=board.turn)


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


def build(current: Current, hint: bool = False) -> BoardView:
    """The view of ``current``'s match for the board page as its viewer sees it, with the
    hint when ``hint`` is asked."""
    seat = seating(current)
    game = current.match.game
    board = game.board
    is_over = board.is_over or bool(seat.ending)
    if seat.online:
        playable = seat.full and not is_over and seat.you == board.turn
        status = online_status(game, seat)
        players = {mark: name(person) for mark, person in by_mark(current).items()}
        waiting = seat.rematch == "you" if is_over else not playable
    else:
        playable = game.person_to_move and seat.you is not None
        status = status_line(current)
        players = {mark: label(person) for mark, person in by_mark(current).items()}
        waiting = seat.you is None and not is_over
    text = hint_text(board) if hint and not seat.online and seat.you is not None else None
    best = sorted(evaluate(board).best) if text else []
    return BoardView(
        rows=_rows(game, bool(playable), set(best), landed=not waiting),
        status=status,
        players=players,
        moves=_moves(game),
        is_over=is_over,
        hint=text,
        best_moves=best,
        buttons=_buttons(game, seat, is_over),
        best_text=best_text(board, best),
        computer_move=computer_move_line(game),
        waiting=waiting,
        online=seat.online,
        can_hint=not seat.online and seat.you is not None and not is_over,
        active=bool(playable) and not board.is_over,
        mode=_mode(game, seat),
    )


def build_score(current: Current) -> ScoreView:
    """The score panel's figures: each seat by name, the viewer's own seat first."""
    match = current.match
    people = {seat.id: name(who(current, seat)) for seat in match.seats}
    order = sorted(match.seats, key=lambda seat: (seat.id not in current.held, seat.id))
    wins = tuple((people[seat.id], seat.id, match.score.wins.get(seat.id, 0)) for seat in order)
    return ScoreView(wins, match.score.draws, match.practice)


def build_replay(current: Current, ply: int) -> ReplayView:
    """The board after move ``ply`` (0 is the start position); ``ply`` must be in range."""
    game = current.match.game
    board = game.boards[ply]
    moves = _moves(game)
    if ply == 0:
        caption = _("Start position, before move 1 of %(total)d", total=game.ply)
    else:
        move = moves[ply - 1]
        caption = _(
            "After move %(ply)d of %(total)d: %(mark)s %(cell)s",
            ply=ply,
            total=game.ply,
            mark=move.mark,
            cell=move.cell,
        )
    return ReplayView(
        rows=_rows(game, playable=False, best=set(), ply=ply),
        status=status_line(current, board),
        is_over=board.is_over,
        caption=caption,
        moves=moves,
        ply=ply,
        last=game.ply,
        game_id=current.match.game_id,
        reviewable=current.match.is_over,
    )


def _rows(
    game: Game, playable: bool, best: set[str], ply: int | None = None, landed: bool = False
) -> list[tuple[str, list[Cell]]]:
    """The cells of ``game`` after move ``ply`` (by default, now) by row; ``best`` cells are
    marked for a hint, and with ``landed`` the marks just placed are drawn in."""
    ply = game.ply if ply is None else ply
    board = game.boards[ply]
    line = board.winning_line or ()
    strikes = _strikes(line)
    last = game.moves[ply - 1] if ply else ""
    lands = _landing(game) if landed and ply == game.ply else {}
    cells = [
        Cell(
            cell_id,
            "" if mark == "_" else mark,
            playable and mark == "_",
            cell_id in line,
            cell_id in best,
            last=cell_id == last,
            lands=lands.get(cell_id, ""),
            strike=strikes.get(cell_id, ""),
        )
        for cell_id, mark in board
    ]
    return [(row, cells[i * 3 : i * 3 + 3]) for i, row in enumerate(ROWS)]


def _strikes(line: tuple[str, ...]) -> dict[str, str]:
    """The direction of the strike through each winning cell: ``row``, ``column``,
    ``diagonal`` (A1 to C3) or ``anti``. Of two lines that share the last move, that cell
    shows the first."""
    strikes: dict[str, str] = {}
    for cells in ([CELL_IDS[i] for i in indexes] for indexes in WIN_LINES):
        if set(cells) <= set(line):
            if len({cell[0] for cell in cells}) == 1:
                way = "row"
            elif len({cell[1] for cell in cells}) == 1:
                way = "column"
            else:
                way = "diagonal" if "A1" in cells else "anti"
            for cell in cells:
                strikes.setdefault(cell, way)
    return strikes


def _landing(game: Game) -> dict[str, str]:
    """The marks the last request placed, to draw them in: the last move, and when the
    computer answered a person, the person's move before it, so the reply lands after."""
    if not game.moves:
        return {}
    lands = {game.moves[-1]: "now"}
    mover = game.player(game.boards[-2].turn)
    if mover not in (None, "user"):
        lands[game.moves[-1]] = "reply"
        if game.ply > 1 and game.player(game.boards[-3].turn) == "user":
            lands[game.moves[-2]] = "now"
    return lands


def _mode(game: Game, seat: Seating) -> str:
    """The mode bar's button for these players: ``two`` (hot seat), a computer level against a
    person, ``friend`` online, or ``""`` (computers against each other)."""
    if seat.online:
        return "friend"
    kinds = {game.x, game.o}
    if kinds == {"user"}:
        return "two"
    levels = kinds - {"user"}
    return levels.pop() if "user" in kinds and len(levels) == 1 else ""


def _wins(mark: str, you: str | None) -> str:
    """Who won, in the viewer's words: ``You win! (X)``, ``Your friend wins (O)``, ``X wins``."""
    if you is None:
        return _("%(mark)s wins", mark=mark)
    if mark == you:
        return _("You win! (%(mark)s)", mark=mark)
    return _("Your friend wins (%(mark)s)", mark=mark)


def _buttons(game: Game, seat: Seating, is_over: bool) -> list[Button]:
    """The game's buttons: online, Abort (before each side has moved), Resign, and the
    rematch once it is over; else Next move and Play to the end between computers, Play again
    and Swap sides once it is over, and Undo (disabled while there is nothing to take back).
    A spectator has none."""
    if seat.you is None:
        return []
    if seat.online:
        if not is_over:
            return (
                [Button("online.abort", _("Abort"))]
                if game.ply < 2
                else [Button("online.resign", _("Resign"))]
            )
        if seat.rematch == "friend":
            return [Button("online.rematch", _("Accept the rematch"), primary=True)]
        if seat.rematch == "you":
            return [Button("online.rematch", _("Rematch offered"), disabled=True)]
        return [Button("online.rematch", _("Offer a rematch"), primary=True)]
    buttons = []
    if game.is_computer_vs_computer and not is_over:
        buttons += [
            Button("forms.step", _("Next move"), primary=True),
            Button("forms.finish", _("Play to the end")),
        ]
    if is_over:
        buttons += [
            Button("forms.play_again", _("Play again"), primary=True),
            Button("forms.swap_sides", _("Swap sides")),
        ]
    return [*buttons, Button("forms.undo", _("Undo"), disabled=game.undo_count() == 0)]


def _moves(game: Game) -> list[Move]:
    """The move list, numbered from 1, with the mark that played each move."""
    marks = ["X", "O"] if game.start.turn != "O" else ["O", "X"]
    return [Move(n + 1, marks[n % 2], cell) for n, cell in enumerate(game.moves)]
