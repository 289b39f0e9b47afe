//! Tables on disk: one file per material, `<dir>/<material>.bb`, each starting with a
//! header that names the rules it was built for, so a file is never read under other rules.
//!
//! Layout: `DBB1`, the four piece counts (bytes), the rules' fingerprint (u64, little
//! endian), the entry count (u64), then one byte per entry.

use super::{Layout, Material, Table, Tables};
use draughts_rules::Rules;
use std::io::{Read, Write};
use std::path::Path;

const MAGIC: &[u8; 4] = b"DBB1";

/// A stable fingerprint of the rules of play (FNV-1a of their description). The draw
/// counters, the first player and the start position change no position's value, so they
/// are left out: a new draw rule does not orphan files already written. The destructuring
/// names every field, so a new rule must be placed on one side or the other.
pub fn fingerprint(rules: &Rules) -> u64 {
    let Rules {
        board,
        start_rows: _,
        start_gap,
        first_player: _,
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
        draw_rules: _,
        king_move_limit,
        win_condition,
    } = rules;
    let description = format!(
        "{board:?} {start_gap} {forced_capture} {men_capture_backwards} {move_lines:?} \
         {capture_lines:?} {reversal_in_capture} {kings:?} {capture_priority:?} {removal:?} \
         {promotion_in_capture:?} {men_capture_kings} {king_move_limit:?} {win_condition:?}"
    );
    draughts_rules::hash::fnv1a(description.as_bytes())
}

/// Write every table to `dir` (created if missing).
pub fn save(tables: &Tables, dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for (material, table) in &tables.tables {
        let path = dir.join(format!("{}.bb", material.name()));
        let mut file = std::io::BufWriter::new(std::fs::File::create(path)?);
        file.write_all(MAGIC)?;
        file.write_all(&material.0)?;
        file.write_all(&fingerprint(&tables.rules).to_le_bytes())?;
        file.write_all(&(table.entries.len() as u64).to_le_bytes())?;
        file.write_all(&table.entries)?;
        file.flush()?;
    }
    Ok(())
}

/// Read the tables in `dir` built for `rules` into `tables`; files for other rules are
/// skipped. Returns how many were read. `complete_up_to` grows to the largest piece count
/// whose every material is present.
pub fn load_dir(tables: &mut Tables, dir: &Path) -> std::io::Result<usize> {
    let mut read = 0;
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.extension().is_none_or(|e| e != "bb") {
            continue;
        }
        let mut file = std::io::BufReader::new(std::fs::File::open(&path)?);
        let mut header = [0u8; 4 + 4 + 8 + 8];
        file.read_exact(&mut header)?;
        let bad = |what: &str| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("{}: {what}", path.display()),
            )
        };
        if &header[..4] != MAGIC {
            return Err(bad("not an endgame table"));
        }
        let material = Material([header[4], header[5], header[6], header[7]]);
        let print = u64::from_le_bytes(header[8..16].try_into().unwrap_or_default());
        if print != fingerprint(&tables.rules) {
            continue;
        }
        let layout = Layout::new(&tables.rules, material);
        let count = u64::from_le_bytes(header[16..24].try_into().unwrap_or_default());
        if count != layout.size() {
            return Err(bad("size does not match its material"));
        }
        let mut entries = vec![0u8; count as usize];
        file.read_exact(&mut entries)?;
        tables.insert(material, Table { layout, entries });
        read += 1;
    }
    let mut pieces = tables.complete_up_to;
    while Material::all_up_to(pieces + 1)
        .iter()
        .all(|m| tables.tables.contains_key(m))
    {
        pieces += 1;
    }
    tables.complete_up_to = pieces;
    Ok(read)
}

#[cfg(test)]
mod tests {
    use super::fingerprint;
    use draughts_rules::{DrawRules, KingKind, Rules};

    #[test]
    fn draw_counters_do_not_change_the_fingerprint_but_rules_of_play_do() {
        let international = Rules::international();
        let other_counters = Rules {
            draw_rules: DrawRules {
                moves_without_capture_or_promotion: Some(7),
                ..international.draw_rules
            },
            ..international
        };
        let short_kings = Rules {
            kings: KingKind::Short,
            ..international
        };
        assert_eq!(fingerprint(&international), fingerprint(&other_counters));
        assert_ne!(fingerprint(&international), fingerprint(&short_kings));
    }
}
