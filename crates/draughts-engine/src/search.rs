//! Iterative-deepening principal-variation alpha-beta with a transposition table, a
//! quiescence of captures (and, on 10×10, of exchanges and crownings), killer and
//! success-rate move ordering, late-move reductions, ProbCut, static and
//! futility pruning near the leaves, mate-distance scores and repetition draws.

use super::bitbase::{Tables, Value};
use super::eval::Evaluator;
use super::limits::Limits;
use super::ordering::MoveOrdering;
use super::tt::{Bound, Table};
use draughts_rules::board::Squares;
use draughts_rules::movegen::{generate, has_capture, has_plain_move, opponent_has_capture};
use draughts_rules::status::{next_king_run, resting_king, DrawState, KingRuns};
use draughts_rules::{BoardSize, Color, KingKind, Move, MoveList, Position, Rules, WinCondition};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The score of a win now; a win in `n` plies scores `WIN - n`.
pub const WIN: i32 = 30_000;
/// The deepest ply the search reaches (the stack of per-ply buffers).
pub const MAX_PLY: usize = 128;
const INF: i32 = WIN + 1;
/// Extra plies the quiescence may add while captures are pending.
const MAX_QUIESCENCE: i32 = 16;
/// ProbCut: the shallowest depth it is tried at, how much shallower its search is, and the
/// margin above beta its search must reach (centipieces).
const PROBCUT_DEPTH: i32 = 5;
const PROBCUT_REDUCTION: i32 = 4;
const PROBCUT_MARGIN: i32 = 80;
/// Static pruning near the leaves: the deepest remaining depth it is tried at, and the margin
/// a ply by which a quiet position's evaluation must beat beta (centipieces; 40 beat 60 by
/// +38 Elo [+9, +69] in 200 games at 100 ms, and 30 beat 40 by +78 [+39, +119] in 100 at
/// depth 8; depth 4 beat 3 by +47 [+19, +76], 6 beat 4 by +56 [+16, +97] in 100, and 8 beat
/// 6 by +33 [+3, +64] in 200; these arena figures carry the old Hub player's head start of
/// about +60, see docs/journal/2026-12.md, 2026-12-04: margin 40 and depth 6 now measure level).
const STATIC_PRUNE_DEPTH: i32 = 8;
const STATIC_PRUNE_MARGIN: i32 = 30;
/// Futility pruning: the deepest remaining depth it is tried at, and the margin a ply by
/// which a quiet move is assumed unable to raise the evaluation (centipieces).
const FUTILITY_DEPTH: i32 = 2;
const FUTILITY_MARGIN: i32 = 60;

/// A score as a client sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// Material and position, a man = 100.
    Centipieces(i32),
    /// A forced win in this many plies.
    WinIn(u32),
    /// A forced loss in this many plies.
    LossIn(u32),
}

impl Score {
    /// The client's view of an internal score.
    pub fn from_internal(s: i32) -> Score {
        if s >= WIN - MAX_PLY as i32 * 2 {
            Score::WinIn((WIN - s) as u32)
        } else if s <= -WIN + MAX_PLY as i32 * 2 {
            Score::LossIn((WIN + s) as u32)
        } else {
            Score::Centipieces(s)
        }
    }
}

#[derive(Clone, Debug)]
/// What a search found.
pub struct SearchResult {
    /// The move to play.
    pub best: Move,
    /// Its internal score (see `Score::from_internal`).
    pub score: i32,
    /// The expected line.
    pub pv: Vec<Move>,
    /// The last iteration completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// Each root move with its score at the last completed depth, best first: exact for
    /// every move when all were asked for (levels with noise), else exact for the best and
    /// an upper bound for the others (they failed low against it).
    pub root_scores: Vec<(Move, i32)>,
}

/// Iterative-deepening alpha-beta over one rule set, with its own tables and buffers.
pub struct Searcher<'a> {
    rules: Rules,
    eval: Evaluator,
    tt: Table,
    nodes: u64,
    stopped: bool,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    stop_flag: Option<&'a AtomicBool>,
    lists: Vec<MoveList>,
    /// Per-ply move-ordering buffers, reused so the search allocates nothing per node.
    orders: Vec<Vec<(u32, usize)>>,
    /// Killers and the success history: which moves to try first.
    ordering: MoveOrdering,
    /// Hashes of the game (since its last irreversible move) and of the search path, with
    /// whether the move into each position was irreversible.
    stack: Vec<(u64, bool)>,
    pv_table: Vec<Vec<Move>>,
    /// Endgame tables for these rules, when built.
    bitbase: Option<Arc<Tables>>,
    root_runs: KingRuns,
    /// King runs along the current path, parallel to `stack` (kept only under a limit).
    runs: Vec<KingRuns>,
    /// The draw counters at the root, and along the current path (parallel to `stack`,
    /// kept only when the rules have counted draws).
    root_draws: DrawState,
    draws: Vec<DrawState>,
    /// Plies the shortest counted draw rule on each counter takes (king moves, moves without
    /// capture or crowning, lone-king endings; `u32::MAX`: none): below them no count can be
    /// complete, so nodes skip the check.
    draw_thresholds: [u32; 3],
    /// Whether the rules have any counted draw (the path's counters are kept only then).
    counts_draws: bool,
    /// Whether the first quiescence ply of a quiet position tries crownings and offers
    /// (`resolves_quiet`), and per colour the squares one row before its crowning row.
    resolves_quiet: bool,
    near_crown: [Squares; 2],
}

impl<'a> Searcher<'a> {
    /// A searcher for `rules` with an empty transposition table of `tt_mb` MiB.
    pub fn new(rules: &Rules, tt_mb: usize) -> Self {
        Self::with_table(rules, Table::empty(tt_mb))
    }

    /// A searcher for `rules` with this transposition table (one kept from an earlier
    /// search, or a new one).
    pub(crate) fn with_table(rules: &Rules, table: Table) -> Self {
        Searcher {
            rules: *rules,
            eval: Evaluator::new(rules),
            tt: table,
            nodes: 0,
            stopped: false,
            deadline: None,
            node_limit: None,
            stop_flag: None,
            lists: (0..MAX_PLY + MAX_QUIESCENCE as usize + 2)
                .map(|_| Vec::with_capacity(48))
                .collect(),
            orders: (0..MAX_PLY + MAX_QUIESCENCE as usize + 2)
                .map(|_| Vec::with_capacity(48))
                .collect(),
            ordering: MoveOrdering::new(),
            stack: Vec::with_capacity(512),
            pv_table: (0..MAX_PLY + 1).map(|_| Vec::new()).collect(),
            bitbase: None,
            root_runs: [(0, 0); 2],
            runs: Vec::new(),
            root_draws: DrawState::new(&Position::empty(rules.board, rules.first_player), 0),
            draws: Vec::new(),
            draw_thresholds: draw_thresholds(rules),
            counts_draws: draw_thresholds(rules) != [u32::MAX; 3],
            resolves_quiet: resolves_quiet(rules),
            near_crown: [Color::White, Color::Black].map(|c| near_crown(rules, c)),
        }
    }

    /// The draw counters at the root (the game's, where a bare position has none). The
    /// search carries them down its tree: a line whose count completes is a draw, and a
    /// table's win further away than the counts allow is a draw too.
    pub fn with_draw_state(mut self, state: DrawState) -> Self {
        self.root_draws = state;
        self
    }

    /// The transposition table, to keep for a later search (this searcher keeps a tiny one).
    pub(crate) fn take_table(&mut self) -> Table {
        std::mem::replace(&mut self.tt, Table::placeholder())
    }

    /// Nodes searched since this searcher was made or last started a search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The kings' runs of plain moves at the root (Frisian's limit on a king's moves in a
    /// row: the game knows them, a bare position does not). The search carries them down
    /// its tree; the transposition table does not tell positions apart by them.
    pub fn with_king_runs(mut self, runs: KingRuns) -> Self {
        self.root_runs = runs;
        self
    }

    /// Look positions with few pieces up in these endgame tables instead of searching them.
    pub fn with_bitbase(mut self, tables: Arc<Tables>) -> Self {
        self.bitbase = Some(tables);
        self
    }

    /// Evaluate with these weights instead of the variant's defaults.
    pub fn with_weights(mut self, weights: super::eval::Weights) -> Self {
        self.eval = Evaluator::with_weights(&self.rules, weights);
        self
    }

    /// Add learned pattern weights to the evaluation.
    pub fn with_patterns(mut self, weights: Arc<super::patterns::PatternWeights>) -> Self {
        self.eval.set_patterns(weights);
        self
    }

    /// Stop early when this flag turns true (another thread's request).
    pub fn with_stop_flag(mut self, flag: &'a AtomicBool) -> Self {
        self.stop_flag = Some(flag);
        self
    }

    /// The state a search from `pos` starts in: not stopped, its limits, the game's
    /// positions on the repetition stack (the root's last), and the root's counters.
    fn start_at_root(
        &mut self,
        pos: &Position,
        game_hashes: &[u64],
        deadline: Option<Instant>,
        node_limit: Option<u64>,
    ) {
        self.stopped = false;
        self.deadline = deadline;
        self.node_limit = node_limit;
        self.stack.clear();
        for &h in game_hashes.iter().take(game_hashes.len().saturating_sub(1)) {
            self.stack.push((h, false));
        }
        self.stack.push((pos.hash(), false));
        self.runs.clear();
        self.runs.push(self.root_runs);
        self.draws.clear();
    }

    /// Search `pos`. `game_hashes` are the positions since the last irreversible move,
    /// oldest first, current last (for repetition draws). `None` when there is no legal move.
    pub fn search(
        &mut self,
        pos: &Position,
        game_hashes: &[u64],
        limits: Limits,
        want_root_scores: bool,
    ) -> Option<SearchResult> {
        let start = Instant::now();
        self.nodes = 0;
        self.start_at_root(
            pos,
            game_hashes,
            limits.time.map(|t| start + t),
            limits.nodes,
        );
        let mut root = MoveList::new();
        self.generate_legal(pos, &mut root);
        if root.is_empty() {
            return None;
        }
        let mut best = SearchResult {
            best: root[0],
            score: 0,
            pv: vec![root[0]],
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            root_scores: Vec::new(),
        };
        let mut limits = limits;
        if root.len() == 1 && !want_root_scores {
            // A forced move: answer at once, with a short look to give it an honest score.
            let cap = start + Duration::from_millis(20);
            self.deadline = Some(self.deadline.map_or(cap, |d| d.min(cap)));
            limits.depth = Some(limits.depth.unwrap_or(8).min(8));
        }
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 8)
            .clamp(1, MAX_PLY as u32 - 8);
        let mut scores: Vec<(Move, i32)> = root.iter().map(|m| (*m, -INF)).collect();
        let mut clock = IterationClock::default();
        for depth in 1..=max_depth {
            let mut alpha = -INF;
            let mut iteration_best: Option<(Move, i32)> = None;
            #[allow(clippy::needless_range_loop)] // scores[i] is written after the search
            for i in 0..scores.len() {
                let mv = scores[i].0;
                let child = pos.play(&mv);
                self.push(&child, pos, &mv);
                let score = if want_root_scores {
                    -self.negamax(&child, depth as i32 - 1, -INF, INF, 1)
                } else if i == 0 {
                    -self.negamax(&child, depth as i32 - 1, -INF, -alpha, 1)
                } else {
                    let s = -self.negamax(&child, depth as i32 - 1, -alpha - 1, -alpha, 1);
                    if s > alpha && !self.stopped {
                        -self.negamax(&child, depth as i32 - 1, -INF, -alpha, 1)
                    } else {
                        s
                    }
                };
                self.pop();
                if self.stopped {
                    break;
                }
                scores[i].1 = score;
                if score > alpha {
                    alpha = score;
                    iteration_best = Some((mv, score));
                    let mut line = vec![mv];
                    line.extend(self.pv_table[1].iter().copied());
                    self.pv_table[0] = line;
                }
            }
            if self.stopped {
                // The iteration ran out of time. Its first root move (last iteration's best)
                // was searched with a full window before any other, so once that is done the
                // deeper result is the better guide: keep its best move so far.
                if let Some((mv, score)) = iteration_best {
                    best.best = mv;
                    best.score = score;
                    best.pv = self.pv_table[0].clone();
                }
                break;
            }
            if let Some((mv, score)) = iteration_best {
                best.best = mv;
                best.score = score;
                best.pv = self.pv_table[0].clone();
            }
            best.depth = depth;
            // Best first for the next iteration (stable: earlier order breaks ties).
            scores.sort_by_key(|s| std::cmp::Reverse(s.1));
            best.root_scores = scores.clone();
            if best.score.abs() >= WIN - MAX_PLY as i32 && depth as i32 > WIN - best.score.abs() {
                break; // a forced win or loss within the horizon: deeper changes nothing
            }
            let now = Instant::now();
            clock.iteration_done(now - start);
            if let Some(deadline) = self.deadline {
                if !clock.worth_another(deadline.saturating_duration_since(now)) {
                    break;
                }
            }
        }
        best.nodes = self.nodes;
        best.elapsed = start.elapsed();
        Some(best)
    }

    /// The exact score of `mv` in `pos` searched to `depth` (its reply to `depth - 1`) with
    /// a full window, and its line; `None` when the deadline passes first. The table from
    /// an earlier search of `pos` is reused.
    pub fn exact_line(
        &mut self,
        pos: &Position,
        game_hashes: &[u64],
        mv: &Move,
        depth: u32,
        deadline: Option<Instant>,
    ) -> Option<(i32, Vec<Move>)> {
        self.start_at_root(pos, game_hashes, deadline, None);
        let child = pos.play(mv);
        self.push(&child, pos, mv);
        let score = -self.negamax(&child, depth.max(1) as i32 - 1, -INF, INF, 1);
        self.pop();
        if self.stopped {
            return None;
        }
        let mut line = vec![*mv];
        line.extend(self.pv_table[1].iter().copied());
        Some((score, line))
    }

    /// Record the child on the path; its hash is returned (the table key of the child).
    fn push(&mut self, child: &Position, parent: &Position, mv: &Move) -> u64 {
        let by_man = !parent.is_king(mv.from);
        let irreversible = mv.is_capture() || by_man;
        let hash = child.hash();
        self.stack.push((hash, irreversible));
        if self.rules.king_move_limit.is_some() {
            self.push_run(parent, mv, by_man);
        }
        if self.counts_draws {
            let next = self
                .draws
                .last()
                .unwrap_or(&self.root_draws)
                .after(mv, by_man, child);
            self.draws.push(next);
        }
        hash
    }

    #[cold]
    fn push_run(&mut self, parent: &Position, mv: &Move, by_man: bool) {
        let mut runs = self.runs.last().copied().unwrap_or_default();
        let side = parent.side.index();
        runs[side] = next_king_run(runs[side], mv, by_man);
        self.runs.push(runs);
    }

    /// Leave the child last pushed.
    #[inline(always)]
    fn pop(&mut self) {
        self.stack.pop();
        if self.rules.king_move_limit.is_some() {
            self.runs.pop();
        }
        if self.counts_draws {
            self.draws.pop();
        }
    }

    /// The draw counters at the current node.
    #[inline]
    fn draw_state(&self) -> &DrawState {
        self.draws.last().unwrap_or(&self.root_draws)
    }

    /// Whether a counted draw rule's count is complete at `pos` on the current path.
    #[inline]
    fn counted_draw(&self, pos: &Position) -> bool {
        let c = &self.draw_state().counters;
        let [kings, quiet, lone] = self.draw_thresholds;
        (c.king_moves_without_capture >= kings
            || c.moves_without_capture_or_promotion >= quiet
            || c.lone_king_endgame >= lone)
            && self.draw_state().draw(&self.rules, pos).is_some()
    }

    /// The legal moves of `pos` on the current path: those of the position, less the plain
    /// moves of a king that must rest (Frisian).
    #[inline(always)]
    fn generate_legal(&self, pos: &Position, list: &mut MoveList) {
        generate(&self.rules, pos, list);
        if self.rules.king_move_limit.is_some() {
            self.drop_resting_king(pos, list);
        }
    }

    #[cold]
    fn drop_resting_king(&self, pos: &Position, list: &mut MoveList) {
        let runs = self.runs.last().copied().unwrap_or_default();
        if let Some(king) = resting_king(&self.rules, pos, &runs) {
            list.retain(|m| m.is_capture() || m.from != king);
        }
    }

    /// The current position (top of the stack) occurred before with no irreversible move between.
    fn is_repetition(&self) -> bool {
        let n = self.stack.len();
        let (hash, mut irreversible) = self.stack[n - 1];
        let mut i = n - 1;
        while !irreversible && i >= 2 {
            // Step back two plies (same side to move), stopping at an irreversible move.
            if self.stack[i - 1].1 {
                break;
            }
            i -= 2;
            if self.stack[i].0 == hash {
                return true;
            }
            irreversible = self.stack[i].1;
        }
        false
    }

    fn check_limits(&mut self) {
        if self.nodes & 1023 == 0 {
            if let Some(d) = self.deadline {
                if Instant::now() >= d {
                    self.stopped = true;
                }
            }
            if let Some(flag) = self.stop_flag {
                if flag.load(Ordering::Relaxed) {
                    self.stopped = true;
                }
            }
        }
        if let Some(limit) = self.node_limit {
            if self.nodes >= limit {
                self.stopped = true;
            }
        }
    }

    /// The score of a side to move with no piece or no legal move: lost, or in antidraughts
    /// won.
    #[inline]
    fn stuck_score(&self, ply: usize) -> i32 {
        match self.rules.win_condition {
            WinCondition::LoseAll => WIN - ply as i32,
            WinCondition::Normal | WinCondition::FirstKing => -WIN + ply as i32,
        }
    }

    fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        self.check_limits();
        if self.stopped {
            return 0;
        }
        self.pv_table[ply.min(MAX_PLY)].clear();
        if let Some(winner) = pos.crowned_winner(&self.rules) {
            return if winner == pos.side {
                WIN - ply as i32
            } else {
                -WIN + ply as i32
            };
        }
        if self.is_repetition() || self.counted_draw(pos) {
            return 0;
        }
        if let Some(tables) = &self.bitbase {
            if tables.covers(pos) {
                if let Some(value) = tables.probe(pos) {
                    return self.table_score_on_path(value, pos, ply);
                }
            }
        }
        if ply >= MAX_PLY - 1 {
            return self.eval.evaluate(pos);
        }
        // Mate-distance pruning: nothing here beats a win already found nearer the root.
        // (In antidraughts the side to move wins now when it is stuck.)
        let alpha_floor = -WIN + ply as i32;
        let beta_ceiling = WIN - ply as i32 - (self.stuck_score(ply) < 0) as i32;
        if alpha_floor >= beta {
            return alpha_floor;
        }
        let alpha_in = alpha.max(alpha_floor);
        alpha = alpha_in;
        let beta = beta.min(beta_ceiling);

        let mut depth = depth;
        if depth <= 0 {
            // Quiescence, decided from bitboards before any move is built: resolve pending
            // captures, for us or (one ply) for the opponent.
            let capture = has_capture(&self.rules, pos);
            if !capture && !has_plain_move(&self.rules, pos) {
                return self.stuck_score(ply);
            }
            // On the first quiescence ply a capture threat against us is looked at with every
            // reply; further down only captures continue.
            let forced_captures = capture && self.rules.forced_capture;
            if !forced_captures && (depth < 0 || !opponent_has_capture(&self.rules, pos)) {
                if depth == 0 && !capture && self.resolves_quiet {
                    return self.quiet_resolution(pos, alpha, beta, ply);
                }
                return self.eval.evaluate(pos);
            }
            if depth < -MAX_QUIESCENCE {
                return self.eval.evaluate(pos);
            }
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        self.generate_legal(pos, &mut list);
        if list.is_empty() {
            self.lists[ply] = list;
            return self.stuck_score(ply);
        }
        let forced_captures = list[0].is_capture() && self.rules.forced_capture;
        if list.len() == 1 && depth > 0 {
            depth += 1; // a forced move costs no depth
        }

        // The parent pushed this position's hash (the root pushes its own).
        let key = self.stack.last().map_or_else(|| pos.hash(), |&(h, _)| h);
        // Quiescence nodes skip the table: a probe there costs a cache miss for little.
        let entry = if depth > 0 { self.tt.probe(key) } else { None };
        if let Some(e) = entry {
            if e.depth as i32 >= depth {
                let s = score_from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    self.lists[ply] = list;
                    return s;
                }
            }
        }

        // The evaluation of this node, read at most once for the pruning near the leaves.
        let mut standing: Option<i32> = None;
        // Near the leaves, a quiet position (no capture for either side) whose evaluation
        // beats beta by a margin that grows with the depth left is taken to hold: the few
        // plies left rarely turn more than that around without a capture in sight.
        if beta - alpha == 1
            && depth <= STATIC_PRUNE_DEPTH
            && depth > 0
            && !list[0].is_capture()
            && beta.abs() < WIN - 2 * MAX_PLY as i32
            && !opponent_has_capture(&self.rules, pos)
        {
            let margin = STATIC_PRUNE_MARGIN * depth;
            let standing = *standing.get_or_insert_with(|| self.eval.evaluate(pos));
            if standing - margin >= beta {
                self.lists[ply] = list;
                return standing - margin;
            }
        }

        // ProbCut: far from the leaves, a shallower null-window search that beats beta by a
        // clear margin (0.8 of a man) predicts that the full search would too.
        if beta - alpha == 1
            && depth >= PROBCUT_DEPTH
            && !forced_captures
            && beta.abs() < WIN - 2 * MAX_PLY as i32
        {
            let raised = beta + PROBCUT_MARGIN;
            let s = self.negamax(pos, depth - PROBCUT_REDUCTION, raised - 1, raised, ply);
            if self.stopped {
                self.lists[ply] = list;
                return 0;
            }
            if s >= raised {
                self.lists[ply] = list;
                return s;
            }
        }

        let mut keys = std::mem::take(&mut self.orders[ply]);
        keys.clear();
        for (i, m) in list.iter().enumerate() {
            keys.push((
                self.ordering
                    .key(m, entry.as_ref().is_some_and(|e| e.matches(m)), ply),
                i,
            ));
        }
        keys.sort_unstable_by_key(|k| std::cmp::Reverse(k.0));

        let mut best_score = -INF;
        let mut best_move: Option<usize> = None;
        // Where the best move came in the order (the moves before it were tried and failed).
        let mut best_n = 0;
        // The principal variation is only kept on PV nodes (an open window).
        let pv_node = beta - alpha > 1;
        // Near the leaves, off the principal variation, when the evaluation lies well below
        // alpha, a quiet move that neither offers nor threatens a capture is taken not to
        // reach it (its best hope, the margin, is its score).
        let futility = if !pv_node
            && depth <= FUTILITY_DEPTH
            && depth > 0
            && !list[0].is_capture()
            && alpha.abs() < WIN - 2 * MAX_PLY as i32
        {
            let hope =
                standing.unwrap_or_else(|| self.eval.evaluate(pos)) + FUTILITY_MARGIN * depth;
            (hope <= alpha).then_some(hope)
        } else {
            None
        };
        for (n, &(_, i)) in keys.iter().enumerate() {
            let mv = &list[i];
            let child = pos.play(mv);
            if let Some(hope) = futility {
                if n > 0
                    && !mv.crowns
                    && !has_capture(&self.rules, &child)
                    && !opponent_has_capture(&self.rules, &child)
                {
                    best_score = best_score.max(hope);
                    continue;
                }
            }
            let child_key = self.push(&child, pos, mv);
            let next_depth = depth - 1;
            if next_depth > 0 {
                self.tt.prefetch(child_key);
            }
            let score = if n == 0 {
                -self.negamax(&child, next_depth, -beta, -alpha, ply + 1)
            } else {
                // Late quiet moves at depth are searched shallower first: on the principal
                // variation one ply from the fourth move; elsewhere one ply from the second
                // and two from the fifth (from the seventh: −35 Elo [−58, −12] in 300 games
                // at 100 ms with the old Hub player's head start; −10 [−43, +22] in 100
                // without, docs/journal/2026-12.md, 2026-12-04). Crowning moves keep their depth.
                let late = if pv_node { 3 } else { 1 };
                let reduce = if n >= late
                    && depth >= 3
                    && !mv.is_capture()
                    && !mv.crowns
                    && !forced_captures
                {
                    if n >= 4 && !pv_node {
                        2
                    } else {
                        1
                    }
                } else {
                    0
                };
                let mut s = -self.negamax(&child, next_depth - reduce, -alpha - 1, -alpha, ply + 1);
                if s > alpha && reduce > 0 && !self.stopped {
                    s = -self.negamax(&child, next_depth, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta && !self.stopped {
                    s = -self.negamax(&child, next_depth, -beta, -alpha, ply + 1);
                }
                s
            };
            self.pop();
            if self.stopped {
                self.lists[ply] = list;
                self.orders[ply] = keys;
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(i);
                best_n = n;
                if score > alpha {
                    alpha = score;
                    if pv_node {
                        let (head, tail) = self.pv_table.split_at_mut(ply + 1);
                        let line = &mut head[ply];
                        line.clear();
                        line.push(*mv);
                        line.extend(tail[0].iter().copied());
                    }
                }
                if score >= beta {
                    self.ordering.cut_off(mv, ply);
                    break;
                }
            }
        }
        // The move that raised alpha was right and each tried before it wrong.
        if let (true, Some(best)) = (depth > 0 && best_score > alpha_in, best_move) {
            let tried_before = keys.iter().take(best_n).map(|&(_, i)| &list[i]);
            self.ordering.raised_alpha(tried_before, &list[best]);
        }
        let best_move = best_move.map(|i| list[i]);
        self.lists[ply] = list;
        self.orders[ply] = keys;
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > alpha_in {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if depth > 0 {
            self.tt.store(
                key,
                depth,
                score_to_tt(best_score, ply),
                bound,
                best_move.as_ref(),
            );
        }
        best_score
    }
}

/// A searcher's table goes back to its thread for the next search (see `Table::recycle`).
impl Drop for Searcher<'_> {
    fn drop(&mut self) {
        self.take_table().recycle();
    }
}

impl Searcher<'_> {
    /// The first quiescence ply of a quiet position (no capture for either side): the
    /// evaluation, unless a move that crowns or that offers a capture does better. An offer
    /// is followed through the captures it forces, so an exchange (a man given, one taken
    /// back) or a shot is scored by what it leaves, not by the position before it. As Scan's
    /// quiescence does, offers are tried only while no king is on the board, where a trade
    /// of men is the game's main resource and a king's reach would make every line long.
    fn quiet_resolution(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        let standing = self.eval.evaluate(pos);
        if standing >= beta || ply + 1 >= MAX_PLY - 1 {
            return standing;
        }
        let offers = pos.kings_of(Color::White) | pos.kings_of(Color::Black) == 0;
        let crowning = pos.men(pos.side) & self.near_crown[pos.side.index()] != 0;
        if !offers && !crowning {
            return standing;
        }
        alpha = alpha.max(standing);
        let mut best = standing;
        let mut list = std::mem::take(&mut self.lists[ply]);
        self.generate_legal(pos, &mut list);
        for mv in list.iter() {
            let child = pos.play(mv);
            let offer = offers && has_capture(&self.rules, &child);
            if !(mv.crowns || offer) {
                continue;
            }
            self.push(&child, pos, mv);
            let score = -self.negamax(&child, -1, -beta, -alpha, ply + 1);
            self.pop();
            if self.stopped {
                best = 0;
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        best
    }

    /// A table's result on the current path: a win or loss further away than a count no
    /// line can restart allows from here is a draw. (Counts that a capture, a crowning or
    /// a man's move restarts do not bound a table's distance: treating every win beyond
    /// them as a draw lost 6-piece Russian tables 40 Elo to 4-piece ones, the searcher
    /// walking into table losses it took for draws.)
    fn table_score_on_path(&self, value: Value, pos: &Position, ply: usize) -> i32 {
        let distance = match value {
            Value::Win(d) | Value::Loss(d) => d,
            Value::Draw => 0,
        };
        if self.counts_draws
            && self
                .draw_state()
                .plies_left_without_restart(&self.rules, pos)
                .is_some_and(|left| distance > left)
        {
            return 0;
        }
        table_score(value, ply)
    }
}

/// Whether the leaves of these rules look at crownings and offers in quiet positions
/// (`Searcher::quiet_resolution`): where a match said so, 10×10 diagonal rules with flying
/// kings won the usual way (international, Ply Yard: +69 Elo in 200 games at 100 ms). In
/// Russian and English it measured level, and the other rules were not measured, so they
/// keep the plain evaluation (docs/strength.md).
fn resolves_quiet(rules: &Rules) -> bool {
    rules.board == BoardSize::Ten
        && rules.kings == KingKind::Flying
        && rules.win_condition == WinCondition::Normal
        && !rules.uses_line_tables()
}

/// The squares one row before `color`'s crowning row.
fn near_crown(rules: &Rules, color: Color) -> Squares {
    let g = rules.board.geometry();
    let crown = rules.promotion_row(color);
    let Some(crown_row) = (0..128u8)
        .find(|&b| crown & (1 << b) != 0)
        .map(|b| g.row(b))
    else {
        return 0;
    };
    (0..128u8)
        .filter(|&b| g.valid & (1 << b) != 0 && g.row(b).abs_diff(crown_row) == 1)
        .fold(0, |set, b| set | 1 << b)
}

/// Plies the shortest counted draw rule of `rules` takes on each counter: king moves,
/// moves without capture or crowning, lone-king endings (`u32::MAX` where none counts).
fn draw_thresholds(rules: &Rules) -> [u32; 3] {
    let d = &rules.draw_rules;
    let shortest = |limits: &[Option<u16>]| {
        limits
            .iter()
            .flatten()
            .map(|&n| 2 * n as u32)
            .min()
            .unwrap_or(u32::MAX)
    };
    [
        shortest(&[
            d.king_moves_without_capture,
            d.two_kings_vs_lone_king,
            d.king_vs_king,
        ]),
        shortest(&[
            d.moves_without_capture_or_promotion,
            d.kings_ending_4_5_pieces,
            d.kings_ending_6_7_pieces,
        ]),
        shortest(&[d.three_pieces_vs_lone_king, d.two_pieces_vs_lone_king]),
    ]
}

/// A table's exact result as a search score: a win or loss `d` plies from here scores like
/// a forced one found by search (so the searcher plays the shortest win and the longest
/// defence); a draw is 0.
fn table_score(value: Value, ply: usize) -> i32 {
    let far = WIN - 2 * MAX_PLY as i32;
    match value {
        Value::Draw => 0,
        Value::Win(d) => (WIN - ply as i32 - d as i32).max(far),
        Value::Loss(d) => (-WIN + ply as i32 + d as i32).min(-far),
    }
}

fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s >= WIN - MAX_PLY as i32 * 2 {
        s + ply as i32
    } else if s <= -WIN + MAX_PLY as i32 * 2 {
        s - ply as i32
    } else {
        s
    }
}

fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s >= WIN - MAX_PLY as i32 * 2 {
        s - ply as i32
    } else if s <= -WIN + MAX_PLY as i32 * 2 {
        s + ply as i32
    } else {
        s
    }
}

/// Predicts what the next iteration of the deepening costs from the last two, so a search
/// with a time limit starts one more only when it can at least finish the first root move
/// (about a seventh of an iteration, as predicted), and otherwise uses its whole budget.
#[derive(Default)]
struct IterationClock {
    /// How long the iteration before the last and the last took.
    durations: [Duration; 2],
    /// Time spent when the last iteration ended.
    last_end: Duration,
    done: u32,
}

impl IterationClock {
    /// Growth of the iteration time per ply when it cannot be measured yet, and the bounds
    /// on the measured growth (tiny early iterations measure noise).
    const DEFAULT_GROWTH: f64 = 3.0;
    const GROWTH_RANGE: (f64, f64) = (1.5, 8.0);
    /// Share of an iteration that must fit in the time left for it to be worth starting.
    /// (0.15: an iteration cut short still leaves its first moves' work in the table, and
    /// 0.15 beat 0.3 by +45 Elo [+15, +76] in 200 games at 100 ms.)
    const FIRST_MOVE_SHARE: f64 = 0.15;

    fn iteration_done(&mut self, elapsed: Duration) {
        self.durations = [self.durations[1], elapsed.saturating_sub(self.last_end)];
        self.last_end = elapsed;
        self.done += 1;
    }

    /// The predicted cost of the next iteration.
    fn next_cost(&self) -> Duration {
        let [before, last] = self.durations;
        let growth = if self.done >= 2 && before > Duration::from_micros(200) {
            (last.as_secs_f64() / before.as_secs_f64())
                .clamp(Self::GROWTH_RANGE.0, Self::GROWTH_RANGE.1)
        } else {
            Self::DEFAULT_GROWTH
        };
        last.mul_f64(growth)
    }

    /// Start another iteration only if about its first root move (`FIRST_MOVE_SHARE` of it)
    /// fits in the time left.
    fn worth_another(&self, left: Duration) -> bool {
        self.next_cost().mul_f64(Self::FIRST_MOVE_SHARE) <= left
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_rules::notation::fen;
    use draughts_rules::Game;

    fn russian_game(text: &str, halfmove: u32) -> Game {
        let rules = Rules::preset("russian").expect("preset");
        let position = fen::parse(text, rules.board).expect("FEN").position;
        Game::new(rules, position, Some(halfmove))
    }

    fn search(game: &Game, depth: u32) -> SearchResult {
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        Searcher::new(&game.rules, 1)
            .with_draw_state(game.draw_state())
            .search(&game.position, game.recent_hashes(), limits, false)
            .expect("a move")
    }

    /// The quiescence of a quiet position, as a search's leaves see it.
    fn quiescence(rules: &Rules, text: &str) -> (i32, i32) {
        let pos = fen::parse(text, rules.board).expect("FEN").position;
        let mut searcher = Searcher::new(rules, 1);
        searcher.stack.push((pos.hash(), false));
        let standing = searcher.eval.evaluate(&pos);
        (standing, searcher.negamax(&pos, 0, -INF, INF, 0))
    }

    /// White to move, no capture for either side: 32-28 gives a man (23x32) and takes two
    /// back (37x17). The leaves count the shot, not the quiet position before it.
    #[test]
    fn the_quiescence_follows_an_offer_to_the_shot_behind_it() {
        let rules = Rules::international();
        let (standing, resolved) = quiescence(&rules, "W:W32,33,37,41:B22,23");
        assert!(resolved >= standing + 80, "{standing} → {resolved}");
        // Without the recapture (37 gone) the offer only loses a man: the evaluation stands.
        let (standing, resolved) = quiescence(&rules, "W:W32,33,41:B22,23");
        assert_eq!(resolved, standing);
        // Only where a match adopted it (8×8 measured level).
        let preset = |id| Rules::preset(id).expect("preset");
        assert!(resolves_quiet(&preset("plyyard")));
        assert!(!resolves_quiet(&preset("russian")) && !resolves_quiet(&preset("english")));
    }

    /// Three kings and a man against a king and a man: winning, unless the ending rule's
    /// count is one ply from complete, when every quiet line is a draw.
    #[test]
    fn a_win_beyond_the_count_is_a_draw() {
        let text = "W:WK1,K2,K3,21:BK32,12";
        let fresh = search(&russian_game(text, 0), 6);
        assert!(fresh.score > 150, "{}", fresh.score);
        let late = search(&russian_game(text, 59), 6);
        assert_eq!(late.score, 0);
    }

    /// Lost and one ply from the count: the losing side keeps the count going (a king
    /// move) rather than crowning its man, which would start it again.
    #[test]
    fn the_losing_side_steers_into_the_counted_draw() {
        let game = russian_game("B:WK1,K2,K3,21:BK32,26", 59);
        let crowns = game.legal_moves().iter().any(|m| m.mv.crowns);
        assert!(crowns, "black can crown");
        let answer = search(&game, 6);
        assert_eq!(answer.score, 0);
        assert!(!answer.best.crowns, "{:?}", answer.best);
        let fresh = search(&russian_game("B:WK1,K2,K3,21:BK32,26", 0), 6);
        assert!(fresh.score < -150, "{}", fresh.score);
    }
}
