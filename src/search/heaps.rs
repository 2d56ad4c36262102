//! The one-heap engine: when every move acts on one heap alone, a position is
//! the sum of its heaps as one-heap games, so its Grundy value is the XOR of
//! one sequence g(0), g(1), ... (the Sprague-Grundy theorem). The sequence is
//! a dense array indexed by heap size, extended as far as a question needs.

use super::moves::MoveGen;
use super::{Explored, Value, move_error, too_large};
use crate::diagnostics::{Code, Error};
use crate::rules::Game;

/// The Grundy values of single heaps, g(0) up to the largest heap asked about.
pub struct HeapValues {
    values: Vec<u32>,
    /// Scratch for the mex: which values the moves from a heap reach.
    seen: Vec<bool>,
    max_positions: usize,
}

impl HeapValues {
    pub fn new(max_positions: usize) -> Self {
        HeapValues {
            values: Vec::new(),
            seen: Vec::new(),
            max_positions,
        }
    }

    /// Heap sizes evaluated so far.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// g(0), g(1), ... as far as evaluated.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// The Grundy value of `heaps`: the XOR of each heap's.
    pub fn value(
        &mut self,
        game: &Game,
        moves: &MoveGen,
        heaps: &[u64],
    ) -> Result<(Value, Explored), Error> {
        let top = heaps.iter().copied().max().unwrap_or(0);
        let explored = self.extend_to(game, moves, top, heaps)?;
        let g = heaps.iter().fold(0, |acc, &h| acc ^ self.values[h as usize]);
        Ok((Value::Grundy(g), explored))
    }

    /// Evaluates every heap size up to `top`.
    pub fn extend_to(
        &mut self,
        game: &Game,
        moves: &MoveGen,
        top: u64,
        asked: &[u64],
    ) -> Result<Explored, Error> {
        let mut explored = Explored::default();
        if top < self.values.len() as u64 {
            return Ok(explored);
        }
        if top >= self.max_positions as u64 {
            return Err(too_large(game, self.max_positions, asked));
        }
        let top = top as usize;
        self.values.reserve(top + 1 - self.values.len());
        while self.values.len() <= top {
            let h = self.values.len() as u64;
            let (values, seen) = (&self.values, &mut self.seen);
            seen.iter_mut().for_each(|s| *s = false);
            let mut beyond = false;
            moves
                .each_move(&[h], |_, next| {
                    explored.edges += 1;
                    let mut g = 0;
                    for &part in next {
                        // Moves only remove tokens, so every part is smaller.
                        match values.get(part as usize) {
                            Some(v) => g ^= v,
                            None => beyond = true,
                        }
                    }
                    let g = g as usize;
                    if g >= seen.len() {
                        seen.resize(g + 1, false);
                    }
                    seen[g] = true;
                })
                .map_err(|e| move_error(game, &[h], e))?;
            if beyond {
                return Err(Error::new(
                    Code::Evaluation,
                    format!("internal error: a move from heap {h} of `{}` does not shrink it", game.title()),
                ));
            }
            let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len());
            self.values.push(mex as u32);
            explored.positions += 1;
        }
        Ok(explored)
    }
}
