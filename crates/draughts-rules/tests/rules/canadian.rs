//! Canadian draughts (`canadian`): the international rules on a 12×12 board, 30 men each.
//! The board has 72 squares (77 bits in the ghost layout), more than a 64-bit set holds, so
//! these positions exercise the sets of any width (`Squares`) end to end: the squares above
//! bit 63 are 61–72, the two rows nearest White.
//!
//! No published perft exists for this board and pydraughts does not play it, so the move
//! generator is checked against a reference written here from the rules alone: a plain
//! square-by-square search on file and rank coordinates that shares no code with the crate.

use std::collections::BTreeSet;

use draughts_rules::notation::{fen, moves};
use draughts_rules::random::Rng;
use draughts_rules::{legal_moves, perft::perft, BoardSize, Color, Position, Rules};

fn rules() -> Rules {
    crate::support::preset("canadian")
}

/// The legal moves in full notation, sorted.
fn legal(text: &str) -> Vec<String> {
    crate::support::legal_sorted(&rules(), text, moves::full)
}

#[test]
fn the_start_has_thirty_men_each_on_five_rows() {
    let r = rules();
    let start = Position::initial(&r);
    assert_eq!(fen::write(&start), "W:W43-72:B1-30");
    assert_eq!(start.wide_pieces(Color::White).count_ones(), 30);
    assert_eq!(start.wide_pieces(Color::Black).count_ones(), 30);
    // Squares 1 (b12), 67 (a1) and 72 (k1), as the PDN numbering of a 12×12 board has it.
    let g = BoardSize::Twelve.geometry();
    let name = |s: u32| g.algebraic(g.bit(s).expect("on the board"));
    assert_eq!(
        [name(1), name(6), name(67), name(72)],
        ["b12", "l12", "a1", "k1"]
    );
}

#[test]
fn perft_from_the_start() {
    // Depth 1: six front men, the one on the edge with a single step. The deeper counts are
    // the generator's own, checked below against the reference on every node to depth 3.
    let r = rules();
    let start = Position::initial(&r);
    let counts: Vec<u64> = (1..=5).map(|d| perft(&r, &start, d)).collect();
    assert_eq!(counts, [11, 121, 1_222, 10_053, 79_049]);
}

#[test]
fn a_king_flies_the_whole_long_diagonal() {
    // a1 (67) to l12 (6): eleven squares, every one a legal move.
    let list = legal("W:WK67:B1");
    let want: Vec<String> = [61, 56, 50, 45, 39, 34, 28, 23, 17, 12, 6]
        .iter()
        .map(|s| format!("67-{s}"))
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    assert_eq!(list, want);
}

#[test]
fn a_black_man_is_crowned_on_white_s_back_row() {
    // d2 (62) steps to c1 (68) or e1 (69), both on the row above bit 63, both crowning.
    let r = rules();
    let pos = fen::parse("B:W7:B62", r.board).expect("fen").position;
    let list = legal_moves(&r, &pos);
    let written: BTreeSet<String> = list.iter().map(|m| moves::full(m, r.board)).collect();
    assert_eq!(written, BTreeSet::from(["62-68".into(), "62-69".into()]));
    assert!(list.iter().all(|m| m.crowns));
    let after = pos.play(&list[0]);
    assert!(after.is_king(list[0].to));
    assert_eq!(after.wide_pieces(Color::Black).count_ones(), 1);
}

#[test]
fn the_longest_capture_loops_through_its_own_start_and_the_high_squares() {
    // The man on e3 (57) can take two pieces towards the top (50, 38), but five by going
    // round: over 50, 49, 61 and 62 (the last two above bit 63) back through its own square
    // and on over 51. Maximum capture leaves only that sequence (both directions round the
    // loop take the same pieces to the same square: one move).
    let r = rules();
    let pos = fen::parse("W:W57:B38,49,50,51,61,62", r.board)
        .expect("fen")
        .position;
    let list = legal_moves(&r, &pos);
    assert_eq!(list.len(), 1, "{:?}", list);
    let g = r.board.geometry();
    let mut taken: Vec<u8> = list[0]
        .taken_in_order()
        .iter()
        .map(|&b| g.square(b))
        .collect();
    taken.sort_unstable();
    assert_eq!(taken, [49, 50, 51, 61, 62]);
    assert_eq!((g.square(list[0].from), g.square(list[0].to)), (57, 46));
    let after = pos.play(&list[0]);
    assert_eq!(fen::write(&after), "B:W46:B38");
}

/// A piece on the reference board.
#[derive(Copy, Clone, PartialEq, Eq)]
struct Piece {
    white: bool,
    king: bool,
}

/// The reference: a 12×12 array indexed by (file, rank), a1 = (0, 0).
struct Reference {
    board: [[Option<Piece>; 12]; 12],
    white_to_move: bool,
}

/// A move as the reference sees it: from, to (PDN squares), the squares taken, crowning.
type RefMove = (u32, u32, Vec<u32>, bool);

const DIAGONALS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// PDN square of (file, rank): rows of six from the top, the top row starting on b12.
fn square_of(file: i32, rank: i32) -> u32 {
    let row = 11 - rank;
    (row * 6 + file / 2 + 1) as u32
}

fn coordinates(square: u32) -> (i32, i32) {
    let index = square as i32 - 1;
    let row = index / 6;
    let col = index % 6;
    let file = if row % 2 == 0 { 2 * col + 1 } else { 2 * col };
    (file, 11 - row)
}

impl Reference {
    fn from_fen(text: &str) -> Reference {
        let pos = fen::parse(text, BoardSize::Twelve).expect("fen").position;
        let mut board = [[None; 12]; 12];
        for (color, white) in [(Color::White, true), (Color::Black, false)] {
            for (square, king) in pos.squares_of(color) {
                let (f, r) = coordinates(square as u32);
                board[f as usize][r as usize] = Some(Piece { white, king });
            }
        }
        Reference {
            board,
            white_to_move: pos.side == Color::White,
        }
    }

    fn at(&self, f: i32, r: i32) -> Option<Option<Piece>> {
        ((0..12).contains(&f) && (0..12).contains(&r)).then(|| self.board[f as usize][r as usize])
    }

    fn crowning_rank(&self) -> i32 {
        if self.white_to_move {
            11
        } else {
            0
        }
    }

    /// Every legal move: the longest captures if there is a capture, else the plain moves.
    fn moves(&self) -> BTreeSet<RefMove> {
        let mut captures = Vec::new();
        for f in 0..12 {
            for r in 0..12 {
                if let Some(Some(p)) = self.at(f, r) {
                    if p.white == self.white_to_move {
                        self.jumps((f, r), p.king, (f, r), &mut Vec::new(), &mut captures);
                    }
                }
            }
        }
        if let Some(most) = captures.iter().map(|(_, _, c)| c.len()).max() {
            return captures
                .into_iter()
                .filter(|(_, _, c)| c.len() == most)
                .map(|(from, to, taken)| {
                    let king = self.at(from.0, from.1).flatten().is_some_and(|p| p.king);
                    let crowns = !king && to.1 == self.crowning_rank();
                    let mut taken: Vec<u32> = taken.iter().map(|&(f, r)| square_of(f, r)).collect();
                    taken.sort_unstable();
                    (
                        square_of(from.0, from.1),
                        square_of(to.0, to.1),
                        taken,
                        crowns,
                    )
                })
                .collect();
        }
        let mut plain = BTreeSet::new();
        let forward = if self.white_to_move { 1 } else { -1 };
        for f in 0..12 {
            for r in 0..12 {
                let Some(Some(p)) = self.at(f, r) else {
                    continue;
                };
                if p.white != self.white_to_move {
                    continue;
                }
                for (df, dr) in DIAGONALS {
                    if !p.king && dr != forward {
                        continue;
                    }
                    let (mut tf, mut tr) = (f + df, r + dr);
                    while self.at(tf, tr) == Some(None) {
                        let crowns = !p.king && tr == self.crowning_rank();
                        plain.insert((square_of(f, r), square_of(tf, tr), vec![], crowns));
                        if !p.king {
                            break;
                        }
                        tf += df;
                        tr += dr;
                    }
                }
            }
        }
        plain
    }

    /// Captures go on from `at`; the piece left `from`, so that square counts as empty, and
    /// pieces taken stay on the board (they block) until the move ends.
    #[allow(clippy::type_complexity)]
    fn jumps(
        &self,
        from: (i32, i32),
        king: bool,
        at: (i32, i32),
        taken: &mut Vec<(i32, i32)>,
        out: &mut Vec<((i32, i32), (i32, i32), Vec<(i32, i32)>)>,
    ) {
        let empty = |f: i32, r: i32| self.at(f, r) == Some(None) || (f, r) == from;
        let mut went_on = false;
        for (df, dr) in DIAGONALS {
            let (mut vf, mut vr) = (at.0 + df, at.1 + dr);
            if king {
                while self.at(vf, vr).is_some() && empty(vf, vr) {
                    vf += df;
                    vr += dr;
                }
            }
            let enemy = matches!(self.at(vf, vr), Some(Some(p)) if p.white != self.white_to_move);
            if !enemy || (vf, vr) == from || taken.contains(&(vf, vr)) {
                continue;
            }
            let (mut lf, mut lr) = (vf + df, vr + dr);
            while self.at(lf, lr).is_some() && empty(lf, lr) {
                went_on = true;
                taken.push((vf, vr));
                self.jumps(from, king, (lf, lr), taken, out);
                taken.pop();
                if !king {
                    break;
                }
                lf += df;
                lr += dr;
            }
        }
        if !went_on && !taken.is_empty() {
            out.push((from, at, taken.clone()));
        }
    }
}

/// The crate's moves in the reference's terms.
fn ours(text: &str) -> BTreeSet<RefMove> {
    let r = rules();
    let pos = fen::parse(text, r.board).expect("fen").position;
    let g = r.board.geometry();
    legal_moves(&r, &pos)
        .iter()
        .map(|m| {
            let mut taken: Vec<u32> = m
                .taken_in_order()
                .iter()
                .map(|&b| g.square(b) as u32)
                .collect();
            taken.sort_unstable();
            (
                g.square(m.from) as u32,
                g.square(m.to) as u32,
                taken,
                m.crowns,
            )
        })
        .collect()
}

fn check(text: &str) -> bool {
    let (a, b) = (ours(text), Reference::from_fen(text).moves());
    assert_eq!(a, b, "{text}");
    a.iter().any(|m| !m.2.is_empty())
}

#[test]
fn agrees_with_the_reference_on_random_placements() {
    // Crowded boards with many kings: long flying captures everywhere, the high squares
    // included.
    let mut rng = Rng::new(0x5eed_ca4a_d1a4_0001);
    let mut with_capture = 0;
    for _ in 0..1_500 {
        let (mut white, mut black) = (Vec::new(), Vec::new());
        for square in 1..=72u32 {
            let roll = rng.next_u64() % 100;
            let king = rng.next_u64() % 3 == 0;
            let (list, crowning_row) = match roll {
                0..=14 => (&mut white, 1..=6),
                15..=29 => (&mut black, 67..=72),
                _ => continue,
            };
            let king = king || crowning_row.contains(&square);
            list.push(format!("{}{square}", if king { "K" } else { "" }));
        }
        if white.is_empty() || black.is_empty() {
            continue;
        }
        let side = if rng.next_u64() % 2 == 0 { "W" } else { "B" };
        let text = format!("{side}:W{}:B{}", white.join(","), black.join(","));
        with_capture += check(&text) as usize;
    }
    assert!(
        with_capture > 800,
        "only {with_capture} positions with a capture"
    );
}

#[test]
fn agrees_with_the_reference_along_random_games() {
    let r = rules();
    let mut rng = Rng::new(0x5eed_ca4a_d1a4_0002);
    let mut positions = 0;
    for _ in 0..40 {
        let mut pos = Position::initial(&r);
        for _ in 0..150 {
            let text = fen::write(&pos);
            check(&text);
            positions += 1;
            let list = legal_moves(&r, &pos);
            if list.is_empty() {
                break;
            }
            pos = pos.play(&list[rng.next_u64() as usize % list.len()]);
        }
    }
    assert!(positions > 3_000, "{positions}");
}

#[test]
fn every_node_to_depth_three_agrees_with_the_reference() {
    fn walk(r: &Rules, pos: &Position, depth: u32) {
        check(&fen::write(pos));
        if depth == 0 {
            return;
        }
        for m in legal_moves(r, pos) {
            walk(r, &pos.play(&m), depth - 1);
        }
    }
    let r = rules();
    walk(&r, &Position::initial(&r), 3);
}
