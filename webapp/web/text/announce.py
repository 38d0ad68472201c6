"""What text mode says: the summary of a match, the position in words, and what happened
(an action's events, or the moves and quick messages since the viewer's last page), in the
viewer's words."""

from __future__ import annotations

from ...engine import Board, Game
from ...rules import Event, Outcome
from ...rules.said import PHRASES, Said
from ..action_table import BY_NAME
from ..cycle.matches import Current
from ..site.i18n import gettext as _
from ..site.i18n import ngettext
from ..views.naming import Who, by_mark, level_word, name, seating, who
from ..views.sentences import online_status, status_line, toss_line


def summary(current: Current, status: str) -> str:
    """``You are X against the computer (hard). Move 4. Your turn (X).``: who plays whom,
    the move to come (while the game goes on) and ``status``, the board's status line."""
    game = current.match.game
    parts = [players(current)]
    if not game.board.is_over and not current.match.ending:
        parts.append(_("Move %(number)d.", number=game.ply + 1))
    parts.append(sentence(status))
    return " ".join(parts)


def status(current: Current) -> str:
    """The board's status line for ``current``'s viewer, online or on one device."""
    seat = seating(current)
    return online_status(current.match.game, seat) if seat.online else status_line(current)


def players(current: Current) -> str:
    """Who plays whom, as the viewer sees it: ``You are X against your friend.``"""
    people = by_mark(current)
    you = current.you
    if you in ("X", "O"):
        them = people["O" if you == "X" else "X"]
        if them.role == "computer":
            return _(
                "You are %(mark)s against the computer (%(level)s).",
                mark=you,
                level=level_word(them.level),
            )
        if them.role == "opponent":  # a stranger met by quick pairing
            return _("You are %(mark)s against your opponent.", mark=you)
        return _("You are %(mark)s against your friend.", mark=you)
    return _("%(x)s plays X, %(o)s plays O.", x=name(people["X"]), o=name(people["O"]))


def position(board: Board) -> tuple[str, ...]:
    """The board by rows, top to bottom: ``Row A: X, empty, O``."""
    marks = [mark if mark != "_" else _("empty") for _cell, mark in board]
    n = board.size
    return tuple(
        _("Row %(row)s: %(cells)s", row="ABCDEFG"[r], cells=", ".join(marks[r * n : r * n + n]))
        for r in range(n)
    )


def winning(board: Board) -> str:
    """``X wins with A1, B2, C3.``, or ``""`` while no line is made."""
    line, winner = board.winning_line, board.status.winner
    if not line or winner is None:
        return ""
    return _("%(mark)s wins with %(cells)s.", mark=winner, cells=", ".join(line))


def move_list(game: Game) -> str:
    """``Moves: 1. X B2, 2. O A1.`` or ``No moves yet.``"""
    if not game.moves:
        return _("No moves yet.")
    played = ", ".join(
        f"{number}. {game.boards[number - 1].turn} {cell}"
        for number, cell in enumerate(game.moves, start=1)
    )
    return _("Moves: %(moves)s.", moves=played)


def since(current: Current, ply: int, status: str) -> str:
    """The moves of the current game after its move ``ply`` (the viewer's last page showed
    the board after it), then ``status``; ``""`` when nothing was played since."""
    game = current.match.game
    if ply >= game.ply or ply < 0:
        return ""
    people = by_mark(current)
    said = [_played(people[game.boards[at].turn or "X"], cell) for at, cell in _after(game, ply)]
    return " ".join([*said, sentence(status)])


def heard(current: Current, lines: tuple[Said, ...], after: int) -> str:
    """The quick messages of ``lines`` that the other player sent after ``after`` (a
    :func:`stamp`), oldest first: ``Your friend: Good luck.``; ``""`` when none."""
    told = [
        sentence(
            _(
                "%(who)s: %(text)s",
                who=name(who(current, current.match.seat(item.seat))),
                text=_(PHRASES[item.phrase]),
            )
        )
        for item in lines
        if stamp(item) > after and item.seat not in current.held
    ]
    return " ".join(told)


def joined(current: Current) -> str:
    """``Your friend joined.``: seat 2 of an online match was taken (an invite is for it)."""
    return _("%(name)s joined.", name=name(who(current, current.match.seat("2"))))


def away(current: Current, claim: str) -> str:
    """``Your friend has been away for 2 minutes: type claim to claim the win.``, where
    ``claim`` is the command's word in the page's language."""
    other = current.match.seat("2" if current.seat == "1" else "1")  # the online opponent
    return _(
        "%(name)s has been away for 2 minutes: type %(claim)s to claim the win.",
        name=name(who(current, other)),
        claim=claim,
    )


def stamp(item: Said) -> int:
    """When ``item`` was said, in whole milliseconds: what a page tells its next one."""
    return int(item.at * 1000)


def outcome(current: Current, happened: Outcome, status: str) -> str:
    """What an action did, in order, then ``status``: ``You played B2. The computer
    (hard) played A1. Your turn (X).``"""
    said = [_event(current, event) for event in happened.happened]
    return " ".join([*(line for line in said if line), sentence(status)])


def _after(game: Game, ply: int) -> list[tuple[int, str]]:
    """The moves of ``game`` after its move ``ply``, with the ply before each."""
    return [(at, game.moves[at]) for at in range(ply, game.ply)]


def _event(current: Current, event: Event) -> str:
    """One event in words; ``""`` for one the status says already (a game's end)."""
    if event.what == "moved":
        seat = current.match.seat(event.seat) if event.seat in "12" and event.seat else None
        if seat is None:
            return _("%(cell)s was played.", cell=event.cell)
        return _played(who(current, seat), event.cell)
    if event.what == "undone":
        count = int(event.detail or "1")
        return ngettext("%(num)d move taken back.", "%(num)d moves taken back.", count)
    if event.what == "new_game":
        return _("A new game started.")
    if event.what == "tossed":
        return toss_line(current)
    if event.what == "score_reset":
        return _("Score reset.")
    return _said(current, event)


def _said(current: Current, event: Event) -> str:
    """``You offered a rematch.``, ``Your friend offered a rematch.``: what an action's row of
    the action table says of its event (``detail`` names the action), ``""`` if nothing."""
    action = BY_NAME.get(event.detail)
    if action is None or event.what not in action.said:
        return ""
    yours, theirs = action.said[event.what]
    seat = current.match.seat(event.seat)
    if seat.id in current.held:
        return _(yours) if yours else ""
    return _(theirs, name=name(who(current, seat))) if theirs else ""


def _played(person: Who, cell: str) -> str:
    """``You played B2.``, ``The computer (hard) played A1.``, ``Player 2 played C3.``"""
    if person.role == "you":
        return _("You played %(cell)s.", cell=cell)
    if person.role == "computer" and not person.number:
        return _(
            "The computer (%(level)s) played %(cell)s.", level=level_word(person.level), cell=cell
        )
    return _("%(name)s played %(cell)s.", name=name(person), cell=cell)


def sentence(text: str) -> str:
    """``text`` ended as a sentence: the status line has no full stop of its own."""
    text = text.strip()
    return text if not text or text[-1] in ".!?" else f"{text}."
