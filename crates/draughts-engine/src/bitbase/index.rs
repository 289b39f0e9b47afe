//! Numbering the positions of one material: every placement of the pieces, White to move,
//! gets an index in `0..Layout::size()`. (Black-to-move positions are looked up through
//! `Position::flipped`, so only White-to-move ones are stored.)
//!
//! Each group of like pieces (white men, white kings, black men, black kings) is a set of
//! squares from its domain (men never stand on their crowning row), ranked in the
//! combinatorial number system; the ranks combine in mixed radix. Placements where two
//! groups share a square are left unused: simpler than a perfect index, and only a few per
//! cent of the table.

use draughts_rules::board::{Bitboard, Bits};
use draughts_rules::{Color, Position, Rules};

/// Pieces of each kind: white men, white kings, black men, black kings.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material(pub [u8; 4]);

impl Material {
    /// The material of a position.
    pub fn of(pos: &Position) -> Material {
        let (wm, wk) = pos.counts(Color::White);
        let (bm, bk) = pos.counts(Color::Black);
        Material([wm as u8, wk as u8, bm as u8, bk as u8])
    }

    /// Pieces in all.
    pub fn pieces(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }

    /// Men of both colours.
    pub fn men(&self) -> u32 {
        (self.0[0] + self.0[2]) as u32
    }

    /// The material with the colours swapped (of a flipped position).
    pub fn flipped(&self) -> Material {
        let [wm, wk, bm, bk] = self.0;
        Material([bm, bk, wm, wk])
    }

    /// Every material of 2 to `max` pieces with at least one piece a side, fewest pieces
    /// first and, for a count, fewest men first (a crowning leads to one man fewer, so that
    /// material is solved before).
    pub fn all_up_to(max: u32) -> Vec<Material> {
        let mut list = Vec::new();
        for total in 2..=max as u8 {
            for wm in 0..=total {
                for wk in 0..=total - wm {
                    for bm in 0..=total - wm - wk {
                        let bk = total - wm - wk - bm;
                        if wm + wk > 0 && bm + bk > 0 {
                            list.push(Material([wm, wk, bm, bk]));
                        }
                    }
                }
            }
        }
        list.sort_by_key(|m| (m.pieces(), m.men(), *m));
        list
    }

    /// `materials` and every material they can lead to (fewer pieces, or a man crowned),
    /// with at least one piece a side, in the order they must be solved.
    pub fn closure(materials: &[Material]) -> Vec<Material> {
        let mut seen = std::collections::BTreeSet::new();
        let mut todo: Vec<Material> = materials.to_vec();
        while let Some(m) = todo.pop() {
            let [wm, wk, bm, bk] = m.0;
            if wm + wk == 0 || bm + bk == 0 || !seen.insert(m) {
                continue;
            }
            seen.insert(m.flipped());
            for kind in 0..4 {
                if m.0[kind] > 0 {
                    let mut fewer = m;
                    fewer.0[kind] -= 1;
                    todo.push(fewer);
                    if kind % 2 == 0 {
                        fewer.0[kind + 1] += 1;
                        todo.push(fewer);
                    }
                }
            }
        }
        let mut list: Vec<Material> = seen.into_iter().collect();
        list.sort_by_key(|m| (m.pieces(), m.men(), *m));
        list
    }

    /// A short name: `wm1wk2bk1` style, e.g. for file names.
    pub fn name(&self) -> String {
        let [wm, wk, bm, bk] = self.0;
        format!("{wm}{wk}{bm}{bk}")
    }
}

/// Binomial coefficients C(n, k) for n < 65, k < 9.
fn binomial(n: usize, k: usize) -> u64 {
    static TABLE: std::sync::LazyLock<[[u64; 9]; 65]> = std::sync::LazyLock::new(|| {
        let mut t = [[0u64; 9]; 65];
        for n in 0..65 {
            t[n][0] = 1;
            for k in 1..9 {
                t[n][k] = if n == 0 {
                    0
                } else {
                    t[n - 1][k - 1] + t[n - 1][k]
                };
            }
        }
        t
    });
    if k > 8 || n > 64 {
        return 0;
    }
    TABLE[n][k]
}

/// The squares one group may stand on, and each square's place among them.
#[derive(Clone, Debug)]
struct Domain {
    bits: Vec<u8>,
    place: [u8; 64],
}

impl Domain {
    fn new(squares: Bitboard) -> Domain {
        let bits: Vec<u8> = Bits(squares).collect();
        let mut place = [u8::MAX; 64];
        for (i, &b) in bits.iter().enumerate() {
            place[b as usize] = i as u8;
        }
        Domain { bits, place }
    }
}

/// How one material's positions are numbered.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The material numbered.
    pub material: Material,
    board: draughts_rules::BoardSize,
    domains: [Domain; 4],
    /// Number of placements of each group (C(domain, count)).
    sizes: [u64; 4],
}

impl Layout {
    /// The numbering of `material`'s positions under `rules`.
    pub fn new(rules: &Rules, material: Material) -> Layout {
        // Endgame tables exist for the 64-bit boards only.
        let g = rules.board.geometry();
        let valid = g.valid as Bitboard;
        let domains = [
            Domain::new(valid & !(rules.promotion_row(Color::White) as Bitboard)),
            Domain::new(valid),
            Domain::new(valid & !(rules.promotion_row(Color::Black) as Bitboard)),
            Domain::new(valid),
        ];
        let sizes =
            std::array::from_fn(|i| binomial(domains[i].bits.len(), material.0[i] as usize));
        Layout {
            material,
            board: rules.board,
            domains,
            sizes,
        }
    }

    /// Entries in the table (used and unused).
    pub fn size(&self) -> u64 {
        self.sizes.iter().product()
    }

    fn groups(pos: &Position) -> [Bitboard; 4] {
        [
            pos.men(Color::White) as Bitboard,
            pos.kings_of(Color::White) as Bitboard,
            pos.men(Color::Black) as Bitboard,
            pos.kings_of(Color::Black) as Bitboard,
        ]
    }

    /// The index of a position of this material, read as if White were to move.
    pub fn index(&self, pos: &Position) -> u64 {
        let mut index = 0u64;
        for (group, bits) in Self::groups(pos).into_iter().enumerate() {
            let domain = &self.domains[group];
            let mut rank = 0u64;
            for (i, b) in Bits(bits).enumerate() {
                rank += binomial(domain.place[b as usize] as usize, i + 1);
            }
            index = index * self.sizes[group] + rank;
        }
        index
    }

    /// The position at `index` with White to move, or `None` for an unused index.
    pub fn position(&self, index: u64) -> Option<Position> {
        let mut ranks = [0u64; 4];
        let mut rest = index;
        for group in (0..4).rev() {
            ranks[group] = rest % self.sizes[group];
            rest /= self.sizes[group];
        }
        let mut groups = [0 as Bitboard; 4];
        let mut taken: Bitboard = 0;
        for group in 0..4 {
            let domain = &self.domains[group];
            let mut rank = ranks[group];
            let mut bits: Bitboard = 0;
            let mut top = domain.bits.len();
            for k in (1..=self.material.0[group] as usize).rev() {
                // The largest place p with C(p, k) <= rank.
                let mut p = top - 1;
                while binomial(p, k) > rank {
                    p -= 1;
                }
                rank -= binomial(p, k);
                bits |= 1 << domain.bits[p];
                top = p;
            }
            if bits & taken != 0 {
                return None;
            }
            taken |= bits;
            groups[group] = bits;
        }
        let mut pos = Position::empty(self.board, Color::White);
        pos.pieces = [groups[0] | groups[1], groups[2] | groups[3]];
        pos.kings = groups[1] | groups[3];
        Some(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_used_index_round_trips() {
        for rules in [Rules::english(), Rules::international()] {
            for material in [
                Material([1, 0, 0, 1]),
                Material([2, 0, 1, 0]),
                Material([0, 1, 1, 1]),
            ] {
                let layout = Layout::new(&rules, material);
                let mut used = 0;
                for i in 0..layout.size() {
                    if let Some(pos) = layout.position(i) {
                        used += 1;
                        assert_eq!(Material::of(&pos), material);
                        assert_eq!(layout.index(&pos), i);
                    }
                }
                assert!(used > layout.size() * 8 / 10, "{used} of {}", layout.size());
            }
        }
    }

    #[test]
    fn materials_come_in_build_order() {
        let list = Material::all_up_to(3);
        assert_eq!(list.len(), 4 + 12);
        assert!(list.windows(2).all(|w| w[0].pieces() <= w[1].pieces()));
    }
}
