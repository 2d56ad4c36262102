//! Misère Nim (anti-Nim): Nim's rules, but whoever takes the last stone
//! loses. Bouton 1901 (see `nim`), Ferguson, Game Theory, Part I, §2.5, and
//! seed 003 (and seed 001, second type): the player to move wins iff
//! all heaps are at most 1 and an even number of them are 1, or some heap is
//! more than 1 and the XOR of the heaps is not 0. Empty heaps do not count.
//!
//! Winning moves, from that rule (each checked against the search in the
//! tests):
//! - no heap above 1, an even number `c > 0` of 1-heaps: empty any 1-heap,
//!   leaving an odd number of them (`c` moves);
//! - exactly one heap above 1: turn it into 0 or 1, whichever leaves an odd
//!   number of 1-heaps (one move; nothing else leaves all heaps at most 1,
//!   and a position with one heap above 1 has a non-zero XOR);
//! - two or more heaps above 1: every move leaves one above 1, so the
//!   winning moves are Nim's, to XOR 0.
//!
//! There is no Grundy value in misère play.

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::closed::{Closed, Entry, Known};
use super::nim::{Collector, replaced, single_take, takes_any, xor_all, xor_moves};
use crate::position::Outcome;
use crate::rules::Game;

pub static ENTRY: Entry = Entry {
    id: "misere_nim",
    recognises: "heaps * (or heaps N); take 1.. (from one heap); play misere",
    formula: "the mover wins iff (all heaps <= 1 and the number of 1-heaps is even) or (some heap > 1 and h1 xor h2 xor ... != 0)",
    source: "misère Nim: C. L. Bouton, \"Nim, a game with a complete mathematical theory\", Annals of Math. 3 (1901); T. S. Ferguson, Game Theory, Part I: Impartial Combinatorial Games, §2.5",
    recognise,
};

fn recognise(game: &Game) -> Option<Box<dyn Known>> {
    let base = single_take(game)?;
    (game.misere && takes_any(base)).then(|| Box::new(MisereNim) as Box<dyn Known>)
}

struct MisereNim;

impl Known for MisereNim {
    fn id(&self) -> &'static str {
        ENTRY.id
    }

    fn rule(&self) -> String {
        "the player to move wins iff all heaps are at most 1 and an even number of them are 1, \
         or some heap is more than 1 and the XOR of the heaps is not 0"
            .to_string()
    }

    fn analyze(&self, heaps: &[BigUint], max_moves: usize) -> Closed {
        let one = BigUint::one();
        let big: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > one).collect();
        let ones: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] == one).collect();
        let mut winning = Collector::new(max_moves);
        // The game's only rule is rule 0.
        let next_wins = match big.as_slice() {
            [] => {
                let wins = ones.len().is_multiple_of(2);
                if wins {
                    for &i in &ones {
                        winning.push(0, || replaced(heaps, i, BigUint::zero()));
                    }
                }
                wins
            }
            &[j] => {
                let keep = if ones.len().is_multiple_of(2) {
                    BigUint::one()
                } else {
                    BigUint::zero()
                };
                winning.push(0, || replaced(heaps, j, keep));
                true
            }
            _ => {
                let s = xor_all(heaps.iter().cloned());
                xor_moves(heaps, &s, 0, &mut winning);
                !s.is_zero()
            }
        };
        Closed {
            outcome: Outcome::p_if(!next_wins),
            grundy: None,
            winning: winning.finish(),
        }
    }
}
