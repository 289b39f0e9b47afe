//! Playing written moves on a game, one by one, with reasons when one is not legal.

use super::explain::{find_move, Illegal};
use super::movegen::DetailedMove;
use super::notation::{moves, ParseError};
use super::status::{Game, Outcome};

/// A move as a client sends it: text in any accepted notation, or a path of PDN squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveInput {
    /// Notation: `32-28`, `28x19x10`, `c3-d4`, ...
    Text(String),
    /// The squares visited, start first (PDN numbers).
    Path(Vec<u32>),
}

impl MoveInput {
    /// The input as the client wrote it (for error messages).
    pub fn describe(&self) -> String {
        match self {
            MoveInput::Text(t) => t.clone(),
            MoveInput::Path(p) => p.iter().map(u32::to_string).collect::<Vec<_>>().join("-"),
        }
    }
}

/// Why a move could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The text is not a move in any notation.
    Parse(ParseError),
    /// A well-formed move that is not legal here.
    Illegal(Illegal),
    /// The game had already ended.
    GameOver(Outcome),
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::Parse(e) => write!(f, "not a move: {e}"),
            PlayError::Illegal(i) => write!(f, "{i}"),
            PlayError::GameOver(o) => {
                write!(f, "the game is already over ({})", describe_outcome(o))
            }
        }
    }
}

/// Short words for an outcome.
pub fn describe_outcome(o: &Outcome) -> String {
    match o {
        Outcome::Ongoing => "ongoing".into(),
        Outcome::Win { winner, reason } => format!("{} won: {}", winner.name(), reason.id()),
        Outcome::Draw { reason } => format!("draw: {}", reason.id()),
    }
}

/// Play one move on `game`. `legal` is scratch space; it holds the position's legal moves.
pub fn play(
    game: &mut Game,
    input: &MoveInput,
    legal: &mut Vec<DetailedMove>,
) -> Result<DetailedMove, PlayError> {
    let outcome = game.outcome_with(legal);
    if outcome != Outcome::Ongoing {
        return Err(PlayError::GameOver(outcome));
    }
    play_legal(game, input, legal)
}

/// Play `input`, one of `legal` (the position's legal moves), whatever the draw rules say.
fn play_legal(
    game: &mut Game,
    input: &MoveInput,
    legal: &[DetailedMove],
) -> Result<DetailedMove, PlayError> {
    let board = game.rules.board;
    let written = match input {
        MoveInput::Text(t) => moves::parse(t, board),
        MoveInput::Path(p) => moves::from_path(p, board),
    }
    .map_err(PlayError::Parse)?;
    let mv = find_move(&game.rules, &game.position, legal, &written).map_err(PlayError::Illegal)?;
    game.play(&mv);
    Ok(mv)
}

/// The first move of a list that cannot be played.
#[derive(Clone, Debug)]
pub struct ReplayError {
    /// 1-based index of the move in the list.
    pub ply: usize,
    /// The move that failed.
    pub input: MoveInput,
    /// Why it failed.
    pub error: PlayError,
    /// The game just before that move.
    pub game: Game,
}

/// Play every move of `inputs` in turn.
pub fn replay(mut game: Game, inputs: &[MoveInput]) -> Result<Game, Box<ReplayError>> {
    let mut legal = Vec::with_capacity(64);
    for (i, input) in inputs.iter().enumerate() {
        if let Err(error) = play(&mut game, input, &mut legal) {
            return Err(Box::new(ReplayError {
                ply: i + 1,
                input: input.clone(),
                error,
                game,
            }));
        }
    }
    Ok(game)
}

/// What a replay does with moves played after a draw rule had already ended the game
/// (records often go on past an unclaimed repetition or counter).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AfterGameOver {
    /// Such a move is an error, as in play.
    Error,
    /// The game is replayed to its end; the ply where a rule ended it is reported.
    Warn,
}

/// A draw rule ended the game before this ply was played (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndedBefore {
    /// The first ply played after the end.
    pub ply: usize,
    /// How the rules had ended the game.
    pub outcome: Outcome,
}

/// As `replay`, with `after` deciding what moves past a drawn end are; a win (no piece or
/// no move) ends every game. Returns the final game and, with `Warn`, where a rule had
/// ended it.
pub fn replay_with(
    mut game: Game,
    inputs: &[MoveInput],
    after: AfterGameOver,
) -> Result<(Game, Option<EndedBefore>), Box<ReplayError>> {
    let mut legal = Vec::with_capacity(64);
    let mut ended = None;
    for (i, input) in inputs.iter().enumerate() {
        let outcome = game.outcome_with(&mut legal);
        let result = match outcome {
            Outcome::Ongoing => play_legal(&mut game, input, &legal),
            Outcome::Draw { .. } if after == AfterGameOver::Warn => {
                ended.get_or_insert(EndedBefore {
                    ply: i + 1,
                    outcome,
                });
                play_legal(&mut game, input, &legal)
            }
            _ => Err(PlayError::GameOver(outcome)),
        };
        if let Err(error) = result {
            return Err(Box::new(ReplayError {
                ply: i + 1,
                input: input.clone(),
                error,
                game,
            }));
        }
    }
    Ok((game, ended))
}
