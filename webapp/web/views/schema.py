"""The JSON API's request and response bodies, declared once as msgspec Structs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, TypeAlias, get_args

from msgspec import UNSET, Meta, Struct, UnsetType

from ...engine import BOARD_NAMES, PLAYER_KINDS, Status, geometry
from ...rules import FRIEND
from ...rules.match import ENDINGS
from ...rules.match import SEAT_IDS as SEATS
from ...rules.records import ENDED_BY, STATUSES
from .chat import MessageJson

KINDS = (*PLAYER_KINDS, FRIEND)  # a new game's sides: a person, a computer level, a friend
PAIR_STATES = ("waiting", "paired", "idle")

if TYPE_CHECKING:
    # mypy sees the plain strings that the engine and the rules hand out; msgspec (below) sees
    # the enums, which it checks in requests and writes into the OpenAPI document.
    CellId: TypeAlias = str
    BoardName: TypeAlias = str
    Kind: TypeAlias = str
    NewKind: TypeAlias = str
    Mark: TypeAlias = str
    You: TypeAlias = str
    SeatId: TypeAlias = str
    Ending: TypeAlias = str
    Offer: TypeAlias = str
    EndedBy: TypeAlias = str
    PairState: TypeAlias = str
else:
    CellId = Literal[geometry(7).cell_ids]  # every board's: the engine refuses F1 on 5x5
    BoardName = Literal[BOARD_NAMES]
    Kind = Literal[PLAYER_KINDS]
    NewKind = Literal[KINDS]
    Mark = Literal["X", "O"]
    You = Literal["X", "O", "both"]
    SeatId = Literal[SEATS]
    Ending = Literal[ENDINGS]
    Offer = Literal["you", "friend"]
    EndedBy = Literal[ENDED_BY]
    PairState = Literal[PAIR_STATES]
# Your games: each game's result and opponent, and the record's opponents.
Result = Literal["won", "lost", "drawn", "aborted", "X", "O"]
Opponent = Literal["easy", "medium", "hard", "friend", "someone", "self", "computers"]
Against = Literal["easy", "medium", "hard", "people"]
RESULTS, OPPONENTS = get_args(Result), get_args(Opponent)

Count = Annotated[int, Meta(ge=0)]
CELLS = "[XO_]{9}|[XO_]{25}|[XO_]{49}"  # a position of 3x3, 5x5 or 7x7
Position = Annotated[
    str, Meta(pattern=f"^({CELLS})$", examples=["_XXOO_OX_"], description="Row by row, _ empty.")
]
Ply = Annotated[
    int,
    Meta(
        ge=0,
        le=49,
        description="The ply of the game the request was made for (`ply` of /api/game); "
        "another is refused with 409, so a program never plays on a board it has not seen.",
    ),
]
Version = Annotated[
    int,
    Meta(
        ge=0,
        description="The version of the match the request was made for (`version` of "
        "/api/game): a 409 if the game changed since (a move, an undo, a new game, a seat, "
        "the clock) or it is newer; messages, mutes and offers do not count. Safer than `ply`.",
    ),
]
GameId = Annotated[str, Meta(description="The game id (`game` of /api/game); another is a 409.")]


class MissingFieldError(Exception):
    """A field a body needs, left out: msgspec lets it through, so the field is named."""

    def __init__(self, name: str) -> None:
        """The field ``name`` is missing."""
        super().__init__(name)
        self.name = name


class ExpectedBody(Struct, kw_only=True):
    """What a request was made for: a request for another state of the match is a 409."""

    ply: Ply | UnsetType = UNSET
    version: Version | UnsetType = UNSET
    game: GameId | UnsetType = UNSET


class PinnedBody(ExpectedBody, kw_only=True):
    """A request that must name the state it was made for: a ply, a version or both."""

    # Added to the document's schema of each subclass: msgspec cannot say "one of two".
    schema_extra: ClassVar[dict[str, Any]] = {
        "anyOf": [{"required": ["ply"]}, {"required": ["version"]}]
    }

    def __post_init__(self) -> None:
        """Refuse a body that names no state, as msgspec refuses a missing field."""
        if self.ply is UNSET and self.version is UNSET:
            raise MissingFieldError("ply")


class MoveBody(PinnedBody, kw_only=True):
    """A person's move."""

    cell: CellId


class StepBody(PinnedBody, kw_only=True):
    """The next move between two computers, or every move left."""

    to_end: Annotated[bool, Meta(description="Play to the end, not one move.")] = False


class NewBody(Struct, kw_only=True):
    """A new game. `friend` is a person on another device, invited by the `online.invite`
    link of the answer; the other side must then be `user`."""

    x: NewKind
    o: NewKind
    position: Annotated[str, Meta(pattern=f"^({CELLS})?$")] | None = None
    board: Annotated[BoardName, Meta(description="5x5: four in a row; 7x7: five.")] = "3x3"
    toss: Annotated[bool, Meta(description="Toss a coin that may swap x and o.")] = False
    clock: Annotated[
        int, Meta(ge=0, le=7 * 86400, description="Seconds per move online; 0: no clock.")
    ] = 0


class JoinBody(Struct):
    """The invite token: the part of the invite link after /join/ (or the whole link)."""

    invite: str


class SeatBody(Struct):
    """The seat token: the part of `online.seat` after /seat/ (or the whole link)."""

    seat: str


class KindsJson(Struct, rename="upper"):
    """Who plays each mark: `user` (a person) or a computer level."""

    x: Kind
    o: Kind


class NamesJson(Struct, rename="upper"):
    """Who plays each mark, as the tally names them (You, Computer (hard), Player 1, ...)."""

    x: str
    o: str


class EvaluationJson(Struct, omit_defaults=True):
    """The result with perfect play, how many moves until it, and the best moves (reading
    order); a finished game has 0 moves and no best moves; on 5x5 and 7x7 what search proves."""

    result: Status
    moves: Annotated[int, Meta(ge=0, le=49)]
    best: Annotated[list[CellId], Meta(extra_json_schema={"uniqueItems": True})]
    proven: bool = True  # false on 5x5 and 7x7 when the search found no forced win


class TallyJson(Struct):
    """Games won by each player by name (whatever mark they played) and drawn in this match."""

    wins: dict[str, Count]
    draws: Count
    practice: Annotated[bool, Meta(description="From a chosen position: it does not count.")]


class SeatJson(Struct):
    """One of the match's two seats: who holds it, the mark it plays in this game, whether
    this session holds it, and its player's name as the board shows it to this session."""

    id: SeatId
    kind: Kind
    mark: Mark
    you: bool
    name: Annotated[str, Meta(description="Its drawn name, else You, Player 1, Computer (hard)")]


class ScoreJson(Struct):
    """Games won by each seat (by seat id) and drawn in this match."""

    wins: Annotated[
        dict[SeatId, Count],
        Meta(extra_json_schema={"propertyNames": {"enum": list(SEATS)}, "required": list(SEATS)}),
    ]
    draws: Count


class SeatPresenceJson(Struct):
    """Whether a seat is taken (not left for another match), and how long its player is away."""

    seated: bool
    away: Annotated[float, Meta(ge=0, description="Seconds; null if never seen.")] | None


class PresenceJson(Struct, rename="upper"):
    """The presence of the player of each mark."""

    x: SeatPresenceJson
    o: SeatPresenceJson


class OnlineJson(Struct):
    """The seats of a match played from two devices, its links, the open rematch, takeback
    and draw offers and how the game ended off the board."""

    full: Annotated[bool, Meta(description="Whether the friend has joined.")]
    invite: Annotated[str | None, Meta(description="Player 1's link until the friend joins.")]
    seat: Annotated[str | None, Meta(description="This player's link to go on elsewhere.")]
    watch: Annotated[str, Meta(description="The link that shows the match read-only.")]
    rematch: Offer | None
    takeback: Annotated[
        Offer | None, Meta(description="Who asks to take back their last move, if anyone.")
    ]
    draw: Annotated[Offer | None, Meta(description="Who offers a draw, if anyone.")]
    ending: Ending | None
    winner: Mark | None
    can_claim: bool
    presence: PresenceJson
    messages: Annotated[list[MessageJson], Meta(description="The latest, oldest first.")]
    muted: Annotated[bool, Meta(description="Whether this player hides the other's messages.")]


class ClockJson(Struct):
    """The move clock: seconds per move, and while a game goes on with both players, when
    the player to move runs out (ISO 8601, UTC) and the seconds left; then both are null."""

    per_move: Annotated[int, Meta(ge=1, le=7 * 86400)]
    deadline: str | None
    seconds_left: Annotated[int, Meta(ge=0)] | None


class PairJson(Struct, kw_only=True):
    """Quick pairing: ``waiting`` (on ``board``, for ``waited`` s), ``paired`` or ``idle``."""

    state: PairState
    board: Annotated[BoardName | None, Meta(description="The board waited for, or null.")] = None
    waited: Count = 0
    offer_computer: bool = False
    game: GameJson | None = None


class GameJson(Struct, kw_only=True):
    """The match of this session, as every API call but the review answers it."""

    board: Position
    size: Annotated[int, Meta(description="Cells a side: 3, 5 or 7.")]
    in_a_row: Annotated[int, Meta(description="How many in a row win: 3, 4 or 5.")]
    turn: Mark | None
    status: Annotated[str, Meta(extra_json_schema={"enum": list(STATUSES)})]
    line: Annotated[list[CellId] | None, Meta(description="The winning cells, if any.")]
    players: KindsJson
    names: NamesJson
    moves: Annotated[list[CellId], Meta(max_length=49)]
    start: Position
    ply: Annotated[int, Meta(ge=0, le=49)]
    game: str
    version: Annotated[int, Meta(ge=0, description="Grows with every change; 0: not stored.")]
    tally: TallyJson
    you: Annotated[You | None, Meta(description="The marks this session plays; null: watching.")]
    online: OnlineJson | None
    evaluation: Annotated[
        EvaluationJson | None,
        Meta(
            description="Perfect play's verdict; null in an online game still in play, as "
            "the board offers no hint there."
        ),
    ]
    csrf_token: Annotated[str, Meta(description="Send it back in the X-CSRFToken header.")]
    seats: tuple[SeatJson, SeatJson]
    score: ScoreJson
    clock: ClockJson | None
    ended_by: Annotated[
        EndedBy | None, Meta(description="How the finished game ended; null while it goes on.")
    ]
    arena: Annotated[str | None, Meta(description="The arena that paired this game, if any.")]


class ErrorJson(Struct):
    """A refused request, which changed nothing; a 400 names the body's bad `field`."""

    error: Annotated[str, Meta(description="Why, in words for people, in the asked language.")]
    code: Annotated[
        str,
        Meta(
            description="Why, for programs: the same in every language, never reworded "
            "(docs/api.md has the table of codes)."
        ),
    ]
    field: str | UnsetType = UNSET
