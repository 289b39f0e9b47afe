//! The rules of a variant as data: every parameter of the rule book, and the presets.
//!
//! Move generation, status and notation read these fields; nothing else in the crate
//! checks which preset it is playing.

use super::board::BoardSize;
use super::color::Color;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// A closed set of values (a rule parameter's choices, a side, a review's classes), every
/// value listed once; the API's schema names them from this list.
pub trait Choices: Copy + 'static {
    /// Every value, in declaration order.
    const ALL: &'static [Self];

    /// The value's name in JSON (its serde name).
    #[cfg(feature = "serde")]
    fn name(self) -> String
    where
        Self: Serialize,
    {
        match serde_json::to_value(self) {
            Ok(serde_json::Value::String(name)) => name,
            _ => String::new(),
        }
    }
}

impl Choices for Color {
    const ALL: &'static [Self] = &[Color::White, Color::Black];
}

impl Choices for KingKind {
    const ALL: &'static [Self] = &[KingKind::Flying, KingKind::Short];
}

impl Choices for CapturePriority {
    const ALL: &'static [Self] = &[
        CapturePriority::Free,
        CapturePriority::MaxPieces,
        CapturePriority::MaxPiecesThenKings,
        CapturePriority::Italian,
        CapturePriority::Czech,
        CapturePriority::Frisian,
    ];
}

impl Choices for Removal {
    const ALL: &'static [Self] = &[Removal::EndOfMove, Removal::Immediate];
}

impl Choices for PromotionInCapture {
    const ALL: &'static [Self] = &[
        PromotionInCapture::AtEnd,
        PromotionInCapture::Stops,
        PromotionInCapture::ContinuesAsKing,
    ];
}

impl Choices for Lines {
    const ALL: &'static [Self] = &[Lines::Diagonal, Lines::Orthogonal, Lines::Both];
}

impl Choices for WinCondition {
    const ALL: &'static [Self] = &[
        WinCondition::Normal,
        WinCondition::LoseAll,
        WinCondition::FirstKing,
    ];
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
/// How far kings move.
pub enum KingKind {
    /// Moves and captures along a whole diagonal.
    Flying,
    /// Moves and captures like a man, in all four directions.
    Short,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
/// Which capture sequences are legal when several are possible.
pub enum CapturePriority {
    /// Any complete sequence.
    Free,
    /// Only the sequences that take the most pieces.
    MaxPieces,
    /// Most pieces, then most kings among them.
    MaxPiecesThenKings,
    /// Federdama rules: most pieces, then with a king, then most kings, then kings met first.
    Italian,
    /// If a king can capture, a king must capture; otherwise free.
    Czech,
    /// Frisian: the greatest value (a king is worth a man and a half), then most kings, then
    /// a capture by a king.
    Frisian,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
/// When captured pieces leave the board.
pub enum Removal {
    /// Jumped pieces stay (and block) until the sequence ends.
    EndOfMove,
    /// Each jumped piece leaves the board at once.
    Immediate,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
/// What happens to a man that reaches the far row during a capture.
pub enum PromotionInCapture {
    /// Crowned only if the move ends on the far row.
    AtEnd,
    /// Crowned on reaching the far row; the move ends there.
    Stops,
    /// Crowned on reaching the far row; goes on capturing as a king.
    ContinuesAsKing,
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
/// The lines pieces travel along. On a board of dark squares the next square along a row
/// or file is two squares away (Frisian captures); on a full board it is the adjacent one.
pub enum Lines {
    /// The diagonals.
    #[default]
    Diagonal,
    /// Rows and files.
    Orthogonal,
    /// Both.
    Both,
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
/// How a game is won.
pub enum WinCondition {
    /// A side with no piece or no legal move loses.
    #[default]
    Normal,
    /// Antidraughts: a side with no piece or no legal move *wins*.
    LoseAll,
    /// Breakthrough: the first side to crown a king wins (and, as usual, a side with no
    /// piece or no legal move loses).
    FirstKing,
}

/// Draw rules. Counts are in moves *by each side* (so twice as many plies); `None` is off.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields, default))]
pub struct DrawRules {
    /// Draw when the same position (pieces and side to move) occurs this many times.
    pub repetition: Option<u8>,
    /// Moves each with no man moved and no capture (kings only).
    pub king_moves_without_capture: Option<u16>,
    /// Moves each with no capture and no promotion (men may move).
    pub moves_without_capture_or_promotion: Option<u16>,
    /// Moves each in "3 pieces, at least one a king, against a lone king".
    pub three_pieces_vs_lone_king: Option<u16>,
    /// Moves each in "at most 2 pieces, at least one a king, against a lone king".
    pub two_pieces_vs_lone_king: Option<u16>,
    /// Moves each in "two kings against a lone king" (Frisian), counted from the last
    /// capture or man's move.
    pub two_kings_vs_lone_king: Option<u16>,
    /// Moves each in "a king against a king" (Frisian), counted the same way.
    pub king_vs_king: Option<u16>,
    /// Moves each with no capture and no crowning while both sides have a king, in an
    /// ending of 4 or 5 pieces (FMJD draughts-64, 7.2.6).
    pub kings_ending_4_5_pieces: Option<u16>,
    /// The same in an ending of 6 or 7 pieces.
    pub kings_ending_6_7_pieces: Option<u16>,
}

impl Default for DrawRules {
    fn default() -> Self {
        REPETITION_ONLY
    }
}

/// Every rule parameter of a variant.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The board: 8×8, 10×10, the full 8×8 (Turkish) or 12×12.
    pub board: BoardSize,
    /// Rows of men each side starts with.
    pub start_rows: u8,
    /// Rows left empty behind them at the start (Turkish: its back row).
    pub start_gap: u8,
    /// Who moves first from the initial position.
    pub first_player: Color,
    /// A capture must be made when one is possible.
    pub forced_capture: bool,
    /// Men may capture backwards.
    pub men_capture_backwards: bool,
    /// The lines plain moves follow (men: forward, and sideways along a row).
    pub move_lines: Lines,
    /// The lines captures follow (Frisian: both; Turkish: rows and files).
    pub capture_lines: Lines,
    /// A king may turn straight back within a capture (Turkish forbids it; it matters only
    /// where captured pieces leave at once).
    pub reversal_in_capture: bool,
    /// Short or flying kings.
    pub kings: KingKind,
    /// Which sequence must be chosen among captures.
    pub capture_priority: CapturePriority,
    /// When captured pieces are removed.
    pub removal: Removal,
    /// A man reaching the far row during a capture.
    pub promotion_in_capture: PromotionInCapture,
    /// Men may capture kings (Italian forbids it).
    pub men_capture_kings: bool,
    /// A flying king whose capture ends by taking a king stops on the first square behind
    /// it (killer draughts); else it lands on any free square behind its last victim.
    pub king_stops_after_king: bool,
    /// Repetition and counter draws.
    pub draw_rules: DrawRules,
    /// A king may make at most this many plain (non-capturing) moves in a row while its
    /// side still has men (Frisian: 3).
    pub king_move_limit: Option<u8>,
    /// How the game is won.
    pub win_condition: WinCondition,
}

/// How squares are named by a variant's players (the default of diagrams' coordinates).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Notation {
    /// PDN numbers, 1 at the top left as White sees the board.
    Numeric,
    /// Files a… and ranks 1… (Russian, Brazilian, Czech).
    Algebraic,
}

/// A named preset.
#[derive(Clone, Debug)]
pub struct Preset {
    /// The id used in requests (`international`, `english`, ...).
    pub id: &'static str,
    /// The name shown to people.
    pub name: &'static str,
    /// One line on where the rules come from.
    pub description: &'static str,
    /// Other accepted ids (`american` for `english`).
    pub aliases: &'static [&'static str],
    /// The PDN `GameType` number, where the standard has one.
    pub pdn_game_type: Option<u32>,
    /// How its players name squares and write moves: PDN numbers or algebraic.
    pub notation: Notation,
    /// Every parameter.
    pub rules: Rules,
}

/// Threefold repetition and no other draw rule.
const REPETITION_ONLY: DrawRules = DrawRules {
    repetition: Some(3),
    king_moves_without_capture: None,
    moves_without_capture_or_promotion: None,
    three_pieces_vs_lone_king: None,
    two_pieces_vs_lone_king: None,
    two_kings_vs_lone_king: None,
    king_vs_king: None,
    kings_ending_4_5_pieces: None,
    kings_ending_6_7_pieces: None,
};

pub(crate) const INTERNATIONAL: Rules = Rules {
    board: BoardSize::Ten,
    start_rows: 4,
    start_gap: 0,
    first_player: Color::White,
    forced_capture: true,
    men_capture_backwards: true,
    move_lines: Lines::Diagonal,
    capture_lines: Lines::Diagonal,
    reversal_in_capture: true,
    kings: KingKind::Flying,
    capture_priority: CapturePriority::MaxPieces,
    removal: Removal::EndOfMove,
    promotion_in_capture: PromotionInCapture::AtEnd,
    men_capture_kings: true,
    king_stops_after_king: false,
    draw_rules: DrawRules {
        repetition: Some(3),
        king_moves_without_capture: Some(25),
        moves_without_capture_or_promotion: None,
        three_pieces_vs_lone_king: Some(16),
        two_pieces_vs_lone_king: Some(5),
        two_kings_vs_lone_king: None,
        king_vs_king: None,
        kings_ending_4_5_pieces: None,
        kings_ending_6_7_pieces: None,
    },
    king_move_limit: None,
    win_condition: WinCondition::Normal,
};

const FRISIAN: Rules = Rules {
    capture_lines: Lines::Both,
    capture_priority: CapturePriority::Frisian,
    king_move_limit: Some(3),
    draw_rules: DrawRules {
        two_kings_vs_lone_king: Some(7),
        king_vs_king: Some(2),
        ..REPETITION_ONLY
    },
    ..INTERNATIONAL
};

pub(crate) const ENGLISH: Rules = Rules {
    board: BoardSize::Eight,
    start_rows: 3,
    start_gap: 0,
    first_player: Color::Black,
    forced_capture: true,
    men_capture_backwards: false,
    move_lines: Lines::Diagonal,
    capture_lines: Lines::Diagonal,
    reversal_in_capture: true,
    kings: KingKind::Short,
    capture_priority: CapturePriority::Free,
    removal: Removal::EndOfMove,
    promotion_in_capture: PromotionInCapture::Stops,
    men_capture_kings: true,
    king_stops_after_king: false,
    draw_rules: DrawRules {
        repetition: Some(3),
        king_moves_without_capture: Some(40),
        moves_without_capture_or_promotion: None,
        three_pieces_vs_lone_king: None,
        two_pieces_vs_lone_king: None,
        two_kings_vs_lone_king: None,
        king_vs_king: None,
        kings_ending_4_5_pieces: None,
        kings_ending_6_7_pieces: None,
    },
    king_move_limit: None,
    win_condition: WinCondition::Normal,
};

const RUSSIAN: Rules = Rules {
    board: BoardSize::Eight,
    start_rows: 3,
    start_gap: 0,
    first_player: Color::White,
    forced_capture: true,
    men_capture_backwards: true,
    move_lines: Lines::Diagonal,
    capture_lines: Lines::Diagonal,
    reversal_in_capture: true,
    kings: KingKind::Flying,
    capture_priority: CapturePriority::Free,
    removal: Removal::EndOfMove,
    promotion_in_capture: PromotionInCapture::ContinuesAsKing,
    men_capture_kings: true,
    king_stops_after_king: false,
    draw_rules: DrawRules {
        repetition: Some(3),
        king_moves_without_capture: Some(15),
        moves_without_capture_or_promotion: None,
        three_pieces_vs_lone_king: Some(15),
        two_pieces_vs_lone_king: None,
        two_kings_vs_lone_king: None,
        king_vs_king: None,
        // FMJD 7.2.6 says 30 moves in 4- and 5-piece endings and 60 in 6- and 7-piece
        // ones; read as moves of both sides together (15 and 30 each), as lidraughts
        // applies it to Russian games (docs/rules.md).
        kings_ending_4_5_pieces: Some(15),
        kings_ending_6_7_pieces: Some(30),
    },
    king_move_limit: None,
    win_condition: WinCondition::Normal,
};

/// Every preset the service knows.
pub static PRESETS: &[Preset] = &[
    Preset {
        id: "international",
        name: "International draughts (FMJD)",
        description: "10×10, flying kings, men capture backwards, maximum capture, White first.",
        aliases: &["fmjd", "standard", "polish"],
        pdn_game_type: Some(20),
        notation: Notation::Numeric,
        rules: INTERNATIONAL,
    },
    Preset {
        id: "plyyard",
        name: "Ply Yard 10×10",
        description: "International draughts as the Ply Yard site plays it: Black first, more kings break ties in the maximum capture, captured pieces leave at once.",
        aliases: &["ply_yard"],
        pdn_game_type: None,
        notation: Notation::Numeric,
        rules: Rules {
            first_player: Color::Black,
            capture_priority: CapturePriority::MaxPiecesThenKings,
            removal: Removal::Immediate,
            draw_rules: DrawRules {
                repetition: None,
                king_moves_without_capture: None,
                moves_without_capture_or_promotion: Some(25),
                three_pieces_vs_lone_king: None,
                two_pieces_vs_lone_king: None,
                two_kings_vs_lone_king: None,
                king_vs_king: None,
                kings_ending_4_5_pieces: None,
                kings_ending_6_7_pieces: None,
            },
            ..INTERNATIONAL
        },
    },
    Preset {
        id: "english",
        name: "English draughts / American checkers",
        description: "8×8, short kings, men move and capture forward only, free choice of capture, Black first.",
        aliases: &["american", "checkers"],
        pdn_game_type: Some(21),
        notation: Notation::Numeric,
        rules: ENGLISH,
    },
    Preset {
        id: "spanish",
        name: "Spanish draughts",
        description: "8×8, flying kings, men capture forward only, most pieces then most kings; Black first as on the site (officially White: override first_player).",
        aliases: &[],
        pdn_game_type: Some(24),
        notation: Notation::Numeric,
        rules: Rules {
            kings: KingKind::Flying,
            capture_priority: CapturePriority::MaxPiecesThenKings,
            draw_rules: DrawRules {
                repetition: Some(3),
                king_moves_without_capture: None,
                moves_without_capture_or_promotion: Some(40),
                three_pieces_vs_lone_king: None,
                two_pieces_vs_lone_king: None,
                two_kings_vs_lone_king: None,
                king_vs_king: None,
                kings_ending_4_5_pieces: None,
                kings_ending_6_7_pieces: None,
            },
            ..ENGLISH
        },
    },
    Preset {
        id: "russian",
        name: "Russian draughts",
        description: "8×8, flying kings, men capture backwards, free choice of capture, a man crowned mid-capture goes on as a king.",
        aliases: &["shashki"],
        pdn_game_type: Some(25),
        notation: Notation::Algebraic,
        rules: RUSSIAN,
    },
    Preset {
        id: "brazilian",
        name: "Brazilian draughts",
        description: "International rules on an 8×8 board.",
        aliases: &[],
        pdn_game_type: Some(26),
        notation: Notation::Algebraic,
        rules: Rules {
            capture_priority: CapturePriority::MaxPieces,
            promotion_in_capture: PromotionInCapture::AtEnd,
            // The Brazilian confederation's rules: 20 successive king moves each with no
            // capture and no man moved (25 on 100 squares, as FMJD's); its rules have no
            // count by piece number (docs/rules.md).
            draw_rules: DrawRules {
                king_moves_without_capture: Some(20),
                kings_ending_4_5_pieces: None,
                kings_ending_6_7_pieces: None,
                ..RUSSIAN.draw_rules
            },
            ..RUSSIAN
        },
    },
    Preset {
        id: "italian",
        name: "Italian draughts",
        description: "8×8, short kings, men capture forward only and may not capture kings, Federdama capture priorities, White first.",
        aliases: &[],
        pdn_game_type: Some(22),
        notation: Notation::Numeric,
        rules: Rules {
            first_player: Color::White,
            capture_priority: CapturePriority::Italian,
            men_capture_kings: false,
            ..ENGLISH
        },
    },
    Preset {
        id: "czech",
        name: "Czech draughts",
        description: "8×8, flying kings, men capture forward only, a king must capture when one can, White first.",
        aliases: &[],
        pdn_game_type: Some(29),
        notation: Notation::Algebraic,
        rules: Rules {
            first_player: Color::White,
            kings: KingKind::Flying,
            capture_priority: CapturePriority::Czech,
            ..ENGLISH
        },
    },
    Preset {
        id: "frisian",
        name: "Frisian draughts",
        description: "10×10, flying kings; men and kings capture along rows and files too; the capture of greatest value must be made (a king is worth a man and a half; then most kings; then by a king); a king makes at most 3 plain moves in a row while its side has men.",
        aliases: &["frysk_spul"],
        pdn_game_type: Some(40),
        notation: Notation::Numeric,
        rules: FRISIAN,
    },
    Preset {
        id: "frysk",
        name: "Frysk!",
        description: "Frisian rules with five men each, on the back rows.",
        aliases: &["frysk!"],
        pdn_game_type: None,
        notation: Notation::Numeric,
        rules: Rules {
            start_rows: 1,
            ..FRISIAN
        },
    },
    Preset {
        id: "turkish",
        name: "Turkish draughts (Dama)",
        description: "8×8, every square used, 16 men each on the second and third rows; men move and capture forward and sideways, kings fly along rows and files; captured pieces leave at once; maximum capture; a king may not turn straight back within a capture.",
        aliases: &["dama"],
        pdn_game_type: Some(30),
        notation: Notation::Algebraic,
        rules: Rules {
            board: BoardSize::EightFull,
            start_rows: 2,
            start_gap: 1,
            move_lines: Lines::Orthogonal,
            capture_lines: Lines::Orthogonal,
            men_capture_backwards: false,
            removal: Removal::Immediate,
            reversal_in_capture: false,
            draw_rules: REPETITION_ONLY,
            ..INTERNATIONAL
        },
    },
    Preset {
        id: "antidraughts",
        name: "Antidraughts (give-away)",
        description: "International rules, but the side that loses all its pieces or cannot move wins.",
        aliases: &["giveaway", "losing"],
        pdn_game_type: None,
        notation: Notation::Numeric,
        rules: Rules {
            win_condition: WinCondition::LoseAll,
            draw_rules: REPETITION_ONLY,
            ..INTERNATIONAL
        },
    },
    Preset {
        id: "breakthrough",
        name: "Breakthrough",
        description: "International rules; the first side to crown a king wins. Men never return to a position, so there is no draw.",
        aliases: &[],
        pdn_game_type: None,
        notation: Notation::Numeric,
        rules: Rules {
            win_condition: WinCondition::FirstKing,
            draw_rules: DrawRules {
                repetition: None,
                ..REPETITION_ONLY
            },
            ..INTERNATIONAL
        },
    },
    Preset {
        id: "canadian",
        name: "Canadian draughts",
        description: "International rules on a 12×12 board, 30 men each.",
        aliases: &["canadian_checkers"],
        pdn_game_type: Some(27),
        notation: Notation::Numeric,
        rules: Rules {
            board: BoardSize::Twelve,
            start_rows: 5,
            ..INTERNATIONAL
        },
    },
    Preset {
        id: "killer",
        name: "Killer draughts",
        description: "International draughts, except that a king whose capture ends by taking a king stops on the square just behind it (Christian Freeling's rule, played by Scan 3).",
        aliases: &["killer_draughts"],
        pdn_game_type: None,
        notation: Notation::Numeric,
        rules: Rules {
            king_stops_after_king: true,
            ..INTERNATIONAL
        },
    },
];

impl Preset {
    /// Find a preset by id or alias (case-insensitive).
    pub fn find(name: &str) -> Option<&'static Preset> {
        let name = name.trim();
        PRESETS.iter().find(|p| {
            p.id.eq_ignore_ascii_case(name)
                || p.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
        })
    }

    /// The preset with exactly these rules, if any.
    pub fn find_by_rules(rules: &Rules) -> Option<&'static Preset> {
        PRESETS.iter().find(|p| p.rules == *rules)
    }

    /// Find a preset by PDN `GameType` number.
    pub fn by_game_type(number: u32) -> Option<&'static Preset> {
        PRESETS.iter().find(|p| p.pdn_game_type == Some(number))
    }

    /// Every accepted name, for error messages.
    pub fn all_names() -> Vec<&'static str> {
        PRESETS
            .iter()
            .flat_map(|p| std::iter::once(p.id).chain(p.aliases.iter().copied()))
            .collect()
    }
}

impl Rules {
    /// The rules of a preset by id or alias.
    pub fn preset(id: &str) -> Option<Rules> {
        Preset::find(id).map(|p| p.rules)
    }

    /// International (FMJD) rules.
    pub fn international() -> Rules {
        INTERNATIONAL
    }

    /// English / American checkers rules.
    pub fn english() -> Rules {
        ENGLISH
    }

    /// Who wins when `stuck`, the side to move, has no piece or no legal move.
    #[inline]
    pub fn winner_when_stuck(&self, stuck: Color) -> Color {
        match self.win_condition {
            WinCondition::LoseAll => stuck,
            WinCondition::Normal | WinCondition::FirstKing => stuck.opponent(),
        }
    }

    /// Whether these rules need the line-table generator (`movegen::general`): anything
    /// but diagonal moves and captures on a board of dark squares that fits 64 bits.
    #[inline(always)]
    pub fn uses_line_tables(&self) -> bool {
        self.move_lines != Lines::Diagonal
            || self.capture_lines != Lines::Diagonal
            || !self.board.dark_squares_only()
            || self.board.is_wide()
    }

    /// The far row where a man of `color` is crowned.
    pub fn promotion_row(&self, color: Color) -> super::board::Squares {
        let g = self.board.geometry();
        match color {
            Color::White => g.top_row,
            Color::Black => g.bottom_row,
        }
    }
}

/// The serde default of `reversal_in_capture`.
#[cfg(feature = "serde")]
fn allowed() -> bool {
    true
}

/// The parameters a client may see and override (`GET /variants`, a `variant` object).
/// The board size and the number of men are fixed by the preset.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct RuleParams {
    /// See `Rules::first_player`.
    pub first_player: Color,
    /// See `Rules::forced_capture`.
    pub forced_capture: bool,
    /// See `Rules::men_capture_backwards`.
    pub men_capture_backwards: bool,
    /// See `Rules::move_lines` (`diagonal` when left out).
    #[cfg_attr(feature = "serde", serde(default))]
    pub move_lines: Lines,
    /// See `Rules::capture_lines` (`diagonal` when left out).
    #[cfg_attr(feature = "serde", serde(default))]
    pub capture_lines: Lines,
    /// See `Rules::reversal_in_capture` (allowed when left out).
    #[cfg_attr(feature = "serde", serde(default = "allowed"))]
    pub reversal_in_capture: bool,
    /// See `Rules::kings`.
    pub kings: KingKind,
    /// See `Rules::capture_priority`.
    pub capture_priority: CapturePriority,
    /// See `Rules::removal`.
    pub removal: Removal,
    /// See `Rules::promotion_in_capture`.
    pub promotion_in_capture: PromotionInCapture,
    /// See `Rules::men_capture_kings`.
    pub men_capture_kings: bool,
    /// See `Rules::king_stops_after_king` (false when left out).
    #[cfg_attr(feature = "serde", serde(default))]
    pub king_stops_after_king: bool,
    /// See `Rules::draw_rules`.
    pub draw_rules: DrawRules,
    /// See `Rules::king_move_limit` (none when left out).
    #[cfg_attr(feature = "serde", serde(default))]
    pub king_move_limit: Option<u8>,
    /// See `Rules::win_condition` (`normal` when left out).
    #[cfg_attr(feature = "serde", serde(default))]
    pub win_condition: WinCondition,
}

impl Rules {
    /// The parameters a client may see and override. The destructuring names every field
    /// of `Rules`, so a new rule must be made a parameter here or kept out on purpose.
    pub fn params(&self) -> RuleParams {
        let Rules {
            board: _,
            start_rows: _,
            start_gap: _,
            first_player,
            forced_capture,
            men_capture_backwards,
            move_lines,
            capture_lines,
            reversal_in_capture,
            kings,
            capture_priority,
            removal,
            promotion_in_capture,
            men_capture_kings,
            king_stops_after_king,
            draw_rules,
            king_move_limit,
            win_condition,
        } = *self;
        RuleParams {
            first_player,
            forced_capture,
            men_capture_backwards,
            move_lines,
            capture_lines,
            reversal_in_capture,
            kings,
            capture_priority,
            removal,
            promotion_in_capture,
            men_capture_kings,
            king_stops_after_king,
            draw_rules,
            king_move_limit,
            win_condition,
        }
    }

    /// These rules with the parameters replaced (board and men stay).
    pub fn with_params(self, p: RuleParams) -> Rules {
        let RuleParams {
            first_player,
            forced_capture,
            men_capture_backwards,
            move_lines,
            capture_lines,
            reversal_in_capture,
            kings,
            capture_priority,
            removal,
            promotion_in_capture,
            men_capture_kings,
            king_stops_after_king,
            draw_rules,
            king_move_limit,
            win_condition,
        } = p;
        Rules {
            first_player,
            forced_capture,
            men_capture_backwards,
            move_lines,
            capture_lines,
            reversal_in_capture,
            kings,
            capture_priority,
            removal,
            promotion_in_capture,
            men_capture_kings,
            king_stops_after_king,
            draw_rules,
            king_move_limit,
            win_condition,
            ..self
        }
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;

    /// Serde's refusal of an unknown name lists every variant of the enum: the hand list
    /// `ALL` must hold exactly those, in order.
    fn all_is_complete<T: Choices + serde::Serialize + serde::de::DeserializeOwned>() {
        let refused = serde_json::from_value::<T>(serde_json::json!("no such value"))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        let listed: Vec<String> = T::ALL.iter().map(|v| format!("`{}`", v.name())).collect();
        let expected = match listed.as_slice() {
            [a, b] => format!("expected {a} or {b}"),
            _ => format!("expected one of {}", listed.join(", ")),
        };
        assert!(refused.contains(&expected), "{refused} / {expected}");
    }

    #[test]
    fn every_rule_choice_lists_all_its_values() {
        all_is_complete::<Color>();
        all_is_complete::<KingKind>();
        all_is_complete::<CapturePriority>();
        all_is_complete::<Removal>();
        all_is_complete::<PromotionInCapture>();
        all_is_complete::<Lines>();
        all_is_complete::<WinCondition>();
    }
}
