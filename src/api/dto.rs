//! Request and response bodies, with their OpenAPI schemas and examples.
//! Field names are part of the API's contract (no field is removed or changes meaning within
//! a major version, CHANGELOG.md): clients are written against them.

use crate::engine::review::MoveClass;
use crate::engine::Score;
use crate::rules::movegen::MAX_JUMPS;
use crate::rules::notation::fen;
use crate::rules::notation::moves::{MoveText, MOVE_TEXT_MAX};
use crate::rules::status::{Counters, Outcome};
use crate::rules::{
    detail, BoardSize, CapturePriority, Choices, Color, DetailedMove, DrawRules, Game, KingKind,
    Lines, Move, Position, PromotionInCapture, Removal, Rules, WinCondition, PRESETS,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::openapi::schema::{Object, ObjectBuilder, Schema, SchemaType, Type};
use utoipa::openapi::RefOr;
use utoipa::ToSchema;

/// A preset id, or a preset with rule overrides.
#[derive(ToSchema)]
#[allow(dead_code)] // documents the shape; requests read `variant` as JSON and check it by hand
#[schema(example = json!("international"))]
#[serde(untagged)]
pub enum VariantSpec {
    Preset(PresetId),
    Custom(Box<VariantOverrides>),
}

/// A preset id (aliases such as `fmjd` or `checkers` are accepted too), listed from the
/// presets themselves.
pub struct PresetId;

impl utoipa::PartialSchema for PresetId {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(PRESETS.iter().flat_map(|p| {
                std::iter::once(p.id).chain(p.aliases.iter().copied())
            })))
            .description(Some(
                "A preset id, or one of its aliases (such as `fmjd` or `checkers`).",
            ))
            .into()
    }
}

impl ToSchema for PresetId {}

/// A rule parameter's closed set of values, named from the rules (left out: the preset's).
fn choices<T: Choices + Serialize>(description: &str) -> Object {
    ObjectBuilder::new()
        .description(Some(description))
        .schema_type(Type::String)
        .enum_values(Some(T::ALL.iter().map(|v| v.name())))
        .build()
}

/// The schema functions of the rule choices (`schema_with` takes a function, not a call).
macro_rules! rule_choice_schemas {
    ($($name:ident: $choice:ty, $description:literal;)*) => {
        $(fn $name() -> Object {
            choices::<$choice>($description)
        })*
    };
}

rule_choice_schemas! {
    first_player_schema: Color, "Who moves first.";
    side_schema: Color, "Who played it.";
    side_to_move_schema: Color, "Who is to move.";
    move_class_schema: MoveClass,
        "`best`, `good` (loss < 25), `inaccuracy` (< 75), `mistake` (< 150) or `blunder`.";
    kings_schema: KingKind, "How far kings move.";
    capture_priority_schema: CapturePriority,
        "Which capture sequences are legal when several are possible.";
    removal_schema: Removal, "When captured pieces leave the board.";
    promotion_in_capture_schema: PromotionInCapture, "A man reaching the far row during a capture.";
    move_lines_schema: Lines, "The lines plain moves follow (`orthogonal`: rows and files).";
    capture_lines_schema: Lines, "The lines captures follow (Frisian: `both`; Turkish: `orthogonal`).";
    win_condition_schema: WinCondition,
        "How the game is won (`lose_all`: antidraughts, `first_king`: breakthrough).";
}

/// The draw rules' keys, from the rules themselves, each a count or `null` (off); unknown
/// keys are refused. A key's maximum is the largest count its field holds, found by asking
/// serde whether 256 fits.
fn draw_rules_schema() -> Object {
    let defaults = serde_json::to_value(DrawRules::default()).unwrap_or_default();
    let mut object = ObjectBuilder::new()
        .schema_type(Type::Object)
        .description(Some(
            "Draw rule limits (moves by each side, `null` to turn one off); keys as in \
             `GET /variants`.",
        ))
        .additional_properties(Some(
            utoipa::openapi::schema::AdditionalProperties::FreeForm(false),
        ));
    for key in defaults.as_object().into_iter().flat_map(|o| o.keys()) {
        let holds_256 =
            serde_json::from_value::<DrawRules>(serde_json::json!({ key: 256 })).is_ok();
        let count = ObjectBuilder::new()
            .schema_type(SchemaType::from_iter([Type::Integer, Type::Null]))
            .minimum(Some(0))
            .maximum(Some(if holds_256 { u16::MAX } else { u8::MAX as u16 }));
        object = object.property(key, count);
    }
    object.build()
}

/// A preset plus the rule parameters to change. Unknown keys are refused.
#[derive(ToSchema)]
#[allow(dead_code)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"preset": "spanish", "first_player": "white", "forced_capture": false}))]
pub struct VariantOverrides {
    pub preset: PresetId,
    #[schema(schema_with = first_player_schema)]
    pub first_player: Option<String>,
    #[schema(nullable = false)]
    pub forced_capture: Option<bool>,
    #[schema(nullable = false)]
    pub men_capture_backwards: Option<bool>,
    #[schema(schema_with = kings_schema)]
    pub kings: Option<String>,
    #[schema(schema_with = capture_priority_schema)]
    pub capture_priority: Option<String>,
    #[schema(schema_with = removal_schema)]
    pub removal: Option<String>,
    #[schema(schema_with = promotion_in_capture_schema)]
    pub promotion_in_capture: Option<String>,
    #[schema(nullable = false)]
    pub men_capture_kings: Option<bool>,
    /// A flying king whose capture ends by taking a king stops on the first square behind
    /// it (killer draughts).
    #[schema(nullable = false)]
    pub king_stops_after_king: Option<bool>,
    #[schema(schema_with = draw_rules_schema)]
    pub draw_rules: Option<Value>,
    #[schema(schema_with = move_lines_schema)]
    pub move_lines: Option<String>,
    #[schema(schema_with = capture_lines_schema)]
    pub capture_lines: Option<String>,
    /// A king may turn straight back within a capture (Turkish: `false`).
    #[schema(nullable = false)]
    pub reversal_in_capture: Option<bool>,
    /// Plain moves a king may make in a row while its side has men (Frisian: 3); `null`
    /// for no limit.
    #[schema(maximum = 255)]
    pub king_move_limit: Option<u8>,
    #[schema(schema_with = win_condition_schema)]
    pub win_condition: Option<String>,
}

/// A move: notation text, or a path of PDN squares.
#[derive(ToSchema)]
#[allow(dead_code)]
#[serde(untagged)]
pub enum MoveSpec {
    /// `32-28`, `28x19x10`, `28x10`, `28:10`, or algebraic on 8×8 (`c3-d4`, `c3:e5`).
    Text(String),
    Path(MovePath),
}

#[derive(ToSchema)]
#[allow(dead_code)]
#[serde(deny_unknown_fields)]
pub struct MovePath {
    /// Start square, then landing squares (all or some), as PDN numbers.
    #[schema(min_items = 2, max_items = 51)]
    pub path: Vec<PathSquare>,
}

/// A PDN square number: 1 up to the largest board's count (72, Canadian 12×12); whether it
/// is on the variant's board is checked with the move.
#[derive(ToSchema)]
#[allow(dead_code)]
#[schema(minimum = 1, maximum = 72)]
pub struct PathSquare(u8);

/// The moves played since `start` (or the initial position), oldest first.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"moves": ["32-28", "19-23", "28x19", "14x23"]}))]
pub struct History {
    /// PDN FEN of the start position.
    pub start: Option<String>,
    #[schema(value_type = Vec<MoveSpec>)]
    pub moves: Vec<Value>,
}

/// `POST /moves`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variant": "international", "position": "W:W31-50:B1-20", "include_positions": true}))]
pub struct MovesRequest {
    #[schema(value_type = VariantSpec)]
    pub variant: Value,
    /// PDN FEN. Absent: the variant's initial position (or the end of `history`).
    pub position: Option<String>,
    pub history: Option<History>,
    /// Add each move's resulting FEN.
    #[serde(default)]
    pub include_positions: bool,
}

/// `POST /status`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variant": "english", "history": {"moves": ["11-15", "23-19"]}}))]
pub struct StatusRequest {
    #[schema(value_type = VariantSpec)]
    pub variant: Value,
    pub position: Option<String>,
    pub history: Option<History>,
}

/// `POST /apply`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variant": "international", "position": "W:W31-50:B1-20", "move": "32-28"}))]
pub struct ApplyRequest {
    #[schema(value_type = VariantSpec)]
    pub variant: Value,
    pub position: Option<String>,
    pub history: Option<History>,
    #[serde(rename = "move")]
    #[schema(value_type = MoveSpec)]
    pub mv: Value,
}

/// `POST /games/validate`: a move list, or a PDN game text.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variant": "english", "moves": ["11-15", "23-19", "8-11", "22-17"]}))]
pub struct ValidateRequest {
    /// Required with `moves`; with `pdn`, the `GameType` tag may give it instead (a PDN
    /// game with neither is read as international draughts, PDN's game type 20).
    #[schema(value_type = Option<VariantSpec>)]
    pub variant: Option<Value>,
    pub start: Option<String>,
    #[schema(value_type = Option<Vec<MoveSpec>>)]
    pub moves: Option<Vec<Value>>,
    /// A PDN text: one game or many (tags such as `GameType` and `FEN`, then movetext).
    pub pdn: Option<String>,
    /// Moves played after a draw rule had ended the game (an unclaimed repetition, say):
    /// `error` (the default) refuses them; `warn` replays the game to its end and reports
    /// the ply in `warnings`.
    pub after_game_over: Option<String>,
}

/// What a warning of a valid game record is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum WarningKind {
    /// Moves were played after a draw rule had ended the game.
    PlayedAfterEnd,
    /// The `Result` tag disagrees with how the game ended.
    ResultDisagrees,
}

/// Something a valid game record does that the rules or its tags would not expect.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ValidateWarning {
    pub kind: WarningKind,
    /// The ply concerned (1-based), when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ply: Option<usize>,
    pub detail: String,
}

/// One game of a PDN text with several.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GameReport {
    /// 1-based place of the game in the text.
    pub index: usize,
    /// The game's tags among Event, Site, Date, Round, White, Black, Result, GameType, FEN.
    pub tags: std::collections::BTreeMap<String, String>,
    /// The preset the game was checked under (from its `GameType`, else the request's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    pub valid: bool,
    pub plies: usize,
    /// PDN FEN after the last good move (absent when the game could not be started).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<StatusView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ValidateError>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<ValidateWarning>,
}

/// Counts over the games of a PDN text.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ValidateSummary {
    pub games: usize,
    pub valid: usize,
    pub invalid: usize,
}

/// A legal move.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"notation": "28x19x10", "short": "28x10", "from": 28, "to": 10,
    "path": [28, 19, 10], "captured": [23, 14], "crowns": false}))]
pub struct MoveView {
    /// Full numeric notation, every landing square.
    #[schema(value_type = String)]
    #[serde(serialize_with = "as_text")]
    pub notation: MoveText,
    /// From and to only.
    #[schema(value_type = String)]
    #[serde(serialize_with = "as_text")]
    pub short: MoveText,
    pub from: u8,
    pub to: u8,
    /// Start square then each landing square.
    #[schema(value_type = Vec<u8>)]
    pub path: Squares,
    /// Squares of the pieces taken, in jump order.
    #[schema(value_type = Vec<u8>)]
    pub captured: Squares,
    pub crowns: bool,
    /// Algebraic notation (8×8 boards).
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "as_optional_text"
    )]
    #[schema(value_type = Option<String>)]
    pub algebraic: Option<MoveText>,
    /// The position after the move (when asked for).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
}

fn as_text<S: serde::Serializer>(text: &MoveText, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(text.write(&mut [0; MOVE_TEXT_MAX]))
}

fn as_optional_text<S: serde::Serializer>(
    text: &Option<MoveText>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match text {
        Some(t) => s.serialize_some(t.write(&mut [0; MOVE_TEXT_MAX])),
        None => s.serialize_none(),
    }
}

/// Squares (bit indices) written as a JSON list of PDN numbers, without allocating.
#[derive(Debug, Clone, Copy)]
pub struct Squares {
    board: BoardSize,
    len: u8,
    bits: [u8; MAX_JUMPS + 1],
}

impl Squares {
    fn new(board: BoardSize, first: Option<u8>, rest: &[u8]) -> Squares {
        let mut bits = [0; MAX_JUMPS + 1];
        let mut len = 0;
        for &b in first.iter().chain(rest) {
            bits[len] = b;
            len += 1;
        }
        Squares {
            board,
            len: len as u8,
            bits,
        }
    }
}

impl Serialize for Squares {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let g = self.board.geometry();
        s.collect_seq(self.bits[..self.len as usize].iter().map(|&b| g.square(b)))
    }
}

impl MoveView {
    /// The view of a compact move (a searcher's answer) legal in `pos`.
    pub fn of(mv: &Move, pos: &Position, rules: &Rules, with_position: bool) -> Self {
        MoveView::new(&detail(rules, pos, mv), pos, rules, with_position)
    }

    pub fn new(mv: &DetailedMove, pos: &Position, rules: &Rules, with_position: bool) -> Self {
        let board = rules.board;
        let g = board.geometry();
        MoveView {
            notation: MoveText::full(mv, board),
            short: MoveText::short(mv, board),
            from: g.square(mv.from),
            to: g.square(mv.to),
            path: Squares::new(board, Some(mv.from), mv.landings()),
            captured: Squares::new(board, None, mv.taken_in_order()),
            crowns: mv.crowns,
            algebraic: (g.side == 8).then(|| MoveText::algebraic(mv, board)),
            position: with_position.then(|| fen::write(&pos.play(mv))),
        }
    }
}

/// The counters that lead to draws, in plies (half-moves).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CountersView {
    /// Plies since the last capture or man move.
    pub king_moves_without_capture: u32,
    /// Plies since the last capture or promotion.
    pub moves_without_capture_or_promotion: u32,
    /// Plies in the current "pieces against a lone king" endgame.
    pub lone_king_endgame: u32,
    /// Times the current position has occurred (same pieces, same side to move).
    pub repetitions: u32,
}

impl From<Counters> for CountersView {
    fn from(c: Counters) -> Self {
        CountersView {
            king_moves_without_capture: c.king_moves_without_capture,
            moves_without_capture_or_promotion: c.moves_without_capture_or_promotion,
            lone_king_endgame: c.lone_king_endgame,
            repetitions: c.repetitions,
        }
    }
}

/// Whether the game goes on, and if not who won or which draw rule ended it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"state": "ongoing", "winner": null, "reason": null, "side_to_move": "white",
    "counters": {"king_moves_without_capture": 0, "moves_without_capture_or_promotion": 0, "lone_king_endgame": 0, "repetitions": 1}}))]
pub struct StatusView {
    pub state: GameState,
    /// The winner, for a win.
    #[schema(schema_with = winner_schema)]
    pub winner: Option<Color>,
    /// `no_pieces`, `no_moves`, `first_king` (breakthrough), `threefold_repetition`, or the
    /// draw rule's id.
    #[schema(schema_with = reason_schema)]
    pub reason: Option<String>,
    #[schema(schema_with = side_to_move_schema)]
    pub side_to_move: Color,
    pub counters: CountersView,
}

/// Whether the game goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum GameState {
    /// Moves remain and no rule has ended the game.
    Ongoing,
    /// One side won.
    Win,
    /// A draw rule ended the game.
    Draw,
}

/// `winner`: a side, or `null` when nobody won (yet).
fn reason_schema() -> Object {
    let mut schema = choices::<crate::rules::Reason>(
        "Why the game ended (`null` while it goes on): `no_pieces`, `no_moves`, `first_king` \
         (breakthrough), `threefold_repetition`, or the draw rule's id. A stable code: the \
         page's catalogues word each (`locales/*/page.ftl`, `reason-…`).",
    );
    schema.schema_type = SchemaType::from_iter([Type::String, Type::Null]);
    if let Some(values) = schema.enum_values.as_mut() {
        values.push(Value::Null);
    }
    schema
}

fn winner_schema() -> Object {
    let mut schema = choices::<Color>("The winner, for a win.");
    schema.schema_type = SchemaType::from_iter([Type::String, Type::Null]);
    if let Some(values) = schema.enum_values.as_mut() {
        values.push(Value::Null);
    }
    schema
}

impl StatusView {
    pub fn new(outcome: Outcome, counters: Counters, side: crate::rules::Color) -> Self {
        let reason_id = |r: crate::rules::Reason| {
            serde_json::to_value(r)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
        };
        let (state, winner, reason) = match outcome {
            Outcome::Ongoing => (GameState::Ongoing, None, None),
            Outcome::Win { winner, reason } => (GameState::Win, Some(winner), reason_id(reason)),
            Outcome::Draw { reason } => (GameState::Draw, None, reason_id(reason)),
        };
        StatusView {
            state,
            winner,
            reason,
            side_to_move: side,
            counters: counters.into(),
        }
    }
}

/// The legal moves of a position, each made a [`MoveView`] as the answer is written (no
/// list of views is built).
#[derive(Debug)]
pub struct MoveViews<'a> {
    pub legal: &'a [DetailedMove],
    pub position: &'a Position,
    pub rules: &'a Rules,
    pub with_positions: bool,
}

impl Serialize for MoveViews<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(
            self.legal
                .iter()
                .map(|m| MoveView::new(m, self.position, self.rules, self.with_positions)),
        )
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MovesResponse<'a> {
    #[schema(value_type = Vec<MoveView>)]
    pub moves: MoveViews<'a>,
    /// Every legal move is a capture.
    pub capture_required: bool,
    pub status: StatusView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ApplyResponse {
    #[serde(rename = "move")]
    pub mv: MoveView,
    /// PDN FEN after the move.
    pub position: String,
    pub status: StatusView,
}

/// The first move of a game that could not be played (ply 0: the game could not start).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ValidateError {
    /// 1-based index of the move in the list.
    pub ply: usize,
    #[serde(rename = "move")]
    pub mv: String,
    /// Why, in English (`code` and its facts let a client word it in any language).
    pub reason: String,
    /// The reason's stable code, as a problem answer would carry it (`capture_not_maximal`,
    /// `bad_pdn`, …), with its facts as fields beside it.
    #[schema(schema_with = crate::api::problem::error::code_schema)]
    pub code: String,
    #[serde(flatten)]
    #[schema(ignore)]
    pub facts: serde_json::Map<String, Value>,
}

impl ValidateError {
    /// The error at `ply` of the move written `mv`, told by the problem a request with that
    /// move alone would have been answered with.
    pub fn from_problem(
        ply: usize,
        mv: String,
        problem: &crate::api::problem::error::Problem,
    ) -> Self {
        let mut facts = problem.params.clone();
        if let Some(offset) = problem.offset {
            facts.insert("offset".into(), Value::from(offset));
        }
        ValidateError {
            ply,
            mv,
            reason: problem.detail.clone(),
            code: problem.code.clone(),
            facts,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ValidateResponse {
    /// The game (every game, for a text with several) could be played to its end.
    pub valid: bool,
    /// Moves played successfully (over all games, for a text with several).
    pub plies: usize,
    /// PDN FEN after the last good move (of the last game, for a text with several).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<StatusView>,
    /// The first move that could not be played (of the first invalid game).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ValidateError>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<ValidateWarning>,
    /// Each game in order, for a PDN text with more than one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub games: Option<Vec<GameReport>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub summary: Option<ValidateSummary>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VariantView {
    pub id: &'static str,
    /// In the request's language (`Accept-Language` or `?lang=`; `Content-Language` says which).
    pub name: String,
    /// One line, in the same language.
    pub description: String,
    pub aliases: Vec<&'static str>,
    /// 8, 10 or 12.
    pub board_size: u8,
    /// Squares in play: 32 or 50 (the dark ones), 64 on the Turkish board (all).
    pub squares: u8,
    pub pieces_per_side: u32,
    /// PDN `GameType` number, where there is one.
    pub pdn_game_type: Option<u32>,
    /// How the variant's players name squares: `numeric` (PDN numbers) or `algebraic`
    /// (`c3`); board pictures label squares this way by default.
    #[schema(example = "numeric")]
    pub notation: &'static str,
    /// Every rule parameter, under the keys a `variant` object overrides.
    #[schema(value_type = Object, example = json!({"first_player": "white", "forced_capture": true,
        "men_capture_backwards": true, "kings": "flying", "capture_priority": "max_pieces",
        "removal": "end_of_move", "promotion_in_capture": "at_end", "men_capture_kings": true,
        "draw_rules": {"repetition": 3, "king_moves_without_capture": 25,
        "moves_without_capture_or_promotion": null, "three_pieces_vs_lone_king": 16, "two_pieces_vs_lone_king": 5},
        "win_condition": "normal"}))]
    pub rules: Value,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    pub status: &'static str,
}

/// Search limits; each one given overrides the level's default.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LimitsDto {
    /// Plies of full-width search.
    pub depth: Option<u32>,
    /// Milliseconds.
    pub time_ms: Option<u64>,
    /// Nodes to visit.
    pub nodes: Option<u64>,
}

/// `POST /bestmove`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variant": "international", "position": "W:W31-50:B1-20", "level": "medium", "seed": 7}))]
pub struct BestMoveRequest {
    #[schema(value_type = VariantSpec)]
    pub variant: Value,
    pub position: Option<String>,
    pub history: Option<History>,
    /// `easy`, `medium` (the default), `hard` or `max`.
    pub level: Option<String>,
    pub limits: Option<LimitsDto>,
    /// Makes a depth- or node-limited search reproducible (and the levels' choices).
    pub seed: Option<u64>,
    /// Add `next_moves` and `capture_required`: the legal moves of the side to move after
    /// the searcher's move (what a client highlights next).
    #[serde(default)]
    pub include_next_moves: bool,
}

/// `POST /play`: the player's move, then the computer's reply, in one call.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variant": "english", "history": {"moves": ["11-15"]}, "move": "23-19",
    "level": "easy", "seed": 7, "include_next_moves": true}))]
pub struct PlayRequest {
    #[schema(value_type = VariantSpec)]
    pub variant: Value,
    pub position: Option<String>,
    /// The game so far (for repetitions and the draw counters).
    pub history: Option<History>,
    /// The player's move, in any notation `/apply` takes, or a path.
    #[serde(rename = "move")]
    #[schema(value_type = MoveSpec)]
    pub mv: Value,
    /// `easy`, `medium` (the default), `hard` or `max`.
    pub level: Option<String>,
    pub limits: Option<LimitsDto>,
    pub seed: Option<u64>,
    /// Add `next_moves` and `capture_required` for the side to move at the end.
    #[serde(default)]
    pub include_next_moves: bool,
}

/// A search score from the side to move's view: one of the three keys.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"centipieces": 35}))]
pub struct ScoreView {
    /// Material and position, a man = 100.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub centipieces: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win_in_plies: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loss_in_plies: Option<u32>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BestMoveResponse {
    #[serde(rename = "move")]
    pub mv: MoveView,
    pub score: ScoreView,
    /// Principal variation, numeric notation.
    pub pv: Vec<String>,
    pub depth: u32,
    pub nodes: u64,
    pub time_ms: u64,
    /// Nodes per second.
    pub nps: u64,
    /// PDN FEN after the searcher's move.
    pub position: String,
    /// The game's status after the searcher's move (with the request's history).
    pub status: StatusView,
    /// The legal moves then (with `include_next_moves`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_moves: Option<Vec<MoveView>>,
    /// Whether every one of `next_moves` is a capture (with `include_next_moves`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capture_required: Option<bool>,
}

/// `POST /play`'s answer: the player's move, the reply (absent when the player's move ended
/// the game), the position and status after both, and the search that chose the reply.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"player_move": {"notation": "23-19", "short": "23-19", "from": 23, "to": 19, "path": [23, 19], "captured": [], "crowns": false},
    "reply": {"notation": "8-11", "short": "8-11", "from": 8, "to": 11, "path": [8, 11], "captured": [], "crowns": false},
    "position": "B:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12,15",
    "status": {"state": "ongoing", "winner": null, "reason": null, "side_to_move": "white",
        "counters": {"king_moves_without_capture": 0, "moves_without_capture_or_promotion": 0, "lone_king_endgame": 0, "repetitions": 1}},
    "score": {"centipieces": 12}, "depth": 2, "nodes": 180, "time_ms": 0}))]
pub struct PlayResponse {
    pub player_move: MoveView,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reply: Option<MoveView>,
    /// PDN FEN after the player's move and the reply.
    pub position: String,
    pub status: StatusView,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_moves: Option<Vec<MoveView>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capture_required: Option<bool>,
    /// The reply's score, from the replying side's view (with a reply).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<ScoreView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_ms: Option<u64>,
}

/// `POST /analyze`: every legal move with its score.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variant": "english", "position": "B:W21-32:B1-12", "limits": {"depth": 6}, "multipv": 3}))]
pub struct AnalyzeRequest {
    #[schema(value_type = VariantSpec)]
    pub variant: Value,
    pub position: Option<String>,
    pub history: Option<History>,
    /// `easy`, `medium` (the default), `hard` or `max`: their limits (never their noise).
    pub level: Option<String>,
    pub limits: Option<LimitsDto>,
    pub seed: Option<u64>,
    /// How many moves to score exactly (default: all); the others carry an upper bound.
    pub multipv: Option<usize>,
}

/// How far a move's score is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ScoreBound {
    /// Searched with an open window: the score is the move's.
    Exact,
    /// The move is at most this good (moves beyond `multipv`, or when time ran out).
    Upper,
}

/// One legal move with its score.
#[derive(Debug, Serialize, ToSchema)]
pub struct AnalyzedMove {
    #[serde(rename = "move")]
    pub mv: MoveView,
    /// For the side to move.
    pub score: ScoreView,
    pub bound: ScoreBound,
    /// The expected line from this move, numeric notation.
    pub pv: Vec<String>,
    pub depth: u32,
}

/// `POST /analyze`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct AnalyzeResponse {
    /// Every legal move once: the best first (the move `/bestmove` gives for the same
    /// request), then exact scores from best to worst, then bounds.
    pub moves: Vec<AnalyzedMove>,
    pub depth: u32,
    pub nodes: u64,
    pub time_ms: u64,
}

/// `POST /games/analyze`: a game reviewed move by move.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variant": "english", "moves": ["11-15", "23-19", "8-11", "22-17"], "limits": {"depth": 4}}))]
pub struct GameReviewRequest {
    /// Required with `moves`; with `pdn`, the `GameType` tag may give it instead (a PDN
    /// game with neither is read as international draughts, PDN's game type 20).
    #[schema(value_type = Option<VariantSpec>)]
    pub variant: Option<Value>,
    pub start: Option<String>,
    #[schema(value_type = Option<Vec<MoveSpec>>)]
    pub moves: Option<Vec<Value>>,
    /// A PDN text with one game.
    pub pdn: Option<String>,
    /// The search of each position (`time_ms`, `depth` or `nodes`); every position's search
    /// together must fit the server's review budget.
    pub limits: Option<LimitsDto>,
    /// Or a level's limits.
    pub level: Option<String>,
    /// Add `graph`: the score after each ply as an SVG chart, mistakes and blunders marked.
    #[serde(default)]
    pub graph: bool,
}

/// One ply of a reviewed game.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReviewedPly {
    /// 1-based.
    pub ply: usize,
    /// Who played it.
    #[schema(schema_with = side_schema)]
    pub side: Color,
    /// The move played.
    #[serde(rename = "move")]
    pub mv: MoveView,
    /// The searcher's move in the position before.
    pub best: MoveView,
    /// Its score, for the side that moved.
    pub best_score: ScoreView,
    /// The score after the move played, for the side that moved.
    pub score_after: ScoreView,
    /// How much worse the move played is than the best, in centipieces (a missed forced
    /// win counts as 2000 or more).
    pub loss: i32,
    #[schema(schema_with = move_class_schema)]
    pub class: MoveClass,
    pub depth: u32,
}

/// Per side: moves by class and an accuracy.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
pub struct SideReview {
    pub best: usize,
    pub good: usize,
    pub inaccuracy: usize,
    pub mistake: usize,
    pub blunder: usize,
    /// 100 × the mean over the side's moves of (1 − min(loss, 300) / 300).
    pub accuracy: f64,
}

/// Both sides' summaries.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReviewSummary {
    pub white: SideReview,
    pub black: SideReview,
}

/// `POST /games/analyze`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct GameReviewResponse {
    pub plies: Vec<ReviewedPly>,
    pub summary: ReviewSummary,
    /// The game as PDN with the classes as NAGs (`?!`, `?`, `??`) and the scores and best
    /// moves as comments.
    pub pdn: String,
    /// The score after each ply from White's view, as an SVG chart (with `graph`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub graph: Option<String>,
    /// The move that could not be played, where the review stopped.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ValidateError>,
}

/// `GET /board.svg` and `GET /board.png`: every field a query parameter.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct BoardQuery {
    /// A preset id (`international`, `english`, …; see `GET /variants`).
    #[param(required = true, example = "international")]
    pub variant: Option<String>,
    /// PDN FEN of the position. Absent: the start.
    #[param(example = "W:W28,31-50:B1-18,20,23")]
    pub position: Option<String>,
    /// `true`: Black at the bottom (the board turned 180°).
    #[param(value_type = Option<bool>)]
    pub flip: Option<String>,
    /// Width and height in pixels, 64 to 2048 (default 480).
    #[param(value_type = Option<u32>, minimum = 64, maximum = 2048)]
    pub size: Option<String>,
    /// Square labels: `numbers`, `algebraic` or `none`. Default: the variant's custom
    /// (algebraic for Russian, Brazilian and Czech, numbers otherwise).
    #[param(example = "numbers")]
    pub coords: Option<String>,
    /// A move legal in `position`, in any notation `/apply` takes. The picture shows the
    /// position after it, its path, and the pieces it took faded and crossed out.
    #[param(example = "28x19")]
    pub last: Option<String>,
    /// Arrows, comma-separated: `32-28,19-23` (at most 32).
    pub arrows: Option<String>,
    /// Squares to mark, comma-separated: `28,33` or `c3,e5` (at most 64).
    pub highlight: Option<String>,
}

/// `POST /render`: the picture fields of `GET /board.svg` as JSON, for long positions and
/// clients that prefer JSON.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variant": "international", "position": "W:W28,31-50:B1-18,20,23",
    "last": "28x19", "arrows": ["19-23"], "highlight": [23], "format": "svg"}))]
pub struct RenderRequest {
    #[schema(value_type = VariantSpec)]
    pub variant: Value,
    pub position: Option<String>,
    #[serde(default)]
    pub flip: bool,
    /// 64 to 2048 pixels (default 480).
    #[schema(minimum = 64, maximum = 2048)]
    pub size: Option<u32>,
    /// `numbers`, `algebraic` or `none`.
    pub coords: Option<String>,
    /// A move legal in `position`: the picture shows the position after it.
    #[schema(value_type = Option<MoveSpec>)]
    pub last: Option<Value>,
    /// Arrows such as `"32-28"` (at most 32).
    #[serde(default)]
    pub arrows: Vec<String>,
    /// Squares such as `28` or `"c3"` (at most 64).
    #[serde(default)]
    #[schema(value_type = Vec<Object>)]
    pub highlight: Vec<Value>,
    /// `svg` (the default) or `png`.
    pub format: Option<String>,
}

/// `POST /tablebase`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variant": "international", "position": "W:WK46,K47:BK5"}))]
pub struct TablebaseRequest {
    #[schema(value_type = VariantSpec)]
    pub variant: Value,
    /// PDN FEN of a position within the tables. Absent: the end of `history`.
    pub position: Option<String>,
    pub history: Option<History>,
}

/// `GET /tablebase`: the same question as query parameters.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct TablebaseQuery {
    /// A preset id (`international`, `english`, …; see `GET /variants`).
    #[param(required = true, example = "international")]
    pub variant: Option<String>,
    /// PDN FEN of a position within the tables.
    #[param(required = true, example = "W:WK46,K47:BK5")]
    pub position: Option<String>,
}

/// A position's result with best play by both sides, for the side it is said of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TableResult {
    Win,
    Draw,
    Loss,
}

/// One legal move and where it leads, for the side that plays it.
#[derive(Debug, Serialize, ToSchema)]
pub struct TablebaseMove {
    #[serde(rename = "move")]
    pub mv: MoveView,
    pub result: TableResult,
    /// Plies from the position before the move to the end of the game with best play
    /// (absent for a draw; the longest distances read 127 or more).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plies: Option<u32>,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"result": "win", "plies": 7, "side_to_move": "white", "pieces": 3,
    "max_pieces": 4, "moves": []}))]
pub struct TablebaseResponse {
    /// For the side to move, with best play by both.
    pub result: TableResult,
    /// Plies to the end of the game with best play by both: the quickest win, the longest
    /// loss (absent for a draw). Tables ignore the draw counters, as databases do.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plies: Option<u32>,
    #[schema(schema_with = side_to_move_schema)]
    pub side_to_move: Color,
    /// Pieces on the board.
    pub pieces: u32,
    /// The most pieces of a position the tables hold for these rules.
    pub max_pieces: u32,
    /// Every legal move, best first (quickest wins, then draws, then the longest losses).
    pub moves: Vec<TablebaseMove>,
}

/// The legal moves of the side to move, and whether all are captures, when asked for.
pub fn next_moves(game: &Game, wanted: bool) -> (Option<Vec<MoveView>>, Option<bool>) {
    if !wanted {
        return (None, None);
    }
    let list = if game.outcome() == Outcome::Ongoing {
        game.legal_moves()
    } else {
        Vec::new()
    };
    let views = list
        .iter()
        .map(|m| MoveView::new(m, &game.position, &game.rules, false))
        .collect();
    let all_captures = !list.is_empty() && list.iter().all(|m| m.is_capture());
    (Some(views), Some(all_captures))
}

/// A search score's wire form.
pub fn score_view(score: Score) -> ScoreView {
    let mut view = ScoreView {
        centipieces: None,
        win_in_plies: None,
        loss_in_plies: None,
    };
    match score {
        Score::Centipieces(c) => view.centipieces = Some(c),
        Score::WinIn(n) => view.win_in_plies = Some(n),
        Score::LossIn(n) => view.loss_in_plies = Some(n),
    }
    view
}
