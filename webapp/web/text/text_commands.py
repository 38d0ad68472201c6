"""What text mode reads in its one field: a move in any notation the site knows, or a command
(in English or the page's language), and the answers of the commands that only tell."""

from __future__ import annotations

from typing import Any

from ...engine import (
    Board,
    TicTacToeError,
    cell_name,
    evaluate,
    geometry,
    parse_coordinates,
    parse_numpad,
)
from ..action_table import ACTIONS, Action
from ..cycle import deadlines
from ..cycle.matches import Current
from ..site.i18n import C_, ngettext, pgettext
from ..site.i18n import gettext as _
from ..views import review
from ..views.naming import name, who
from ..views.sentences import best_text, hint_text
from . import announce

# The commands that only tell, in the order help lists them around the actions' words.
_TELLS = (
    C_("text-mode command", "help"),
    C_("text-mode command", "board"),
    C_("text-mode command", "moves"),
    C_("text-mode command", "score"),
    C_("text-mode command", "clock"),
    C_("text-mode command", "hint"),
)
_LAST = (C_("text-mode command", "review"), C_("text-mode command", "numpad"))
# The commands that change the match: each action's words, and the parameters they fix; a
# word that rows share (decline) answers the open offer (``change``), else the first row's.
_ROWS: dict[str, list[tuple[Action, dict[str, Any]]]] = {}
for _action in ACTIONS:
    for _word, _fixed in _action.words.items():
        _ROWS.setdefault(_word, []).append((_action, _fixed))
CHANGES = {word: rows[0] for word, rows in _ROWS.items()}
COMMANDS = (*_TELLS, *CHANGES, *_LAST)


def words() -> dict[str, str]:
    """Each command as typed in the page's language."""
    return {command: pgettext("text-mode command", command) for command in COMMANDS}


def change(current: Current, command: str) -> tuple[Action, dict[str, Any]]:
    """The row that ``command`` applies to ``current``'s match: of the rows sharing its word,
    the one whose offer the other player made and left open, else the first."""
    rows = _ROWS[command]
    held = ("", *current.held)
    return next((row for row in rows if current.match.offered(row[0].name) not in held), rows[0])


def yes_word() -> str:
    """The word that confirms a question (resigning), in the page's language."""
    return pgettext("text-mode command", "yes")


def command_of(text: str) -> str | None:
    """The command ``text`` names, in English or the page's language (any case), if any."""
    typed = text.strip().casefold()
    for command, word in words().items():
        if typed in (command, word.casefold()):
            return command
    return None


def cell_of(text: str, numpad: bool, size: int = 3) -> str | None:
    """The cell ``text`` names on the ``size`` board: ``B2``, ``b2``, ``b 2``, ``2 2`` (row then
    column, as the console game), or on 3x3 a numpad digit when ``numpad``; ``None`` if it
    names none."""
    compact = "".join(text.split()).upper()
    if compact in geometry(size).cell_ids:
        return compact
    try:
        return cell_name(parse_coordinates(text, size), size)
    except TicTacToeError:
        pass
    try:
        return cell_name(parse_numpad(text)) if numpad and size == 3 else None
    except TicTacToeError:
        return None


def refusal(text: str, board: Board, numpad: bool) -> str:
    """Why ``text`` is not a move on ``board``, in words; ``""`` when it may be played."""
    cell = cell_of(text, numpad, board.size)
    if cell is None:
        if len(text.strip()) == 1 and text.strip() in "123456789" and board.size == 3:
            return _("A digit alone plays only on the numpad layout: type numpad to turn it on.")
        if board.size != 3:
            return _("That is not a cell: try A1 to %(last)s.", last=board.geometry.last_cell)
        return _("That is not a cell: try A1 to C3.")
    mark = board[cell]
    if mark != "_":
        return _("%(cell)s is taken by %(mark)s.", cell=cell, mark=mark)
    return ""


def answer(current: Current, command: str, numpad: bool) -> str:
    """The answer of a command that only tells: help, board, moves, score, clock, hint,
    review."""
    game = current.match.game
    if command == "board":
        rows = " ".join(announce.sentence(row) for row in announce.position(game.board))
        return f"{rows} {announce.winning(game.board)}".strip()
    if command == "moves":
        return announce.move_list(game)
    if command == "score":
        return score(current)
    if command == "clock":
        return clock(current)
    if command == "hint":
        return hint(current)
    if command == "review":
        if current.watching:  # as the review page and GET /api/review: a player's own game
            return _("There is no review here: a game is reviewed by its players, once it is over.")
        if not current.match.is_over:
            return _(review.NOT_OVER)
        return review.build(current).summary
    if current.watching:  # no cell nor action of a player's works here
        return watching_help()
    return help_text(numpad and game.size == 3)  # digits play only on the 3x3 board


def help_text(numpad: bool) -> str:
    """What can be typed: the notations, every command by its word, and with ``numpad`` (on
    a 3x3 board) the digits."""
    listed = ", ".join(words().values())
    said = _(
        "Type a cell to play it: B2, b 2, or 2 2 (row, then column). Commands: %(commands)s.",
        commands=listed,
    )
    if numpad:
        said += " " + _("A digit alone plays as on a numeric keypad: 7 is A1, 3 is C3.")
    return said


def watching_help() -> str:
    """What a spectator can type: the commands that read the match."""
    listed = ", ".join(words()[command] for command in _TELLS if command != "hint")
    return _("You are watching: no move is played here. Commands: %(commands)s.", commands=listed)


def clock(current: Current) -> str:
    """``X moves by 14:05:30 UTC. 25 seconds left.``; or that the clock is stopped (the
    friend has not joined, or the game is over), or that the game has none."""
    shown = deadlines.clock_view(current.match)
    if shown is None:
        if current.match.clock:
            return _("The clock is stopped: it runs while a game is being played.")
        return _("This game has no clock.")
    return f"{_moves_by(shown)} {time_left(shown.seconds_left)}"


def moves_by(current: Current) -> str:
    """``X moves by 14:05:30 UTC.`` while a clock runs, else ``""``."""
    shown = deadlines.clock_view(current.match)
    return _moves_by(shown) if shown is not None else ""


def _moves_by(shown: deadlines.ClockView) -> str:
    return announce.sentence(_("%(mark)s moves by %(time)s", mark=shown.mark, time=shown.moves_by))


def time_left(seconds: int) -> str:
    """``25 seconds left.``, ``3 minutes left.``, ``23 hours left.``: rounded down to the
    largest unit that fits twice, so a day's clock is not read out in seconds."""
    if seconds < 120:
        return ngettext("%(num)d second left.", "%(num)d seconds left.", seconds)
    if seconds < 2 * 3600:
        return ngettext("%(num)d minute left.", "%(num)d minutes left.", seconds // 60)
    return ngettext("%(num)d hour left.", "%(num)d hours left.", seconds // 3600)


def score(current: Current) -> str:
    """``Score: You 2, Computer (hard) 1; draws: 0.``, the viewer's own seat first."""
    match = current.match
    order = sorted(match.seats, key=lambda seat: (seat.id not in current.held, seat.id))
    wins = ", ".join(
        f"{name(who(current, seat))} {match.score.wins.get(seat.id, 0)}" for seat in order
    )
    return ngettext(
        "Score: %(wins)s; %(num)d draw.",
        "Score: %(wins)s; %(num)d draws.",
        match.score.draws,
        wins=wins,
    )


def hint(current: Current) -> str:
    """The value of the position and its best moves, for a game on one device still going."""
    board = current.match.game.board
    text = hint_text(board)
    if current.match.online or current.you is None or text is None:
        return _("There is no hint here: hints are for a game on this device, still going.")
    return f"{text}. {best_text(board, tuple(sorted(evaluate(board).best)))}"
