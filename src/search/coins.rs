//! The coin engine: a coin-turning game, where a move turns the head it
//! starts from to tails and turns other coins to its left either way, is the
//! sum of its heads, each a game of one coin (Winning Ways, ch. 14; T. S.
//! Ferguson, Game Theory, Part I, §5.1). A position's value is the XOR of
//! its heads' values g(n), and g(n) is the mex, over the moves from the
//! single head n, of the XOR of the values of the coins the move turns
//! (those left of n, which it leaves showing heads).
//!
//! The values are a dense array from the first coin on, extended as far as
//! a question needs, each found from the moves of the single head.

use super::budget::Budget;
use super::{Explored, SearchError, Value, move_error, too_large};
use crate::moves::MoveGen;
use crate::rules::Game;
use crate::rules::expr::EvalError;

/// The values of single coins, g(origin) up to the largest coin asked about.
#[derive(Debug)]
pub struct CoinValues {
    origin: u64,
    /// `values[i]` is g(origin + i).
    values: Vec<u32>,
    max_positions: usize,
}

impl CoinValues {
    pub fn new(origin: u64, max_positions: usize) -> Self {
        CoinValues {
            origin,
            values: Vec::new(),
            max_positions,
        }
    }

    /// How many coins' values are held.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// The value of the heads `heads`: the XOR of theirs, each found first.
    pub fn value(
        &mut self,
        game: &Game,
        moves: &MoveGen,
        heads: &[u64],
        budget: &mut Budget,
    ) -> Result<(Value, Explored), SearchError> {
        let before = self.values.len();
        let mut edges = 0;
        if let Some(&top) = heads.iter().max() {
            edges = self.extend_to(game, moves, top, heads, budget)?;
        }
        let value = heads
            .iter()
            .fold(0, |x, &n| x ^ self.values[(n - self.origin) as usize]);
        let explored = Explored {
            positions: self.values.len() - before,
            edges,
        };
        Ok((Value::Grundy(value), explored))
    }

    /// Finds g up to coin `top`; returns the moves examined.
    fn extend_to(
        &mut self,
        game: &Game,
        moves: &MoveGen,
        top: u64,
        asked: &[u64],
        budget: &mut Budget,
    ) -> Result<usize, SearchError> {
        let count = top - self.origin;
        if count >= self.max_positions as u64 {
            return Err(too_large(game, self.max_positions, asked));
        }
        let mut edges = 0usize;
        let mut seen: Vec<bool> = Vec::new();
        while self.values.len() as u64 <= count {
            let n = self.origin + self.values.len() as u64;
            seen.clear();
            let examined = moves
                .each_move_within(&[n], budget.left(), |_, next| {
                    // `next` is the coins the move turned, n itself now tails:
                    // every one left of n, its value known.
                    let x = next
                        .iter()
                        .fold(0u32, |x, &c| x ^ self.values[(c - self.origin) as usize]);
                    let x = x as usize;
                    if x >= seen.len() {
                        seen.resize(x + 1, false);
                    }
                    seen[x] = true;
                })
                .map_err(|e| match e.error {
                    EvalError::OutOfBudget => budget.exhausted().error(game, asked),
                    _ => move_error(game, &[n], e),
                })?;
            budget.spend(examined).map_err(|e| e.error(game, asked))?;
            edges += examined as usize;
            let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len());
            self.values.push(mex as u32);
        }
        Ok(edges)
    }
}
