"""Who sits in each seat, as the viewer sees it, and that name in the page's language: names
are made here from the seats' kinds when a page is rendered, never stored."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import N_
from ...rules import Seat
from ...rules.seating import withdrawn as invite_withdrawn
from ...rules.termination import Termination
from ..cycle.matches import Current
from ..site.i18n import gettext as _
from ..site.names import shown

# The levels' words, in running text ("Computer (hard)") and on buttons ("Hard").
LEVEL_WORDS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}
LEVEL_LABELS = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}


@dataclass(frozen=True)
class Who:
    """A seat as the viewer sees it: ``you``, ``friend`` (a person on another browser, to a
    player), ``opponent`` (a stranger met by quick pairing), ``computer`` (with its
    ``level``), or ``player`` (numbered by its seat)."""

    role: str
    number: int = 0  # the seat's number, where two of one kind are told apart by it
    level: str = ""
    drawn: str = ""  # the person's drawn name (rules/names.py), where the seat has one


def who(current: Current, seat: Seat) -> Who:
    """How ``current``'s viewer sees ``seat``."""
    match, held = current.match, current.held
    numbered = int(seat.id) if _twins(match.seats) else 0
    if not seat.is_person:
        return Who("computer", numbered, seat.kind)
    if current.watching or not held or (held == match.people and len(held) > 1):
        return Who("player", int(seat.id), drawn=seat.name)
    if seat.id in held:
        return Who("you", drawn=seat.name)
    return Who("opponent", drawn=seat.name) if match.paired else Who("friend")


def by_mark(current: Current) -> dict[str, Who]:
    """Who plays each mark in the current game."""
    return {seat.mark: who(current, seat) for seat in current.match.seats}


def name(person: Who) -> str:
    """The name of ``person`` in the request's language: ``You``, ``Your friend``,
    ``Player 1``, ``Computer 2``, ``Computer (hard)``."""
    if person.role == "you":
        return _("You")
    if person.drawn and person.role in ("opponent", "player"):
        return shown(person.drawn)
    if person.role == "friend":
        return _("Your friend")
    if person.role == "opponent":
        return _("Your opponent")
    if person.role == "player":
        return _("Player %(number)d", number=person.number)
    if person.number:
        return _("Computer %(number)d", number=person.number)
    return _("Computer (%(level)s)", level=level_word(person.level))


def label(person: Who) -> str:
    """How the players panel shows ``person``: its name, with a computer's level when the
    name does not say it, e.g. ``Computer 1 (hard)``, and your drawn name with ``You``."""
    if person.role == "you" and person.drawn:
        return _("You (%(name)s)", name=shown(person.drawn))
    if person.role == "computer" and person.number:
        return _("%(name)s (%(level)s)", name=name(person), level=level_word(person.level))
    return name(person)


def level_word(level: str) -> str:
    """A computer's level in running text, ``easy``, ``medium`` or ``hard``, in the request's
    language; anything else is shown as it is."""
    word = LEVEL_WORDS.get(level)
    return _(word) if word else level


def level_label(level: str) -> str:
    """A computer's level on a button, ``Easy``, ``Medium`` or ``Hard``, in the request's
    language; anything else is shown as it is."""
    word = LEVEL_LABELS.get(level)
    return _(word) if word else level


def board_label(name: str, line: int) -> str:
    """A board as the forms offer it, e.g. ``5x5, 4 in a row``, in the request's language."""
    return _("%(board)s, %(line)d in a row", board=name, line=line)


@dataclass(frozen=True)
class Seating:
    """Who looks at the board: the marks they play (``both``, ``X``, ``O``, or ``None`` for a
    spectator) and, in an online match, whether the friend has joined, who made each open
    offer (kind, ``you`` or ``friend``) and how a game ended off the board."""

    you: str | None = "both"
    online: bool = False
    full: bool = True
    offers: tuple[tuple[str, str], ...] = ()
    ending: Termination | None = None  # how the game ended off the board
    winner: str = ""
    paired: bool = False  # the other player is a stranger met by quick pairing
    withdrawn: bool = False  # the invite was withdrawn: nobody will join (rules/seating.py)

    def offer(self, kind: str) -> str:
        """Who made the open offer of ``kind``: ``you``, ``friend``, or ``""`` for nobody."""
        return next((who for offer, who in self.offers if offer == kind), "")

    @property
    def rematch(self) -> str:
        """Who offered a rematch: ``you``, ``friend``, or ``""``."""
        return self.offer("rematch")


def seating(current: Current) -> Seating:
    """How ``current``'s browser sits at its match."""
    match = current.match
    offered = tuple(
        (kind, "you" if seat in current.held else "friend") for kind, seat in match.offers
    )
    if not match.online:
        return Seating(current.you, offers=offered)
    off_board = Termination.from_stored(match.ending)
    return Seating(
        current.you,
        True,
        match.full,
        offered,
        off_board,
        match.winner,
        match.paired,
        invite_withdrawn(match),
    )


def _twins(seats: tuple[Seat, Seat]) -> bool:
    """Whether both seats are of one kind, so that only their numbers tell them apart."""
    return seats[0].kind == seats[1].kind
