//! Bash's game: one heap of `n` stones; a move takes 1 to `m`; whoever takes
//! the last stone wins. Ferguson, Game Theory, Part I, §1.1 (21 chips, take 1
//! to 3), and seeds 000, 001 (and 002-004): the mover loses iff `n` is a
//! multiple of `m + 1`, and otherwise wins by taking `n mod (m + 1)`,
//! the one winning move. The Grundy value is `n mod (m + 1)`.
//!
//! This is bounded Nim on a single heap, so the computation is
//! `bounded_nim::analyze`; this entry gives it its own name and rule, and
//! comes first in the catalogue so that one heap is reported as Bash.

use num_bigint::BigUint;

use super::bounded_nim::{self, takes_up_to};
use super::closed::{Closed, Entry, Known};
use super::nim::single_take;
use crate::rules::Game;

pub static ENTRY: Entry = Entry {
    id: "bash",
    recognises: "heaps 1; take 1..m (or {1, 2, ..., m}), m >= 1; normal play",
    formula: "n is P iff n mod (m+1) = 0; the Grundy value is n mod (m+1); winning move: take n mod (m+1)",
    source: "Bash's game, the subtraction game {1, ..., m}: T. S. Ferguson, Game Theory, Part I: Impartial Combinatorial Games, §1.1 (21 chips, take 1 to 3); Winning Ways for your Mathematical Plays (Berlekamp, Conway, Guy), ch. 4, subtraction games",
    recognise,
};

fn recognise(game: &Game) -> Option<Box<dyn Known>> {
    let m = takes_up_to(single_take(game)?)?;
    if game.misere || game.heap_count != Some(1) {
        return None;
    }
    Some(Box::new(Bash { m }))
}

struct Bash {
    m: BigUint,
}

impl Known for Bash {
    fn id(&self) -> &'static str {
        ENTRY.id
    }

    fn rule(&self) -> String {
        format!("n is P iff n mod {} = 0 (m = {})", &self.m + 1u32, self.m)
    }

    fn analyze(&self, heaps: &[BigUint], max_moves: usize) -> Closed {
        bounded_nim::analyze(&self.m, heaps, max_moves)
    }
}
