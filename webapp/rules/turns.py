"""What a person may do to a game: move, ask the computers to step, take a move back."""

# Each function returns the game after the action, or raises a TicTacToeError whose message the
# pages flash and the API returns with a 409: the engine's own or one of the refusals below.

from __future__ import annotations

from ..engine import N_, Board, Game, GameOverError, TicTacToeError


class NotYourTurnError(TicTacToeError):
    """A person tried to move while a computer is to play."""

    default_message = N_("It is not your turn: the computer moves next.")


class OnlyComputersError(TicTacToeError):
    """Computer moves were asked for in a game with a person in it."""

    default_message = N_("Next move and Play to the end are for games between two computers.")


class NothingToUndoError(TicTacToeError):
    """Undo was asked for with no move to take back."""

    default_message = N_("There is no move to take back.")


class FinishedPositionError(TicTacToeError):
    """A game was to start from a position whose game is already over."""

    default_message = N_("This position is already over.")


def check_start(board: Board) -> None:
    """Refuse ``board`` as a game's start when its game is over, saying how it ended."""
    if board.is_over:
        winner = board.status.winner
        if winner is None:
            raise FinishedPositionError(N_("This position is already over: it is a draw."))
        raise FinishedPositionError(N_("This position is already over: %(mark)s won."), mark=winner)


def person_moves(game: Game, cell: str) -> Game:
    """The person's move ``cell``, then the computer's replies until a person is to move."""
    if not game.board.is_over and not game.person_to_move:
        raise NotYourTurnError()
    return game.play(cell).reply_until_person()


def computers_move(game: Game, to_the_end: bool) -> Game:
    """The next computer move of a computer-against-computer game, or every move left."""
    if not game.is_computer_vs_computer:
        raise OnlyComputersError()
    if game.board.is_over:
        raise GameOverError(game.board.status)
    game = game.play_computer()
    while to_the_end and not game.board.is_over:
        game = game.play_computer()
    return game


def take_back(game: Game) -> Game:
    """The last move taken back, or against the computer its reply and the person's move."""
    count = game.undo_count()
    if count == 0:
        raise NothingToUndoError()
    return game.undo(count)
