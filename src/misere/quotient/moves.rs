//! The words of a quotient: a game as its heaps (`Word`), and each heap's
//! moves as the heaps each leaves.

use crate::moves::MoveGen;
use crate::rules::Game;
use crate::rules::expr::EvalError;
use crate::search::SearchError;
use crate::search::budget::Budget;

/// A game as heap sizes, largest first: heap h stands for its element.
pub type Word = Vec<u32>;

/// The moves of each heap, as the heaps each leaves (empty heaps left out).
pub(super) struct HeapMoves {
    pub(super) options: Vec<Vec<Vec<u32>>>,
}

impl HeapMoves {
    pub(super) fn heaps(&self) -> usize {
        self.options.len()
    }
}

/// Heap n's moves as the nonempty heaps each leaves, largest first, each
/// once; `None` when `budget` runs out first.
pub(super) fn heap_options(
    game: &Game,
    moves: &MoveGen,
    n: u64,
    budget: &mut Budget,
) -> Result<Option<Vec<Vec<u32>>>, SearchError> {
    let mut options = Vec::new();
    // A block's moves are seen to shrink the heap only as they are made.
    let mut larger = None;
    let found = moves.each_move_within(&[n], budget.within(), |_, after| {
        if n == 0 || after.iter().any(|&h| h >= n) {
            larger = larger.or(Some(after.iter().copied().max().unwrap_or(0)));
        }
        let mut parts: Vec<u32> = (after.iter())
            .filter(|&&h| h > 0)
            .map(|&h| h as u32)
            .collect();
        parts.sort_unstable_by(|a, b| b.cmp(a));
        options.push(parts);
    });
    let examined = match found {
        Ok(examined) => examined,
        Err(e) if e.error == EvalError::OutOfBudget => return Ok(None),
        Err(e) => return Err(crate::search::move_error(game, &[n], e)),
    };
    if let Some(part) = larger {
        return Err(SearchError::NotShrinking {
            game: game.title(),
            heap: n,
            part,
        });
    }
    if budget.spend(examined.max(1)).is_err() {
        return Ok(None);
    }
    options.sort_unstable();
    options.dedup();
    Ok(Some(options))
}
