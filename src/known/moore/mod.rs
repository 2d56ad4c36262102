//! Moore's Nim_k: any number of heaps; a move takes any positive amounts
//! from 1 to k heaps at once (k >= 2; k = 1 is Nim); normal play.
//!
//! E. H. Moore (Annals of Math. 11, 1910), and seed 003: a position is P iff,
//! for every bit, the number of heaps with that bit set is a multiple of
//! k + 1. No move can clear or set k + 1 bits of one column; from an
//! N-position, seed 003's proof builds a move column by column from the top.
//!
//! This module recognises the game and answers the outcome (`residues`);
//! there is no Grundy value here. The winning moves can be exponentially many,
//! so they are counted rather than generated one by one:
//!
//! - `count`: the count, a digit DP per set of heaps a move changes, within
//!   a budget decided up front;
//! - `walk`: the moves themselves, listed by walking the DP's tables;
//! - `construct`: seed 003's one constructive move, the answer when the
//!   count is over its budget;
//! - `combinations`: subsets and binomial coefficients, which they share.
//!
//! Up to `SORT_LIMIT` moves, all are generated and listed in the search's
//! order (by the position after the move, descending); beyond it, the first
//! `max_moves` of the walk are listed (sets of heaps by size, then
//! lexicographically). Beyond the DP's budget only the constructive move is
//! given, and `count` is 1: then it counts the moves listed, not all of them.

mod combinations;
mod construct;
mod count;
mod walk;

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::closed::{Closed, Entry, Known, KnownMove, WinningMoves};
use super::nim::takes_any;
use crate::position::Outcome;
use crate::rules::{Amounts, Game, MoveKind, Target};
use construct::constructive_move;
use count::Counted;

pub static ENTRY: Entry = Entry {
    id: "moore",
    recognises: "heaps * (or heaps N); take 1.. from up to k heaps, k >= 2; normal play, no invariant",
    formula: "P iff, for every bit, the number of heaps with that bit set is a multiple of k + 1",
    source: "Moore's Nim_k: E. H. Moore, Annals of Math. 11 (1910)",
    recognise,
};

fn recognise(game: &Game) -> Option<Box<dyn Known>> {
    if game.misere {
        return None;
    }
    match super::closed::only_rule(game)? {
        MoveKind::Take {
            amounts: Amounts {
                base,
                condition: None,
            },
            target: Target::UpTo(k),
            split_rest: None,
        } if *k >= 2 && takes_any(base) => Some(Box::new(Moore { k: *k })),
        _ => None,
    }
}

/// Up to this many winning moves, all are generated and sorted into the
/// search's order; beyond it, the first listed are in the walk's order.
const SORT_LIMIT: u64 = 1 << 16;

struct Moore {
    k: usize,
}

impl Known for Moore {
    fn id(&self) -> &'static str {
        ENTRY.id
    }

    fn rule(&self) -> String {
        format!(
            "a position is P iff, for every bit, the number of heaps with that bit set is a multiple of {} (k = {})",
            u128::from(self.k as u64) + 1,
            self.k
        )
    }

    fn analyze(&self, heaps: &[BigUint], max_moves: usize) -> Closed {
        // No move touches more heaps than there are: Nim_k with k at least
        // the heaps is Nim_n (and k + 1 stays small, whatever k is given).
        let k = self.k.min(heaps.len().max(1));
        let residue = residues(heaps, k + 1);
        let p = residue.iter().all(|&r| r == 0);
        let winning = if p {
            WinningMoves::default()
        } else {
            winning_moves(heaps, k, &residue, max_moves)
        };
        Closed {
            outcome: Outcome::p_if(p),
            grundy: None,
            winning,
        }
    }
}

/// For each bit (lowest first), the number of heaps with it set, mod `m`.
fn residues(heaps: &[BigUint], m: usize) -> Vec<usize> {
    let bits = heaps.iter().map(BigUint::bits).max().unwrap_or(0);
    (0..bits)
        .map(|b| heaps.iter().filter(|h| h.bit(b)).count() % m)
        .collect()
}

/// The moves from an N-position to P-positions.
fn winning_moves(heaps: &[BigUint], k: usize, residue: &[usize], max_moves: usize) -> WinningMoves {
    let listed = |moves: Vec<Vec<BigUint>>| -> Vec<KnownMove> {
        moves
            .into_iter()
            .take(max_moves)
            .map(|to| KnownMove { rule: 0, to })
            .collect()
    };
    // With at most k heaps, every column count is at most k, so the only
    // P-position is all-empty: one move, emptying every heap (the exact
    // count without the DP, whose cost would grow as 3^heaps).
    if heaps.len() <= k {
        let zeros = vec![BigUint::zero(); heaps.len()];
        return WinningMoves {
            count: BigUint::one(),
            at_least: false,
            moves: listed(vec![zeros]),
        };
    }
    match Counted::new(heaps, k, residue) {
        Some(counted) => {
            let total: BigUint = counted.sets.iter().map(|set| &set.count).sum();
            let moves = if total <= BigUint::from(SORT_LIMIT) {
                // All of them, in the search's order: it lists a move by
                // the amounts taken, heap 1 first, untouched (0) first, so by
                // the position after it, lexicographically descending.
                let mut all = walk::list(&counted, usize::MAX);
                all.sort_unstable_by(|a, b| b.cmp(a));
                all
            } else {
                walk::list(&counted, max_moves)
            };
            WinningMoves {
                count: total,
                at_least: false,
                moves: listed(moves),
            }
        }
        None => WinningMoves {
            // Too large to count: the constructive move alone (see the
            // module's documentation).
            count: BigUint::one(),
            at_least: true,
            moves: listed(vec![constructive_move(heaps, k)]),
        },
    }
}
