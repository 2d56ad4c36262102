//! Misère Bash: one heap of `n` stones; a move takes 1 to `m`; whoever takes
//! the last stone loses. For `n >= 1` it is Bash's game on `n - 1` stones
//! (taking the last stone only loses). Seeds 003 and 004: the mover loses iff
//! `(n - 1) mod (m + 1) = 0` (seed 004's worked example: n = 15, m = 3 is a
//! first-player win). That is for `n >= 1`; at `n = 0` the previous player
//! took the last stone and lost, so the player to move has won: N, with no
//! move at all. From an N-position `n >= 1` the one winning move takes
//! `(n - 1) mod (m + 1)` (at most `m`, and it leaves at least 1).
//! No Grundy value in misère play.

use num_bigint::BigUint;
use num_traits::Zero;

use super::bounded_nim::takes_up_to;
use super::closed::{Closed, Entry, Known};
use super::nim::{Collector, replaced, single_take};
use crate::position::Outcome;
use crate::rules::Game;

pub static ENTRY: Entry = Entry {
    id: "misere_bash",
    recognises: "heaps 1; take 1..m (or {1, 2, ..., m}), m >= 1; play misere",
    formula: "n is P iff n >= 1 and (n - 1) mod (m+1) = 0 (n = 0 is N: the last stone was taken by the loser); winning move: take (n - 1) mod (m+1)",
    source: "misère play of Bash's game: whoever takes the last stone loses, so from n >= 1 it is Bash's game on n - 1 stones; normal and misère play: T. S. Ferguson, Game Theory, Part I: Impartial Combinatorial Games, ch. 1",
    recognise,
};

fn recognise(game: &Game) -> Option<Box<dyn Known>> {
    let m = takes_up_to(single_take(game)?)?;
    if !game.misere || game.heap_count != Some(1) {
        return None;
    }
    Some(Box::new(MisereBash { m }))
}

struct MisereBash {
    m: BigUint,
}

impl Known for MisereBash {
    fn id(&self) -> &'static str {
        ENTRY.id
    }

    fn rule(&self) -> String {
        format!(
            "n is P iff n >= 1 and (n - 1) mod {} = 0; n = 0 is N (m = {})",
            &self.m + 1u32,
            self.m
        )
    }

    fn analyze(&self, heaps: &[BigUint], max_moves: usize) -> Closed {
        let modulus = &self.m + 1u32;
        let mut winning = Collector::new(max_moves);
        let mut p = false;
        // A position of the game is one heap; each heap is answered on its
        // own so that no input can make this fail.
        for (i, n) in heaps.iter().enumerate() {
            if n.is_zero() {
                continue;
            }
            let take = (n - 1u32) % &modulus;
            if take.is_zero() {
                p = true;
            } else {
                // The game's only rule is rule 0.
                winning.push(0, || replaced(heaps, i, n - &take));
            }
        }
        Closed {
            outcome: Outcome::p_if(p),
            grundy: None,
            winning: winning.finish(),
        }
    }
}
