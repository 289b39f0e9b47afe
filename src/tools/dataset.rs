//! The training data file: a header that names the format's version, the variant and what
//! the labels are, then fixed-size records. A file of another version, another variant or
//! another record size is refused with a message instead of being misread.
//!
//! Header (24 bytes): the magic `DRAUGHTS`, the version (u16 LE), the record size (u16 LE),
//! the label kind (u8), three reserved zero bytes, and the variant's board and rule
//! fingerprint (u64 LE, [`rules_fingerprint`]). Record (30 bytes): White's pieces, Black's,
//! the kings (u64 LE each), the side to move (0 White, 1 Black), the game's result for White
//! (0 lost, 1 drawn, 2 won), the search score for the side to move (i16 LE, centipieces;
//! `i16::MIN` where there was none), and the move played there, its from and to squares
//! (bit indices; both 255 where it was not recorded). Positions are quiet, so the two
//! squares name one plain move.

use super::tune::Sample;
use crate::rules::{Color, Position, Rules};
use std::io::{Read, Write};

const MAGIC: &[u8; 8] = b"DRAUGHTS";
/// The format's version; bump it whenever the layout of the header or a record changes.
pub const VERSION: u16 = 3;
/// Bytes of the header.
pub const HEADER: usize = 24;
/// Bytes of one record.
pub const RECORD: usize = 30;
const NO_SCORE: i16 = i16::MIN;
const NO_SQUARE: u8 = u8::MAX;

/// What a file's labels are.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LabelKind {
    /// Only each game's result.
    Result = 1,
    /// The game's result and the score of the player's own search of the position.
    ResultAndSearchScore = 2,
}

impl LabelKind {
    fn from_byte(b: u8) -> Option<LabelKind> {
        match b {
            1 => Some(LabelKind::Result),
            2 => Some(LabelKind::ResultAndSearchScore),
            _ => None,
        }
    }
}

/// A fingerprint of the rules that decide what a position means (the board and the
/// generator-relevant parameters): data from another variant is refused.
pub fn rules_fingerprint(rules: &Rules) -> u64 {
    crate::engine::bitbase::fingerprint(rules)
}

/// Write the header of a file of `kind` labels for `rules`.
pub fn write_header(out: &mut impl Write, rules: &Rules, kind: LabelKind) -> std::io::Result<()> {
    out.write_all(MAGIC)?;
    out.write_all(&VERSION.to_le_bytes())?;
    out.write_all(&(RECORD as u16).to_le_bytes())?;
    out.write_all(&[kind as u8, 0, 0, 0])?;
    out.write_all(&rules_fingerprint(rules).to_le_bytes())
}

/// Write one sample.
pub fn write_sample(out: &mut impl Write, sample: &Sample) -> std::io::Result<()> {
    let p = &sample.position;
    let mut record = [0u8; RECORD];
    record[0..8].copy_from_slice(&p.pieces[0].to_le_bytes());
    record[8..16].copy_from_slice(&p.pieces[1].to_le_bytes());
    record[16..24].copy_from_slice(&p.kings.to_le_bytes());
    record[24] = (p.side == Color::Black) as u8;
    record[25] = (sample.white_result * 2.0).round() as u8;
    record[26..28].copy_from_slice(&sample.score.unwrap_or(NO_SCORE).to_le_bytes());
    let (from, to) = sample.played.unwrap_or((NO_SQUARE, NO_SQUARE));
    record[28] = from;
    record[29] = to;
    out.write_all(&record)
}

fn invalid(message: String) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidData, message)
}

/// Read a file `write_header` and `write_sample` wrote, checking its header against
/// `rules`. A last record cut short (a run stopped while writing) is dropped.
pub fn read(rules: &Rules, input: &mut impl Read) -> std::io::Result<(LabelKind, Vec<Sample>)> {
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes)?;
    if bytes.len() < HEADER || &bytes[0..8] != MAGIC {
        return Err(invalid(
            "not a training data file of this version (no DRAUGHTS header): regenerate it with \
             `draughts-api selfplay`"
                .into(),
        ));
    }
    let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
    let (version, record) = (u16_at(8), u16_at(10) as usize);
    if version != VERSION || record != RECORD {
        return Err(invalid(format!(
            "training data of version {version} ({record}-byte records); this build reads \
             version {VERSION} ({RECORD}-byte records)"
        )));
    }
    let kind = LabelKind::from_byte(bytes[12])
        .ok_or_else(|| invalid(format!("unknown label kind {}", bytes[12])))?;
    let mut fingerprint = [0u8; 8];
    fingerprint.copy_from_slice(&bytes[16..24]);
    if u64::from_le_bytes(fingerprint) != rules_fingerprint(rules) {
        return Err(invalid(
            "training data of another variant (its rules' fingerprint differs)".into(),
        ));
    }
    let word = |c: &[u8]| {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        u64::from_le_bytes(w)
    };
    let samples = bytes[HEADER..]
        .chunks_exact(RECORD)
        .map(|r| {
            let side = if r[24] == 0 {
                Color::White
            } else {
                Color::Black
            };
            let mut position = Position::empty(rules.board, side);
            position.pieces = [word(&r[0..8]), word(&r[8..16])];
            position.kings = word(&r[16..24]);
            let score = i16::from_le_bytes([r[26], r[27]]);
            Sample {
                position,
                white_result: r[25].min(2) as f64 / 2.0,
                score: (score != NO_SCORE).then_some(score),
                played: (r[28] != NO_SQUARE).then_some((r[28], r[29])),
            }
        })
        .collect();
    Ok((kind, samples))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(rules: &Rules, score: Option<i16>) -> Sample {
        Sample {
            position: Position::initial(rules),
            white_result: 1.0,
            score,
            played: score.map(|s| ((s.unsigned_abs() % 50) as u8, 49)),
        }
    }

    #[test]
    fn samples_round_trip_through_a_file() {
        let rules = Rules::international();
        let mut file = Vec::new();
        write_header(&mut file, &rules, LabelKind::ResultAndSearchScore).expect("header");
        for score in [Some(-37), None, Some(3000)] {
            write_sample(&mut file, &sample(&rules, score)).expect("record");
        }
        file.extend_from_slice(&[1, 2, 3]); // a record cut short
        let (kind, read_back) = read(&rules, &mut &file[..]).expect("read");
        assert_eq!(kind, LabelKind::ResultAndSearchScore);
        let scores: Vec<_> = read_back.iter().map(|s| s.score).collect();
        assert_eq!(scores, [Some(-37), None, Some(3000)]);
        let played: Vec<_> = read_back.iter().map(|s| s.played).collect();
        assert_eq!(played, [Some((37, 49)), None, Some((0, 49))]);
        assert!(read_back
            .iter()
            .all(|s| s.position == Position::initial(&rules) && s.white_result == 1.0));
    }

    #[test]
    fn files_of_another_variant_version_or_without_header_are_refused() {
        let rules = Rules::international();
        let mut file = Vec::new();
        write_header(&mut file, &rules, LabelKind::Result).expect("header");
        write_sample(&mut file, &sample(&rules, None)).expect("record");
        let english = Rules::english();
        let err = read(&english, &mut &file[..]).expect_err("another variant");
        assert!(err.to_string().contains("another variant"), "{err}");
        let mut old = file.clone();
        old[8] = 1;
        let err = read(&rules, &mut &old[..]).expect_err("another version");
        assert!(err.to_string().contains("version 1"), "{err}");
        let err = read(&rules, &mut &file[HEADER..]).expect_err("no header");
        assert!(err.to_string().contains("no DRAUGHTS header"), "{err}");
    }
}
