//! A heap game's positions: tier n holds every position of the game's
//! number of heaps whose largest heap is n, each once up to the order of
//! its heaps where the game's moves do not depend on it (the positions
//! kept sorted, as the search keeps them: `MoveGen::symmetry`), and only
//! those that keep the game's invariant.

use std::sync::Arc;

use crate::analysis::table::{MAX_TABLE_HEAPS, is_position};
use crate::moves::MoveGen;
use crate::position::heaps_text_in_full;
use crate::rules::Game;

use super::error::CensusError;

/// The largest tier whose positions are counted one by one (each asked
/// the game's invariant).
const COUNTED: u64 = 1 << 20;

/// The heap positions of a game.
pub struct Heaps {
    game: Arc<Game>,
    /// How many heaps a position has.
    heaps: usize,
    /// Positions are taken sorted.
    sorted: bool,
}

/// How many heaps a census of `game` takes: `asked`, where the game is of
/// any number or of that many; else the game's own number, or one.
pub fn count(game: &Game, asked: Option<usize>) -> Result<usize, CensusError> {
    match (asked, game.heap_count) {
        (Some(asked), fixed)
            if asked == 0 || asked > MAX_TABLE_HEAPS || fixed.is_some_and(|f| f != asked) =>
        {
            Err(CensusError::Heaps {
                game: game.title(),
                played: fixed.map_or_else(|| "any number of".to_string(), |f| f.to_string()),
                asked,
                most: MAX_TABLE_HEAPS,
            })
        }
        (Some(asked), _) => Ok(asked),
        (None, fixed) => Ok(fixed.unwrap_or(1)),
    }
}

impl Heaps {
    /// The positions of `heaps` heaps of `game`.
    pub fn new(game: &Game, heaps: usize) -> Heaps {
        let sorted = MoveGen::new(game).symmetry(game).0;
        Heaps {
            game: Arc::new(game.clone()),
            heaps,
            sorted,
        }
    }

    /// How many heaps a position has.
    pub fn heaps(&self) -> usize {
        self.heaps
    }

    /// How many positions tier `n` holds (at most `u64::MAX`), and whether
    /// exactly: where the game has an invariant, those of a tier of at most
    /// `COUNTED` positions are counted one by one; a larger tier's count is
    /// of its positions before the invariant is asked.
    pub fn count(&self, n: u64) -> (u64, bool) {
        let all = self.all(n);
        match (&self.game.invariant, all > COUNTED) {
            (None, _) => (all, true),
            (Some(_), false) => (self.tier(n).count() as u64, true),
            (Some(_), true) => (all, false),
        }
    }

    /// How many positions tier `n` holds before the invariant is asked.
    fn all(&self, n: u64) -> u64 {
        let k = self.heaps as u32;
        let count = match self.sorted {
            // The other k − 1 heaps, sorted, each at most n: multisets.
            true => multisets(u128::from(n) + 1, k - 1),
            false => power(u128::from(n) + 1, k).and_then(|all| Some(all - power(n.into(), k)?)),
        };
        count
            .and_then(|c| u64::try_from(c).ok())
            .unwrap_or(u64::MAX)
    }

    /// The positions of tier `n`, in order, as a position is written:
    /// `5`, `(1, 3, 3)`.
    pub fn tier(&self, n: u64) -> impl Iterator<Item = String> + use<> {
        let (game, sorted) = (Arc::clone(&self.game), self.sorted);
        // The first: every heap 0 but the last, n.
        let mut heaps: Option<Vec<u64>> = Some(vec![0; self.heaps]);
        if let Some(last) = heaps.as_mut().and_then(|h| h.last_mut()) {
            *last = n;
        }
        std::iter::from_fn(move || {
            loop {
                let current = heaps.as_mut()?;
                let position = current.clone();
                if !step(current, n, sorted) {
                    heaps = None;
                }
                let largest = position.iter().max().copied().unwrap_or(0);
                if largest == n && is_position(&game, &position) {
                    return Some(heaps_text_in_full(&position));
                }
            }
        })
    }
}

/// The next position after `heaps` (each heap at most n; sorted, the last
/// n), in order: `false` after the last.
fn step(heaps: &mut [u64], n: u64, sorted: bool) -> bool {
    // Sorted positions keep their last heap n, and vary the rest.
    let free = match sorted {
        true => heaps.len().saturating_sub(1),
        false => heaps.len(),
    };
    for i in (0..free).rev() {
        if heaps[i] < n {
            heaps[i] += 1;
            let from = heaps[i];
            for h in &mut heaps[i + 1..free] {
                *h = if sorted { from } else { 0 };
            }
            return true;
        }
    }
    false
}

/// `base` to the `k`, if it fits.
fn power(base: u128, k: u32) -> Option<u128> {
    base.checked_pow(k)
}

/// The multisets of `k` items from `n` kinds, C(n + k − 1, k), if it fits.
fn multisets(n: u128, k: u32) -> Option<u128> {
    let mut c: u128 = 1;
    for i in 0..u128::from(k) {
        // C(n − 1 + i + 1, i + 1) from C(n − 1 + i, i), exactly.
        c = c.checked_mul(n + i)? / (i + 1);
    }
    Some(c)
}
