//! Tables on disk: one file per material, `<dir>/<material>.dtb`, compressed in blocks so one
//! entry is read without unpacking the rest, and memory-mapped so the processes of a machine
//! share its pages and a start costs milliseconds.
//!
//! A file is a 64-byte header, a block index and the blocks:
//!
//! | offset | field |
//! |---|---|
//! | 0 | `DTBL` |
//! | 4 | format version (u32) |
//! | 8 | the rules' fingerprint (u64) |
//! | 16 | the material: white men, white kings, black men, black kings (4 bytes) |
//! | 20 | entries per block (u32) |
//! | 24 | entries (u64) |
//! | 32 | blocks (u64) |
//! | 40 | bytes of block data (u64) |
//! | 48 | checksum of everything after the header (u64) |
//! | 56 | checksum of the 56 bytes before (u64) |
//! | 64 | each block's start in the data, and the data's end (u64 each) |
//! | … | the blocks |
//!
//! Integers are little-endian. A block is a run-length code of its entries: a run is the
//! entry's byte (`Value::encode`) then the run's length less one as a LEB128 number. Only
//! entries that `kept` names are stored; the others (indices that stand for no position,
//! and, where capturing is compulsory, positions with a capture, which a probe resolves by
//! playing the captures) repeat the entry before them, which only lengthens runs: on the
//! ≤ 4-piece tables this halves a file. A file is checked whole before it is mapped (header, sizes, index and
//! checksum): a corrupt, truncated or foreign file is refused with a message, never trusted.

use super::{Layout, Material, Table, Tables};
use draughts_rules::Rules;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 4] = b"DTBL";
/// The format this code writes and reads.
const VERSION: u32 = 1;
const HEADER: usize = 64;
/// Entries per block written (a file records its own): a probe decodes at most this many
/// runs. With 256 a probe of a mapped file costs about 2.5 times one of a table in memory,
/// with 1024 about 5.4 times, for 4% less disk (`cargo bench --bench tables`).
const BLOCK_ENTRIES: u32 = 256;
/// The extension of a table file.
pub const EXTENSION: &str = "dtb";

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
        king_stops_after_king,
        draw_rules: _,
        king_move_limit,
        win_condition,
    } = rules;
    let mut description = format!(
        "{board:?} {start_gap} {forced_capture} {men_capture_backwards} {move_lines:?} \
         {capture_lines:?} {reversal_in_capture} {kings:?} {capture_priority:?} {removal:?} \
         {promotion_in_capture:?} {men_capture_kings} {king_move_limit:?} {win_condition:?}"
    );
    // Named only when set, so the files of every rule set before it keep their fingerprint.
    if *king_stops_after_king {
        description.push_str(" king-stops-after-king");
    }
    draughts_rules::hash::fnv1a(description.as_bytes())
}

/// A checksum of a byte stream, eight bytes at a time (it guards against corruption, not
/// against forgery). Fed in pieces it gives what it gives fed whole, provided every piece
/// but the last is a multiple of eight bytes long.
#[derive(Clone, Copy)]
struct Checksum(u64);

impl Checksum {
    fn new() -> Checksum {
        Checksum(0x6a09_e667_f3bc_c908)
    }

    fn feed(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            let w = u64::from_le_bytes(word.try_into().unwrap_or_default());
            self.0 = (self.0.rotate_left(23) ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
        for &b in words.remainder() {
            self.0 = (self.0.rotate_left(23) ^ b as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }

    fn value(self) -> u64 {
        draughts_rules::hash::mix64(self.0)
    }
}

fn le_u32(bytes: &[u8], at: usize) -> u32 {
    bytes
        .get(at..at + 4)
        .and_then(|b| b.try_into().ok())
        .map_or(0, u32::from_le_bytes)
}

fn le_u64(bytes: &[u8], at: usize) -> u64 {
    bytes
        .get(at..at + 8)
        .and_then(|b| b.try_into().ok())
        .map_or(0, u64::from_le_bytes)
}

/// Where a table's bytes live: a mapped file, or memory (a table packed but not written).
enum Bytes {
    Mapped(memmap2::Mmap),
    Owned(Vec<u8>),
}

impl std::ops::Deref for Bytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Mapped(map) => map,
            Bytes::Owned(vec) => vec,
        }
    }
}

/// One material's entries in the file format: header, block index, run-length blocks.
pub struct Packed {
    bytes: Bytes,
    entries: u64,
    blocks: u64,
    block_entries: u64,
}

impl Packed {
    /// Entries (used and unused indices).
    pub fn len(&self) -> u64 {
        self.entries
    }

    /// Whether there is no entry.
    pub fn is_empty(&self) -> bool {
        self.entries == 0
    }

    /// The whole file's bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The entry at `index`, decoded from its block; `None` past the end.
    #[inline]
    pub fn get(&self, index: u64) -> Option<u8> {
        if index >= self.entries {
            return None;
        }
        let block = index / self.block_entries;
        let mut skip = index % self.block_entries;
        let data = HEADER + 8 * (self.blocks as usize + 1);
        let start = data + le_u64(&self.bytes, HEADER + 8 * block as usize) as usize;
        let end = data + le_u64(&self.bytes, HEADER + 8 * (block as usize + 1)) as usize;
        let mut runs = self.bytes.get(start..end)?.iter();
        loop {
            let value = *runs.next()?;
            let mut length = 0u64;
            let mut shift = 0;
            loop {
                let b = *runs.next()?;
                length |= ((b & 0x7f) as u64) << shift;
                if b & 0x80 == 0 {
                    break;
                }
                shift += 7;
                if shift > 63 {
                    return None;
                }
            }
            if skip <= length {
                return Some(value);
            }
            skip -= length + 1;
        }
    }
}

/// The position at `index` if a file keeps its entry: an index that stands for a position,
/// and no capture to play there where capturing is compulsory (`Tables::probe` plays them).
pub fn kept(rules: &Rules, layout: &Layout, index: u64) -> Option<draughts_rules::Position> {
    layout
        .position(index)
        .filter(|pos| !(rules.forced_capture && draughts_rules::movegen::has_capture(rules, pos)))
}

/// Pack one material's entries (a byte per index) into the file format.
pub fn pack(rules: &Rules, layout: &Layout, entries: &[u8]) -> Packed {
    let block_entries = BLOCK_ENTRIES as usize;
    let blocks = entries.len().div_ceil(block_entries);
    let mut offsets = Vec::with_capacity(blocks + 1);
    let mut data = Vec::new();
    let mut previous = 0u8;
    for block in entries.chunks(block_entries) {
        offsets.push(data.len() as u64);
        let base = (offsets.len() - 1) * block_entries;
        let mut run: Option<(u8, u64)> = None;
        for (i, &entry) in block.iter().enumerate() {
            let used = kept(rules, layout, (base + i) as u64).is_some();
            let value = if used { entry } else { previous };
            previous = value;
            run = match run {
                Some((v, n)) if v == value => Some((v, n + 1)),
                Some((v, n)) => {
                    push_run(&mut data, v, n);
                    Some((value, 1))
                }
                None => Some((value, 1)),
            };
        }
        if let Some((v, n)) = run {
            push_run(&mut data, v, n);
        }
    }
    offsets.push(data.len() as u64);

    let mut body = Vec::with_capacity(8 * offsets.len() + data.len());
    for o in &offsets {
        body.extend_from_slice(&o.to_le_bytes());
    }
    body.extend_from_slice(&data);
    let mut sum = Checksum::new();
    sum.feed(&body);

    let mut bytes = Vec::with_capacity(HEADER + body.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    bytes.extend_from_slice(&fingerprint(rules).to_le_bytes());
    bytes.extend_from_slice(&layout.material.0);
    bytes.extend_from_slice(&BLOCK_ENTRIES.to_le_bytes());
    bytes.extend_from_slice(&(entries.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&(blocks as u64).to_le_bytes());
    bytes.extend_from_slice(&(data.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&sum.value().to_le_bytes());
    let mut head = Checksum::new();
    head.feed(&bytes);
    bytes.extend_from_slice(&head.value().to_le_bytes());
    bytes.extend_from_slice(&body);
    Packed {
        bytes: Bytes::Owned(bytes),
        entries: entries.len() as u64,
        blocks: blocks as u64,
        block_entries: block_entries as u64,
    }
}

fn push_run(data: &mut Vec<u8>, value: u8, length: u64) {
    data.push(value);
    let mut rest = length - 1;
    loop {
        let low = (rest & 0x7f) as u8;
        rest >>= 7;
        if rest == 0 {
            data.push(low);
            return;
        }
        data.push(low | 0x80);
    }
}

/// The file name of a material's table.
pub fn file_name(material: Material) -> String {
    format!("{}.{EXTENSION}", material.name())
}

/// Write a material's table into `dir` (created if missing): to a temporary name first,
/// then renamed, so a reader never sees half a file and a rebuild never changes a file that
/// a running process has mapped (the rename leaves the old file's pages to it).
pub fn write(dir: &Path, packed: &Packed, material: Material) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let path = dir.join(file_name(material));
    let partial = dir.join(format!("{}.partial", file_name(material)));
    {
        let mut file = std::fs::File::create(&partial)?;
        file.write_all(packed.as_bytes())?;
        file.sync_all()?;
    }
    std::fs::rename(&partial, &path)?;
    Ok(path)
}

/// Why a table file was refused.
#[derive(Debug)]
pub struct Refused {
    /// The file.
    pub path: PathBuf,
    /// What is wrong with it.
    pub reason: String,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.reason)
    }
}

/// Check a table file whole, then map it: its table, for `rules`.
pub fn open(path: &Path, rules: &Rules) -> Result<(Material, Table), Refused> {
    let refuse = |reason: String| Refused {
        path: path.to_path_buf(),
        reason,
    };
    let mut file = std::fs::File::open(path).map_err(|e| refuse(e.to_string()))?;
    let mut header = [0u8; HEADER];
    file.read_exact(&mut header)
        .map_err(|_| refuse("shorter than a table's header".into()))?;
    if &header[..4] != MAGIC {
        return Err(refuse("not an endgame table file".into()));
    }
    let mut head = Checksum::new();
    head.feed(&header[..56]);
    if head.value() != le_u64(&header, 56) {
        return Err(refuse("its header is damaged (checksum)".into()));
    }
    let version = le_u32(&header, 4);
    if version != VERSION {
        return Err(refuse(format!(
            "format version {version}, this build reads version {VERSION}: build the tables again"
        )));
    }
    if le_u64(&header, 8) != fingerprint(rules) {
        return Err(refuse(
            "built under other rules than this directory's variant".into(),
        ));
    }
    let material = Material([header[16], header[17], header[18], header[19]]);
    let name_says = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    if name_says != material.name() {
        return Err(refuse(format!(
            "holds material {} under another material's name",
            material.name()
        )));
    }
    let layout = Layout::new(rules, material);
    let block_entries = le_u32(&header, 20) as u64;
    let entries = le_u64(&header, 24);
    let blocks = le_u64(&header, 32);
    let data_len = le_u64(&header, 40);
    if entries != layout.size() || block_entries == 0 || blocks != entries.div_ceil(block_entries) {
        return Err(refuse(format!(
            "{entries} entries in {blocks} blocks do not fit material {}",
            material.name()
        )));
    }
    let expected = (HEADER as u64)
        .checked_add(8 * (blocks + 1))
        .and_then(|n| n.checked_add(data_len));
    let actual = file.metadata().map_err(|e| refuse(e.to_string()))?.len();
    if expected != Some(actual) {
        return Err(refuse(format!(
            "{actual} bytes where the header says {}: truncated or extended",
            expected.unwrap_or(u64::MAX)
        )));
    }
    // The index and the checksum are read through a buffer, not the mapping, so checking a
    // file makes none of its pages part of this process's memory.
    let mut sum = Checksum::new();
    let mut index = vec![0u8; 8 * (blocks as usize + 1)];
    file.read_exact(&mut index)
        .map_err(|e| refuse(e.to_string()))?;
    sum.feed(&index);
    let offsets_ascend = (0..=blocks as usize).try_fold(0u64, |last, b| {
        let o = le_u64(&index, 8 * b);
        (o >= last && o <= data_len).then_some(o)
    });
    if offsets_ascend != Some(data_len) {
        return Err(refuse("its block index is out of order".into()));
    }
    let mut buffer = vec![0u8; 1 << 16];
    loop {
        let n = file.read(&mut buffer).map_err(|e| refuse(e.to_string()))?;
        if n == 0 {
            break;
        }
        // Reads of a regular file fill the buffer but at its end; a short read elsewhere
        // would break the eight-byte rhythm, so top it up.
        let mut filled = n;
        while filled < buffer.len() && filled % 8 != 0 {
            let more = file
                .read(&mut buffer[filled..])
                .map_err(|e| refuse(e.to_string()))?;
            if more == 0 {
                break;
            }
            filled += more;
        }
        sum.feed(&buffer[..filled]);
    }
    if sum.value() != le_u64(&header, 48) {
        return Err(refuse("its contents are damaged (checksum)".into()));
    }
    // SAFETY: the map is only ever read as bytes, and every byte pattern is a valid `u8`,
    // so what the file holds cannot break memory safety; decoding bounds-checks every read.
    // What mapping cannot rule out is another process changing the file while it is mapped.
    // `write` never does: it writes a new file and renames it over the old one, which keeps
    // the mapped pages. Truncating a mapped file by hand would end the process with SIGBUS
    // rather than let it read freed memory. Mapping pays: a start maps every table in
    // milliseconds and the pages are shared between processes (`docs/operations.md`).
    let map = unsafe { memmap2::Mmap::map(&file) }.map_err(|e| refuse(e.to_string()))?;
    let packed = Packed {
        bytes: Bytes::Mapped(map),
        entries,
        blocks,
        block_entries,
    };
    Ok((material, Table::packed(layout, packed)))
}

/// What reading a directory found.
#[derive(Debug, Default)]
pub struct Loaded {
    /// Tables mapped.
    pub read: usize,
    /// Files refused, with why.
    pub refused: Vec<Refused>,
}

/// Map the table files in `dir` into `tables` (those it lacks); a file that fails its checks
/// is refused and reported, the others are used. `complete_up_to` grows to the largest
/// piece count whose every material is present.
pub fn load_dir(tables: &mut Tables, dir: &Path) -> std::io::Result<Loaded> {
    let mut loaded = Loaded::default();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    paths.sort();
    for path in paths {
        match path.extension().and_then(|e| e.to_str()) {
            Some(EXTENSION) => {}
            Some("bb") => {
                loaded.refused.push(Refused {
                    path,
                    reason: "a table of the older unpacked format (.bb): build the tables again"
                        .into(),
                });
                continue;
            }
            _ => continue,
        }
        match open(&path, &tables.rules) {
            Ok((material, table)) => {
                if !tables.tables.contains_key(&material) {
                    tables.insert(material, table);
                    loaded.read += 1;
                }
            }
            Err(refused) => loaded.refused.push(refused),
        }
    }
    tables.complete_up_to = tables.complete_up_to.max(tables.largest_complete());
    Ok(loaded)
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_rules::{DrawRules, KingKind};

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

    #[test]
    fn packed_entries_read_back_at_every_used_index() {
        let rules = Rules::english();
        let layout = Layout::new(&rules, Material([1, 1, 0, 1]));
        // Long runs, short runs and every byte value, across block boundaries.
        let entries: Vec<u8> = (0..layout.size())
            .map(|i| match i % 5000 {
                0..=2999 => 7,
                n => (n * 31 % 256) as u8,
            })
            .collect();
        let packed = pack(&rules, &layout, &entries);
        for (i, &e) in entries.iter().enumerate() {
            if kept(&rules, &layout, i as u64).is_some() {
                assert_eq!(packed.get(i as u64), Some(e), "index {i}");
            }
        }
        assert_eq!(packed.get(layout.size()), None);
    }

    #[test]
    fn checksum_is_the_same_fed_in_pieces() {
        let bytes: Vec<u8> = (0..1000u32).map(|i| (i * 7) as u8).collect();
        let mut whole = Checksum::new();
        whole.feed(&bytes);
        let mut parts = Checksum::new();
        parts.feed(&bytes[..512]);
        parts.feed(&bytes[512..]);
        assert_eq!(whole.value(), parts.value());
        let mut other = Checksum::new();
        other.feed(&bytes[1..]);
        assert_ne!(whole.value(), other.value());
    }
}
