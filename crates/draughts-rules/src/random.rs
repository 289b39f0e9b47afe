//! One small seeded generator (splitmix64) for every layer: the levels' choices, random
//! openings, self-play, and tests' random positions and lines. Deterministic from its seed,
//! so a run is reproduced by its seed.

/// splitmix64: 64 bits of state, every output from one add and two multiplies.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        crate::hash::mix64(self.0)
    }

    /// Uniform in `0..n` (0 when `n` is 0); the modulo bias is below 2⁻⁵⁰ for any list a
    /// game holds.
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        (self.next_u64() % n as u64) as usize
    }

    /// Uniform in `-range..=range`.
    pub fn spread(&mut self, range: i32) -> i32 {
        if range <= 0 {
            return 0;
        }
        (self.next_u64() % (2 * range as u64 + 1)) as i32 - range
    }
}

/// A seeded random walk of up to `plies` legal moves from the start (it stops where the side
/// to move has none): each position reached, with the index in `legal_moves` order of the
/// move played from it. Random openings and tests' random lines are walks like this.
pub fn random_walk(
    rules: &crate::Rules,
    rng: &mut Rng,
    plies: usize,
) -> Vec<(crate::Position, usize)> {
    let mut pos = crate::Position::initial(rules);
    let mut walk = Vec::new();
    for _ in 0..plies {
        let list = crate::legal_moves(rules, &pos);
        if list.is_empty() {
            break;
        }
        let i = rng.below(list.len());
        walk.push((pos, i));
        pos = pos.play(&list[i]);
    }
    walk
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn the_same_seed_gives_the_same_sequence_and_bounds_hold() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        let first: Vec<u64> = (0..4).map(|_| a.next_u64()).collect();
        assert_eq!(first, (0..4).map(|_| b.next_u64()).collect::<Vec<_>>());
        assert_ne!(first[0], Rng::new(8).next_u64());
        let mut r = Rng::new(1);
        let mut seen = [false; 5];
        for _ in 0..200 {
            seen[r.below(5)] = true;
            assert!((-3..=3).contains(&r.spread(3)));
        }
        assert!(seen.iter().all(|&s| s), "every value of 0..5 comes up");
        assert_eq!(r.below(0), 0);
    }
}
