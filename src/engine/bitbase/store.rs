//! Tables on disk: one file per material, `<dir>/<material>.bb`, each starting with a
//! header that names the rules it was built for, so a file is never read under other rules.
//!
//! Layout: `DBB1`, the four piece counts (bytes), the rules' fingerprint (u64, little
//! endian), the entry count (u64), then one byte per entry.

use super::{Layout, Material, Table, Tables};
use crate::rules::Rules;
use std::io::{Read, Write};
use std::path::Path;

const MAGIC: &[u8; 4] = b"DBB1";

/// A stable fingerprint of the rules of play (FNV-1a of their description).
pub(crate) fn fingerprint(rules: &Rules) -> u64 {
    crate::rules::hash::fnv1a(format!("{:?}", super::play_rules(rules)).as_bytes())
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
