"""What the review says of a finished game, in the player's words: the page's lines and the
JSON of GET /api/review."""

from __future__ import annotations

from dataclasses import dataclass

from babel import Locale
from babel.lists import format_list
from flask_babel import get_locale

from ...engine import N_, Evaluation, Refusal, Review, ReviewedMove, rank, review
from ..cycle.matches import Current
from ..site.i18n import gettext as _
from ..site.i18n import ngettext
from ..site.refusals import REVIEW_NOT_READY
from .naming import by_mark
from .review_schema import MistakeJson, ReviewedMoveJson, ReviewJson, ValueJson

NOT_OVER = REVIEW_NOT_READY.message
OTHER_REVIEW = Refusal(
    "other_review",
    N_(
        "This review link is for another game than the one this browser is playing (an "
        "earlier one is not kept): only the current game can be reviewed."
    ),
)
RESULT = {2: "win", 1: "draw", 0: "loss"}
# CLDR's English "or" list has a comma before "or" (A1, A3, or C3); the page has always written
# it without (A1, A3 or C3), as British English does.
_ENGLISH_LISTS = Locale("en", "GB")


@dataclass(frozen=True)
class ReviewLine:
    """One move of the review: ``X B2``, its value before and after, and whether it is the
    first mistake."""

    ply: int
    by: str
    cell: str
    before: str
    after: str
    first_mistake: bool


@dataclass(frozen=True)
class ReviewView:
    """The review page: a sentence on the first mistake (or a perfect game), and each move."""

    summary: str
    lines: tuple[ReviewLine, ...]
    game_id: str


def value(evaluation: Evaluation) -> str:
    """A value as the review writes it: ``draw``, ``O wins in 3``, ``X won``."""
    winner = evaluation.result.winner
    if not evaluation.proven:
        return _("no forced win found")
    if winner is None:
        return _("draw")
    if evaluation.moves == 0:
        return _("%(mark)s won", mark=winner)
    # Plural forms, though English names no unit: another language may ("in 3 Zügen").
    return ngettext(
        "%(mark)s wins in %(num)d", "%(mark)s wins in %(num)d", evaluation.moves, mark=winner
    )


def build(current: Current) -> ReviewView:
    """The review of ``current``'s game, which must be over."""
    reviewed = review(current.match.game)
    first = reviewed.first_mistake
    lines = tuple(
        ReviewLine(
            move.ply,
            move.by,
            move.cell,
            value(move.before),
            value(move.after),
            move is first,
        )
        for move in reviewed.moves
    )
    return ReviewView(_summary(current, reviewed), lines, current.match.game_id)


def _summary(current: Current, reviewed: Review) -> str:
    """The sentence at the top: the first mistake, or a perfect game."""
    first = reviewed.first_mistake
    if first is None and current.match.game.size != 3:
        return _("The search found no move that gave a forced win away.")
    if first is None:
        return _("Played perfectly: no move changed the result.")
    return mistake_sentence(first, _mover(current, first.by))


def mistake_sentence(move: ReviewedMove, mover: str) -> str:
    """What the first mistake did, and what would have kept the result, e.g. ``Your move B1
    lost the draw: it let O win in 3 moves. A2 or C3 kept the draw.`` ``mover`` is who made
    it, as ``_mover`` says. Two sentences, each whole for the translators."""
    lost = RESULT[rank(move.before.result, move.by)]
    if not move.kept:  # 5x5 and 7x7: the search names no move that kept it
        return _lost(move, mover, lost)
    return f"{_lost(move, mover, lost)} {_kept(move.kept, lost)}"


def _lost(move: ReviewedMove, mover: str, lost: str) -> str:
    """The first sentence of a mistake: which move lost what, and what it let happen.

    Only a win or a draw can be lost (a loss cannot get worse), and a move never loses at once
    (a player cannot complete the other's line): after it, the game is a draw with best play
    (only a win is lost then), or the other player wins in some moves.
    """
    after, cell, mark = move.after, move.cell, move.by
    winner, moves = after.result.winner, after.moves
    who = mover if mover in TO_A_DRAW else "mark"
    if winner is None:
        return _(TO_A_DRAW[who], cell=cell, mark=mark)
    singular, plural = (LOST_THE_WIN if lost == "win" else LOST_THE_DRAW)[who]
    return ngettext(singular, plural, moves, cell=cell, mark=mark, winner=winner)


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """A sentence's singular and plural, marked for the catalogs (make messages: -k NP_:1,2)."""
    return singular, plural


# The first sentence of a mistake by who made it, each whole for the translators: a win let go
# to a draw, a win let go to a loss, a draw let go to a loss in %(num)d moves.
TO_A_DRAW = {
    "you": N_("Your move %(cell)s lost the win: it let the game end in a draw."),
    "friend": N_("Your friend's move %(cell)s lost the win: it let the game end in a draw."),
    "computer": N_("The computer's move %(cell)s lost the win: it let the game end in a draw."),
    "mark": N_("%(mark)s's move %(cell)s lost the win: it let the game end in a draw."),
}
LOST_THE_WIN = {
    "you": NP_(
        "Your move %(cell)s lost the win: it let %(winner)s win in %(num)d move.",
        "Your move %(cell)s lost the win: it let %(winner)s win in %(num)d moves.",
    ),
    "friend": NP_(
        "Your friend's move %(cell)s lost the win: it let %(winner)s win in %(num)d move.",
        "Your friend's move %(cell)s lost the win: it let %(winner)s win in %(num)d moves.",
    ),
    "computer": NP_(
        "The computer's move %(cell)s lost the win: it let %(winner)s win in %(num)d move.",
        "The computer's move %(cell)s lost the win: it let %(winner)s win in %(num)d moves.",
    ),
    "mark": NP_(
        "%(mark)s's move %(cell)s lost the win: it let %(winner)s win in %(num)d move.",
        "%(mark)s's move %(cell)s lost the win: it let %(winner)s win in %(num)d moves.",
    ),
}
LOST_THE_DRAW = {
    "you": NP_(
        "Your move %(cell)s lost the draw: it let %(winner)s win in %(num)d move.",
        "Your move %(cell)s lost the draw: it let %(winner)s win in %(num)d moves.",
    ),
    "friend": NP_(
        "Your friend's move %(cell)s lost the draw: it let %(winner)s win in %(num)d move.",
        "Your friend's move %(cell)s lost the draw: it let %(winner)s win in %(num)d moves.",
    ),
    "computer": NP_(
        "The computer's move %(cell)s lost the draw: it let %(winner)s win in %(num)d move.",
        "The computer's move %(cell)s lost the draw: it let %(winner)s win in %(num)d moves.",
    ),
    "mark": NP_(
        "%(mark)s's move %(cell)s lost the draw: it let %(winner)s win in %(num)d move.",
        "%(mark)s's move %(cell)s lost the draw: it let %(winner)s win in %(num)d moves.",
    ),
}


def _kept(cells: tuple[str, ...], lost: str) -> str:
    """The second sentence of a mistake: the moves that would have kept the result."""
    either = _either(cells)
    if lost == "win":
        return _("%(cells)s kept the win.", cells=either)
    return _("%(cells)s kept the draw.", cells=either)


def as_json(current: Current) -> ReviewJson:
    """GET /api/review: each move's value before and after, and the first mistake."""
    reviewed = review(current.match.game)
    first = reviewed.first_mistake
    return ReviewJson(
        game=current.match.game_id,
        moves=[
            ReviewedMoveJson(
                ply=move.ply,
                by=move.by,
                cell=move.cell,
                before=_value_json(move.before),
                after=_value_json(move.after),
                mistake=move.mistake,
                kept=list(move.kept),
            )
            for move in reviewed.moves
        ],
        first_mistake=MistakeJson(first.ply, first.cell, first.by) if first else None,
        summary=_summary(current, reviewed),
    )


def _value_json(evaluation: Evaluation) -> ValueJson:
    return ValueJson(result=evaluation.result, moves=evaluation.moves)


def _mover(current: Current, mark: str) -> str:
    """Who made the move, as the review tells the viewer: ``you`` (Your move), ``friend``
    (Your friend's move), ``computer`` (The computer's move), or ``mark`` (X's move)."""
    role = by_mark(current)[mark].role
    return "mark" if role == "player" else role


def _either(cells: tuple[str, ...]) -> str:
    """``A2``, ``A2 or C3``, ``A2, B1 or C3``, in the request's language."""
    locale = get_locale()
    if locale is None or locale.language == "en":
        locale = _ENGLISH_LISTS
    return format_list(list(cells), style="or", locale=locale)
