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
//!
//! A product of two coin games (coin (x, y) turned with a move of the first
//! from x and one of the second from y) has, by the Tartan theorem, the nim
//! product of the factors' values: g(x, y) = g₁(x) ⊗ g₂(y) (Winning Ways,
//! ch. 14; Conway, On Numbers and Games, ch. 6). Its values are the
//! factors', each kept as above.

use std::sync::Arc;

use crate::moves::MoveGen;
use crate::nimber;
use crate::platform::usize_of;
use crate::rules::expr::EvalError;
use crate::rules::{Game, MoveKind, TermGame};
use crate::search::base::budget::Budget;
use crate::search::base::error::{SearchError, move_error, too_large};
use crate::search::value::{Explored, Search, Value};

/// A coin game's values: a row's, or a product's as its factors'.
#[derive(Debug)]
pub enum Coins {
    Row(CoinValues),
    Product(Box<[Factor; 2]>),
}

/// One factor of a product: its game, its moves and its values.
#[derive(Debug)]
pub struct Factor {
    game: Arc<Game>,
    moves: MoveGen,
    values: CoinValues,
}

impl Coins {
    /// The engine for `game`, a game of coins (`None` for a product whose
    /// factors are not linked).
    pub fn new(game: &Game, max_positions: usize) -> Option<Self> {
        let coins = game.coins?;
        if coins.pairs.is_none() {
            return Some(Coins::Row(CoinValues::new(coins.origin, max_positions)));
        }
        let Some(MoveKind::Product(product)) = game.rules.first().map(|r| &r.kind) else {
            return None;
        };
        let factor = |f: &TermGame| match f {
            TermGame::Other(game) => Some(Factor {
                moves: MoveGen::new(game),
                values: CoinValues::new(game.coins?.origin, max_positions),
                game: game.clone(),
            }),
            _ => None,
        };
        let [a, b] = &product.factors;
        Some(Coins::Product(Box::new([factor(a)?, factor(b)?])))
    }

    /// Coins held, in all.
    pub fn len(&self) -> usize {
        match self {
            Coins::Row(row) => row.len(),
            Coins::Product(factors) => factors.iter().map(|f| f.values.len()).sum(),
        }
    }
}

impl Search for Coins {
    /// The value of the heads `heads` (pairs, flattened, for a product).
    fn value(
        &mut self,
        game: &Game,
        moves: &MoveGen,
        heads: &[u64],
        budget: &mut Budget,
    ) -> Result<(Value, Explored), SearchError> {
        let factors = match self {
            Coins::Row(row) => return row.value(game, moves, heads, budget),
            Coins::Product(factors) => factors,
        };
        let mut explored = Explored::default();
        let mut value = 0u32;
        for pair in heads.chunks(2) {
            let mut sides = [0u32; 2];
            for ((side, factor), &n) in sides.iter_mut().zip(factors.iter_mut()).zip(pair) {
                let (Value::Grundy(g), more) =
                    factor
                        .values
                        .value(&factor.game, &factor.moves, &[n], budget)?
                else {
                    return Err(too_large(game, 0, heads));
                };
                *side = g;
                explored.positions += more.positions;
                explored.edges += more.edges;
            }
            // The nim product of two numbers below 2^32 is below 2^32.
            value ^= nimber::mul_u64(u64::from(sides[0]), u64::from(sides[1])) as u32;
        }
        Ok((Value::Grundy(value), explored))
    }
}

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
            .fold(0, |x, &n| x ^ self.values[usize_of(n - self.origin)]);
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
        // Positions are checked: no coin is before the first.
        let count = top.saturating_sub(self.origin);
        if count >= self.max_positions as u64 {
            return Err(too_large(game, self.max_positions, asked));
        }
        let mut edges = 0usize;
        let mut seen: Vec<bool> = Vec::new();
        while self.values.len() as u64 <= count {
            let n = self.origin + self.values.len() as u64;
            seen.clear();
            let examined = moves
                .each_move_within(&[n], budget.within(), |_, next| {
                    // `next` is the coins the move turned, n itself now tails:
                    // every one left of n, its value known.
                    let x = next
                        .iter()
                        .fold(0u32, |x, &c| x ^ self.values[usize_of(c - self.origin)]);
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
            edges += usize_of(examined);
            let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len());
            self.values.push(mex as u32);
        }
        Ok(edges)
    }
}
