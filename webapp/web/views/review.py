"""What the review says of a finished game: ReviewJson, both the JSON of GET /api/review and
the page's context (each value in the player's words as a property), and its sentences."""

from __future__ import annotations

from typing import Annotated

from babel import Locale
from babel.lists import format_list
from flask_babel import get_locale
from msgspec import Meta, Struct

from ...engine import N_, Evaluation, Refusal, Review, ReviewedMove, Status, rank, review
from ..cycle.matches import Current
from ..site.i18n import gettext as _
from ..site.i18n import ngettext
from ..site.refusals import REVIEW_NOT_READY
from .naming import by_mark
from .schema import CellId, Count, Mark

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


class ValueJson(Struct):
    """A position's value with perfect play: the result, and the moves until it (0: over)."""

    result: Status
    moves: Count

    @property
    def words(self) -> str:
        """The value as the review writes it: ``draw``, ``O wins in 3``, ``X won``; on 5x5 and
        7x7, a position whose result the search did not prove is still in progress."""
        winner = self.result.winner
        if self.result is Status.IN_PROGRESS:
            return _("no forced win found")
        if winner is None:
            return _("draw")
        if self.moves == 0:
            return _("%(mark)s won", mark=winner)
        # Plural forms, though English names no unit: another language may ("in 3 Zügen").
        return ngettext(
            "%(mark)s wins in %(num)d", "%(mark)s wins in %(num)d", self.moves, mark=winner
        )


class ReviewedMoveJson(Struct):
    """One move of the review: the values before and after it, and the moves that would have
    kept its player's best result."""

    ply: Annotated[int, Meta(ge=1)]
    by: Mark
    cell: CellId
    before: ValueJson
    after: ValueJson
    mistake: bool
    kept: list[CellId]


class MistakeJson(Struct):
    """The first move after which its player's best result was worse."""

    ply: Annotated[int, Meta(ge=1)]
    cell: CellId
    by: Mark


class ReviewJson(Struct):
    """The review of the finished game, with perfect play from both sides as the measure."""

    game: str
    moves: list[ReviewedMoveJson]
    first_mistake: MistakeJson | None
    summary: str


def build(current: Current) -> ReviewJson:
    """The review of ``current``'s game, which must be over: each move's value before and
    after, and the first mistake; the page and GET /api/review show it."""
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
    # On 5x5 and 7x7 the search may prove nothing before the move: no draw was there to lose.
    unproven = move.before.result is Status.IN_PROGRESS
    sentences = LET_A_WIN if unproven else LOST_THE_WIN if lost == "win" else LOST_THE_DRAW
    singular, plural = sentences[who]
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

# A move after which the search found a forced win for the other player, from a position where
# it had proven nothing (5x5 and 7x7).
LET_A_WIN = {
    "you": NP_(
        "Your move %(cell)s let %(winner)s win in %(num)d move.",
        "Your move %(cell)s let %(winner)s win in %(num)d moves.",
    ),
    "friend": NP_(
        "Your friend's move %(cell)s let %(winner)s win in %(num)d move.",
        "Your friend's move %(cell)s let %(winner)s win in %(num)d moves.",
    ),
    "computer": NP_(
        "The computer's move %(cell)s let %(winner)s win in %(num)d move.",
        "The computer's move %(cell)s let %(winner)s win in %(num)d moves.",
    ),
    "mark": NP_(
        "%(mark)s's move %(cell)s let %(winner)s win in %(num)d move.",
        "%(mark)s's move %(cell)s let %(winner)s win in %(num)d moves.",
    ),
}


def _kept(cells: tuple[str, ...], lost: str) -> str:
    """The second sentence of a mistake: the moves that would have kept the result."""
    either = _either(cells)
    if lost == "win":
        return _("%(cells)s kept the win.", cells=either)
    return _("%(cells)s kept the draw.", cells=either)


def _value_json(evaluation: Evaluation) -> ValueJson:
    return ValueJson(result=evaluation.result, moves=evaluation.moves)


def _mover(current: Current, mark: str) -> str:
    """Who made the move, as the review tells the viewer: ``you`` (Your move), ``friend``
    (Your friend's move), ``computer`` (The computer's move), or ``mark`` (X's move): of two
    computers, "the computer" would not say which."""
    people = by_mark(current)
    role = people[mark].role
    twins = role == "computer" and all(person.role == role for person in people.values())
    return "mark" if role == "player" or twins else role


def _either(cells: tuple[str, ...]) -> str:
    """``A2``, ``A2 or C3``, ``A2, B1 or C3``, in the request's language."""
    locale = get_locale()
    if locale is None or locale.language == "en":
        locale = _ENGLISH_LISTS
    return format_list(list(cells), style="or", locale=locale)
